"""Season ends posted where each server chose (/season announce): the champions of a season
that ended, once.

A season ends by hand (/season end, or /season start ending a calendar season: the cog asks
at once) or when the calendar turns: one timer on the tables clock wakes at each month's start
and at start-up, so a month that turned while the bot was down is posted when it comes back.
Before posting, the season's marker is written (store `claim_season_announcement`); whoever
writes it first posts, so neither a restart nor a second shard posts a season twice. A post
that failed for now (Discord busy or down) gives the marker back and is tried again
`RETRY_AFTER` later, and so on while it fails (waiting for the month's next start, the post
would be a month late); one that can never go out (the channel gone, the bot not allowed
there) keeps it, and is remembered so /season info says so until a channel is chosen again.
Only seasons ended after the server chose its channel are posted. Seasons of one server that
are due together (the bot was away as more than one month turned) are told in one post, which
says which seasons ended, each with its champions, and which one runs now.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from store import SeasonRecord, Store
from store.seasons import next_month_start
from tables.seasons import Champion, Seasons

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class EndedSeason:
    """A season that ended, its champions, and how many members finished a rated game in
    it."""
    season: SeasonRecord
    champions: list[Champion]
    members: int = 0


@dataclass(frozen=True)
class SeasonEnd:
    """What a post says: the season that ended, its champions, and the season running now
    (None between seasons); `earlier`, the seasons of the server that ended before it and
    were not posted either (the bot away as each ended), said in the same post, so it reads
    which seasons ended and which one runs now."""
    season: SeasonRecord
    champions: list[Champion]
    running: SeasonRecord | None
    channel_id: int
    #: How many members finished a rated game in it.
    members: int = 0
    earlier: tuple[EndedSeason, ...] = ()

    @property
    def ended(self) -> tuple[EndedSeason, ...]:
        """Every season the post tells of, oldest first."""
        return (*self.earlier, EndedSeason(self.season, self.champions, self.members))


class Posted(Enum):
    SENT = "sent"
    #: Failed for now: tried again at the next wake.
    LATER = "later"
    #: Can never go out there (the channel gone, the bot not allowed).
    NEVER = "never"


#: Posts a season's end, saying how it went.
Poster = Callable[[SeasonEnd], Awaitable[Posted]]

#: Seconds until a post that failed for now is tried again.
RETRY_AFTER = 15 * 60


class SeasonEnds:
    def __init__(
        self, seasons: Seasons,
        shards: tuple[int | None, Sequence[int] | None] | None = None,
    ) -> None:
        self.seasons = seasons
        self.shards = shards or (None, None)
        self.poster: Poster | None = None
        self._timer: asyncio.Task[None] | None = None
        #: Set while the timer sleeps, between one pass and the next.
        self._asleep = asyncio.Event()
        #: Trying again what failed for now, while anything did; `_retry_asleep` is set while
        #: it sleeps or once it is done.
        self._retry: asyncio.Task[None] | None = None
        self._retry_asleep = asyncio.Event()
        self._retry_asleep.set()

    @property
    def store(self) -> Store:
        return self.seasons.store

    def start(self) -> None:
        """Post what ended while nobody could, then wake at each month's start."""
        if self._timer is None or self._timer.done():
            self._timer = asyncio.create_task(self._each_month(), name="season-ends")

    async def _each_month(self) -> None:
        clock = self.seasons.clock
        while True:
            self._asleep.clear()
            try:
                await self.announce_due()
            except Exception:
                log.exception("Could not post the seasons that ended")
                self._try_again()
            # Waking early (the loop's clock drifting from the wall's) finds nothing due and
            # sleeps the rest; the month's start is then worked out again.
            due = next_month_start(self.seasons.now_ms()) / 1000
            self._asleep.set()
            await clock.sleep(due - clock.wall())

    def _try_again(self) -> None:
        """Try the seasons not posted yet again `RETRY_AFTER` from now (or when the one
        trying already wakes)."""
        if self._retry is None or self._retry.done():
            self._retry_asleep.set()
            self._retry = asyncio.create_task(self._retrying(), name="season-ends-retry")

    async def _retrying(self) -> None:
        clock = self.seasons.clock
        later = 1
        while later:
            self._retry_asleep.set()
            await clock.sleep(RETRY_AFTER)
            self._retry_asleep.clear()
            try:
                _, later = await self._announce()
            except Exception:
                log.exception("Could not post the seasons that ended")
        self._retry_asleep.set()

    async def wait_asleep(self) -> None:
        """Until the timer, and what tries again a post that failed for now, have posted what
        was due and sleep (tests, after moving time on)."""
        await self._asleep.wait()
        await self._retry_asleep.wait()

    async def announce_due(self, guild_id: int | None = None,
                           answered_in: int | None = None) -> int:
        """Post every ended season not posted yet (of one server, or of this process's
        servers); returns how many are settled (posted, or never postable). A season whose
        channel is `answered_in` is only marked posted: the command that ended it answered
        there with the same words, and a second copy under it would read as a repeat."""
        posted, later = await self._announce(guild_id, answered_in)
        if later:
            self._try_again()
        return posted

    async def _announce(self, guild_id: int | None = None,
                        answered_in: int | None = None) -> tuple[int, int]:
        """`announce_due`'s pass: how many seasons are settled, and how many failed for
        now."""
        if self.poster is None:
            return 0, 0
        now = self.seasons.now_ms()
        posted = later = 0
        due: dict[tuple[int, int], list[SeasonRecord]] = {}
        for season, channel_id in await self.store.seasons_to_announce(
            now, guild_id=guild_id, shards=self.shards
        ):
            if not await self.store.claim_season_announcement(season, channel_id, now):
                continue
            if channel_id == answered_in:
                posted += 1
                continue
            due.setdefault((season.guild_id, channel_id), []).append(season)
        for (server, channel_id), seasons in due.items():
            season = seasons[-1]
            try:
                ended = [EndedSeason(s, await self.seasons.champions(server, s.number),
                                     await self.store.season_members(server, s.number))
                         for s in seasons]
                end = SeasonEnd(season, ended[-1].champions,
                                await self.store.season_at(server, now), channel_id,
                                ended[-1].members, tuple(ended[:-1]))
                outcome = await self.poster(end)
            except Exception:
                log.exception("Could not post the end of season %d of server %d",
                              season.number, server)
                outcome = Posted.LATER
            if outcome is Posted.LATER:
                for each in seasons:
                    await self.store.release_season_announcement(each)
                later += len(seasons)
                continue
            if outcome is Posted.NEVER:
                await self.store.season_never_posted(season, channel_id)
            posted += len(seasons)
        return posted, later

    async def close(self) -> None:
        """Stop the timers, waiting for them so no query of theirs outlives the store."""
        timers = [timer for timer in (self._timer, self._retry) if timer is not None]
        self._timer = self._retry = None
        for timer in timers:
            timer.cancel()
        await asyncio.gather(*timers, return_exceptions=True)
        self._retry_asleep.set()
