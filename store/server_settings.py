"""Servers' own settings for their games (what /server settings chose), one JSON object per
server."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from store.base import StoreBase, dumps, now_iso, shard_filter


class ServerSettingsStore(StoreBase):
    async def all_server_settings(
        self, shards: tuple[int | None, Sequence[int] | None] = (None, None),
    ) -> dict[int, dict[str, Any]]:
        """Every server's settings that differ from the defaults (of these shards' servers)."""
        only, params = shard_filter(*shards)
        rows = await self._fetch(
            f"SELECT guild_id, settings FROM server_settings WHERE 1 = 1{only}", params
        )
        return {int(row["guild_id"]): dict(json.loads(row["settings"])) for row in rows}

    async def set_server_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        """Replace a server's settings with `settings` (the whole object)."""
        await self._write(
            "INSERT INTO server_settings (guild_id, settings, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, "
            "updated_at = excluded.updated_at",
            (guild_id, dumps(settings), now_iso()),
        )
