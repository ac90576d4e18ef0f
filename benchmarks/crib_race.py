"""Crib Race computer players and board: `.venv/bin/python -m benchmarks.crib_race`.

    .venv/bin/python -m benchmarks.crib_race [--games 200] [--board-games 1000] [--workers N]

Prints three tables:
- strength: `hard` against a uniformly random player, against `easy`, and against "blind"
  (the Cribbage computer player at hard, which ignores the track), two-player games, seats
  alternating; win rate with its 95% (Wilson) interval.
- decision time p50 / p95 / max per level, wall clock and CPU (thread time), collected in
  those matches plus a short series of `normal` games and `hard` self-play in every seating.
  Decisions with a single legal action are answered without thinking and are left out.
- the board: over `--board-games` two-player games between computer players (`easy`, the
  cheapest level), how often each zone was set off and in how many games, and the mean game
  length in deals beside Cribbage's over as many games between the same players.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from benchmarks.stats import mean_interval, percentile, wilson
from engine.cribbage import ai as cribbage_ai
from engine.registry import GAMES

RACE = GAMES["crib-race"]
#: The Cribbage computer player at hard, playing Crib Race without looking at the track.
BLIND = "blind"
SEATINGS = [(2, False), (3, False), (4, False), (4, True), (6, True), (8, True)]


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    deals: list[int] = field(default_factory=list)
    zone_hits: Counter[str] = field(default_factory=Counter)
    zone_games: Counter[str] = field(default_factory=Counter)
    wall: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.deals += other.deals
        self.zone_hits.update(other.zone_hits)
        self.zone_games.update(other.zone_games)
        for mine, theirs in ((self.wall, other.wall), (self.cpu, other.cpu)):
            for level, values in theirs.items():
                mine.setdefault(level, []).extend(values)


@dataclass(frozen=True)
class Job:
    """One game: `levels[seat]` ("random" or an AI level) for a `players`-seat game."""

    game: str
    players: int
    teams: bool
    levels: tuple[str, ...]
    seed: int
    #: The seat whose side's win is counted (None: not a strength match).
    hero: int | None = None


def play(job: Job) -> Tally:
    spec = GAMES[job.game]
    options = {"teams": job.teams} if job.game == "crib-race" else {}
    game = spec.new(job.players, options, job.seed)
    rng = random.Random(job.seed)
    tally = Tally(games=1)
    zones_seen: set[str] = set()
    while game.outcome is None:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        level = job.levels[seat]
        if level == "random":
            action = rng.choice(legal)
        elif len(legal) == 1:
            action = legal[0]
        else:
            view = game.view(seat)
            start, start_cpu = time.perf_counter(), time.thread_time()
            if level == BLIND:
                action = cribbage_ai.choose_action(view, legal, rng, "hard")
            else:
                action = spec.ai(view, legal, rng, level)
            tally.wall.setdefault(level, []).append(time.perf_counter() - start)
            tally.cpu.setdefault(level, []).append(time.thread_time() - start_cpu)
        for event in game.apply(seat, action):
            if event["type"] == "zone":
                key = f"{event['zone']} {event['kind']}"
                tally.zone_hits[key] += 1
                zones_seen.add(key)
    tally.zone_games.update(zones_seen)
    tally.deals.append(game.deal_number)
    if job.hero is not None and job.hero in game.outcome["winners"]:
        tally.wins = 1
    return tally


def run(jobs: list[Job], workers: int) -> Tally:
    total = Tally()
    with ProcessPoolExecutor(workers) as pool:
        for part in pool.map(play, jobs, chunksize=4):
            total.add(part)
    return total


def match(opponent: str, games: int, first_seed: int) -> list[Job]:
    jobs = []
    for seed in range(first_seed, first_seed + games):
        hero = seed % 2
        levels = ("hard", opponent) if hero == 0 else (opponent, "hard")
        jobs.append(Job("crib-race", 2, False, levels, seed, hero))
    return jobs


def mean_with_interval(values: list[int]) -> str:
    mean, low, _ = mean_interval(values)
    return f"{mean:.2f} ± {mean - low:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per strength match")
    parser.add_argument("--board-games", type=int, default=1000,
                        help="games for zone reach and game length (each game)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    started = time.perf_counter()

    strength = {opponent: run(match(opponent, args.games, seed), args.workers)
                for opponent, seed in (("random", 0), ("easy", 100_000), (BLIND, 500_000))}
    timing_jobs = [Job("crib-race", 2, False, ("normal", "random"), 200_000 + i)
                   for i in range(max(10, args.games // 10))]
    timing_jobs += [Job("crib-race", players, teams, ("hard",) * players, 300_000 + i)
                    for players, teams in SEATINGS for i in range(2)]
    timing = run(timing_jobs, args.workers)
    board_jobs = {name: [Job(name, 2, False, ("easy", "easy"), 400_000 + i)
                         for i in range(args.board_games)]
                  for name in ("crib-race", "cribbage")}
    board = {name: run(jobs, args.workers) for name, jobs in board_jobs.items()}

    print(f"\nCrib Race: hard against others, {args.games} two-player games each")
    print(f"{'opponent':<10}{'games':>7}{'hard wins':>11}{'win rate':>10}{'95% interval':>18}")
    for opponent, tally in strength.items():
        low, high = wilson(tally.wins, tally.games)
        print(f"{opponent:<10}{tally.games:>7}{tally.wins:>11}{tally.wins / tally.games:>10.1%}"
              f"{f'{low:.1%} - {high:.1%}':>18}")

    every = Tally()
    for tally in (*strength.values(), timing):
        every.add(tally)
    print("\nDecision time per level (ms, decisions with a real choice): wall clock | CPU")
    print(f"{'level':<8}{'decisions':>11}{'p50':>8}{'p95':>8}{'max':>8}   |{'p50':>7}{'p95':>8}"
          f"{'max':>8}")
    for level in ("easy", "normal", "hard", BLIND):
        wall, cpu = every.wall.get(level), every.cpu.get(level)
        if not wall or not cpu:
            continue
        print(f"{level:<8}{len(wall):>11}{percentile(wall, 0.5) * 1000:>8.2f}"
              f"{percentile(wall, 0.95) * 1000:>8.2f}{max(wall) * 1000:>8.2f}   |"
              f"{percentile(cpu, 0.5) * 1000:>7.2f}{percentile(cpu, 0.95) * 1000:>8.2f}"
              f"{max(cpu) * 1000:>8.2f}")

    race = board["crib-race"]
    print(f"\nThe default board over {race.games} two-player games (easy against easy)")
    print(f"{'zone':<20}{'times set off':>15}{'games':>8}")
    for key in sorted(race.zone_hits):
        print(f"{key:<20}{race.zone_hits[key]:>15}{race.zone_games[key]:>8}")
    print(f"\n{'game':<12}{'games':>7}{'mean deals (95%)':>20}{'median':>8}{'max':>6}")
    for name, tally in board.items():
        print(f"{name:<12}{tally.games:>7}{mean_with_interval(tally.deals):>20}"
              f"{statistics.median(tally.deals):>8}{max(tally.deals):>6}")
    print(f"\n(total {time.perf_counter() - started:.0f} s with {args.workers} workers)")


if __name__ == "__main__":
    main()
