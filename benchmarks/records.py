"""Achievements, moments and /records with history (issue 43): p50 and p95 of the reads a
profile and /records make, on SQLite and PostgreSQL.

    .venv/bin/python -m benchmarks.records                   # 100,000 games, 2,000 players
    .venv/bin/python -m benchmarks.records --games 20000 --runs 100 --postgres postgresql://...

Without --postgres it uses TEST_DATABASE_URL, and without either it runs SQLite alone. The
database holds finished games of every game in one server (the heaviest case for /records),
two to four human seats each with its moments (as the game's spec keeps them), and a dozen
achievements per player; rows are written in bulk, not played.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from benchmarks.scale import PostgresSchema
from engine.registry import ACHIEVEMENTS, GAMES
from store import Store
from tables.records import server_records

GUILD = 1 << 22
BATCH = 5000


async def fill(store: Store, games: int, players: int, seed: int = 3) -> None:
    pick = random.Random(seed)
    names = sorted(GAMES)
    game_rows, moment_rows = [], []
    for game_id in range(1, games + 1):
        name = names[game_id % len(names)]
        game_rows.append((game_id, GUILD, 5, name, "{}", "{}", game_id, "[]", 1, "finished",
                          "then", "then", "bench"))
        at = 1_700_000_000_000 + game_id * 60_000
        for seat, user in enumerate(pick.sample(range(players), pick.choice((2, 3, 4)))):
            for kind in GAMES[name].moments:
                moment_rows.append((game_id, seat, kind.kind, GUILD, name, 10_000 + user,
                                    pick.randint(1, 29), at))
    await _bulk(store, "INSERT INTO games (id, guild_id, channel_id, game, options, settings,"
                " seed, seats, host_id, status, created_at, updated_at, owner)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", game_rows)
    await _bulk(store, "INSERT INTO moments (game_id, seat, kind, guild_id, game, user_id,"
                " value, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", moment_rows)
    keyed = [a for a in ACHIEVEMENTS.values() if a.game is not None]
    achievement_rows = [
        (GUILD, 10_000 + user, a.game, a.key, 1, 1_700_000_000_000 + pick.randrange(10**9))
        for user in range(players) for a in pick.sample(keyed, 12)
    ]
    await _bulk(store, "INSERT INTO achievements (guild_id, user_id, game, achievement,"
                " game_id, earned_at) VALUES (?, ?, ?, ?, ?, ?)", achievement_rows)
    if store.kind == "postgresql":
        await store.db.execute("ANALYZE")


async def _bulk(store: Store, sql: str, rows: list[tuple[object, ...]]) -> None:
    for start in range(0, len(rows), BATCH):
        async with store.db.transaction() as tx:
            await tx.executemany(sql, rows[start:start + BATCH])


async def timed(runs: int, query: Callable[[random.Random], Awaitable[object]]) -> list[float]:
    pick = random.Random(11)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        await query(pick)
        times.append(1000 * (time.perf_counter() - started))
    return sorted(times)


async def measure(url: str, args: argparse.Namespace) -> list[tuple[str, float, float]]:
    store = await Store.open(url)
    try:
        started = time.perf_counter()
        await fill(store, args.games, args.players)
        print(f"  filled in {time.perf_counter() - started:.0f} s", flush=True)
        names = sorted(GAMES)
        queries: dict[str, Callable[[random.Random], Awaitable[object]]] = {
            "/records (tables.records.server_records)": lambda pick: server_records(
                store, GUILD, GAMES[pick.choice(names)]),
            "Store.best_moments (the profile)": lambda pick: store.best_moments(
                GUILD, 10_000 + pick.randrange(args.players)),
            "Store.achievements_of (the profile)": lambda pick: store.achievements_of(
                GUILD, 10_000 + pick.randrange(args.players)),
        }
        rows = []
        for name, query in queries.items():
            times = await timed(args.runs, query)
            rows.append((name, statistics.median(times), times[int(0.95 * (len(times) - 1))]))
        return rows
    finally:
        await store.close()


async def main(args: argparse.Namespace) -> None:
    server = args.postgres or os.environ.get("TEST_DATABASE_URL", "")
    print(f"{args.games:,} finished games, {args.players:,} players, {args.runs} runs each")
    with tempfile.TemporaryDirectory() as folder:
        results = {"SQLite": await measure(str(Path(folder) / "records.sqlite3"), args)}
    if server:
        async with PostgresSchema(server) as url:
            results["PostgreSQL"] = await measure(url, args)
    print(f"{'backend':<11} {'query':<44} {'p50 ms':>8} {'p95 ms':>8}")
    for backend, rows in results.items():
        for name, p50, p95 in rows:
            print(f"{backend:<11} {name:<44} {p50:>8.2f} {p95:>8.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--postgres", default="")
    asyncio.run(main(parser.parse_args()))
