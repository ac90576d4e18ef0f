"""Speed of whole random Cribbage games: `.venv/bin/python -m benchmarks.cribbage_games`.

Each game is played to 121 by a random acting seat choosing uniformly among its legal actions,
except that with muggins on a counting seat claims the exact count worked out from its view
(`next_count` cards and the starter), as a computer player would. Prints games per second and
actions per second for 2, 3 and 4 players, muggins off and on.
"""

from __future__ import annotations

import random
import time

from engine.cards import parse_card, parse_cards
from engine.contract import Action, Game
from engine.cribbage.scoring import hand_total
from engine.registry import GAMES

SECONDS_PER_ROW = 4.0


def play_one(players: int, muggins: bool, seed: int) -> int:
    """Play one whole game; return how many actions it took."""
    game = GAMES["cribbage"].new(players, {"muggins": muggins}, seed)
    rng = random.Random(seed)
    actions = 0
    while game.outcome is None:
        seat = rng.choice(game.to_act())
        game.apply(seat, choose(game, seat, rng))
        actions += 1
    return actions


def choose(game: Game, seat: int, rng: random.Random) -> Action:
    legal = game.legal_actions(seat)
    if any(a["type"] == "claim" for a in legal):
        view = game.view(seat)
        count = view["next_count"]
        exact = hand_total(parse_cards(count["cards"]), parse_card(view["starter"]),
                           crib=count["kind"] == "crib")
        return {"type": "claim", "points": exact}
    return rng.choice(legal)


def measure(players: int, muggins: bool) -> tuple[int, float, float]:
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < SECONDS_PER_ROW:
        actions += play_one(players, muggins, seed=games)
        games += 1
    return games, games / elapsed, actions / elapsed


def main() -> None:
    print(f"{'players':>7}  {'muggins':>7}  {'games':>6}  {'games/s':>8}  {'actions/s':>9}")
    for muggins in (False, True):
        for players in (2, 3, 4):
            games, games_per_s, actions_per_s = measure(players, muggins)
            print(f"{players:>7}  {'on' if muggins else 'off':>7}  {games:>6}  "
                  f"{games_per_s:>8.1f}  {actions_per_s:>9.0f}")


if __name__ == "__main__":
    main()
