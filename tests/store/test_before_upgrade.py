"""An upgrade of the bot that must migrate the SQLite database copies it first, beside the
periodic backups, so a migration that goes wrong can be undone with `scripts/backup restore`;
those copies do not pile up. SQLite's planner statistics are kept fresh: PRAGMA optimize when
the database closes."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import aiosqlite
import pytest

from store import Store
from store.backup import KEEP_BEFORE_UPGRADE, back_up, backups, before_upgrade, check_backup
from store.migrate import load_migrations, migrate

NEWEST = load_migrations()[-1].version


async def older_database(folder: Path) -> str:
    """A database one schema behind, holding one player's settings."""
    path = str(folder / "cardbot.db")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await migrate(db, load_migrations()[:-1])
        await db.execute("INSERT INTO player_settings VALUES (7, '{}', '2026-01-01')")
    return path


def read(path: Path | str, sql: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as db:
        return db.execute(sql).fetchall()


async def test_an_upgrade_copies_the_database_before_migrating_it(tmp_path: Path):
    database = await older_database(tmp_path)
    store = await Store.open(database)
    await store.close()
    [copy] = backups(database)
    assert copy.before_upgrade and copy.path.name.endswith("-before-upgrade.db")
    assert check_backup(copy.path) == NEWEST - 1  # as it was before the upgrade
    assert read(copy.path, "SELECT user_id FROM player_settings") == [(7,)]
    assert read(database, "SELECT MAX(version) FROM schema_version") == [(NEWEST,)]

    await (await Store.open(database)).close()  # nothing more to migrate: no new copy
    assert backups(database) == [copy]


async def test_a_new_database_is_not_copied(tmp_path: Path):
    database = str(tmp_path / "cardbot.db")
    await (await Store.open(database)).close()
    assert backups(database) == []


async def test_a_database_that_cannot_be_copied_is_left_unmigrated(tmp_path: Path):
    database = await older_database(tmp_path)
    (tmp_path / "backups").write_text("a file where the folder would go")
    with pytest.raises(RuntimeError, match="left as it was: make room there"):
        await Store.open(database)
    assert read(database, "SELECT MAX(version) FROM schema_version") == [(NEWEST - 1,)]


async def test_only_the_newest_copies_before_upgrades_are_kept_beside_the_schedules(
    tmp_path: Path,
):
    database = str(tmp_path / "cardbot.db")
    await (await Store.open(database)).close()
    scheduled = [back_up(database, 1_800_000_000 + hour * 3600).path for hour in range(2)]
    for release in range(KEEP_BEFORE_UPGRADE + 2):
        before_upgrade(database, 1_800_100_000 + release * 86_400)
    found = backups(database)
    assert [b.path for b in found if not b.before_upgrade] == scheduled
    kept = [b.taken_at.timestamp() for b in found if b.before_upgrade]
    assert kept == [1_800_100_000 + release * 86_400
                    for release in range(2, KEEP_BEFORE_UPGRADE + 2)]


async def test_closing_the_database_refreshes_the_planners_statistics(tmp_path: Path):
    database = str(tmp_path / "cardbot.db")
    store = await Store.open(database)
    for game in range(20):
        await store.create_game(guild_id=game % 3, channel_id=1, game="cribbage", options={},
                                seed=game, seats=[], host_id=1)
    await store.games_with_status("running")
    assert games_counted(database) is None
    await store.close()
    assert games_counted(database) == 20


def games_counted(database: str) -> int | None:
    """How many games the planner's statistics say there are (None: no statistics)."""
    if not read(database, "SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'"):
        return None  # nothing analysed yet: SQLite makes the table with its first statistics
    stat = read(database, "SELECT stat FROM sqlite_stat1 WHERE idx = 'games_by_status'")
    return int(str(stat[0][0]).split()[0]) if stat else None
