"""Speed of the cribbage scorer: `.venv/bin/python -m benchmarks.scoring` from the repository root.

Prints calls per second for score_hand, hand_total (ordinary and PIP-shaped hands) and
peg_points, and the wall time of scoring all 12,994,800 deals of four cards and a starter, both
one hand_total call per deal and the combinatorial count the unit test uses.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations

from engine.cards import Card, standard_deck
from engine.cribbage.scoring import FlushRule, hand_total, peg_points, score_hand
from testkit.hand_scores import (
    HAND_DISTRIBUTION,
    distributions,
    rank_part_table,
)

DECK = standard_deck()
SAMPLE_SIZE = 20_000


def per_second(run: Callable[[], int], repeats: int = 3) -> float:
    """Best of a few runs: calls per second of `run`, which returns how many calls it made."""
    best = float("inf")
    calls = 0
    for _ in range(repeats):
        start = time.perf_counter()
        calls = run()
        best = min(best, time.perf_counter() - start)
    return calls / best


def ordinary_deals(rng: random.Random) -> list[tuple[list[Card], Card]]:
    deals = []
    for _ in range(SAMPLE_SIZE):
        cards = rng.sample(DECK, 5)
        deals.append((cards[:4], cards[4]))
    return deals


def pip_hands(rng: random.Random) -> list[tuple[list[Card], Card]]:
    """3 kept cards + own die + (half the time) a borrowed die, and a starter."""
    hands = []
    for _ in range(SAMPLE_SIZE):
        cards = rng.sample(DECK, 4)
        dice = [Card(rng.randint(1, 6), None) for _ in range(rng.choice((1, 2)))]
        hands.append(([*cards[:3], *dice], cards[3]))
    return hands


def piles(rng: random.Random) -> list[list[Card]]:
    found = []
    while len(found) < SAMPLE_SIZE:
        pile: list[Card] = []
        for card in rng.sample(DECK, 8):
            if sum(min(c.rank, 10) for c in pile) + min(card.rank, 10) > 31:
                break
            pile.append(card)
            found.append(pile[:])
    return found[:SAMPLE_SIZE]


def every_deal_by_hand_total() -> tuple[float, Counter[int]]:
    """One hand_total call for each of the 12,994,800 deals."""
    scores: Counter[int] = Counter()
    start = time.perf_counter()
    for hand in combinations(range(52), 4):
        pieces = [DECK[i] for i in hand]
        held = set(hand)
        tally = [hand_total(pieces, DECK[s]) for s in range(52) if s not in held]
        scores.update(tally)
    return time.perf_counter() - start, scores


def every_deal_combinatorially() -> float:
    # The unit test's method: rank part per rank multiset, suits counted in bulk.
    start = time.perf_counter()
    distributions(rank_part_table())
    return time.perf_counter() - start


def main() -> None:
    rng = random.Random(1)
    deals = ordinary_deals(rng)
    pips = pip_hands(rng)
    pegs = piles(rng)

    def run_score_hand() -> int:
        for pieces, starter in deals:
            score_hand(pieces, starter)
        return len(deals)

    def run_hand_total() -> int:
        for pieces, starter in deals:
            hand_total(pieces, starter)
        return len(deals)

    def run_crib_total() -> int:
        for pieces, starter in deals:
            hand_total(pieces, starter, crib=True)
        return len(deals)

    def run_pip_total() -> int:
        for pieces, starter in pips:
            hand_total(pieces, starter, flush=FlushRule.WITH_STARTER)
        return len(pips)

    def run_peg_points() -> int:
        for pile in pegs:
            peg_points(pile)
        return len(pegs)

    rows = [
        ("score_hand, 4 cards + starter", per_second(run_score_hand), "hands/s"),
        ("hand_total, 4 cards + starter", per_second(run_hand_total), "hands/s"),
        ("hand_total, crib", per_second(run_crib_total), "hands/s"),
        ("hand_total, PIP hand (3 cards + 1-2 dice)", per_second(run_pip_total), "hands/s"),
        ("peg_points, piles of 1-8", per_second(run_peg_points), "piles/s"),
    ]
    brute_seconds, scores = every_deal_by_hand_total()
    rows.append(("all 12,994,800 deals, one hand_total each", brute_seconds, "s"))
    combinatorial_seconds = every_deal_combinatorially()
    rows.append(("all 12,994,800 deals, combinatorial (unit test)", combinatorial_seconds, "s"))

    width = max(len(name) for name, _, _ in rows)
    print(f"{'benchmark':<{width}}  {'result':>12}  unit")
    print(f"{'-' * width}  {'-' * 12}  -------")
    for name, figure, unit in rows:
        shown = f"{figure:,.0f}" if unit != "s" else f"{figure:,.2f}"
        print(f"{name:<{width}}  {shown:>12}  {unit}")
    matches = {s: scores.get(s, 0) for s in HAND_DISTRIBUTION} == HAND_DISTRIBUTION
    print(f"\none hand_total per deal: {sum(scores.values()):,} deals, ", end="")
    print("matches the published distribution" if matches else "DOES NOT match the distribution")


if __name__ == "__main__":
    main()
