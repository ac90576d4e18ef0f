"""Measure the odds table of engine/ai/rollout/held_cards.py (`ODDS`) and print it.

    .venv/bin/python -m engine.ai._measure_held_odds [--games 150]

Four hard players play one-round games (seeds from 10,000, apart from the benchmarks'). At
every move while the players still draw, each card the seat to move cannot see is either in
another seat's hand or in the pile. For each kind of card (by tricks played, trump or not,
and 2, ace, king, queen, jack or lower) the table gives the odds that such a card is in a
hand, against the odds of a card chosen blindly from those unseen (hands' share of them).
Deterministic; about fifteen seconds.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from engine.ai.rollout.held_cards import KIND, stage
from engine.pip_pip.ranking import strength
from engine.registry import GAMES

FIRST_SEED = 10_000


def measure(games: int) -> list[list[list[float]]]:
    spec = GAMES["pip-pip"]
    in_hand: dict[tuple[int, bool, int], int] = defaultdict(int)
    seen: dict[tuple[int, bool, int], int] = defaultdict(int)
    blind: dict[tuple[int, bool, int], float] = defaultdict(float)
    for seed in range(FIRST_SEED, FIRST_SEED + games):
        game = spec.new(4, {"rounds": 1}, seed)
        rng = random.Random(seed)
        while game.outcome is None:
            seat = game.waiting_for()[0]
            if game.drawing:
                hidden = [card for other, hand in enumerate(game.hands) if other != seat
                          for card in hand]
                share = len(hidden) / (len(hidden) + len(game.pile))
                now = stage(game.trick_number)
                for cards, held in ((hidden, 1), (game.pile, 0)):
                    for card in cards:
                        kind = (now, card.suit == game.trump, KIND[strength(card)])
                        in_hand[kind] += held
                        seen[kind] += 1
                        blind[kind] += share
            legal = game.legal_actions(seat)
            game.apply(seat, spec.ai(game.view(seat), legal, rng, level="hard"))
    table = []
    for now in range(4):
        rows = []
        for trump in (False, True):
            row = []
            for kind in range(6):
                key = (now, trump, kind)
                held, blindly = in_hand[key] / seen[key], blind[key] / seen[key]
                row.append(round(held / (1 - held) / (blindly / (1 - blindly)), 2))
            rows.append(row)
        table.append(rows)
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    for plain, trump in measure(parser.parse_args().games):
        print(f"    ({tuple(plain)}, {tuple(trump)}),")


if __name__ == "__main__":
    main()
