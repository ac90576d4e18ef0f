"""Running tournaments: the core's actions saved before anyone is answered, each match played
as an ordinary game at the TableManager, and results fed back as the games end. No Discord.

    service = TournamentService(store, manager)      # subscribes to the manager's on_finished
    service.places = open_place                      # async (held, match) -> (channel, thread)
    service.subscribe(listener)                      # a TournamentListener
    await service.start()                            # this process's shards' open events
    held = await service.create(guild_id=..., channel_id=..., host_id=..., game=game_name,
                                format=SWISS, options={"target": 61}, rounds_planned=3)
    await service.act(held.id, lambda event: event.join(user_id, "Ann"), saved=acknowledge)

Every change is made on a copy of the event and saved over the version it was loaded at;
a save another process got in first (TournamentConflict) reloads the event and tries the
change once more on the fresh state, then refuses. A game's result is recorded only when the
game is the next unrecorded one of its match (the order the store linked them in), so hearing
of it twice, live and again after a restart, records it once.

The jobs around it: tables/tournaments/matches.py opens and closes the games that play the
matches, tables/tournaments/timers.py keeps time (start times, no-shows, round deadlines),
tables/tournaments/news.py tells the listeners, in the order changes were saved.
A server that removes the bot has its events put to rest with its games, and served again
when it is back (docs/DESIGN.md, "When a server removes the bot")."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from engine.contract import Event
from engine.errors import IllegalAction
from store import Store, TournamentConflict
from store.records import MatchGame, Placing, TournamentRecord
from tables.clock import Clock
from tables.listeners import Listener
from tables.manager import TableManager
from tables.table import Table
from tables.tournaments.listener import TournamentListener
from tables.tournaments.matches import MatchGames
from tables.tournaments.model import Match, numbered
from tables.tournaments.news import EventNews, late_line, set_aside_line
from tables.tournaments.timers import AWAY_AFTER, NO_SHOW_AFTER, EventTimers
from tables.tournaments.tournament import CANCELLED, FINISHED, RUNNING, Tournament

log = logging.getLogger(__name__)

BUSY = "The event changed meanwhile; press again."


@dataclass
class HeldTournament:
    """An event this process serves, at the version it was last saved at (`saved`, its
    document as stored), with the games linked to its matches (in the order linked)."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    event: Tournament
    version: int
    round_deadline: int | None = None
    saved: str = ""
    games: list[MatchGame] = field(default_factory=list)
    #: News of saved changes not yet taken to be told, oldest first (tables/tournaments/news.py).
    untold: list[Event] = field(default_factory=list)
    #: The last telling taken: the next one waits for it.
    telling: asyncio.Future[None] | None = None
    #: A telling was made since the event was over: its message shows how it ended.
    end_told: bool = False
    #: How many entries of the event's log were told: its news is its log (`Tournament._say`).
    told: int = 0

    @classmethod
    def from_record(cls, record: TournamentRecord) -> HeldTournament:
        """As stored, with the news saved but not told when the bot stopped, to tell."""
        event = Tournament.from_json(record.state)
        told = len(event.log) if record.untold_from is None else record.untold_from
        return cls(record.id, record.guild_id, record.channel_id, record.message_id,
                   record.host_id, event, record.version, record.round_deadline, record.state,
                   untold=event.log[told:], told=told)

    def games_of(self, match_id: str) -> list[int]:
        """The games that count for the match, in the order linked: not those set aside when
        a corrected result put another entry in its seats (`Match.set_aside`)."""
        linked = [g.game_id for g in self.games if g.match_id == match_id]
        return linked[self.event.match(match_id).set_aside:]

    def set_aside(self, game: MatchGame) -> bool:
        """Whether the game played its match before a correction restarted it."""
        return game.game_id not in self.games_of(game.match_id)


Change = Callable[[Tournament], list[Event]]
Place = Callable[[HeldTournament, Match], Awaitable[tuple[int, int | None]]]
Saved = Callable[[], Awaitable[Any]]


class TournamentService(Listener):
    def __init__(
        self,
        store: Store,
        manager: TableManager,
        *,
        clock: Clock | None = None,
        no_show_after: float = NO_SHOW_AFTER,
        away_after: float = AWAY_AFTER,
    ) -> None:
        self.store = store
        self.manager = manager
        self.clock = clock or manager.clock
        self.no_show_after = no_show_after
        self.away_after = away_after
        #: Where a match's game is played: (channel id, thread id or None). The Discord layer
        #: makes a thread; without it the game is played in the event's channel.
        self.places: Place | None = None
        self.matches = MatchGames(self)
        self.timers = EventTimers(self)
        self.news = EventNews(self)
        self._held: dict[int, HeldTournament] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._listeners: list[TournamentListener] = []
        #: Servers whose events rest (the bot was removed from them), with when they were put
        #: to rest (wall ms; at start-up, when the gateway said the server was gone).
        self._resting: dict[int, int] = {}
        #: Servers whose events wait at start-up for the server to be known to have the bot.
        self._unknown: set[int] = set()
        self.closed = False
        self._own_store = False
        manager.subscribe(self)

    @classmethod
    async def beside(cls, store: Store, manager: TableManager, **knobs: Any) -> TournamentService:
        """A service saving through a store of its own where that helps: on SQLite a second
        connection to the same file. On the games' connection a member's press would queue
        behind the moves of every running game; on its own it waits for the write under way
        only. PostgreSQL's pool gives each caller a connection already: the same store is
        used. close() closes the store it opened."""
        if store.kind != "sqlite" or store.path == ":memory:":
            return cls(store, manager, **knobs)
        service = cls(await Store.open(store.path, owner=store.owner), manager, **knobs)
        service._own_store = True
        return service

    # ================================================================ start and stop

    async def start(self) -> None:
        """Serve again every open event of this process's shards, each once its server is
        known to have the bot (TableManager.start's await_guilds)."""
        records = await self.store.open_tournaments(*self.manager.shards)
        self._unknown |= {r.guild_id for r in records if not self.manager.guild_here(r.guild_id)}
        await self._serve([r for r in records if r.guild_id not in self._unknown])

    async def _serve(self, records: list[TournamentRecord],
                     away: tuple[int, int] | None = None) -> None:
        """Serve stored events as at a restart: results of games that ended while nobody
        listened are recorded (a round they finished moves on), matches without a game get
        one, and timers run again. `away`: (since, until) the bot was out of their server,
        so no-show windows start again from its return, and a round deadline that passed
        meanwhile moves to a full round's time from then (EventTimers.back_from)."""
        served = []
        for record in records:
            try:
                held = HeldTournament.from_record(record)
            except Exception:
                log.exception("tournament %d does not load; left alone", record.id)
                continue
            held.games = await self.store.tournament_games(held.id)
            self._held[held.id] = held
            served.append(held)
        for held in served:
            if away is not None:
                await self.timers.back_from(held, *away)
            await self.matches.catch_up(held, away=away is not None)
            if self._held.get(held.id) is held:
                # Back, its message was left as the bot last saw it: a deadline may read as past.
                await self._after(held, refresh=away is not None)

    async def close(self) -> None:
        self.closed = True
        self.timers.close()
        if self._own_store:
            await self.store.close()

    async def wait_idle(self) -> None:
        """For tests: until the work a timer woke (a no-show, a deadline) is done, the games
        it touched included."""
        while True:
            await self.manager.wait_idle()
            busy = self.timers.busy()
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    def subscribe(self, listener: TournamentListener) -> None:
        self._listeners.append(listener)

    def wall_ms(self) -> int:
        """Now, as stored deadlines are: milliseconds since 1970 (the clock's, so a fake
        clock moves them too)."""
        return int(self.clock.wall() * 1000)

    # ================================================================ looking up

    def get(self, tournament_id: int) -> HeldTournament | None:
        return self._held.get(tournament_id)

    def serves(self, held: HeldTournament) -> bool:
        return not self.closed and self._held.get(held.id) is held

    async def load(self, tournament_id: int) -> HeldTournament | None:
        """An event this process serves, or any stored one (read only) for showing."""
        held = self._held.get(tournament_id)
        if held is not None:
            return held
        record = await self.store.tournament(tournament_id)
        return HeldTournament.from_record(record) if record is not None else None

    async def guild_list(self, guild_id: int) -> list[HeldTournament]:
        return [self._held.get(r.id) or HeldTournament.from_record(r)
                for r in await self.store.guild_tournaments(guild_id)]

    # ================================================================ the servers

    def guilds(self) -> set[int]:
        return {held.guild_id for held in self._held.values()} | set(self._resting) \
            | self._unknown

    async def on_guild_removed(self, guild_id: int) -> None:
        """The server's events rest, each once any change under way is saved: their timers
        stop and nothing of theirs is recorded. The store keeps them as they are."""
        resting = [held for held in self._held.values() if held.guild_id == guild_id]
        if resting or guild_id in self._unknown:
            self._unknown.discard(guild_id)
            self._resting.setdefault(guild_id, self.wall_ms())
        for held in resting:
            async with self._lock(held.id):
                if self._held.get(held.id) is held:
                    del self._held[held.id]
                    self.timers.rest(held)

    async def on_guild_back(self, guild_id: int) -> None:
        """The server's events resting or waiting are served again from the store."""
        if self.closed or not (guild_id in self._resting or guild_id in self._unknown):
            return
        rested_at = self._resting.pop(guild_id, None)
        self._unknown.discard(guild_id)
        records = await self.store.guild_tournaments(guild_id, recent=0, untold=True)
        await self._serve([r for r in records if r.id not in self._held],
                          away=None if rested_at is None else (rested_at, self.wall_ms()))

    # ================================================================ actions

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        format: str,
        options: dict[str, Any] | None = None,
        rounds_planned: int | None = None,
        table_size: int | None = None,
        team_size: int = 1,
        best_of: int = 1,
        final_best_of: int | None = None,
        round_minutes: int | None = None,
        starts_at: int | None = None,
        computers: str | None = None,
        late_until: int | None = None,
    ) -> HeldTournament:
        """A new event open for sign-up; IllegalAction (nothing saved) when it does not fit."""
        event = Tournament.create("0", host_id, game, format, options, rounds_planned,
                                  table_size, team_size, best_of, final_best_of, computers,
                                  late_until)
        if round_minutes is not None and not 1 <= round_minutes <= 7 * 24 * 60:
            raise IllegalAction("A round lasts from 1 minute to a week.")
        if starts_at is not None and starts_at <= self.wall_ms():
            raise IllegalAction("The start time has to be in the future.")
        event.round_minutes, event.starts_at = round_minutes, starts_at

        def numbered(tournament_id: int) -> str:
            event.id = str(tournament_id)
            return event.to_json()

        tournament_id = await self.store.create_tournament(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id, game=event.game,
            state=numbered,
        )
        held = HeldTournament(tournament_id, guild_id, channel_id, None, host_id, event, 1,
                              saved=event.to_json(), told=len(event.log))
        self._held[tournament_id] = held
        self.timers.arm(held)
        return held

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        await self.act(tournament_id, lambda event: [], message_id=message_id)

    async def act(self, tournament_id: int, change: Change, *, message_id: int | None = None,
                  saved: Saved | None = None) -> list[Event]:
        """Make a change (a function of the event returning its events) and save it; the
        events once saved. IllegalAction refuses it, changing nothing. `saved` is awaited
        once the change is committed, before what follows it (games opened or closed,
        listeners told): a member's press is acknowledged there."""
        held = self._served(tournament_id)
        async with self._lock(tournament_id):
            events = await self._change(held, change, message_id)
        if saved is not None:
            try:
                await saved()
            except Exception:  # an answer that failed must not stop what the change needs
                log.exception("tournament %d: acknowledging a saved change failed", held.id)
        await self._after(held)
        return events

    async def start_event(self, tournament_id: int, by_user_id: int) -> list[Event]:
        held = self._served(tournament_id)
        ratings = await self._ratings(held)
        return await self.act(tournament_id, lambda event: event.start(by_user_id, ratings))

    # ================================================================ the manager's news

    async def on_finished(self, table: Table) -> None:
        """A game ended: if it plays a match, its result goes into the match."""
        if self.closed:
            return
        await self.timers.holds.game_ended(table)
        # The links in memory: a round's games end in a burst, and members' presses would
        # queue behind as many reads.
        found = next((held for held in self._held.values() for game in held.games
                      if game.game_id == table.id), None) or self.news.event_let_go(table.id)
        if found is None:
            return
        held = found
        link = next(game for game in held.games if game.game_id == table.id)
        if table.status == "finished" and table.outcome is not None:
            await self.record(held, link.match_id, table.id, table.outcome)
        else:  # abandoned (a forfeit closes its game so) or errored: the host may rule
            log.info("tournament %d: game %d of match %s ended %s", held.id, table.id,
                     link.match_id, table.status)
            await self.matches.closed_early(held, link, away=False)

    async def record(self, held: HeldTournament, match_id: str, game_id: int,
                     outcome: dict[str, Any]) -> None:
        """A game's result, into its match unless heard of already; its players told when it
        ended too late to count (its event over, its match settled otherwise)."""
        async with self._lock(held.id):
            linked = held.games_of(match_id)
            number = linked.index(game_id) if game_id in linked else -1
            link = next((game for game in held.games if game.game_id == game_id), None)
            if link is not None and held.set_aside(link):
                late: str | None = set_aside_line(held.event, match_id)
            elif number < len(held.event.match(match_id).games):
                return  # heard of already, or not its game
            else:
                late = late_line(held.event, match_id, number)
            if late is None:

                def record(event: Tournament) -> list[Event]:
                    match = event.match(match_id)
                    if match.finished or number != len(match.games):
                        return []  # heard of already, or settled otherwise meanwhile
                    return event.record_game(match_id, outcome)

                try:
                    await self._change(held, record)
                except IllegalAction as refusal:  # its server removed the bot meanwhile
                    log.info("tournament %d: game %d not recorded: %s", held.id, game_id,
                             refusal)
                    return
        if late is not None:
            link = next(game for game in held.games if game.game_id == game_id)
            await self.news.not_counted(held, link, late)
        else:
            await self._after(held)

    # ================================================================ saving

    def _served(self, tournament_id: int) -> HeldTournament:
        held = self._held.get(tournament_id)
        if held is None:
            raise IllegalAction(f"There is no running tournament #{tournament_id} here.")
        return held

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def _change(self, held: HeldTournament, change: Change,
                      message_id: int | None = None,
                      moves_deadline: Callable[[int | None], int | None] | None = None,
                      ) -> list[Event]:
        """Apply `change` to a copy, save it over the held version, then adopt it. The
        caller holds the event's lock. `moves_deadline`: the round's deadline the change
        sets, from the held one (a change that starts a round gives it its own)."""
        if self._held.get(held.id) is not held:  # over, or its server removed the bot
            raise IllegalAction(f"There is no running tournament #{held.id} here.")
        for attempt in (1, 2):
            event = Tournament.from_json(held.saved)  # a copy: a refusal changes nothing
            rounds, logged = len(event.rounds), len(event.log)
            events = change(event)
            _set_aside(held, event)
            deadline = held.round_deadline
            if moves_deadline is not None:
                deadline = moves_deadline(deadline)
            if event.status != RUNNING:
                deadline = None
            elif len(event.rounds) != rounds:
                deadline = (self.wall_ms() + event.round_minutes * 60_000
                            if event.round_minutes else None)
            placings = _placings(event) if event.status == FINISHED else ()
            state = event.to_json()
            try:
                held.version = await self.store.save_tournament(
                    held.id, version=held.version, state=state, status=event.status,
                    round_deadline=deadline, at=self.wall_ms(), message_id=message_id,
                    placings=placings,
                    entries=len(event.entries) if placings else None,
                    untold_from=logged if events else None,
                )
            except TournamentConflict:
                record = await self.store.tournament(held.id)
                if record is None or attempt == 2:
                    raise IllegalAction(BUSY) from None
                fresh = HeldTournament.from_record(record)
                held.event, held.version, held.saved = fresh.event, fresh.version, fresh.saved
                held.round_deadline, held.message_id = fresh.round_deadline, fresh.message_id
                held.games = await self.store.tournament_games(held.id)
                continue
            held.event, held.round_deadline, held.saved = event, deadline, state
            self.news.queue(held, events)
            if message_id is not None:
                held.message_id = message_id
            return events
        raise AssertionError("unreachable")

    async def _after(self, held: HeldTournament, refresh: bool = False) -> None:
        """What follows a saved change: games opened and closed to match it, the timer, then
        the news saved so far told in its turn (tables/tournaments/news.py); `refresh`: its
        message brought up to date even without news. Games are opened under the event's
        lock, so two results arriving together cannot open a match twice."""
        async with self._lock(held.id):
            if self._held.get(held.id) is not held and not self._over(held):
                return  # its server removed the bot meanwhile: nothing follows there
            # An event over may be let go already, by the telling of a change saved before
            # the one that ended it: this change's news (the winners) is still told.
            await self.matches.sync(held)
            self.timers.arm(held)
            turn = self.news.turn(held)
        await self.news.tell(held, turn, refresh)

    async def refresh(self, held: HeldTournament) -> None:
        """The event's message brought up to date (a deadline passed), told in its turn after
        the news saved before it, so it never comes after the event's end."""
        async with self._lock(held.id):
            turn = self.news.turn(held)
        await self.news.tell(held, turn, refresh=True)

    @staticmethod
    def _over(held: HeldTournament) -> bool:
        return held.event.status in (FINISHED, CANCELLED)

    async def publish_event(self, held: HeldTournament, events: list[Event]) -> None:
        for listener in list(self._listeners):
            try:
                await listener.on_tournament(held, events)
            except Exception:
                log.exception("tournament listener %r failed", listener)

    async def publish_opened(self, held: HeldTournament, match: Match, table: Table) -> None:
        for listener in list(self._listeners):
            try:
                await listener.on_match_opened(held, match, table)
            except Exception:
                log.exception("tournament listener %r failed", listener)

    async def _ratings(self, held: HeldTournament) -> dict[int, float]:
        rows = await self.manager.leaderboard(held.guild_id, held.event.game, limit=10_000)
        return {row["user_id"]: row["rating"] for row in rows}


def _set_aside(held: HeldTournament, event: Tournament) -> None:
    """A match of the round whose seats the change altered (a corrected knockout result)
    starts again: the games linked to it so far no longer count for it, saved with the change
    so a restart closes the one left running and opens the new one."""
    before = {m.id: m for m in held.event.current.matches} if held.event.current else {}
    for match in event.current.matches if event.current else []:
        if match.id in before and before[match.id].seats != match.seats:
            match.set_aside = sum(1 for g in held.games if g.match_id == match.id)


def _placings(event: Tournament) -> list[Placing]:
    placings = []
    for place, group in numbered(event.placings):
        for entry_id in group:
            placings += [Placing(member, place) for member in event.entry(entry_id).members]
    return placings
