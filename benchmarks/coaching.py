"""Coaching speed: the review of whole 121-point two-player Cribbage games (without muggins, and
with it against an easy opponent: every claim then opens a Muggins! press the review looks back
on, and those the reviewed seat let go by on short claims are judged), and the Hint as the
bot gives it (the seat's view analysed in a worker thread, awaited from the event loop), at
every decision of computer-played games of each game.

    .venv/bin/python -m benchmarks.coaching    # targets: review <= 3 s each, hint p95 <= 150 ms
    .venv/bin/python -m benchmarks.coaching --reviews 3 --games 2
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

from engine.analysis.review import review_game
from engine.registry import GAMES
from tables import SeatInfo, Table
from tables.hints import hint_for

#: Each review is timed this many times, the fastest kept.
REPEATS = 3
SEATS = {"cribbage": 2, "pip-cribbage": 2, "crib-race": 2, "pip-rush": 4, "pip-pip": 4}


def played_game(name: str, players: int, seed: int, options: dict,
                others: str = "hard") -> list[tuple[int, dict]]:
    """The action log of a game the hard computer plays for seat 0 and `others` for the rest,
    each moving only when waited for (so no Muggins! press off its turn)."""
    spec = GAMES[name]
    game = spec.new(players, options, seed)
    rng = random.Random(seed)
    log = []
    while game.outcome is None:
        seat = (game.waiting_for() or game.to_act())[0]
        level = "hard" if seat == 0 else others
        action = spec.ai(game.view(seat), game.legal_actions(seat), rng, level)
        log.append((seat, action))
        game.apply(seat, action)
    return log


def bench_reviews(count: int, muggins: bool) -> list[float]:
    spec = GAMES["cribbage"]
    options = {"target": 121, "muggins": muggins}
    seconds = []
    for seed in range(count):
        # With muggins the easy opponent claims two short now and then, and the presses seat 0
        # lets go by are judged too.
        log = played_game("cribbage", 2, seed, options, "easy" if muggins else "hard")
        times = []
        for _ in range(REPEATS):  # the fastest of a few: the machine's other work adds noise
            start = time.perf_counter()
            review = review_game(spec, 2, options, seed, log, 0)
            times.append(time.perf_counter() - start)
        seconds.append(min(times))
        summary = review["summary"]
        let_go = f", {summary['missed']} let go" if muggins else ""
        print(f"  review of game {seed}: {len(log)} actions, {summary['decisions']} decisions"
              f"{let_go}, {seconds[-1] * 1000:.0f} ms")
    return seconds


async def bench_hints(name: str, games: int) -> list[float]:
    spec = GAMES[name]
    players = SEATS[name]
    millis = []
    for seed in range(games):
        table = Table(id=seed, spec=spec, options={}, seed=seed, guild_id=1, channel_id=1,
                      host_id=1, settings={"hints": True},
                      seats=[SeatInfo(user_id=100 + i, name=f"P{i}") for i in range(players)])
        rng = random.Random(seed)
        while table.active:
            seat = (table.waiting_for() or table.to_act())[0]
            legal = table.legal_for(seat)
            if len(legal) > 1:
                start = time.perf_counter()
                await hint_for(table, seat, table.seat_version(seat))
                millis.append((time.perf_counter() - start) * 1000)
            table.apply(seat, spec.ai(table.view_for(seat), legal, rng, "hard"))
    return millis


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reviews", type=int, default=5, help="121-point games to review")
    parser.add_argument("--games", type=int, default=3, help="games per game type for hints")
    args = parser.parse_args()
    for muggins in (False, True):
        print(f"Review of a whole 121-point 2-player Cribbage game, muggins "
              f"{'on' if muggins else 'off'} (target <= 3 s):")
        seconds = bench_reviews(args.reviews, muggins)
        print(f"  mean {statistics.mean(seconds) * 1000:.0f} ms, "
              f"worst {max(seconds) * 1000:.0f} ms")
    print("\nHint in the bot, analysis in a worker thread (target p95 <= 150 ms):")
    print(f"  {'game':<14}{'hints':>7}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for name in SEATS:
        millis = await bench_hints(name, args.games)
        print(f"  {name:<14}{len(millis):>7}{percentile(millis, 0.5):>9.1f}"
              f"{percentile(millis, 0.95):>9.1f}{max(millis):>9.1f}")


if __name__ == "__main__":
    asyncio.run(main())
