"""What months of play leave in the database: bytes per finished game of each kind, per
table, and the file after N games.

    .venv/bin/python -m benchmarks.growth              # 20 games of each game and seating
    .venv/bin/python -m benchmarks.growth --games 100

Each game is played to its end through the table manager on a SQLite file of its own, every
seat a member (eight members of one server take turns) played by the easy computer, as after
an idle takeover: so the game is rated and writes what a members' game writes (the move log,
results, ratings all time and per season, rating history, streaks, moments). Sizes are the
bytes SQLite uses in the pages of each table with its indexes (dbstat: records and page
headers, not free space), after VACUUM, less those of an empty database, divided by the games;
the file's size after the N games is beside them. The bot deletes nothing: every figure grows
linearly with the games played.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

import aiosqlite

from engine.registry import GAMES
from store import Store
from tables import SeatInfo, TableManager
from tables.computer import has_computer_player

MEMBERS = 8


async def table_sizes(path: Path) -> dict[str, int]:
    """Bytes each table uses in its pages (headers and records, not the free space), its
    indexes counted with it."""
    async with aiosqlite.connect(path) as db:
        await db.execute("VACUUM")
        rows = await db.execute_fetchall(
            "SELECT COALESCE(m.tbl_name, d.name) AS owner, SUM(d.pgsize - d.unused) FROM dbstat d"
            " LEFT JOIN sqlite_master m ON m.name = d.name GROUP BY owner"
        )
    return {str(name): int(size) for name, size in rows}


async def play(path: Path, game: str, players: int, games: int) -> int:
    """Play `games` whole games; returns the moves logged."""
    store = await Store.open(str(path))
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    moves = 0
    for number in range(games):
        seats = [SeatInfo(user_id=1000 + (number + i) % MEMBERS, name=f"M{(number + i) % MEMBERS}")
                 for i in range(players)]
        table = await manager.create(guild_id=1, channel_id=1, game=game, options={},
                                     seats=seats, host_id=seats[0].user_id or 0, seed=number)
        await manager.play_for(table.id, range(players), "The computer plays every seat.")
        await manager.wait_idle()
        assert table.finished, f"{game} game {number} did not finish"
        moves += table.version
    await manager.close()
    await store.close()
    return moves


async def measure(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty.db"
        await (await Store.open(str(empty))).close()
        baseline = await table_sizes(empty)
        print(f"{games} finished games of each kind; bytes per game (SQLite, indexes included)\n")
        header = ("game", "players", "moves", "actions", "games", "results+ratings",
                  "moments+streaks", "other", "total/game", f"file after {games}")
        print(" | ".join(header))
        print("-|-".join("-" * len(h) for h in header))
        for name, spec in sorted(GAMES.items()):
            if not has_computer_player(spec, ["easy"]):
                continue
            for players in sorted({min(spec.allowed_player_counts()),
                                   max(spec.allowed_player_counts())}):
                path = Path(folder) / f"{name}-{players}.db"
                moves = await play(path, name, players, games)
                sizes = await table_sizes(path)
                grown = {t: sizes.get(t, 0) - baseline.get(t, 0) for t in sizes}
                results = sum(grown.get(t, 0) for t in ("results", "ratings", "season_ratings",
                                                         "rating_history", "seasons"))
                honours = sum(grown.get(t, 0) for t in ("moments", "streaks", "achievements",
                                                         "honours_recorded"))
                total = sum(grown.values())
                other = total - grown.get("actions", 0) - grown.get("games", 0) - results - honours
                cells = (name, str(players), f"{moves / games:.0f}",
                         f"{grown.get('actions', 0) / games:,.0f}",
                         f"{grown.get('games', 0) / games:,.0f}", f"{results / games:,.0f}",
                         f"{honours / games:,.0f}", f"{other / games:,.0f}",
                         f"{total / games:,.0f}", f"{path.stat().st_size / 1024:,.0f} KiB")
                print(" | ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of each kind (default 20)")
    asyncio.run(measure(parser.parse_args().games))


if __name__ == "__main__":
    main()
