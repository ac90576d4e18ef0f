"""Numbered SQL migrations and the schema_version table, for each backend.

SQLite's are store/migrations/NNNN_name.sql, PostgreSQL's store/migrations/postgresql/
NNNN_name.sql. A change to the schema is one file in each folder under the same number, so
schema_version means the same thing on both.

Numbers are unique but may leave gaps: branches made side by side each reserve a number, and
merge in any order. So a migration is applied when its own number is not yet recorded, not
when it is above the highest one: a database that took 0020 before 0019 was merged still
gets 0019."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
POSTGRES_MIGRATIONS_DIR = MIGRATIONS_DIR / "postgresql"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(folder: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Every migration file in order; numbers start at 1 and never repeat."""
    found = []
    for path in folder.iterdir():
        match = _NAME.match(path.name)
        if match:
            found.append(Migration(int(match.group(1)), path.name, path.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if len(set(versions)) != len(versions) or (versions and versions[0] != 1):
        raise RuntimeError(f"migrations must be numbered from 1, each number once: {found!r}")
    return found


class NewerSchema(RuntimeError):
    """The database was upgraded by a newer version of the bot than this one: running on it
    could write rows its schema no longer takes, or miss what the newer one keeps."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(f"it was upgraded by a newer version of the bot (schema {found}; this "
                         f"one knows up to {known}): update the bot, or restore a backup made "
                         "before the upgrade")


def _refuse_newer(applied: set[int], migrations: list[Migration]) -> None:
    unknown = applied - {m.version for m in migrations}
    if unknown:
        raise NewerSchema(max(unknown), migrations[-1].version if migrations else 0)


#: Called with the migrations about to be applied to a database that already had a schema.
BeforeMigrating = Callable[[list[Migration]], Awaitable[None]]


async def schema_version(db: aiosqlite.Connection) -> int:
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
    )
    async with db.execute("SELECT MAX(version) FROM schema_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row and row[0] is not None else 0


async def migrate(db: aiosqlite.Connection, migrations: list[Migration] | None = None, *,
                  before: BeforeMigrating | None = None) -> int:
    """Apply the pending migrations, each in its own transaction; returns the new version.
    `before` hears of them first, unless the database is new (it has nothing to lose); if it
    raises, nothing is applied.

    The connection must be in autocommit mode (isolation_level=None): the script carries its
    own BEGIN/COMMIT so a migration and its version number land together or not at all."""
    migrations = load_migrations() if migrations is None else migrations
    current = await schema_version(db)
    async with db.execute("SELECT version FROM schema_version") as cursor:
        applied = {int(row[0]) for row in await cursor.fetchall()}
    _refuse_newer(applied, migrations)
    pending = [m for m in migrations if m.version not in applied]
    if pending and applied and before is not None:
        await before(pending)
    for migration in pending:
        log.info("applying migration %s", migration.name)
        script = (
            "BEGIN;\n"
            f"{migration.sql}\n;"
            f"INSERT INTO schema_version (version) VALUES ({migration.version});\n"
            "COMMIT;"
        )
        try:
            await db.executescript(script)
        except Exception:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
        current = max(current, migration.version)
    return current


#: Held while migrating, so two processes starting at once do not both apply a migration.
_MIGRATION_LOCK = 0x63617264  # "card"


async def postgres_schema_version(connection: Any) -> int:
    await connection.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
    )
    version = await connection.fetchval("SELECT MAX(version) FROM schema_version")
    return int(version) if version is not None else 0


async def migrate_postgres(connection: Any, migrations: list[Migration] | None = None) -> int:
    """The PostgreSQL twin of migrate(): each pending migration and its version number in one
    transaction, under an advisory lock on the current schema."""
    migrations = load_migrations(POSTGRES_MIGRATIONS_DIR) if migrations is None else migrations
    await connection.execute(
        "SELECT pg_advisory_lock($1, hashtext(current_schema()))", _MIGRATION_LOCK
    )
    try:
        current = await postgres_schema_version(connection)
        applied = {int(row["version"])
                   for row in await connection.fetch("SELECT version FROM schema_version")}
        _refuse_newer(applied, migrations)
        for migration in migrations:
            if migration.version in applied:
                continue
            log.info("applying migration postgresql/%s", migration.name)
            async with connection.transaction():
                await connection.execute(migration.sql)
                await connection.execute(
                    "INSERT INTO schema_version (version) VALUES ($1)", migration.version
                )
            current = max(current, migration.version)
    finally:
        await connection.execute(
            "SELECT pg_advisory_unlock($1, hashtext(current_schema()))", _MIGRATION_LOCK
        )
    return current
