"""The store's base: the connection helpers every area of the store writes through, the
process's `owner` token that fences writes, and the errors a refused write raises.

Every write to a game or a lobby is fenced: the store has an `owner` token (one per process),
games and open lobbies are claimed by their owner, and a write goes through only while its
game's or lobby's owner is this store. A process that lost a game or a lobby to another one is
refused by the database (GameLost, LobbyLost), so two writers never interleave.

A tournament is fenced by its version instead: each save names the version it was loaded at
and bumps it, so of two writers holding one version only the first gets through; the other is
refused (TournamentConflict) and must load the tournament again.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, Self

from store.database import Database, Row, connect


class LogConflict(Exception):
    """That move number is already in the game's log: the log never forks."""


class GameLost(Exception):
    """Another process serves this game now (it claimed the game's shard): stop serving it."""


class LobbyLost(Exception):
    """Another process serves this lobby now (it claimed the lobby's shard): stop serving it."""


class TournamentConflict(Exception):
    """The tournament was saved since this version was read (by another process, or by an
    older copy in this one): nothing was written; load it again and redo the action."""


def now_iso() -> str:
    """The store's own time, for its record of when a row last changed. What a player sees
    is dated by the tables' clock, handed in."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def iso_of_ms(ms: int) -> str:
    """A time in ms since 1970 UTC as the store keeps times in ISO text
    ('2026-12-06T17:54:55.123+00:00')."""
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="milliseconds")


def iso_to_ms(stamp: str) -> int:
    """A stored ISO time ('2026-12-06T17:54:55.123+00:00') as ms since 1970 UTC."""
    return round(datetime.fromisoformat(stamp).timestamp() * 1000)


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def shard_filter(shard_count: int | None, shard_ids: Sequence[int] | None) -> tuple[str, list[int]]:
    """SQL (and its parameters) keeping only the servers of these shards, as Discord assigns
    them: (guild_id >> 22) % shard_count."""
    if shard_count is None or shard_ids is None:
        return "", []
    marks = ", ".join("?" * len(shard_ids))
    return f" AND ((guild_id >> 22) % ?) IN ({marks})", [shard_count, *shard_ids]



class StoreBase:
    def __init__(self, db: Database, *, owner: str | None = None) -> None:
        self.db = db
        self.path = db.url
        #: This store's claim on the games it serves; a new one per process.
        self.owner = owner or secrets.token_hex(8)

    @property
    def commits(self) -> int:
        """Commits made since opening: the benchmarks read it."""
        return self.db.commits

    @property
    def kind(self) -> str:
        return self.db.kind

    @classmethod
    async def open(
        cls, url: str, *, synchronous: str = "NORMAL", owner: str | None = None
    ) -> Self:
        """Open (a SQLite path, creating folders and file, or a postgresql:// URL) and bring
        the schema up to date. `synchronous` is SQLite's durability setting."""
        return cls(await connect(url, synchronous=synchronous), owner=owner)

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        return await self.db.schema_version()

    async def _write(self, sql: str, params: Iterable[Any] = ()) -> int:
        """One statement, committed on its own; returns the number of rows changed."""
        return await self.db.execute(sql, tuple(params))

    async def _insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        """One INSERT ... RETURNING id, committed on its own; returns the new id."""
        async with self.db.transaction() as tx:
            row = await tx.fetchone(sql + " RETURNING id", tuple(params))
        assert row is not None
        return int(row["id"])

    async def _fetch(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return await self.db.fetch(sql, tuple(params))

    async def _fenced_write(self, game_id: int, sql: str, params: Sequence[Any]) -> None:
        """A write to a game this store must own: GameLost if the game is there but another
        process owns it now."""
        if await self._write(sql, params) == 0 and await self._fetch(
            "SELECT id FROM games WHERE id = ?", (game_id,)
        ):
            raise GameLost(f"game {game_id} is served by another process")
