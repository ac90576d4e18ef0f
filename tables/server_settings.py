"""A server's own settings for its games, chosen by its admins with /server settings and kept
in the store; what they never chose is the bot's default.

idle: the idle timer a lobby opened here starts with (minutes from IDLE_CHOICES, or "off"); its
    host may still change it, and everyone joining sees it. A server that plays slowly, over a
    day, keeps the computer from taking every seat; a busy one may want it sooner.
repost: how many messages after a table that plays in the channel itself (no thread) post it
    again at the bottom (REPOST_CHOICES), or "never": in a busy channel a table moving down
    every few messages is noise, and each player's own hand shows the game anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.errors import IllegalAction
from store import Store
from tables.idle import IDLE_CHOICES, check_idle_setting

REPOST_CHOICES: tuple[int | str, ...] = (5, 15, 30, "never")
#: The most messages a server may have bury a table (what the channels must remember).
LONGEST_REPOST = max(choice for choice in REPOST_CHOICES if isinstance(choice, int))
NAMES = ("idle", "repost")
MANAGE_ONLY = "Only members with the Manage Server permission can change this server's settings."


def checked(changes: dict[str, Any]) -> dict[str, Any]:
    """The changes, validated; IllegalAction names the first bad one (nothing changes)."""
    for name, value in changes.items():
        if name == "idle":
            if value not in IDLE_CHOICES:
                raise IllegalAction("The idle timer is one of "
                                    f"{', '.join(map(str, IDLE_CHOICES))} (minutes, or off).")
            check_idle_setting(value)
        elif name == "repost":
            if value not in REPOST_CHOICES or isinstance(value, bool):
                raise IllegalAction("A table is posted again after one of "
                                    f"{', '.join(map(str, REPOST_CHOICES))} messages.")
        else:
            raise IllegalAction(f"There is no server setting {name}.")
    return dict(changes)


def readable(stored: dict[str, Any]) -> dict[str, Any]:
    """Stored settings that still read; one a later version no longer offers is dropped (the
    default again) rather than stopping the bot."""
    kept = {}
    for name, value in stored.items():
        try:
            kept.update(checked({name: value}))
        except IllegalAction:
            continue
    return kept


class ServerSettings:
    """The settings of every server this process serves, read at start, so a table's
    message and a new lobby consult them without waiting on the store. A server is served by
    one process (its shard's), and its settings change only there."""

    def __init__(self, store: Store,
                 shards: tuple[int | None, Sequence[int] | None] = (None, None)) -> None:
        self.store, self.shards = store, shards
        self._chosen: dict[int, dict[str, Any]] = {}

    async def load(self) -> None:
        stored = await self.store.all_server_settings(self.shards)
        self._chosen = {guild_id: readable(settings) for guild_id, settings in stored.items()}

    def chosen(self, guild_id: int) -> dict[str, Any]:
        """What the server's admins chose ({}: every default)."""
        return dict(self._chosen.get(guild_id, {}))

    async def change(self, guild_id: int, changes: dict[str, Any], *,
                     may_manage: bool) -> dict[str, Any]:
        """Change some of a server's settings; IllegalAction (nothing changes) for a member
        without Manage Server or a bad value. Returns every setting chosen now."""
        if not may_manage:
            raise IllegalAction(MANAGE_ONLY)
        settings = {**self.chosen(guild_id), **checked(changes)}
        await self.store.set_server_settings(guild_id, settings)
        self._chosen[guild_id] = settings
        return dict(settings)

    def lobby_settings(self, guild_id: int, settings: dict[str, Any] | None) -> dict[str, Any]:
        """A new lobby's table settings: the host's, with the server's idle timer where the
        host chose none."""
        settings = dict(settings or {})
        idle = self.chosen(guild_id).get("idle")
        if idle is not None:
            settings.setdefault("idle", idle)
        return settings

    def repost_after(self, guild_id: int, default: int) -> int | None:
        """Messages after which a table in the channel itself is posted again (None: never)."""
        repost = self.chosen(guild_id).get("repost", default)
        return None if repost == "never" else int(repost)
