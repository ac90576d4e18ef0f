"""Games and their action logs: creating, claiming, moving, finishing."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from store.base import (
    GameLost,
    LobbyLost,
    LogConflict,
    StoreBase,
    dumps,
    now_iso,
    now_ms,
    shard_filter,
)
from store.database import Row, UniqueViolation
from store.departures import NOT_DEPARTED
from store.records import (
    ActionRecord,
    Finish,
    GameRecord,
    RatingChange,
    StoredLog,
    decode_action,
    encode_action,
)
from store.results import record_finish


class GameStore(StoreBase):
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
        lobby_id: int | None = None,
    ) -> int:
        """A new running game, owned by this store. With `lobby_id`, the open lobby it comes
        from is marked started with it in the same transaction, and only while this store owns
        that lobby (else LobbyLost, and no game): a lobby starts one game at most."""
        now = now_iso()
        async with self.db.transaction() as tx:
            if lobby_id is not None and not await tx.execute(
                "UPDATE lobbies SET status = 'started', updated_at = ?"
                " WHERE id = ? AND owner = ? AND status = 'open'",
                (now, lobby_id, self.owner),
            ):
                raise LobbyLost(f"lobby {lobby_id} is served by another process")
            row = await tx.fetchone(
                "INSERT INTO games (guild_id, channel_id, thread_id, message_id, game, options,"
                " settings, seed, seats, host_id, status, created_at, updated_at, owner)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?) RETURNING id",
                (
                    guild_id, channel_id, thread_id, message_id, game, dumps(options),
                    dumps(settings or {}), seed, dumps(seats), host_id, now, now, self.owner,
                ),
            )
            assert row is not None
            game_id = int(row["id"])
            if lobby_id is not None:
                await tx.execute(
                    "UPDATE lobbies SET game_id = ? WHERE id = ?", (game_id, lobby_id)
                )
        return game_id

    async def game(self, game_id: int) -> GameRecord | None:
        rows = await self._fetch("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game_record(rows[0]) if rows else None

    async def games_with_status(self, status: str) -> list[GameRecord]:
        rows = await self._fetch("SELECT * FROM games WHERE status = ? ORDER BY id", (status,))
        return [_game_record(row) for row in rows]

    async def claim_running_games(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[tuple[GameRecord, StoredLog]]:
        """Take over the running games of these shards' servers (all of them without shards)
        and hand them out with their logs: three statements in one transaction, however many
        games. From now on only this store can append to them. The logs are decoded only when
        replayed, so loading stays quick. The games of a server the bot left are claimed but
        not handed out (`departures` lists them), so they cost nothing until it is back."""
        where, params = shard_filter(shard_count, shard_ids)
        async with self.db.transaction() as tx:
            await tx.execute(
                f"UPDATE games SET owner = ? WHERE status = 'running'{where}",
                (self.owner, *params),
            )
            games = await tx.fetch(
                f"SELECT * FROM games WHERE status = 'running' AND owner = ? AND {NOT_DEPARTED}"
                " ORDER BY id",
                (self.owner,),
            )
            actions = await tx.fetch(
                "SELECT a.game_id, a.seat, a.action FROM actions a"
                " JOIN games g ON g.id = a.game_id"
                f" WHERE g.status = 'running' AND g.owner = ? AND g.{NOT_DEPARTED}"
                " ORDER BY a.game_id, a.seq",
                (self.owner,),
            )
        logs: dict[int, StoredLog] = {int(g["id"]): StoredLog() for g in games}
        for game_id, seat, action in actions:
            logs[game_id].rows.append((seat, action))
        return [(_game_record(g), logs[int(g["id"])]) for g in games]

    async def owns(self, game_id: int) -> bool:
        row = await self.db.fetchone("SELECT owner FROM games WHERE id = ?", (game_id,))
        return row is not None and row["owner"] == self.owner

    async def set_location(
        self, game_id: int, *, thread_id: int | None, message_id: int | None
    ) -> None:
        await self._fenced_write(
            game_id,
            "UPDATE games SET thread_id = ?, message_id = ?, updated_at = ?"
            " WHERE id = ? AND owner = ?",
            (thread_id, message_id, now_iso(), game_id, self.owner),
        )

    async def set_status(self, game_id: int, status: str, *, error: str | None = None) -> None:
        await self._fenced_write(
            game_id,
            "UPDATE games SET status = ?, error = ?, updated_at = ? WHERE id = ? AND owner = ?",
            (status, error, now_iso(), game_id, self.owner),
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
    ) -> list[RatingChange]:
        """Commit one accepted action; with `finish`, the game's end goes in the same commit,
        and the rating changes it recorded are returned (none for any other action).

        Raises LogConflict if `seq` is already taken (the log never forks), GameLost if this
        store no longer owns the game."""
        # One statement that inserts only while this store owns the game; PostgreSQL also
        # locks the game's row so a claim by another process waits for it, or it for the claim.
        insert = (
            "INSERT INTO actions (game_id, seq, seat, action, at)"
            " SELECT id, CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS TEXT),"
            " CAST(? AS BIGINT) FROM games WHERE id = ? AND owner = ?"
        )
        if self.db.kind == "postgresql":
            insert += " FOR UPDATE"
        params = (seq, seat, encode_action(action), now_ms(), game_id, self.owner)
        try:
            if finish is None:
                # The common case: one statement, committed on its own (a trigger touches
                # games.updated_at inside it).
                inserted = await self._write(insert, params)
                if not inserted:
                    raise GameLost(f"game {game_id} is served by another process")
                return []
            async with self.db.transaction() as tx:
                if not await tx.execute(insert, params):
                    raise GameLost(f"game {game_id} is served by another process")
                return await record_finish(tx, self.owner, game_id, finish, now_iso())
        except UniqueViolation as error:
            raise LogConflict(f"move {seq} of game {game_id} is already logged") from error

    async def finish_game(self, game_id: int, finish: Finish) -> list[RatingChange]:
        """End a game without a new action (a game found finished on replay); returns the
        rating changes recorded."""
        async with self.db.transaction() as tx:
            return await record_finish(tx, self.owner, game_id, finish, now_iso())

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetch(
            "SELECT * FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [_action_record(r) for r in rows]


def _action_record(r: Row) -> ActionRecord:
    return ActionRecord(r["game_id"], r["seq"], r["seat"], decode_action(r["action"]), r["at"])


def _game_record(r: Row) -> GameRecord:
    return GameRecord(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        thread_id=r["thread_id"], message_id=r["message_id"], game=r["game"],
        options=json.loads(r["options"]), settings=json.loads(r["settings"]), seed=r["seed"],
        seats=json.loads(r["seats"]), host_id=r["host_id"], status=r["status"],
        outcome=json.loads(r["outcome"]) if r["outcome"] else None, error=r["error"],
        created_at=r["created_at"], updated_at=r["updated_at"], finished_at=r["finished_at"],
    )

