import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from store import Store
from store.migrate import (
    POSTGRES_MIGRATIONS_DIR,
    Migration,
    NewerSchema,
    load_migrations,
    migrate,
    schema_version,
)

EXPECTED_TABLES = {
    "games", "actions", "results", "ratings", "lobbies", "player_settings", "tournaments",
    "tournament_games", "tournament_placings", "seasons", "season_ratings", "rating_history",
    "achievements", "moments", "honours_recorded", "streaks",
    "rating_changes", "season_channels", "season_announcements", "milestone_marks",
    "server_settings", "departed_guilds",
    "schema_version",
}


async def table_names(db: aiosqlite.Connection) -> set[str]:
    async with db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cursor:
        return {row[0] for row in await cursor.fetchall()} - {"sqlite_sequence"}


def test_migration_files_are_numbered_from_one_each_number_once():
    versions = [m.version for m in load_migrations()]
    assert versions[0] == 1 and versions == sorted(set(versions))
    assert len(versions) >= 3


def test_a_number_used_twice_is_refused(tmp_path: Path):
    for name in ("0001_a.sql", "0002_b.sql", "0002_c.sql"):
        (tmp_path / name).write_text("SELECT 1;")
    with pytest.raises(RuntimeError, match="each number once"):
        load_migrations(tmp_path)


async def test_a_migration_merged_after_a_higher_one_was_applied_is_applied_too():
    """Branches reserve numbers side by side (say 0019 and 0020) and merge in any order: a
    database that took 0003 before 0002 existed still gets 0002, once."""
    first = Migration(1, "0001_a.sql", "CREATE TABLE a (x INTEGER);")
    reserved = Migration(2, "0002_b.sql", "CREATE TABLE b (x INTEGER);")
    later = Migration(3, "0003_c.sql", "CREATE TABLE c (x INTEGER);")
    async with aiosqlite.connect(":memory:", isolation_level=None) as db:
        assert await migrate(db, [first, later]) == 3
        assert "b" not in await table_names(db)
        assert await migrate(db, [first, reserved, later]) == 3
        assert {"a", "b", "c"} <= await table_names(db)
        assert await migrate(db, [first, reserved, later]) == 3
        async with db.execute("SELECT version FROM schema_version ORDER BY version") as cursor:
            assert [row[0] for row in await cursor.fetchall()] == [1, 2, 3]
        # One the code does not know of (a newer bot's) is still refused.
        with pytest.raises(NewerSchema):
            await migrate(db, [first, later])


async def test_migrate_from_empty_creates_every_table_and_records_the_version():
    async with aiosqlite.connect(":memory:", isolation_level=None) as db:
        assert await schema_version(db) == 0
        version = await migrate(db)
        assert version == load_migrations()[-1].version
        assert await schema_version(db) == version
        assert await table_names(db) == EXPECTED_TABLES


async def test_migrate_twice_changes_nothing():
    async with aiosqlite.connect(":memory:", isolation_level=None) as db:
        first = await migrate(db)
        async with db.execute("SELECT COUNT(*) FROM schema_version") as cursor:
            rows_before = (await cursor.fetchone())[0]
        assert await migrate(db) == first
        async with db.execute("SELECT COUNT(*) FROM schema_version") as cursor:
            assert (await cursor.fetchone())[0] == rows_before


async def test_a_failing_migration_leaves_no_half_applied_schema():
    good = Migration(1, "0001_a.sql", "CREATE TABLE a (x INTEGER);")
    bad = Migration(2, "0002_b.sql", "CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);")
    async with aiosqlite.connect(":memory:", isolation_level=None) as db:
        with pytest.raises(sqlite3.OperationalError):
            await migrate(db, [good, bad])
        assert await schema_version(db) == 1
        assert "b" not in await table_names(db)
        assert not db.in_transaction


async def test_open_on_a_file_creates_folders_and_reopens_at_the_same_version(tmp_path: Path):
    path = tmp_path / "deep" / "er" / "bot.sqlite3"
    store = await Store.open(str(path))
    version = await store.schema_version()
    game_id = await store.create_game(
        guild_id=1, channel_id=2, game="dash", options={}, seed=3,
        seats=[{"user_id": 1, "name": "A", "ai": None}], host_id=1,
    )
    await store.close()
    assert path.exists()
    again = await Store.open(str(path))
    assert await again.schema_version() == version
    assert (await again.game(game_id)) is not None
    await again.close()


async def test_file_database_uses_write_ahead_logging(tmp_path: Path):
    store = await Store.open(str(tmp_path / "wal.sqlite3"))
    rows = await store._fetch("PRAGMA journal_mode")
    assert rows[0][0] == "wal"
    await store.close()


def test_each_backend_has_the_same_numbered_migrations():
    sqlite_names = [m.name for m in load_migrations()]
    postgres_names = [m.name for m in load_migrations(POSTGRES_MIGRATIONS_DIR)]
    assert sqlite_names == postgres_names


async def test_both_backends_open_at_the_latest_version_and_again_without_change(
    database_url: str,
):
    store = await Store.open(database_url)
    version = await store.schema_version()
    assert version == load_migrations()[-1].version
    await store.close()
    again = await Store.open(database_url)
    assert await again.schema_version() == version
    await again.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_a_database_a_newer_bot_upgraded_is_refused_and_left_as_it_is(
    tmp_path: Path, backend: str
):
    """An older bot started on a database a newer one upgraded (an update rolled back) says
    so in one line and changes nothing, rather than running on a schema it does not know."""
    from store.store import check_opens
    from tests.databases import fresh_database

    async with fresh_database(backend, tmp_path) as url:
        store = await Store.open(url)
        known = await store.schema_version()
        await store.close()
        newer = known + 3
        if backend == "sqlite":
            async with aiosqlite.connect(url, isolation_level=None) as db:
                await db.execute("INSERT INTO schema_version (version) VALUES (?)", (newer,))
        else:
            import asyncpg

            connection = await asyncpg.connect(url)
            try:
                await connection.execute("INSERT INTO schema_version (version) VALUES ($1)",
                                         newer)
            finally:
                await connection.close()

        opens, line = await check_opens(url)

        assert not opens
        assert f"schema {newer}; this one knows up to {known}" in line
        assert line.startswith("The database ") and "is not for this version of the bot" in line
        assert "update the bot" in line
        if backend == "sqlite":
            async with aiosqlite.connect(url, isolation_level=None) as db:
                assert await schema_version(db) == newer
