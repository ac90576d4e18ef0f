"""Store: the bot's one database, SQLite (default) or PostgreSQL, behind store.database.

`Store` is composed of one mixin per area of the schema, each a module of its own over
`StoreBase` (store/base.py: the connection helpers, the owner token that fences writes, the
errors). A new area is a new module and one more base here.
"""

from __future__ import annotations

from store.achievements import AchievementStore
from store.base import (
    GameLost,
    LobbyLost,
    LogConflict,
    StoreBase,
    TournamentConflict,
    now_ms,
    shard_filter,
)
from store.games import GameStore
from store.lobbies import LobbyStore
from store.player_settings import PlayerSettingsStore
from store.profiles import ProfileStore
from store.results import ResultStore
from store.seasons import SeasonStore
from store.tournaments import TournamentStore

__all__ = [
    "GameLost",
    "LobbyLost",
    "LogConflict",
    "Store",
    "StoreBase",
    "TournamentConflict",
    "now_ms",
    "shard_filter",
]


class Store(
    GameStore, ResultStore, SeasonStore, LobbyStore, TournamentStore, PlayerSettingsStore,
    ProfileStore, AchievementStore,
):
    """Every area of the store over one database connection."""
