"""A server's seasons: starting and ending them by hand, what runs now, where their ends are
posted (tables/season_ends.py posts them), and the leaderboard of a season (the one running by
default) or of all time.

The calendar and the season ratings themselves are the store's (store/seasons.py; the
widened start is tables/ratings.py's `season_start`). Times are the tables clock's wall time
in milliseconds, so a test's fake clock turns the month.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAction
from engine.registry import GAMES, GameSpec
from store import SeasonRecord, Store
from store.seasons import next_month_start
from tables.clock import Clock
from tables.stats import SAME_SHOWN_RATING, board_rows, named, standing_row

MANAGE_ONLY = "Only members with the Manage Server permission can run seasons."
ALL_TIME_WORDS = ("all-time", "all time", "alltime", "all")


@dataclass(frozen=True)
class SeasonInfo:
    #: The season running now (None between seasons); a calendar season nobody has finished
    #: a game in yet is here though not stored.
    running: SeasonRecord | None
    #: The latest stored season, running or ended.
    latest: SeasonRecord | None
    #: Between seasons: when the next calendar season begins (ms).
    next_start: int | None
    #: The season before the one running (between seasons, the one that ended last), whose
    #: champions a member asking may not have heard of: a calendar month ends unannounced.
    previous: SeasonRecord | None = None
    #: The channel season ends are posted in (None: they are not posted).
    announce_channel: int | None = None
    #: The season whose end could never be posted there (None: none failed).
    unposted_season: int | None = None


@dataclass(frozen=True)
class Standings:
    rows: list[dict[str, Any]]
    #: None: all time.
    season: SeasonRecord | None = None
    #: The season is the one running now.
    running: bool = False
    #: Asked for the current season between seasons: the last one's final standings are
    #: shown, and this is when the next begins (ms).
    next_start: int | None = None
    #: The asking member's own row, placed on the whole board, when they are on a season's
    #: board below the rows shown.
    asker: dict[str, Any] | None = None


@dataclass(frozen=True)
class Begun:
    """A season started by hand, and the calendar season it ended as it began, if one ran."""
    season: SeasonRecord
    ended: SeasonRecord | None = None


@dataclass(frozen=True)
class Champion:
    """First place of one game in a season: more than one member when they are level on the
    leaderboard's figures (rating shown, then wins)."""
    title: str
    user_ids: tuple[int, ...]
    rating: float
    wins: int
    #: Each member's name as they last played here (None if unknown), in `user_ids` order.
    names: tuple[str | None, ...] = ()


class Seasons:
    def __init__(self, store: Store, clock: Clock | None = None) -> None:
        self.store = store
        self.clock = clock or Clock()

    def now_ms(self) -> int:
        return int(self.clock.wall() * 1000)

    async def start(self, guild_id: int, *, may_manage: bool) -> Begun:
        """Start a season by hand now (ending the calendar season running, if any)."""
        if not may_manage:
            raise IllegalAction(MANAGE_ONLY)
        now = self.now_ms()
        running = await self.store.season_at(guild_id, now)
        started = await self.store.start_season(guild_id, now)
        if started is None:
            running = await self.store.season_at(guild_id, now)
            number = running.number if running is not None else "?"
            raise IllegalAction(
                f"Season {number} is already running; end it with /season end first."
            )
        # A calendar season nobody finished a game in was never stored, so nothing ended.
        ended = await self.store.season(guild_id, running.number) if running else None
        return Begun(started, ended if ended is not None and ended.ends_at == now else None)

    async def end(self, guild_id: int, *, may_manage: bool) -> SeasonRecord:
        """End the season running now; its standings are kept as they are."""
        if not may_manage:
            raise IllegalAction(MANAGE_ONLY)
        ended = await self.store.end_season(guild_id, self.now_ms())
        if ended is None:
            raise IllegalAction("No season is running; start one with /season start.")
        return ended

    async def champions(
        self, guild_id: int, number: int, games: Mapping[str, GameSpec] | None = None
    ) -> list[Champion]:
        """Each game's first place in season `number`, in menu order. A game has none when
        nobody finished it in the season, or when its first place won no game of it (a
        champion with no win would read as a mistake)."""
        found = []
        for spec in (GAMES if games is None else games).values():
            rows = board_rows(await self.store.season_leaderboard(guild_id, number, spec.name))
            if not rows:
                continue
            top = rows[0]
            if not top["wins"]:
                continue
            level = await named(self.store, guild_id,
                                [row for row in rows if row["place"] == 1])
            found.append(Champion(spec.title, tuple(row["user_id"] for row in level),
                                  top["rating"], top["wins"],
                                  tuple(row["name"] for row in level)))
        return found

    async def info(self, guild_id: int) -> SeasonInfo:
        """Which season runs (anyone may ask; only running seasons needs Manage Server)."""
        now = self.now_ms()
        running = await self.store.season_at(guild_id, now)
        latest = await self.store.latest_season(guild_id)
        next_start = previous = None
        if running is None and latest is not None and latest.ends_at is not None:
            next_start, previous = next_month_start(now), latest
        elif running is not None and running.number > 1:
            previous = await self.store.season(guild_id, running.number - 1)
        channel = await self.store.season_channel(guild_id)
        unposted = await self.store.unposted_season(guild_id) if channel is not None else None
        return SeasonInfo(running, latest, next_start, previous, channel, unposted)

    async def announce_in(
        self, guild_id: int, channel_id: int | None, *, may_manage: bool
    ) -> None:
        """Post this server's season ends in `channel_id` from now on (None: post none).
        Seasons that ended before are not posted."""
        if not may_manage:
            raise IllegalAction(MANAGE_ONLY)
        await self.store.set_season_channel(guild_id, channel_id, self.now_ms())

    async def leaderboard(
        self, guild_id: int, game: str, season: str | None = None, limit: int = 10,
        asker: int | None = None,
    ) -> Standings:
        """`season`: None or "current" for the season running now (between seasons, the last
        one's final standings), a season's number, or "all-time". `asker`: the member asking,
        whose own place a season's board gives when it is below the rows shown."""
        which = (season or "current").strip().lower()
        if which in ALL_TIME_WORDS:
            all_time = board_rows(await self.store.leaderboard(guild_id, game, limit))
            return Standings(await named(self.store, guild_id, all_time))
        info = await self.info(guild_id)
        if which == "current":
            shown = info.running or info.latest
            assert shown is not None  # no season runs only after one has ended
        else:
            shown = await self._numbered(guild_id, which, info)
        rows = await self.store.season_leaderboard(guild_id, shown.number, game, limit)
        running = info.running is not None and shown.number == info.running.number
        own = None
        if asker is not None and all(row.user_id != asker for row in rows):
            standing = (await self.store.season_standings(
                guild_id, shown.number, asker, SAME_SHOWN_RATING)).get(game)
            if standing is not None:
                [own] = await named(self.store, guild_id, [standing_row(standing, asker)])
        return Standings(
            await named(self.store, guild_id, board_rows(rows)), shown, running=running,
            next_start=None if running or which != "current" else info.next_start, asker=own,
        )

    async def _numbered(self, guild_id: int, which: str, info: SeasonInfo) -> SeasonRecord:
        if not which.isdigit():
            raise IllegalAction("Name a season by its number (such as 3), or all-time.")
        number = int(which)
        if info.running is not None and info.running.number == number:
            return info.running
        found = await self.store.season(guild_id, number)
        if found is None:
            last = info.running or info.latest
            now = f"; the current one is season {last.number}" if last is not None else ""
            raise IllegalAction(f"There is no season {number} here{now}.")
        return found
