"""Lobbies: opened, saved while open, claimed at start-up (a game starts one)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from store.base import LobbyLost, StoreBase, dumps, now_iso, shard_filter
from store.database import Row
from store.records import LobbyRecord


class LobbyStore(StoreBase):
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
        at: str | None = None,
    ) -> int:
        """A new open lobby, owned by this store; `at` (ISO time, default now) is when."""
        now = at or now_iso()
        return await self._insert(
            "INSERT INTO lobbies (guild_id, channel_id, message_id, host_id, game, options,"
            " settings, seats, status, created_at, updated_at, owner)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?)",
            (
                guild_id, channel_id, message_id, host_id, game, dumps(options),
                dumps(settings), dumps(seats), now, now, self.owner,
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
        at: str | None = None,
    ) -> None:
        """Write a lobby's state (a lobby is started by create_game(lobby_id=...)); `at`
        (ISO time, default now) becomes its updated_at. Raises LobbyLost if this store no
        longer owns it."""
        if not await self._write(
            "UPDATE lobbies SET message_id = ?, options = ?, settings = ?, seats = ?,"
            " status = ?, updated_at = ? WHERE id = ? AND owner = ?",
            (
                message_id, dumps(options), dumps(settings), dumps(seats), status,
                at or now_iso(), lobby_id, self.owner,
            ),
        ) and await self.lobby(lobby_id) is not None:
            raise LobbyLost(f"lobby {lobby_id} is served by another process")

    async def lobby(self, lobby_id: int) -> LobbyRecord | None:
        rows = await self._fetch("SELECT * FROM lobbies WHERE id = ?", (lobby_id,))
        return _lobby_record(rows[0]) if rows else None

    async def claim_open_lobbies(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[LobbyRecord]:
        """Take over the open lobbies of these shards' servers (all of them without shards)
        and hand them out: from now on only this store can write them."""
        where, params = shard_filter(shard_count, shard_ids)
        async with self.db.transaction() as tx:
            await tx.execute(
                f"UPDATE lobbies SET owner = ? WHERE status = 'open'{where}",
                (self.owner, *params),
            )
            rows = await tx.fetch(
                "SELECT * FROM lobbies WHERE status = 'open' AND owner = ? ORDER BY id",
                (self.owner,),
            )
        return [_lobby_record(r) for r in rows]

def _lobby_record(r: Row) -> LobbyRecord:
    return LobbyRecord(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        message_id=r["message_id"], host_id=r["host_id"], game=r["game"],
        options=json.loads(r["options"]), settings=json.loads(r["settings"]),
        seats=json.loads(r["seats"]), status=r["status"], game_id=r["game_id"],
        created_at=r["created_at"], updated_at=r["updated_at"],
    )

