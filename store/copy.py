"""Copy a whole database to another backend, then check it (the command is
tools/copy_database.py).

Both ends are brought to the latest schema first; the destination must be empty.
Ids are kept, so buttons already posted in Discord keep pointing at their games. Afterwards the
row counts of every table are compared, and every running game's copied log is handed to the
caller's check (replaying a game is the tables layer's job, above this one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from store.database import without_password
from store.records import GameRecord
from store.store import Store

#: Raises when a stored game's log does not replay: (the game, its log of (seat, action)).
GameCheck = Callable[[GameRecord, list[tuple[int, dict[str, Any]]]], object]

#: In an order that satisfies the foreign keys.
TABLES = ("games", "actions", "results", "ratings", "lobbies", "player_settings",
          "tournaments", "tournament_games", "tournament_placings", "seasons",
          "season_ratings", "rating_history", "achievements", "moments", "honours_recorded",
          "streaks", "rating_changes", "season_channels", "season_announcements",
          "milestone_marks", "server_settings", "departed_guilds")
ORDER = {"games": "id", "actions": "game_id, seq", "results": "game_id, seat",
         "ratings": "guild_id, game, user_id", "lobbies": "id", "player_settings": "user_id",
         "tournaments": "id", "tournament_games": "game_id",
         "tournament_placings": "tournament_id, user_id", "seasons": "guild_id, number",
         "season_ratings": "guild_id, season, game, user_id",
         "rating_history": "game_id, user_id",
         "achievements": "guild_id, user_id, game, achievement", "moments": "game_id, seat, kind",
         "honours_recorded": "game_id", "streaks": "guild_id, user_id, game",
         "rating_changes": "game_id, user_id, season", "season_channels": "guild_id",
         "season_announcements": "guild_id, season", "milestone_marks": "id",
         "server_settings": "guild_id", "departed_guilds": "guild_id"}
BATCH = 5000


@dataclass
class CopyReport:
    counts: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    problems: list[str] = field(default_factory=list)


async def copy_database(source_url: str, target_url: str, check_game: GameCheck) -> CopyReport:
    source = await Store.open(source_url)
    try:
        target = await Store.open(target_url)
    except BaseException:
        await source.close()  # an open SQLite connection's thread keeps the process alive
        raise
    try:
        # Any row at all: a bot started on the new database first has made seasons, lobbies
        # or settings whose keys the copy's would run into halfway through.
        held = [table for table in TABLES
                if await target.db.fetch(f"SELECT 1 FROM {table} LIMIT 1")]
        if held:
            raise SystemExit(f"{without_password(target_url)} already holds data (in "
                             f"{', '.join(held)}: copied before, or the bot ran on it?): copy "
                             "only into an empty database, a new file for SQLite or, for "
                             "PostgreSQL, one made again with dropdb and createdb.")
        for table in TABLES:
            await _copy_table(source, target, table)
        if target.kind == "postgresql":
            for table in ("games", "lobbies", "tournaments"):
                await target.db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
        return await check_copy(source, target, check_game)
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


async def check_copy(source: Store, target: Store, check_game: GameCheck) -> CopyReport:
    """Same row counts in every table, and `check_game` passes every running game's copied
    log."""
    report = CopyReport()
    for table in TABLES:
        [before] = await source.db.fetch(f"SELECT COUNT(*) AS n FROM {table}")
        [after] = await target.db.fetch(f"SELECT COUNT(*) AS n FROM {table}")
        report.counts[table] = int(after["n"])
        if before["n"] != after["n"]:
            report.problems.append(f"{table}: {before['n']} rows, {after['n']} copied")
    for record in await target.games_with_status("running"):
        log = [(row.seat, row.action) for row in await target.actions(record.id)]
        try:
            check_game(record, log)
        except Exception as error:
            report.problems.append(f"game {record.id} ({record.game}) does not replay: {error!r}")
        else:
            report.replayed += 1
    return report
