"""Fresh databases on both backends for the store, table and end-to-end persistence tests.

    @pytest.fixture(params=BACKENDS) ... or use the `database_url` fixture (tests/conftest.py)

SQLite gets a file under the test's tmp_path. PostgreSQL gets a schema of its own on the server
named by TEST_DATABASE_URL (so parallel test workers never meet), dropped afterwards. Without
that server the PostgreSQL variants skip, saying how to run them, unless CI is set: then they
fail, so CI never passes without having run them.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

BACKENDS = ("sqlite", "postgresql")

HOW_TO_RUN = (
    "PostgreSQL variant skipped: set TEST_DATABASE_URL=postgresql://user@host/db of a server "
    "you may create schemas on, or start one with `eval \"$(.ci/postgres)\"` (as root)."
)


def _unavailable(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but PostgreSQL is not usable: {why}")
    pytest.skip(f"{HOW_TO_RUN} ({why})")


def with_schema(url: str, schema: str) -> str:
    """The URL with search_path set (asyncpg passes unknown query parameters to the server)."""
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}search_path={schema}"


@asynccontextmanager
async def fresh_database(backend: str, folder: Path) -> AsyncIterator[str]:
    """The URL of an empty database of this backend, for as long as the block runs."""
    if backend == "sqlite":
        yield str(folder / f"bot-{uuid.uuid4().hex[:8]}.sqlite3")
        return
    server = os.environ.get("TEST_DATABASE_URL", "").strip()
    if not server:
        _unavailable("TEST_DATABASE_URL is not set")
    import asyncpg

    try:
        admin = await asyncpg.connect(server, timeout=10)
    except (OSError, asyncpg.PostgresError) as error:
        _unavailable(f"cannot connect to {server}: {error}")
    schema = f"test_{uuid.uuid4().hex[:16]}"
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        yield with_schema(server, schema)
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()
