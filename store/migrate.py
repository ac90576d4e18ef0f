"""Numbered SQL migrations (store/migrations/NNNN_name.sql) and the schema_version table."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(folder: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Every migration file in order; numbers must run 1, 2, 3... without gaps or repeats."""
    found = []
    for path in folder.iterdir():
        match = _NAME.match(path.name)
        if match:
            found.append(Migration(int(match.group(1)), path.name, path.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    expected = list(range(1, len(found) + 1))
    if [m.version for m in found] != expected:
        raise RuntimeError(f"migrations must be numbered 1..n without gaps: {found!r}")
    return found


async def schema_version(db: aiosqlite.Connection) -> int:
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
    )
    async with db.execute("SELECT MAX(version) FROM schema_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row and row[0] is not None else 0


async def migrate(db: aiosqlite.Connection, migrations: list[Migration] | None = None) -> int:
    """Apply the pending migrations, each in its own transaction; returns the new version.

    The connection must be in autocommit mode (isolation_level=None): the script carries its
    own BEGIN/COMMIT so a migration and its version number land together or not at all."""
    migrations = load_migrations() if migrations is None else migrations
    current = await schema_version(db)
    for migration in migrations:
        if migration.version <= current:
            continue
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
        current = migration.version
    return current
