"""Persistence: a SQLite file through aiosqlite (WAL, the default) or PostgreSQL through
asyncpg, the same behaviour on both; schema from numbered migrations for each.

    store = await Store.open("data/bot.sqlite3")     # or ":memory:", or "postgresql://..."
    game_id = await store.create_game(...)
    await store.append_action(game_id, seq, seat, action)   # committed when this returns

Tables: games, actions (the log), results, ratings, lobbies, player_settings, tournaments
(each event's JSON document, saved under a version number), tournament_games (the game playing
each match), tournament_placings, achievements, moments (each human seat's best hand, pegging
play and win margin per game), honours_recorded (games whose honours are in), schema_version.
Nothing here knows about Discord, about any game's rules, or how a tournament is run.
"""

from store.records import (
    ActionRecord,
    EarnedAchievement,
    Finish,
    GameRecord,
    Honours,
    LobbyRecord,
    MatchGame,
    Moment,
    Placing,
    PlacingRecord,
    RatingRow,
    ResultRow,
    TournamentRecord,
)
from store.store import GameLost, LobbyLost, LogConflict, Store, TournamentConflict

__all__ = [
    "ActionRecord",
    "EarnedAchievement",
    "Finish",
    "GameLost",
    "GameRecord",
    "Honours",
    "LobbyLost",
    "LobbyRecord",
    "LogConflict",
    "MatchGame",
    "Moment",
    "Placing",
    "PlacingRecord",
    "RatingRow",
    "ResultRow",
    "Store",
    "TournamentConflict",
    "TournamentRecord",
]
