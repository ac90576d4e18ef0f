"""Store: the bot's one database, SQLite (default) or PostgreSQL, behind store.database.

`Store` is composed of one mixin per area of the schema, each a module of its own over
`StoreBase` (store/base.py: the connection helpers, the owner token that fences writes, the
errors). A new area is a new module and one more base here.
"""

from __future__ import annotations

from typing import Any

from store.achievements import AchievementStore
from store.announcements import AnnouncementStore
from store.base import (
    GameLost,
    LobbyLost,
    LogConflict,
    StoreBase,
    TournamentConflict,
    now_ms,
    shard_filter,
)
from store.database import Joined, is_postgres, without_password
from store.departures import DepartureStore
from store.games import GameStore
from store.lobbies import LobbyStore
from store.migrate import NewerSchema
from store.player_settings import PlayerSettingsStore
from store.profiles import ProfileStore
from store.results import ResultStore
from store.seasons import SeasonStore
from store.server_settings import ServerSettingsStore
from store.tournaments import TournamentStore

__all__ = [
    "GameLost",
    "LobbyLost",
    "LogConflict",
    "Store",
    "StoreBase",
    "TournamentConflict",
    "check_opens",
    "now_ms",
    "shard_filter",
]


class Store(
    GameStore, ResultStore, SeasonStore, LobbyStore, TournamentStore, PlayerSettingsStore,
    ProfileStore, AchievementStore, AnnouncementStore, ServerSettingsStore, DepartureStore,
):
    """Every area of the store over one database connection, and what spans two areas."""

    async def create_match_game(
        self, tournament_id: int, *, round: int, match_id: str, match_channel_id: int,
        **game: Any,
    ) -> int:
        """create_game(**game) for a match, linked to it (link_match_game) in the same
        transaction: a match never has a game it does not know of, even across a crash."""
        async with self.db.transaction() as tx:
            joined = Store(Joined(tx, self.db), owner=self.owner)
            game_id = await joined.create_game(**game)
            await joined.link_match_game(tournament_id, round=round, match_id=match_id,
                                         game_id=game_id, channel_id=match_channel_id)
        return game_id


async def check_opens(url: str, named_in: str = "DATABASE in .env") -> tuple[bool, str]:
    """Whether the database at `url` opens (made and upgraded if need be), and a line for the
    admin saying so (`bot.py --check`, before the bot connects, and before a copy), pointing
    to where the address was written (`named_in`)."""
    shown = without_password(url)
    try:
        store = await Store.open(url)
    except NewerSchema as error:
        return False, f"The database {shown} is not for this version of the bot: {error}."
    except Exception as error:
        where = ("that PostgreSQL runs there and lets that user in" if is_postgres(url)
                 else "that it names a file in a folder the bot may write to")
        return False, (f"The database {shown} does not open ({error or type(error).__name__}):"
                       f" check {named_in}, and {where}.")
    try:
        version = await store.schema_version()
        running = len(await store.games_with_status("running"))
    finally:
        await store.close()
    return True, f"The database {shown} opens (schema version {version}, {running} running games)."
