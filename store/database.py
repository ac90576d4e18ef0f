"""The two databases the store runs on, behind one small interface.

SQL is written once with `?` placeholders; the PostgreSQL side numbers them ($1, $2...).
Rows come back as mappings (column name -> value) on both sides.

- SQLite (the default): one aiosqlite connection in autocommit mode, WAL. A lock keeps the
  statements of one transaction together on the shared connection.
- PostgreSQL: an asyncpg pool; each transaction runs on a connection of its own.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

from store import migrate as migrations

log = logging.getLogger(__name__)

Row = Mapping[str, Any]

#: The bot's database unless DATABASE names another.
DEFAULT_DATABASE = "data/cardbot.db"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(url: str) -> bool:
    return url.startswith(POSTGRES_SCHEMES)


def without_password(url: str) -> str:
    """The database's address as logs and messages show it: a PostgreSQL URL's password is
    replaced by ***, so that a log or a pasted error never gives it away."""
    if not is_postgres(url):
        return url
    url = re.sub(r"(?<=[?&]password=)[^&]*", "***", url)
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user, _, host = parts.netloc.rpartition("@")
    return urlunsplit(parts._replace(netloc=f"{user.partition(':')[0]}:***@{host}"))


class ConstraintViolation(Exception):
    """A constraint refused the write (the backend's own error is the cause)."""


class UniqueViolation(ConstraintViolation):
    """A row with the same key is already there."""


class Connection(ABC):
    """The statements one caller runs, alone or inside a transaction."""

    kind: str

    @abstractmethod
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None


class Database(Connection):
    """A connection outside any transaction, plus transactions, migrations and closing."""

    url: str
    #: Commits made since opening: benchmarks read it.
    commits: int

    @abstractmethod
    def transaction(self) -> Any:
        """`async with db.transaction() as tx:` commits at the end, rolls back on error."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    async def optimize(self) -> None:
        """Refresh what the query planner knows of the tables, where the database asks for
        it (SQLite; PostgreSQL's autovacuum does it by itself)."""

    @abstractmethod
    async def close(self) -> None: ...


class Joined(Database):
    """A transaction already open, seen as a database: statements run on it join that
    transaction (and `transaction()` opens none), so a store method can commit as part of a
    larger whole. It is not opened, closed or migrated."""

    def __init__(self, tx: Connection, outer: Database) -> None:
        self._tx = tx
        self.kind, self.url, self.commits = tx.kind, outer.url, 0

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._tx.fetch(sql, params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self._tx.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._tx.executemany(sql, rows)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        yield self._tx

    async def schema_version(self) -> int:
        raise TypeError("a joined transaction has no schema of its own")

    async def close(self) -> None:
        raise TypeError("a joined transaction is closed by its owner")


async def connect(url: str, *, synchronous: str = "NORMAL") -> Database:
    """Open the database at `url` (a SQLite path, or postgresql://...) and migrate it."""
    if is_postgres(url):
        return await PostgresDatabase.open(url)
    return await SqliteDatabase.open(url, synchronous=synchronous)


# ==================================================================== SQLite


class _SqliteConnection(Connection):
    kind = "sqlite"

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with _sqlite_violations():
            async with self._db.execute(sql, tuple(params)) as cursor:
                # The row_factory is sqlite3.Row, read by column name; typeshed types it
                # without the Mapping it behaves as.
                return list(await cursor.fetchall())  # type: ignore[arg-type]

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _sqlite_violations():
            cursor = await self._db.execute(sql, tuple(params))
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with _sqlite_violations():
            await self._db.executemany(sql, [tuple(r) for r in rows])


@contextmanager
def _sqlite_violations() -> Iterator[None]:
    try:
        yield
    except sqlite3.IntegrityError as error:
        unique = "UNIQUE" in str(error) or "PRIMARY KEY" in str(error)
        raise (UniqueViolation if unique else ConstraintViolation)(str(error)) from error


class SqliteDatabase(Database):
    kind = "sqlite"

    def __init__(self, db: aiosqlite.Connection, url: str) -> None:
        self._db = db
        self._connection = _SqliteConnection(db)
        self._lock = asyncio.Lock()
        self.url = url
        self.commits = 0

    @classmethod
    async def open(cls, path: str, *, synchronous: str = "NORMAL") -> SqliteDatabase:
        """WAL with synchronous=NORMAL: a commit survives the bot crashing or being killed;
        only a power cut can lose the last few. synchronous="FULL" trades speed for that too."""
        if _is_file(path):
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        connecting = aiosqlite.connect(path, isolation_level=None)
        try:
            db = await connecting
        except BaseException:
            # aiosqlite stops its worker thread without waiting for it; left alone, the thread
            # answers after the event loop may have closed, with a traceback on stderr.
            await asyncio.to_thread(connecting._thread.join, 5.0)
            raise
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute(f"PRAGMA synchronous={synchronous}")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            copy = _copy_before_migrating(path) if _is_file(path) else None
            await migrations.migrate(db, before=copy)
            # SQLite's advice for a connection that stays open: optimize on opening (0x10000
            # looks at every table, on SQLite 3.46 and later), again daily (tables/backups.py)
            # and on closing.
            await db.execute("PRAGMA optimize=0x10002")
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._lock:
            return await self._connection.fetch(sql, params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._lock:
            changed = await self._connection.execute(sql, params)
            self.commits += 1
            return changed

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with self.transaction() as tx:
            await tx.executemany(sql, rows)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._connection
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")
            self.commits += 1

    async def schema_version(self) -> int:
        async with self._lock:
            return await migrations.schema_version(self._db)

    async def optimize(self) -> None:
        async with self._lock:
            await self._db.execute("PRAGMA optimize")

    async def close(self) -> None:
        async with self._lock:
            try:
                await self._db.execute("PRAGMA optimize")
            except sqlite3.Error as problem:  # the statistics wait for the next start
                log.warning("Could not optimize %s on closing it (%s)", self.url, problem)
            finally:
                await self._db.close()


def _is_file(path: str) -> bool:
    return path != ":memory:" and not path.startswith("file:")


def _copy_before_migrating(path: str) -> migrations.BeforeMigrating:
    """A copy of the database at `path` beside it, before migrations change it (and the
    oldest such copies dropped): an upgrade that goes wrong can be undone."""

    async def copy(pending: list[migrations.Migration]) -> None:
        # Imported here: store.backup imports this module.
        from store.backup import backup_folder, before_upgrade

        try:
            backup = await asyncio.to_thread(before_upgrade, path, time.time())
        except (OSError, sqlite3.Error) as problem:
            raise RuntimeError(
                f"it could not be copied into {backup_folder(path)} before its upgrade "
                f"({problem}), so it was left as it was: make room there and start again"
            ) from problem
        log.info("Copied the database to %s before upgrading it (%s)", backup.path,
                 ", ".join(m.name for m in pending))

    return copy


# ==================================================================== PostgreSQL

_PLACEHOLDER = re.compile(r"\?")


@lru_cache(maxsize=256)
def postgres_sql(sql: str) -> str:
    """`?` placeholders numbered the PostgreSQL way. The store's SQL has no `?` elsewhere."""
    counter = iter(range(1, 10_000))
    return _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)


class _PostgresConnection(Connection):
    kind = "postgresql"

    def __init__(self, connection: Any) -> None:
        self._connection = connection

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with _unique_violations():
            return list(await self._connection.fetch(postgres_sql(sql), *params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with _unique_violations():
            status = await self._connection.execute(postgres_sql(sql), *params)
        return _changed(status)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            async with _unique_violations():
                await self._connection.executemany(postgres_sql(sql), rows)


class PostgresDatabase(Database):
    kind = "postgresql"

    def __init__(self, pool: Any, url: str) -> None:
        self._pool = pool
        self.url = url
        self.commits = 0

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PostgresDatabase:
        import asyncpg

        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        try:
            async with pool.acquire() as connection:
                await migrations.migrate_postgres(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._pool.acquire() as connection:
            return await _PostgresConnection(connection).fetch(sql, params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._pool.acquire() as connection:
            changed = await _PostgresConnection(connection).execute(sql, params)
        self.commits += 1
        return changed

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with self.transaction() as tx:
            await tx.executemany(sql, rows)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield _PostgresConnection(connection)
        self.commits += 1

    async def schema_version(self) -> int:
        async with self._pool.acquire() as connection:
            return await migrations.postgres_schema_version(connection)

    async def close(self) -> None:
        await self._pool.close()


@asynccontextmanager
async def _unique_violations() -> AsyncIterator[None]:
    import asyncpg

    try:
        yield
    except asyncpg.UniqueViolationError as error:
        raise UniqueViolation(str(error)) from error
    except asyncpg.IntegrityConstraintViolationError as error:
        raise ConstraintViolation(str(error)) from error


def _changed(status: str) -> int:
    """Rows changed, from asyncpg's command tag ("INSERT 0 1", "UPDATE 3")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0
