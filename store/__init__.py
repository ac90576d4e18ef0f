"""Persistence: one SQLite file through aiosqlite (WAL), schema from numbered migrations.

    store = await Store.open("data/bot.sqlite3")     # or ":memory:" in tests
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
from store.store import Store

__all__ = [
    "ActionRecord",
    "Finish",
    "GameRecord",
    "LobbyRecord",
    "RatingRow",
    "ResultRow",
    "Store",
]
