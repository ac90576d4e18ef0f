"""Store: the bot's one SQLite database, reached through a single aiosqlite connection.

Every public method takes the store's lock, so statements of one transaction never
interleave with another caller's on the shared connection. The connection runs in
autocommit mode: a single statement commits on its own, and the few multi-statement
writes (finishing a game) use an explicit BEGIN ... COMMIT.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from store.migrate import migrate
from store.migrate import schema_version as read_schema_version
from store.records import (
    ActionRecord,
    Finish,
    GameRecord,
    LobbyRecord,
    RatingRow,
    ResultRow,
)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Store:
    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self.path = path
        #: Commits made since opening: the benchmark reads it.
        self.commits = 0

    # ---------------------------------------------------------------- life cycle

    @classmethod
    async def open(cls, path: str, *, synchronous: str = "NORMAL") -> Store:
        """Open (creating folders and file) and bring the schema up to date.

        WAL with synchronous=NORMAL: a commit survives the bot crashing or being killed; only a
        power cut can lose the last few. Pass synchronous="FULL" to trade speed for that too."""
        if path != ":memory:" and not path.startswith("file:"):
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute(f"PRAGMA synchronous={synchronous}")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def schema_version(self) -> int:
        async with self._lock:
            return await read_schema_version(self._db)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN ... COMMIT under the lock; ROLLBACK if anything inside raises."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")
            self.commits += 1

    async def _write(self, sql: str, params: Iterable[Any] = ()) -> int:
        """One statement, committed on its own; returns lastrowid."""
        async with self._lock:
            cursor = await self._db.execute(sql, tuple(params))
            self.commits += 1
            return cursor.lastrowid or 0

    async def _fetch(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock, self._db.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())

    # ---------------------------------------------------------------- games

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: list[dict[str, Any]],
        host_id: int,
        settings: dict[str, Any] | None = None,
        thread_id: int | None = None,
        message_id: int | None = None,
    ) -> int:
        now = _now()
        return await self._write(
            "INSERT INTO games (guild_id, channel_id, thread_id, message_id, game, options,"
            " settings, seed, seats, host_id, status, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?)",
            (
                guild_id, channel_id, thread_id, message_id, game, _dumps(options),
                _dumps(settings or {}), seed, _dumps(seats), host_id, now, now,
            ),
        )

    async def game(self, game_id: int) -> GameRecord | None:
        rows = await self._fetch("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game_record(rows[0]) if rows else None

    async def games_with_status(self, status: str) -> list[GameRecord]:
        rows = await self._fetch("SELECT * FROM games WHERE status = ? ORDER BY id", (status,))
        return [_game_record(row) for row in rows]

    async def set_location(
        self, game_id: int, *, thread_id: int | None, message_id: int | None
    ) -> None:
        await self._write(
            "UPDATE games SET thread_id = ?, message_id = ?, updated_at = ? WHERE id = ?",
            (thread_id, message_id, _now(), game_id),
        )

    async def set_status(self, game_id: int, status: str, *, error: str | None = None) -> None:
        await self._write(
            "UPDATE games SET status = ?, error = ?, updated_at = ? WHERE id = ?",
            (status, error, _now(), game_id),
        )

    # ---------------------------------------------------------------- action log

    async def append_action(
        self,
        game_id: int,
        seq: int,
        seat: int,
        action: dict[str, Any],
        *,
        finish: Finish | None = None,
    ) -> None:
        """Commit one accepted action; with `finish`, the game's end goes in the same commit.

        Raises sqlite3.IntegrityError if `seq` is already taken (the log never forks)."""
        now = _now()
        insert = "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)"
        params = (game_id, seq, seat, _dumps(action), now)
        if finish is None:
            # The common case: one statement, committed on its own (a trigger touches
            # games.updated_at inside it).
            await self._write(insert, params)
            return
        async with self._transaction() as db:
            await db.execute(insert, params)
            await self._record_finish(db, game_id, finish, now)

    async def finish_game(self, game_id: int, finish: Finish) -> None:
        """End a game without a new action (a game found finished on replay)."""
        async with self._transaction() as db:
            await self._record_finish(db, game_id, finish, _now())

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetch(
            "SELECT * FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [
            ActionRecord(r["game_id"], r["seq"], r["seat"], json.loads(r["action"]), r["at"])
            for r in rows
        ]

    async def _record_finish(
        self, db: aiosqlite.Connection, game_id: int, finish: Finish, now: str
    ) -> None:
        async with db.execute("SELECT guild_id, game FROM games WHERE id = ?", (game_id,)) as c:
            row = await c.fetchone()
        if row is None:
            raise KeyError(f"no game {game_id}")
        guild_id, game = row["guild_id"], row["game"]
        await db.executemany(
            "INSERT INTO results (game_id, guild_id, game, user_id, seat, side, rank, won,"
            " win_points, score, assisted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id, guild_id, game, r.user_id, r.seat, r.side, r.rank, int(r.won),
                    r.win_points if r.won else 0, r.score, int(r.assisted),
                )
                for r in finish.results
            ],
        )
        rated = [r for r in finish.results if r.user_id is not None]
        if finish.rater is not None and rated:
            await self._update_ratings(db, guild_id, game, rated, finish)
        await db.execute(
            "UPDATE games SET status = 'finished', outcome = ?, updated_at = ? WHERE id = ?",
            (_dumps(finish.outcome), now, game_id),
        )

    async def _update_ratings(
        self,
        db: aiosqlite.Connection,
        guild_id: int,
        game: str,
        rated: list[ResultRow],
        finish: Finish,
    ) -> None:
        assert finish.rater is not None
        user_ids = [r.user_id for r in rated if r.user_id is not None]
        marks = ",".join("?" * len(user_ids))
        async with db.execute(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        ) as cursor:
            current: dict[int, tuple[float, float] | None] = dict.fromkeys(user_ids)
            for row in await cursor.fetchall():
                current[row["user_id"]] = (row["mu"], row["sigma"])
        new = finish.rater(current)
        for r in rated:
            mu, sigma = new[r.user_id]  # type: ignore[index]
            won = int(r.won)
            await db.execute(
                "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, points,"
                " skunks) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)"
                " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu,"
                " sigma = excluded.sigma, games = games + 1, wins = wins + excluded.wins,"
                " points = points + excluded.points, skunks = skunks + excluded.skunks",
                (
                    guild_id, game, r.user_id, mu, sigma, won, r.win_points * won,
                    int(won and r.win_points > 1),
                ),
            )

    # ---------------------------------------------------------------- ratings and results

    async def ratings(self, guild_id: int, game: str) -> list[RatingRow]:
        rows = await self._fetch(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        )
        return [_rating_row(r) for r in rows]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        """Best first by the conservative estimate mu - 3 sigma (openskill's ordinal)."""
        rows = await self._fetch(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY mu - 3 * sigma DESC, wins DESC, user_id LIMIT ?",
            (guild_id, game, limit),
        )
        return [_rating_row(r) for r in rows]

    async def user_ratings(self, guild_id: int, user_id: int) -> list[RatingRow]:
        rows = await self._fetch(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game",
            (guild_id, user_id),
        )
        return [_rating_row(r) for r in rows]

    async def user_results(
        self, guild_id: int, user_id: int, limit: int = 10
    ) -> list[dict[str, Any]]:
        rows = await self._fetch(
            "SELECT r.*, g.updated_at AS finished_at FROM results r JOIN games g"
            " ON g.id = r.game_id WHERE r.guild_id = ? AND r.user_id = ?"
            " ORDER BY r.game_id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        return [dict(row) for row in rows]

    async def assisted_games(self, guild_id: int, user_id: int) -> int:
        """How many games this player finished here with hints on (never rated)."""
        rows = await self._fetch(
            "SELECT COUNT(*) AS n FROM results WHERE guild_id = ? AND user_id = ? AND assisted",
            (guild_id, user_id),
        )
        return int(rows[0]["n"])

    async def results(self, game_id: int) -> list[dict[str, Any]]:
        rows = await self._fetch(
            "SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [dict(row) for row in rows]

    # ---------------------------------------------------------------- lobbies

    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        options: dict[str, Any],
        settings: dict[str, Any],
        seats: list[dict[str, Any]],
        message_id: int | None = None,
    ) -> int:
        now = _now()
        return await self._write(
            "INSERT INTO lobbies (guild_id, channel_id, message_id, host_id, game, options,"
            " settings, seats, status, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)",
            (
                guild_id, channel_id, message_id, host_id, game, _dumps(options),
                _dumps(settings), _dumps(seats), now, now,
            ),
        )

    async def save_lobby(
        self,
        lobby_id: int,
        *,
        message_id: int | None,
        options: dict[str, Any],
        settings: dict[str, Any],
        seats: list[dict[str, Any]],
        status: str = "open",
        game_id: int | None = None,
    ) -> None:
        await self._write(
            "UPDATE lobbies SET message_id = ?, options = ?, settings = ?, seats = ?,"
            " status = ?, game_id = ?, updated_at = ? WHERE id = ?",
            (
                message_id, _dumps(options), _dumps(settings), _dumps(seats), status,
                game_id, _now(), lobby_id,
            ),
        )

    async def lobby(self, lobby_id: int) -> LobbyRecord | None:
        rows = await self._fetch("SELECT * FROM lobbies WHERE id = ?", (lobby_id,))
        return _lobby_record(rows[0]) if rows else None

    async def open_lobbies(self) -> list[LobbyRecord]:
        rows = await self._fetch("SELECT * FROM lobbies WHERE status = 'open' ORDER BY id")
        return [_lobby_record(r) for r in rows]

    # ---------------------------------------------------------------- player settings

    async def player_settings(self, user_id: int) -> dict[str, Any]:
        """What a player chose with /settings ({} if nothing yet)."""
        rows = await self._fetch(
            "SELECT settings FROM player_settings WHERE user_id = ?", (user_id,)
        )
        return dict(json.loads(rows[0]["settings"])) if rows else {}

    async def set_player_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        """Replace a player's settings with `settings` (the whole object)."""
        await self._write(
            "INSERT INTO player_settings (user_id, settings, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, "
            "updated_at = excluded.updated_at",
            (user_id, _dumps(settings), _now()),
        )


def _game_record(r: sqlite3.Row) -> GameRecord:
    return GameRecord(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        thread_id=r["thread_id"], message_id=r["message_id"], game=r["game"],
        options=json.loads(r["options"]), settings=json.loads(r["settings"]), seed=r["seed"],
        seats=json.loads(r["seats"]), host_id=r["host_id"], status=r["status"],
        outcome=json.loads(r["outcome"]) if r["outcome"] else None, error=r["error"],
        created_at=r["created_at"], updated_at=r["updated_at"],
    )


def _lobby_record(r: sqlite3.Row) -> LobbyRecord:
    return LobbyRecord(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        message_id=r["message_id"], host_id=r["host_id"], game=r["game"],
        options=json.loads(r["options"]), settings=json.loads(r["settings"]),
        seats=json.loads(r["seats"]), status=r["status"], game_id=r["game_id"],
        created_at=r["created_at"], updated_at=r["updated_at"],
    )


def _rating_row(r: sqlite3.Row) -> RatingRow:
    return RatingRow(
        guild_id=r["guild_id"], game=r["game"], user_id=r["user_id"], mu=r["mu"],
        sigma=r["sigma"], games=r["games"], wins=r["wins"], points=r["points"],
        skunks=r["skunks"],
    )
