"""TableManager throughput: SQLite commits per second, whole games per second, act() latency
and Python memory per running game. Real games with a computer player only.

    .venv/bin/python -m benchmarks.tables     # 200 tables of people, 40 computer-only games
    .venv/bin/python -m benchmarks.tables --games 50 --computer-games 10
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from engine.registry import GAMES
from store import Store
from tables import SeatInfo, Table, TableManager
from tables.computer import has_computer_player


def games_with_ai() -> list[str]:
    return [name for name, spec in GAMES.items() if has_computer_player(spec, ["easy"])]


def seats_for(name: str, humans: bool) -> list[SeatInfo]:
    count = min(GAMES[name].allowed_player_counts())
    if humans:
        return [SeatInfo(user_id=1000 + i, name=f"P{i}") for i in range(count)]
    return [SeatInfo.computer("easy", name=f"C{i}") for i in range(count)]


async def create_tables(manager: TableManager, names: list[str], games: int, humans: bool
                        ) -> list[Table]:
    return [
        await manager.create(guild_id=1, channel_id=1, game=names[i % len(names)], options={},
                             seats=seats_for(names[i % len(names)], humans), host_id=1,
                             seed=i)
        for i in range(games)
    ]


async def computer_games(path: str, names: list[str], games: int, synchronous: str) -> dict:
    """Every seat a computer, no pause: how fast the machinery commits."""
    store = await Store.open(path, synchronous=synchronous)
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    started = time.perf_counter()
    commits_before = store.commits
    tables = await create_tables(manager, names, games, humans=False)
    await manager.wait_idle()
    seconds = time.perf_counter() - started
    actions = sum(t.version for t in tables)
    result = {
        "scenario": f"{games} computer games, sync={synchronous}",
        "seconds": seconds,
        "commits/s": (store.commits - commits_before) / seconds,
        "actions/s": actions / seconds,
        "games/s": sum(t.finished for t in tables) / seconds,
    }
    await manager.close()
    await store.close()
    return result


async def human_latency(path: str, names: list[str], games: int, moves: int = 20) -> dict:
    """Every seat a person clicking as fast as allowed, all tables at once: act() latency
    (apply + commit) as the Discord layer would see it."""
    store = await Store.open(path)
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    tables = await create_tables(manager, names, games, humans=True)
    latencies: list[float] = []
    commits_before = store.commits
    started = time.perf_counter()
    await asyncio.gather(*(click_through(manager, t, moves, latencies) for t in tables))
    seconds = time.perf_counter() - started
    latencies.sort()
    result = {
        "scenario": f"{games} tables of people clicking",
        "seconds": seconds,
        "commits/s": (store.commits - commits_before) / seconds,
        "actions/s": len(latencies) / seconds,
        "act p50 ms": 1000 * statistics.median(latencies),
        "act p99 ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
    }
    await manager.close()
    await store.close()
    return result


async def click_through(
    manager: TableManager, table: Table, moves: int, latencies: list[float]
) -> None:
    for _ in range(moves):
        waiting = table.waiting_for()
        if not waiting:
            return
        seat = waiting[0]
        action = table.legal_for(seat)[0]
        began = time.perf_counter()
        await manager.act(table.id, table.seats[seat].user_id, action)
        latencies.append(time.perf_counter() - began)


async def memory_per_game(path: str, names: list[str], games: int) -> dict:
    """Python heap held by running tables (engine state, views cache, lines, lock, tasks)
    after ten moves each, measured with tracemalloc."""
    store = await Store.open(path)
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    tracemalloc.start()
    baseline = tracemalloc.get_traced_memory()[0]
    tables = await create_tables(manager, names, games, humans=True)
    await asyncio.gather(*(click_through(manager, t, 10, []) for t in tables))
    held = tracemalloc.get_traced_memory()[0] - baseline
    tracemalloc.stop()
    result = {"scenario": f"{len(tables)} running tables, 10 moves each",
              "KiB per game": held / 1024 / len(tables)}
    await manager.close()
    await store.close()
    return result


def print_table(rows: list[dict]) -> None:
    columns = ["scenario", "seconds", "commits/s", "actions/s", "games/s", "act p50 ms",
               "act p99 ms", "KiB per game"]
    widths = {c: max(len(c), 12) for c in columns}
    widths["scenario"] = max(len(r["scenario"]) for r in rows)
    print(" | ".join(c.ljust(widths[c]) for c in columns))
    print("-+-".join("-" * widths[c] for c in columns))
    for row in rows:
        cells = []
        for c in columns:
            value = row.get(c, "")
            text = f"{value:,.1f}" if isinstance(value, float) else str(value)
            cells.append(text.ljust(widths[c]))
        print(" | ".join(cells))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="tables of people")
    parser.add_argument("--computer-games", type=int, default=40, help="computer-only games")
    args = parser.parse_args()
    names = games_with_ai()
    if not names:
        print("No game in GAMES has a computer player yet.")
        return
    print(f"games: {', '.join(names)}; file database in WAL mode\n")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        rows.append(await computer_games(str(base / "a.sqlite3"), names, args.computer_games,
                                           "NORMAL"))
        rows.append(await computer_games(str(base / "b.sqlite3"), names, args.computer_games,
                                           "FULL"))
        rows.append(await human_latency(str(base / "c.sqlite3"), names, args.games))
        rows.append(await memory_per_game(str(base / "d.sqlite3"), names, args.games))
    print_table(rows)


if __name__ == "__main__":
    asyncio.run(main())
