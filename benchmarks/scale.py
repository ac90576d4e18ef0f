"""Scaling out (issue 14): restart time, acknowledgement latency and CPU across processes,
and the size of a logged move, on SQLite and PostgreSQL.

    .venv/bin/python -m benchmarks.scale --postgres postgresql://user@host/db
    .venv/bin/python -m benchmarks.scale --games 200 --moves 10       # a quicker look

Without --postgres it uses TEST_DATABASE_URL, and without either it runs the SQLite rows only.
Each PostgreSQL run works in a schema of its own, dropped afterwards. Rows:

- restart: N running games (every game, 2 to 8 players, 20 to 80 moves in) are in the
  database; the time from opening the store until the bot answers: start(in_background=True)
  has loaded every game and a first member's click has reached one (rebuilt on the spot).
  The time until every game is rebuilt in the background is printed beside it.
- ack p99: N tables of people playing at once, a move every 3 s on average per table (random
  pauses), in two processes (shards 0 and 1 of 2, N/2 tables each) on PostgreSQL: act()
  latency, apply + commit, as the Discord layer waits for it.
- CPU per move: the same clicks in one process with all N tables, and in two with N/2 each;
  the two-process figure over the one-process one.
- bytes per logged move: the stored row of a move (SQLite: the record in the actions b-tree,
  from dbstat; PostgreSQL: the row's data, its columns and the alignment padding between them,
  without its fixed 24-byte row header).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.databases import PostgresSchema, postgres_server
from engine.registry import GAMES
from store import Store
from store.records import encode_action
from store.store import now_ms
from tables import SeatInfo, Table, TableManager

SHARD_BITS = 22
#: PostgreSQL's fixed row header (23 bytes, aligned to 8; no null bitmap: every column of the
#: action log is NOT NULL).
POSTGRES_ROW_HEADER = 24


def seats(count: int) -> list[SeatInfo]:
    return [SeatInfo(user_id=1000 + i, name=f"P{i}") for i in range(count)]


def sample_logs(seed: int = 7) -> list[tuple[str, int, int, list[tuple[int, dict]]]]:
    """(game, players, seed, log) for every game at its fewest and most players, stopped 20
    to 80 moves in: the running games a restart finds."""
    pick = random.Random(seed)
    samples = []
    for name, spec in sorted(GAMES.items()):
        counts = spec.allowed_player_counts()
        for count in sorted({min(counts), max(counts)}):
            for game_seed in range(3):
                table = Table(id=0, spec=spec, options={}, seed=game_seed, seats=seats(count),
                              guild_id=0, channel_id=0, host_id=1000)
                log = []
                for _ in range(pick.randint(20, 80)):
                    if table.finished:
                        break
                    seat = pick.choice(table.to_act())
                    action = pick.choice(table.legal_for(seat))
                    table.apply(seat, action)
                    log.append((seat, action))
                samples.append((name, count, game_seed, log[:-1]))
    return samples


async def fill(store: Store, games: int, samples: list) -> int:
    """Write `games` running games straight into the database; returns the moves written."""
    now, at = "2026-01-01T00:00:00.000+00:00", now_ms()
    moves = 0
    for start in range(0, games, 250):
        async with store.db.transaction() as tx:
            for number in range(start, min(games, start + 250)):
                name, count, seed, log = samples[number % len(samples)]
                row = await tx.fetchone(
                    "INSERT INTO games (guild_id, channel_id, game, options, settings, seed,"
                    " seats, host_id, status, created_at, updated_at)"
                    " VALUES (?, 1, ?, '{}', '{}', ?, ?, 1000, 'running', ?, ?) RETURNING id",
                    ((number << SHARD_BITS) | 1, name, seed,
                     json.dumps([s.to_json() for s in seats(count)]), now, now),
                )
                assert row is not None
                await tx.executemany(
                    "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                    [(row["id"], seq, seat, encode_action(action), at)
                     for seq, (seat, action) in enumerate(log)],
                )
                moves += len(log)
    return moves


async def restart(url: str, games: int, samples: list) -> dict[str, Any]:
    store = await Store.open(url)
    moves = await fill(store, games, samples)
    await store.close()
    started = time.perf_counter()
    store = await Store.open(url)
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    await manager.start(in_background=True)
    # The bot answers from here on; a member's first click reaches some game.
    assert manager.get(games // 2) is not None
    answers = time.perf_counter() - started
    await manager.wait_idle()
    all_rebuilt = time.perf_counter() - started
    assert manager.resuming() == 0 and len(manager._tables) == games
    await manager.close()
    await store.close()
    return {"games": games, "moves": moves, "seconds": answers, "all rebuilt": all_rebuilt}


async def bytes_per_move(url: str) -> float:
    store = await Store.open(url)
    try:
        if store.kind == "sqlite":
            [row] = await store.db.fetch(
                "SELECT SUM(payload) AS bytes, (SELECT COUNT(*) FROM actions) AS n"
                " FROM dbstat WHERE name = 'actions' AND pagetype = 'leaf'"
            )
        else:
            # The whole row's size less its fixed header: the columns and the alignment
            # padding between them, which adding up the columns one by one would leave out.
            [row] = await store.db.fetch(
                f"SELECT SUM(pg_column_size(a.*) - {POSTGRES_ROW_HEADER}) AS bytes,"
                " COUNT(*) AS n FROM actions a"
            )
        return float(row["bytes"]) / int(row["n"])
    finally:
        await store.close()


# ---------------------------------------------------------------- clicking processes


async def click(
    url: str, shard_count: int, shard: int, games: int, moves: int, think: float
) -> dict:
    """One process: `games` tables of people in servers of `shard`, all at once, each making
    `moves` moves with a random pause (`think` seconds on average) before each."""
    store = await Store.open(url)
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None,
                           shards=(shard_count, [shard]))
    names = sorted(GAMES)
    tables = []
    for number in range(games):
        name = names[number % len(names)]
        count = min(GAMES[name].allowed_player_counts())
        guild = ((number * shard_count + shard) << SHARD_BITS) | 1
        tables.append(await manager.create(guild_id=guild, channel_id=1, game=name,
                                           options={}, seats=seats(count), host_id=1000,
                                           seed=number))
    latencies: list[float] = []

    async def play(table: Table) -> None:
        pauses = random.Random(table.id)
        for _ in range(moves):
            await asyncio.sleep(pauses.expovariate(1 / think))
            waiting = table.waiting_for()
            if not waiting:
                return
            seat = waiting[0]
            action = table.legal_for(seat)[0]
            began = time.perf_counter()
            await manager.act(table.id, table.seats[seat].user_id, action)
            latencies.append(time.perf_counter() - began)

    cpu = time.process_time()
    started = time.perf_counter()
    await asyncio.gather(*(play(t) for t in tables))
    seconds = time.perf_counter() - started
    cpu = time.process_time() - cpu
    await manager.close()
    await store.close()
    return {"latencies": latencies, "cpu": cpu, "seconds": seconds}


def run_clickers(
    url: str, processes: int, games: int, moves: int, think: float
) -> dict[str, Any]:
    """`processes` clicking processes started together, `games` tables between them."""
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "benchmarks.scale", "--click", url, str(processes),
             str(shard), str(games // processes), str(moves), str(think)],
            stdout=subprocess.PIPE, text=True,
        )
        for shard in range(processes)
    ]
    reports = [json.loads(w.communicate()[0].strip().splitlines()[-1]) for w in workers]
    latencies = sorted(x for r in reports for x in r["latencies"])
    return {
        "moves": len(latencies),
        "p50 ms": 1000 * statistics.median(latencies),
        "p99 ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
        "cpu ms per move": 1000 * sum(r["cpu"] for r in reports) / len(latencies),
        "seconds": max(r["seconds"] for r in reports),
    }


async def main(args: argparse.Namespace) -> None:
    server = postgres_server(args.postgres)
    samples = sample_logs()
    rows: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        sqlite = str(Path(folder) / "restart.sqlite3")
        result = await restart(sqlite, args.games, samples)
        rows.append((f"restart with {args.games} running games, until the bot answers (SQLite)",
                     f"{result['seconds']:.2f} s (all rebuilt {result['all rebuilt']:.1f} s,"
                     f" {result['moves']} moves)", "<= 2 s"))
        rows.append(("bytes per logged move (SQLite record)",
                     f"{await bytes_per_move(sqlite):.1f}", "<= 35"))
    if server:
        async with PostgresSchema(server) as url:
            result = await restart(url, args.games, samples)
            rows.append((f"restart with {args.games} running games, until the bot answers"
                         " (PostgreSQL)", f"{result['seconds']:.2f} s (all rebuilt"
                         f" {result['all rebuilt']:.1f} s)", "<= 2 s"))
            rows.append(("bytes per logged move (PostgreSQL row data, padding included)",
                         f"{await bytes_per_move(url):.1f}", "<= 35"))
        async with PostgresSchema(server) as url:
            one = run_clickers(url, 1, args.games, args.moves, args.think)
        async with PostgresSchema(server) as url:
            two = run_clickers(url, 2, args.games, args.moves, args.think)
        rows.append((f"{args.games} concurrent games, 2 processes on PostgreSQL: ack p99",
                     f"{two['p99 ms']:.0f} ms (p50 {two['p50 ms']:.1f} ms, {two['moves']} moves)",
                     "<= 250 ms"))
        rows.append((f"{args.games} concurrent games, 1 process on PostgreSQL: ack p99",
                     f"{one['p99 ms']:.0f} ms (p50 {one['p50 ms']:.1f} ms)", "(reference)"))
        rows.append(("bot CPU per move, 2 processes / 1 process",
                     f"{two['cpu ms per move'] / one['cpu ms per move']:.2f}x"
                     f" ({two['cpu ms per move']:.2f} / {one['cpu ms per move']:.2f} ms)",
                     "<= 1.15x"))
    else:
        rows.append(("PostgreSQL rows", "skipped: pass --postgres or set TEST_DATABASE_URL", ""))
    width = max(len(r[0]) for r in rows)
    print(f"{'measure'.ljust(width)} | result | target")
    for measure, result_text, target in rows:
        print(f"{measure.ljust(width)} | {result_text} | {target}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--click":
        url, count, shard, games, moves, think = sys.argv[2:8]
        report = asyncio.run(
            click(url, int(count), int(shard), int(games), int(moves), float(think))
        )
        print(json.dumps(report))
        sys.exit(0)
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scale")
    parser.add_argument("--postgres", default="", help="postgresql:// URL of a server to use")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=20, help="moves per table")
    parser.add_argument("--think", type=float, default=3.0,
                        help="a player's average pause before a move, in seconds")
    asyncio.run(main(parser.parse_args()))
