"""Players' own settings (what /settings chose), one JSON object per player."""

from __future__ import annotations

import json
from typing import Any

from store.base import StoreBase, dumps, now_iso


class PlayerSettingsStore(StoreBase):
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
            (user_id, dumps(settings), now_iso()),
        )

