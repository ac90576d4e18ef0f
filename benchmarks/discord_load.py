"""Many games at once through the real bot and the fake Discord, pictures included.

    .venv/bin/python -m benchmarks.discord_load [--games 200] [--seconds 60]

Starts N games (rotating through every game; one human and computer seats where the game has
a computer player, humans only otherwise), then lets the simulated members of all of them
play concurrently for a fixed time. Prints a table: interactions per second, p50 / p99 / max
time from an interaction to its acknowledgement, resident memory per running game, SQLite
commits per second, and moves made.

Everything runs in one process on one event loop, the simulated members included, so the
figures are an upper bound on what the bot itself costs. Computers move after 0.2 s (the bot's
default is 0.8 s), table messages and hands refresh at most once a second and forced moves
play after 1.5 s, as in production. Simulated members wait for the fake Discord to change
(their answer, the table message) instead of polling.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

from engine.registry import GAMES
from testkit.fake_discord import FakeDiscord, InteractionRecord
from testkit.players import GameDriver, Refused, has_computer_player, test_bot

LOOK_AGAIN = 1.0  # longest wait for the table message to change before looking anyway
STAGGER = 2.0  # seconds over which the games' first moves are spread


LOADING_FLAG = 128
DEFERRED_THINKING, DEFERRED_UPDATE = 5, 6
ANSWER_TIMEOUT = 30.0


class LoadDriver(GameDriver):
    """A member who moves on as soon as the bot has answered them, as people do.

    The test driver waits for everything an interaction set off (computer turns, the table
    refresh that then waits out its interval); here each press waits only for its own
    answer: the acknowledgement, then the edited hand or the message that replaces
    "thinking"."""

    async def press(self, user: Any, message: Any, **which: str) -> Any:
        before = self._versions(message)
        record = await self.fake.click(user, message, wait=False, **which)
        await self._answered(record, message, before)
        return self._answer(record)

    async def choose(self, user: Any, message: Any, values: list[str], **which: str) -> Any:
        before = self._versions(message)
        record = await self.fake.select(user, message, values=values, wait=False, **which)
        await self._answered(record, message, before)
        return self._answer(record)

    def _versions(self, message: Any) -> int:
        found = self.fake.state.messages.get(getattr(message, "id", message))
        return len(found.history) if found is not None else 0

    async def _answered(self, record: InteractionRecord, message: Any, before: int) -> None:
        deadline = asyncio.get_running_loop().time() + ANSWER_TIMEOUT
        while asyncio.get_running_loop().time() < deadline:
            if record.errors:
                raise AssertionError(record.errors)
            if record.followups:
                return
            kind = record.response_type
            if kind == DEFERRED_THINKING:
                original = record.original
                if original is not None and not original.flags & LOADING_FLAG:
                    return
            elif kind == DEFERRED_UPDATE:
                if self._versions(message) > before:
                    return
            elif kind is not None:
                return
            watched = [record.id, getattr(message, "id", message)]
            remaining = deadline - asyncio.get_running_loop().time()
            await self.fake.next_change(*watched, timeout=max(0.0, remaining))
        raise AssertionError(f"no answer to interaction {record.id}")


def seating(game: str) -> tuple[int, int]:
    smallest = GAMES[game].allowed_player_counts()[0]
    return (1, smallest - 1) if has_computer_player(game) else (smallest, 0)


async def start_games(fake: FakeDiscord, count: int) -> list[GameDriver]:
    """Open, fill and start `count` lobbies, many at once (as busy servers would)."""
    games = list(GAMES)
    gate = asyncio.Semaphore(50)

    async def start_one(index: int) -> GameDriver:
        game = games[index % len(games)]
        humans, computers = seating(game)
        players = [fake.member(f"p{index * 8 + n}") for n in range(humans)]
        driver = LoadDriver(fake, rng=random.Random(index))
        async with gate:
            lobby = await driver.open_lobby(players[0], game)
            for user in players[1:]:
                await driver.press(user, lobby, label="Join")
            for _ in range(computers):
                await driver.choose(
                    players[0], lobby, ["easy"], placeholder="Add a computer player…"
                )
            await driver.press(players[0], lobby, label="Start")
        # The lobby message names the game it started: follow that one.
        started = fake.state.messages[lobby.id].content
        driver.table_id = int(started.rsplit("game #", 1)[1].split(" ", 1)[0].rstrip("."))
        return driver

    drivers = await asyncio.gather(*(start_one(i) for i in range(count)))
    await fake.wait_quiet(timeout=300)
    for driver in drivers:
        assert driver.find_table() is not None
    return list(drivers)


async def keep_playing(driver: GameDriver, until: float) -> None:
    """Play while time lasts. The table message can lag the game by up to the refresh
    interval; after a try that found nothing to do, wait for the message to change."""
    loop = asyncio.get_running_loop()
    # Members do not all press at the same instant: spread the first presses out.
    await asyncio.sleep(driver.rng.uniform(0, STAGGER))
    tried_on: tuple[int, int] | None = None
    while loop.time() < until:
        message = driver.find_table()
        if message is None or driver.finished():
            return
        shown = (message.id, len(message.history))
        waiting = driver.waiting()
        if not waiting or shown == tried_on:
            # A computer's turn, or the table is being refreshed: wait for it to change.
            await driver.fake.next_change(message.id, timeout=LOOK_AGAIN)
            continue
        try:
            await driver.move(driver.rng.choice(waiting))
            tried_on = None
        except (Refused, AssertionError):
            tried_on = shown


def resident_mb() -> float:
    gc.collect()
    return psutil.Process().memory_info().rss / 2**20


async def run(games: int, seconds: float) -> dict[str, float]:
    members = [f"p{i}" for i in range(games * 8)]
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord(members=members, quiet_timeout=120) as fake:
            bot = test_bot(
                str(Path(folder) / "load.db"), ai_delay=0.2, refresh_interval=1.0,
                hand_interval=1.0, forced_delay=1.5,
            )
            await fake.connect(bot)
            idle_mb = resident_mb()
            drivers = await start_games(fake, games)
            loaded_mb = resident_mb()
            # The fake Discord keeps every version of every message in this process; move
            # what exists so far out of the collector's way so its full passes measure the
            # bot rather than the test world (a real bot process holds none of it).
            gc.freeze()
            store = bot.store
            assert store is not None
            before_interactions = len(fake.interactions)
            before_latencies = len(fake.latencies)
            before_commits = store.commits
            moves_before = sum(d.moves for d in drivers)
            loop = asyncio.get_running_loop()
            started = loop.time()
            await asyncio.gather(*(keep_playing(d, started + seconds) for d in drivers))
            elapsed = loop.time() - started
            latencies = sorted(fake.latencies[before_latencies:])
            finished = sum(1 for d in drivers if d.finished())
            result = {
                "games": games,
                "seconds": elapsed,
                "interactions": len(fake.interactions) - before_interactions,
                "moves": sum(d.moves for d in drivers) - moves_before,
                "finished": finished,
                "p50": latencies[len(latencies) // 2] if latencies else 0.0,
                "p99": latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
                if latencies
                else 0.0,
                "max": latencies[-1] if latencies else 0.0,
                "mb_per_game": (loaded_mb - idle_mb) / games,
                "commits": store.commits - before_commits,
            }
            await fake.wait_quiet(timeout=120)
            gc.unfreeze()
    return result


def print_table(r: dict[str, float]) -> None:
    rows = [
        ("concurrent games", f"{r['games']:.0f}"),
        ("run time", f"{r['seconds']:.1f} s"),
        ("interactions", f"{r['interactions']:.0f}"),
        ("interactions per second", f"{r['interactions'] / r['seconds']:.1f}"),
        ("human moves", f"{r['moves']:.0f} ({r['finished']:.0f} games finished)"),
        ("ack latency p50", f"{r['p50'] * 1000:.1f} ms"),
        ("ack latency p99 (target < 250 ms)", f"{r['p99'] * 1000:.1f} ms"),
        ("ack latency max", f"{r['max'] * 1000:.1f} ms"),
        ("resident memory per running game", f"{r['mb_per_game'] * 1024:.0f} KiB"),
        ("SQLite commits per second", f"{r['commits'] / r['seconds']:.1f}"),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"{'measure':<{width}}  value")
    print(f"{'-' * width}  {'-' * 24}")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    result = asyncio.run(run(args.games, args.seconds))
    print_table(result)
    print(f"(whole benchmark: {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
