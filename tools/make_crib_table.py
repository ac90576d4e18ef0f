"""Regenerate engine/cribbage/data/crib_values.json: the average crib a discard leads to.

    .venv/bin/python -m tools.make_crib_table

Method (exact enumeration, no sampling), scoring every crib with the project's own
`hand_total(..., crib=True)`:

- Two players (2 discards each): for each discard pair, by ranks and whether the two cards share
  a suit, the pair is fixed as concrete cards (suits do not matter beyond "same suit or not",
  by symmetry) and every way the rest of the crib can fall is counted: the other player's 2
  discards (any 2 of the remaining 50 cards) and the starter (any of the remaining 48), i.e.
  C(50,2) * 48 = 58,800 cribs per entry, 169 entries (91 unsuited rank pairs, 78 suited).
- Three and four players (1 discard each): for each rank, the other 3 crib cards (the other
  players' discards, or a card from the deck with 3 players) and the starter from the remaining
  51 cards: C(51,3) * 48 = 999,600 cribs per rank, 13 ranks.

The other cards are taken uniformly from those unseen. Real opponents throw worse cards to a
crib they do not own, so these values are slightly generous for the opponent's discards and
slightly mean for a partner's; the AI uses them as a fair central estimate. Runs in about a
minute on two cores; the output is deterministic.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path

from engine.cards import Card, standard_deck
from engine.cribbage.scoring import hand_total

OUTPUT = Path(__file__).parents[1] / "engine" / "cribbage" / "data" / "crib_values.json"
DECK = standard_deck()


def pair_cards(low: int, high: int, suited: bool) -> tuple[Card, Card]:
    """Concrete cards for a discard pair: both spades when suited, spades and hearts if not."""
    return Card(low, "S"), Card(high, "S" if suited else "H")


def average_pair_crib(key: tuple[int, int, bool]) -> tuple[tuple[int, int, bool], float]:
    low, high, suited = key
    mine = pair_cards(low, high, suited)
    rest = [c for c in DECK if c not in mine]
    total = count = 0
    for other in combinations(rest, 2):
        crib = (*mine, *other)
        for starter in rest:
            if starter in other:
                continue
            total += hand_total(crib, starter, crib=True)
            count += 1
    return key, total / count


def average_single_crib(rank: int) -> tuple[int, float]:
    mine = Card(rank, "S")
    rest = [c for c in DECK if c != mine]
    total = count = 0
    for others in combinations(rest, 3):
        crib = (mine, *others)
        for starter in rest:
            if starter in others:
                continue
            total += hand_total(crib, starter, crib=True)
            count += 1
    return rank, total / count


def pair_keys() -> list[tuple[int, int, bool]]:
    keys = []
    for low in range(1, 14):
        for high in range(low, 14):
            keys.append((low, high, False))
            if low != high:  # two cards of one rank never share a suit
                keys.append((low, high, True))
    return keys


def pair_line(key: tuple[int, int, bool], value: float) -> str:
    low, high, suited = key
    return f"  [{low}, {high}, {'true' if suited else 'false'}, {value:.4f}]"


def single_line(rank: int, value: float) -> str:
    return f"  [{rank}, {value:.4f}]"


def render(pairs: Mapping[tuple[int, int, bool], float], singles: Mapping[int, float]) -> str:
    """The JSON file, one entry a line: "pairs" holds [low rank, high rank, same suit, points]
    (two players, the two cards a seat throws), "singles" [rank, points] (three or four
    players, the one card a seat throws)."""
    about = ("Average crib points by discard, by exact enumeration with the project's scorer: "
             "made by python -m tools.make_crib_table (its docstring gives the method).")
    return "\n".join([
        "{",
        f' "about": "{about}",',
        ' "pairs": [',
        ",\n".join(pair_line(key, pairs[key]) for key in sorted(pairs)),
        " ],",
        ' "singles": [',
        ",\n".join(single_line(rank, singles[rank]) for rank in sorted(singles)),
        " ]",
        "}",
    ]) + "\n"


def main() -> None:
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        singles = dict(pool.map(average_single_crib, range(1, 14)))
        pairs = dict(pool.map(average_pair_crib, pair_keys()))
    OUTPUT.write_text(render(pairs, singles), encoding="utf-8")
    print(f"wrote {OUTPUT} ({len(pairs)} pair entries, {len(singles)} single entries)")


if __name__ == "__main__":
    main()
