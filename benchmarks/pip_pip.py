"""Pip Pip computer players and engine speed: `.venv/bin/python -m benchmarks.pip_pip`.

Prints, for 4-player games (one `hard` seat, rotating round the table, against three random
or three `easy` seats; 500 games each by default): the AI seat's win rate with a 95% Wilson
interval (a shared win counts as a fraction) and the mean points per round of each side;
decision times p50 / p95 / max per level (normal's from a shorter normal-vs-easy match);
and random whole games per second for 3 and 8 players. `--games N` sets the games per match.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.stats import percentile, wilson
from engine.contract import Action, View
from engine.pip_pip import SPEC
from engine.pip_pip.ai import choose_action

Player = Callable[[View, list[Action], random.Random], Action]
decision_times: dict[str, list[float]] = {"easy": [], "normal": [], "hard": []}


def computer(level: str) -> Player:
    def play(view: View, legal: list[Action], rng: random.Random) -> Action:
        start = time.process_time()
        action = choose_action(view, legal, rng, level)
        decision_times[level].append(time.process_time() - start)
        return action

    return play


def random_player(view: View, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


def play_game(seats: list[Player], seed: int) -> tuple[list[int], list[int], int]:
    """(winners, final scores, rounds). Every seat acts when the game waits for it, as the
    bot runs computer players."""
    game = SPEC.new(len(seats), {}, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    while game.outcome is None:
        seat = game.waiting_for()[0]
        action = seats[seat](game.view(seat), game.legal_actions(seat), rng)
        game.apply(seat, action)
    return game.outcome["winners"], game.outcome["scores"], game.core.rounds_total


def match(opponent: Player, games: int, seed: int, level: str = "hard") -> dict[str, float]:
    wins = 0.0
    hard_points = other_points = 0.0
    rounds_played = 0
    for index in range(games):
        hard_seat = index % 4
        seats = [opponent] * 4
        seats[hard_seat] = computer(level)
        winners, scores, rounds = play_game(seats, seed + index)
        if hard_seat in winners:
            wins += 1 / len(winners)
        hard_points += scores[hard_seat]
        other_points += (sum(scores) - scores[hard_seat]) / 3
        rounds_played += rounds
    low, high = wilson(wins, games)
    return {"rate": wins / games, "low": low, "high": high,
            "hard_per_round": hard_points / rounds_played,
            "others_per_round": other_points / rounds_played}


def random_games_per_second(players: int, seconds: float = 3.0) -> float:
    played, start, seed = 0, time.process_time(), 0
    while time.process_time() - start < seconds:
        game = SPEC.new(players, {}, seed=seed)
        rng = random.Random(seed)
        while game.outcome is None:
            seat = rng.choice(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        played += 1
        seed += 1
    return played / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()

    print(f"Pip Pip, 4 players, {args.games} games per match (hard seat rotates)")
    print(f"{'match':<30}{'AI wins':>10}{'95% interval':>18}"
          f"{'AI pts/round':>16}{'others pts/round':>18}")
    # The normal match is shorter: it is there for normal's decision times and a comparison.
    matches = [
        ("hard vs 3 random", random_player, "hard", args.games),
        ("hard vs 3 easy", computer("easy"), "hard", args.games),
        (f"normal vs 3 easy ({args.games // 5} games)", computer("easy"), "normal",
         args.games // 5),
    ]
    for title, opponent, level, games in matches:
        result = match(opponent, games, seed=1000, level=level)
        interval = f"{result['low']:.1%} - {result['high']:.1%}"
        print(f"{title:<30}{result['rate']:>10.1%}{interval:>18}"
              f"{result['hard_per_round']:>16.1f}{result['others_per_round']:>18.1f}")

    print()
    print("Times are CPU time of this process, so other load on the machine does not skew them.")
    print(f"{'decision time':<16}{'count':>8}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for level, times in decision_times.items():
        if times:
            print(f"{level:<16}{len(times):>8}{statistics.median(times) * 1000:>10.3f}"
                  f"{percentile(times, 0.95) * 1000:>10.3f}{max(times) * 1000:>10.3f}")

    print()
    print(f"{'random whole games':<24}{'games/CPU s':>12}")
    for players in (3, 8):
        print(f"{players} players{'':<16}{random_games_per_second(players):>12.1f}")


if __name__ == "__main__":
    main()
