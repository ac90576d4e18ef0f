"""Speed of whole random PIP Cribbage games: `.venv/bin/python -m benchmarks.pip_cribbage_games`.

A random acting seat picks uniformly among its legal actions, except that with muggins on a
counting seat claims the exact count it works out from its view (the `next_count` pieces and
the starter, under the PIP flush rules), as a computer player would. Each decision also builds
the acting seat's view, as the bot does. Prints games, games per second, actions per second
and the mean time of one view, for both targets, muggins off and on.
"""

from __future__ import annotations

import random
import time

from engine.cards import parse_card, parse_cards
from engine.contract import Action, Game
from engine.cribbage.scoring import FlushRule, hand_total
from engine.registry import GAMES

SECONDS_PER_ROW = 4.0


def choose(game: Game, seat: int, rng: random.Random) -> Action:
    view = game.view(seat)
    legal = game.legal_actions(seat)
    if any(a["type"] == "claim" for a in legal):
        count = view["next_count"]
        rule = FlushRule.NONE if count["kind"] == "crib" else FlushRule.WITH_STARTER
        exact = hand_total(parse_cards(count["cards"]), parse_card(view["starter"]), flush=rule)
        return {"type": "claim", "points": exact}
    return rng.choice(legal)


def play_one(options: dict[str, object], seed: int) -> tuple[int, float]:
    """One whole game: (actions taken, seconds spent building views)."""
    game = GAMES["pip-cribbage"].new(2, options, seed)
    rng = random.Random(seed)
    actions = 0
    view_time = 0.0
    while game.outcome is None:
        seat = rng.choice(game.to_act())
        start = time.perf_counter()
        game.view(None)
        view_time += time.perf_counter() - start
        game.apply(seat, choose(game, seat, rng))
        actions += 1
    return actions, view_time


def measure(options: dict[str, object]) -> tuple[int, float, float, float]:
    games = actions = 0
    view_time = 0.0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < SECONDS_PER_ROW:
        taken, viewing = play_one(options, seed=games)
        actions += taken
        view_time += viewing
        games += 1
    return games, games / elapsed, actions / elapsed, view_time / max(actions, 1) * 1e6


def main() -> None:
    print(f"{'target':>6}  {'muggins':>7}  {'games':>6}  {'games/s':>8}  {'actions/s':>9}  "
          f"{'view µs':>8}")
    for target in (121, 61):
        for muggins in (False, True):
            games, per_s, actions_per_s, view_us = measure({"target": target,
                                                            "muggins": muggins})
            print(f"{target:>6}  {'on' if muggins else 'off':>7}  {games:>6}  {per_s:>8.1f}  "
                  f"{actions_per_s:>9.0f}  {view_us:>8.0f}")


if __name__ == "__main__":
    main()
