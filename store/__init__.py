"""Persistence: a SQLite file through aiosqlite (WAL, the default) or PostgreSQL through
asyncpg, the same behaviour on both; schema from numbered migrations for each.

    store = await Store.open("data/bot.sqlite3")     # or ":memory:", or "postgresql://..."
    game_id = await store.create_game(...)
    await store.append_action(game_id, seq, seat, action)   # committed when this returns

Tables: games, actions (the log), results, ratings, lobbies, player_settings, tournaments
(each event's JSON document, saved under a version number), tournament_games (the game playing
each match), tournament_placings, seasons, season_ratings (each season's standings),
rating_history (the all-time rating after each rated result), rating_changes (what each
rated game did to its players' ratings, all-time and season), achievements, moments (each
human seat's best hand, pegging play and win margin per game), honours_recorded (games whose
honours are in), season_channels (where a server's season ends are posted, and a season's
end that never could be), season_announcements (the seasons whose end was posted), streaks,
milestone_marks (how far the backfill's milestone pass has read), server_settings (what a
server's admins chose for its games), schema_version. Nothing
here knows about Discord, about any game's rules, or how a tournament is run.
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
    PlayedGame,
    RatingChange,
    RatingPoint,
    RatingRow,
    ResultRow,
    SeasonRecord,
    StreakRecord,
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
    "PlayedGame",
    "RatingChange",
    "RatingPoint",
    "RatingRow",
    "ResultRow",
    "SeasonRecord",
    "Store",
    "StreakRecord",
    "TournamentConflict",
    "TournamentRecord",
]
