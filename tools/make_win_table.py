"""Regenerate engine/cribbage/data/win_chances.json: two-player Cribbage's chance to win from a
deal's start.

    .venv/bin/python -m tools.make_win_table [--deals 400000] [--seed 1]

Method:
1. Deal after deal of two-player Cribbage is played on the simulation by the rollout player
   (engine/cribbage/family_rollout.py), with no target, so every deal is counted. Each deal
   gives three numbers of points, in the order they are scored: the cut and the play (his
   heels and the pegging, the dealer's and the pone's together), the pone's hand, and the
   dealer's hand and crib.
2. The chance that the dealer wins, needing `a` points while the pone needs `b`, follows from
   those three distributions, taken as independent, by working up from the smallest needs:
   - the play first: a side that pegs what it needs wins (if both could, either is as likely
     to get there first);
   - then the pone's hand, then the dealer's hand and crib;
   - else the next deal begins with the roles swapped: the dealer's chance then is one less
     the new dealer's.
   Every deal scores at least the last card's point, so the needs always fall.
The table holds the chance in ten-thousandths for needs 1 to 121, so it serves a 61-point game
too. About a minute; the output is deterministic. The file keeps the three distributions
next to the table, so the table can be checked against them without playing the deals again.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from engine.cribbage import family_rollout
from engine.cribbage.pieces import PLAYING, hand_score
from engine.cribbage.sim import CribbageSim

NEEDS = 121
OUTPUT = Path(__file__).parents[1] / "engine" / "cribbage" / "data" / "win_chances.json"


def deal_distributions(
    deals: int, seed: int = 1
) -> tuple[Counter[tuple[int, int]], Counter[int], Counter[int]]:
    """Counts of (dealer's, pone's) points in the cut and play, of the pone's hand, and of the
    dealer's hand and crib, over `deals` deals."""
    play: Counter[tuple[int, int]] = Counter()
    pone_hand: Counter[int] = Counter()
    dealer_show: Counter[int] = Counter()
    sim = CribbageSim.new(2, {"target": 10**9}, seed)
    rng = random.Random(seed)
    for _ in range(deals):
        dealer = sim.dealer
        pone = 1 - dealer
        before = list(sim.side_scores)
        shows = None
        while sim.dealer == dealer:
            if shows is None and sim.phase == PLAYING:
                shows = (hand_score(sim.kept[pone], sim.starter, crib=False),
                         hand_score(sim.kept[dealer], sim.starter, crib=False)
                         + hand_score(sim.crib, sim.starter, crib=True))
                pone_hand[shows[0]] += 1
                dealer_show[shows[1]] += 1
            seat = sim.to_act()[0]
            sim.play(seat, family_rollout.policy(sim, seat, rng))
        assert shows is not None
        gained = [after - was for after, was in zip(sim.side_scores, before, strict=True)]
        play[gained[dealer] - shows[1], gained[pone] - shows[0]] += 1
    return play, pone_hand, dealer_show


def dealer_chances(play: Mapping[tuple[int, int], int], pone_hand: Mapping[int, int],
                   dealer_show: Mapping[int, int]) -> list[list[float]]:
    """chances[a][b]: the dealer's chance to win needing a points, the pone needing b."""
    def shares(counts: Mapping) -> list[tuple]:
        total = sum(counts.values())
        return [(key, count / total) for key, count in sorted(counts.items())]

    plays, pone_hands, dealer_shows = shares(play), shares(pone_hand), shares(dealer_show)
    assert all(dealer + pone > 0 for (dealer, pone), _ in plays), "a deal without a point"
    size = NEEDS + 1
    # chance[a][b] at a deal's start; after_play[a][b] once the play is over (the pone's hand
    # next); after_pone[a][b] once the pone's hand is counted (the dealer's show next).
    chance = [[0.0] * size for _ in range(size)]
    after_play = [[0.0] * size for _ in range(size)]
    after_pone = [[0.0] * size for _ in range(size)]
    for total in range(2, 2 * NEEDS + 1):
        cells = [(a, total - a) for a in range(max(1, total - NEEDS), min(NEEDS, total - 1) + 1)]
        for a, b in cells:  # the deal's start: every play scores, so smaller totals only
            value = 0.0
            for (dealer, pone), share in plays:
                if dealer >= a:
                    value += share * (0.5 if pone >= b else 1.0)
                elif pone < b:
                    value += share * after_play[a - dealer][b - pone]
            chance[a][b] = value
        for a, b in cells:  # the dealer's show: the next deal has the roles swapped
            value = 0.0
            for points, share in dealer_shows:
                value += share * (1.0 if points >= a else 1.0 - chance[b][a - points])
            after_pone[a][b] = value
        for a, b in cells:  # the pone's hand
            value = 0.0
            for points, share in pone_hands:
                if points < b:
                    value += share * after_pone[a][b - points]
            after_play[a][b] = value
    return chance


Distributions = tuple[Counter[tuple[int, int]], Counter[int], Counter[int]]


def render(distributions: Distributions, deals: int, seed: int) -> str:
    """The JSON file, one row or count a line: the dealer's chances in ten-thousandths,
    "dealer_wins"[a - 1][b - 1] when the dealer needs a points and the pone b, then the counts
    of the deals they were worked out from."""
    play, pone_hand, dealer_show = distributions
    chances = dealer_chances(play, pone_hand, dealer_show)
    about = ("Two-player Cribbage: the dealer's chance to win from a deal's start, made by "
             "python -m tools.make_win_table (its docstring gives the method).")
    rows = (json.dumps([round(10_000 * chances[a][b]) for b in range(1, NEEDS + 1)])
            for a in range(1, NEEDS + 1))
    return "\n".join([
        "{",
        f' "about": "{about}",',
        f' "deals": {deals},',
        f' "seed": {seed},',
        ' "dealer_wins": [',
        ",\n".join(f"  {row}" for row in rows),
        " ],",
        ' "play": [',
        ",\n".join(f"  [{dealer}, {pone}, {count}]"
                   for (dealer, pone), count in sorted(play.items())),
        " ],",
        ' "pone_hand": [',
        ",\n".join(f"  [{points}, {count}]" for points, count in sorted(pone_hand.items())),
        " ],",
        ' "dealer_show": [',
        ",\n".join(f"  [{points}, {count}]" for points, count in sorted(dealer_show.items())),
        " ]",
        "}",
    ]) + "\n"


def distributions_of(data: dict) -> Distributions:
    """The counts a file made by `render` was worked out from."""
    return (Counter({(dealer, pone): count for dealer, pone, count in data["play"]}),
            Counter(dict(data["pone_hand"])), Counter(dict(data["dealer_show"])))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=400_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    text = render(deal_distributions(args.deals, args.seed), args.deals, args.seed)
    OUTPUT.write_text(text, encoding="utf-8")
    wins = json.loads(text)["dealer_wins"]
    print(f"wrote {OUTPUT}: the dealer needing 121 against 121 wins {wins[-1][-1] / 10_000:.4f}")


if __name__ == "__main__":
    main()
