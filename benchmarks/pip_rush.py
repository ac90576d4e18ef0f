"""PIP Rush computer players and engine speed: `.venv/bin/python -m benchmarks.pip_rush`.

    .venv/bin/python -m benchmarks.pip_rush [--games 1000] [--workers N]

Prints three tables:
- `hard` against a uniformly random player and against `easy`: two-player games, seats
  alternating, half on each track; win rate with its 95% (Wilson) interval and shared wins.
- decision time p50 / p95 / max per level (wall clock per choose_action call, collected in
  those matches; `normal` from a short extra series against random). Decisions with a single
  legal action are answered by the engine's caller without thinking and are left out.
- random whole games per second for 2 and 4 players on both tracks (one process).

Matches run in worker processes (one per core by default). Wall-clock decision times include
whatever else the machine is doing; the CPU columns (thread time) do not.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from benchmarks.stats import percentile, wilson
from engine.pip_rush.ai import choose_action
from engine.pip_rush.track import TRACKS
from engine.registry import GAMES

SPEC = GAMES["pip-rush"]
SECONDS_PER_SPEED_ROW = 3.0


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    shared: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.shared += other.shared
        for level, times in other.times.items():
            self.times.setdefault(level, []).extend(times)
        for level, times in other.cpu.items():
            self.cpu.setdefault(level, []).extend(times)


def play_match_game(seed: int, opponent: str) -> Tally:
    """`hard` against `opponent` ("random" or a level), hard sitting in seat seed % 2."""
    track = list(TRACKS)[(seed // 2) % len(TRACKS)]  # seats alternate within each track
    game = SPEC.new(2, {"track": track}, seed)
    rng = random.Random(seed)
    hard_seat = seed % 2
    tally = Tally(games=1)
    while game.outcome is None:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        level = "hard" if seat == hard_seat else opponent
        if level == "random":
            action = rng.choice(legal)
        elif len(legal) == 1:
            action = legal[0]
        else:
            view = game.view(seat)
            start, start_cpu = time.perf_counter(), time.thread_time()
            action = choose_action(view, legal, rng, level)
            tally.times.setdefault(level, []).append(time.perf_counter() - start)
            tally.cpu.setdefault(level, []).append(time.thread_time() - start_cpu)
        game.apply(seat, action)
    if game.outcome["shared"]:
        tally.shared = 1
    elif hard_seat in game.outcome["winners"]:
        tally.wins = 1
    return tally


def play_series(args: tuple[str, list[int]]) -> Tally:
    opponent, seeds = args
    total = Tally()
    for seed in seeds:
        total.add(play_match_game(seed, opponent))
    return total


def run_match(opponent: str, games: int, workers: int, first_seed: int) -> Tally:
    seeds = list(range(first_seed, first_seed + games))
    chunks = [(opponent, seeds[i::workers * 4]) for i in range(workers * 4)]
    total = Tally()
    with ProcessPoolExecutor(workers) as pool:
        for part in pool.map(play_series, chunks):
            total.add(part)
    return total


def random_games_per_second(players: int, track: str) -> float:
    games, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS_PER_SPEED_ROW:
        game = SPEC.new(players, {"track": track}, seed)
        rng = random.Random(seed)
        while game.outcome is None:
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        games += 1
        seed += 1
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per opponent")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    started = time.perf_counter()
    results = {
        "random": run_match("random", args.games, args.workers, first_seed=0),
        "easy": run_match("easy", args.games, args.workers, first_seed=100_000),
    }
    extra = run_match("normal", max(40, args.games // 10), args.workers, first_seed=200_000)

    print(f"\nPIP Rush: hard against others, {args.games} two-player games each, both tracks")
    print(f"{'opponent':<10}{'games':>7}{'hard wins':>11}{'win rate':>10}{'95% interval':>18}"
          f"{'shared':>8}")
    for opponent, tally in results.items():
        low, high = wilson(tally.wins, tally.games)
        print(f"{opponent:<10}{tally.games:>7}{tally.wins:>11}{tally.wins / tally.games:>10.1%}"
              f"{f'{low:.1%} - {high:.1%}':>18}{tally.shared:>8}")

    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for tally in (*results.values(), extra):
        for level, values in tally.times.items():
            wall.setdefault(level, []).extend(values)
        for level, values in tally.cpu.items():
            cpu.setdefault(level, []).extend(values)
    print("\nDecision time per level (ms, decisions with a real choice): wall clock | CPU")
    print(f"{'level':<8}{'decisions':>11}{'p50':>8}{'p95':>8}{'max':>8}   |{'p50':>7}{'p95':>8}"
          f"{'max':>8}")
    for level in ("easy", "normal", "hard"):
        if level not in wall:
            continue
        w, c = wall[level], cpu[level]
        print(f"{level:<8}{len(w):>11}{percentile(w, 0.5) * 1000:>8.2f}"
              f"{percentile(w, 0.95) * 1000:>8.2f}{max(w) * 1000:>8.2f}   |"
              f"{percentile(c, 0.5) * 1000:>7.2f}{percentile(c, 0.95) * 1000:>8.2f}"
              f"{max(c) * 1000:>8.2f}")

    print("\nRandom whole games per second (one process)")
    print(f"{'players':<9}{'track':<11}{'games/s':>9}")
    for players in (2, 4):
        for track in TRACKS:
            print(f"{players:<9}{track:<11}{random_games_per_second(players, track):>9.1f}")
    print(f"\n(total {time.perf_counter() - started:.0f} s with {args.workers} workers)")


if __name__ == "__main__":
    main()
