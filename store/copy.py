"""Copy a whole database to another backend, then check it.

    python -m store.copy data/cardbot.db postgresql://cardbot@localhost/cardbot
    python -m store.copy postgresql://cardbot@localhost/cardbot back.sqlite3

Both ends are brought to the latest schema first; the destination must hold no games yet.
Ids are kept, so buttons already posted in Discord keep pointing at their games. Afterwards the
row counts of every table are compared and every running game is replayed from its copied log.
Stop the bot while copying: games played during the copy would be missed.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field

from store.store import Store

#: In an order that satisfies the foreign keys.
TABLES = ("games", "actions", "results", "ratings", "lobbies", "player_settings")
ORDER = {"games": "id", "actions": "game_id, seq", "results": "game_id, seat",
         "ratings": "guild_id, game, user_id", "lobbies": "id", "player_settings": "user_id"}
BATCH = 5000


@dataclass
class CopyReport:
    counts: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    problems: list[str] = field(default_factory=list)


async def copy_database(source_url: str, target_url: str) -> CopyReport:
    source = await Store.open(source_url)
    target = await Store.open(target_url)
    try:
        if await target.db.fetch("SELECT id FROM games LIMIT 1"):
            raise SystemExit(f"{target_url} already holds games: copy only into an empty one.")
        for table in TABLES:
            await _copy_table(source, target, table)
        if target.kind == "postgresql":
            for table in ("games", "lobbies"):
                await target.db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
        return await check_copy(source, target)
    finally:
        await source.close()
        await target.close()


async def _copy_table(source: Store, target: Store, table: str) -> None:
    offset = 0
    while True:
        rows = await source.db.fetch(
            f"SELECT * FROM {table} ORDER BY {ORDER[table]} LIMIT ? OFFSET ?", (BATCH, offset)
        )
        if not rows:
            return
        columns = list(rows[0].keys())
        marks = ", ".join("?" * len(columns))
        values = [[row[c] for c in columns] for row in rows]
        async with target.db.transaction() as tx:
            await tx.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", values
            )
        offset += len(rows)




async def check_copy(source: Store, target: Store) -> CopyReport:
    """Same row counts in every table, and every running game replays from its copied log."""
    from engine.registry import GAMES
    from tables.seats import SeatInfo  # the check needs the tables layer; copying does not
    from tables.table import Table

    report = CopyReport()
    for table in TABLES:
        [before] = await source.db.fetch(f"SELECT COUNT(*) AS n FROM {table}")
        [after] = await target.db.fetch(f"SELECT COUNT(*) AS n FROM {table}")
        report.counts[table] = int(after["n"])
        if before["n"] != after["n"]:
            report.problems.append(f"{table}: {before['n']} rows, {after['n']} copied")
    for record in await target.games_with_status("running"):
        try:
            game = Table(
                id=record.id, spec=GAMES[record.game], options=record.options, seed=record.seed,
                seats=[SeatInfo.from_json(s) for s in record.seats], guild_id=record.guild_id,
                channel_id=record.channel_id, host_id=record.host_id, settings=record.settings,
            )
            game.replay([(row.seat, row.action) for row in await target.actions(record.id)])
        except Exception as error:
            report.problems.append(f"game {record.id} ({record.game}) does not replay: {error!r}")
        else:
            report.replayed += 1
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m store.copy", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("source", help="SQLite file or postgresql:// URL to copy from")
    parser.add_argument("target", help="SQLite file or postgresql:// URL to copy into (empty)")
    args = parser.parse_args(argv)
    report = asyncio.run(copy_database(args.source, args.target))
    for table, count in report.counts.items():
        print(f"{table:8} {count:>9} rows")
    print(f"running games replayed: {report.replayed}")
    for problem in report.problems:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
