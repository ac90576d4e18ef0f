"""Persistence: a SQLite file through aiosqlite (WAL, the default) or PostgreSQL through
asyncpg, the same behaviour on both; schema from numbered migrations for each.

    store = await Store.open("data/bot.sqlite3")     # or ":memory:", or "postgresql://..."
    game_id = await store.create_game(...)
    await store.append_action(game_id, seq, seat, action)   # committed when this returns

Tables: games, actions (the log), results, ratings, lobbies, schema_version. Nothing here
knows about Discord or about any game's rules.
"""

from store.records import (
    ActionRecord,
    Finish,
    GameRecord,
    LobbyRecord,
    RatingRow,
    ResultRow,
)
from store.store import GameLost, LobbyLost, LogConflict, Store

__all__ = [
    "ActionRecord",
    "Finish",
    "GameLost",
    "GameRecord",
    "LobbyLost",
    "LobbyRecord",
    "LogConflict",
    "RatingRow",
    "ResultRow",
    "Store",
]
