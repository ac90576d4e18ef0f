"""Running tournaments: the core's actions saved before anyone is answered, each match played
as an ordinary game at the TableManager, and results fed back as the games end. No Discord.

    service = TournamentService(store, manager)      # subscribes to the manager's on_finished
    service.places = open_place                      # async (held, match) -> (channel, thread)
    service.subscribe(listener)                      # on_tournament(held, events),
                                                     # on_match_opened(held, match, table)
    await service.start()                            # this process's shards' open events
    held = await service.create(guild_id=..., channel_id=..., host_id=..., game=game_name,
                                format=SWISS, options={"target": 61}, rounds_planned=3)
    await service.act(held.id, lambda event: event.join(user_id, "Ann"))

Every change is made on a copy of the event and saved over the version it was loaded at;
a save another process got in first (TournamentConflict) reloads the event and tries the
change once more on the fresh state, then refuses. A game's result is recorded only when the
game is the next unrecorded one of its match (the order the store linked them in), so hearing
of it twice, live and again after a restart, records it once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.contract import Event
from engine.errors import IllegalAction
from engine.registry import LEVELS
from store import Store, TournamentConflict
from store.records import Placing, TournamentRecord
from tables.clock import Clock
from tables.listeners import Listener
from tables.seats import SeatInfo
from tables.text import spoken_list
from tables.tournaments.model import Match
from tables.tournaments.tournament import CANCELLED, FINISHED, RUNNING, SIGNUP, Tournament

log = logging.getLogger(__name__)

#: The level of the computer that fills a short table.
COMPUTER_LEVEL = "hard" if "hard" in LEVELS else LEVELS[-1]
#: Seconds a seat may keep its first move waiting before its entry forfeits the match.
NO_SHOW_AFTER = 300.0
BUSY = "The event changed meanwhile; press again."
DEADLINE_LINE = "The round's time is up: the computer plays on for {names}, marked away."
FORFEIT_LINE = "{names} forfeited this match: the computer plays on in their seats."


@dataclass
class HeldTournament:
    """An event this process serves, at the version it was last saved at."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    event: Tournament
    version: int
    round_deadline: int | None = None

    @classmethod
    def from_record(cls, record: TournamentRecord) -> HeldTournament:
        return cls(record.id, record.guild_id, record.channel_id, record.message_id,
                   record.host_id, Tournament.from_json(record.state), record.version,
                   record.round_deadline)


Change = Callable[[Tournament], list[Event]]
Place = Callable[[HeldTournament, Match], Awaitable[tuple[int, int | None]]]


class TournamentService(Listener):
    def __init__(
        self,
        store: Store,
        manager: Any,
        *,
        clock: Clock | None = None,
        no_show_after: float = NO_SHOW_AFTER,
    ) -> None:
        self.store = store
        self.manager = manager
        self.clock = clock or manager.clock
        self.no_show_after = no_show_after
        #: Where a match's game is played: (channel id, thread id or None). The Discord layer
        #: makes a thread; without it the game is played in the event's channel.
        self.places: Place | None = None
        self._held: dict[int, HeldTournament] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._listeners: list[Any] = []
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._watches: set[asyncio.Task[None]] = set()
        self._busy: set[asyncio.Future[None]] = set()
        self._closed = False
        manager.subscribe(self)

    # ================================================================ start and stop

    async def start(self) -> None:
        """Serve again every open event of this process's shards: results of games that
        ended while the bot was down are recorded (a round they finished moves on), matches
        without a game get one, and timers run again."""
        for record in await self.store.open_tournaments(*self.manager.shards):
            try:
                held = HeldTournament.from_record(record)
            except Exception:
                log.exception("tournament %d does not load; left alone", record.id)
                continue
            self._held[held.id] = held
        for held in list(self._held.values()):
            await self._catch_up(held)

    async def close(self) -> None:
        self._closed = True
        for task in [*self._timers.values(), *self._watches]:
            task.cancel()

    async def wait_idle(self) -> None:
        """For tests: until the work a timer woke (a no-show, a deadline) is done, the games
        it touched included."""
        while True:
            await self.manager.wait_idle()
            busy = [task for task in self._busy if not task.done()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    async def _busy_with(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._busy.add(task)
        task.add_done_callback(self._busy.discard)
        await task

    def subscribe(self, listener: Any) -> None:
        self._listeners.append(listener)

    def wall_ms(self) -> int:
        """Now, as stored deadlines are: milliseconds since 1970 (the clock's, so a fake
        clock moves them too)."""
        return int(self.clock.wall() * 1000)

    # ================================================================ looking up

    def get(self, tournament_id: int) -> HeldTournament | None:
        return self._held.get(tournament_id)

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
    ) -> HeldTournament:
        """A new event open for sign-up; IllegalAction (nothing saved) when it does not fit."""
        event = Tournament.create("0", host_id, game, format, options, rounds_planned,
                                  table_size, team_size, best_of, final_best_of)
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
        held = HeldTournament(tournament_id, guild_id, channel_id, None, host_id, event, 1)
        self._held[tournament_id] = held
        self._arm(held)
        return held

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        await self.act(tournament_id, lambda event: [], message_id=message_id)

    async def act(self, tournament_id: int, change: Change, *,
                  message_id: int | None = None) -> list[Event]:
        """Make a change (a function of the event returning its events) and save it; the
        events once saved. IllegalAction refuses it, changing nothing."""
        held = self._served(tournament_id)
        async with self._lock(tournament_id):
            events = await self._change(held, change, message_id)
        await self._after(held, events)
        return events

    async def start_event(self, tournament_id: int, by_user_id: int) -> list[Event]:
        held = self._served(tournament_id)
        ratings = await self._ratings(held)
        return await self.act(tournament_id, lambda event: event.start(by_user_id, ratings))

    # ================================================================ the manager's news

    async def on_finished(self, table: Any) -> None:
        """A game ended: if it plays a match, its result goes into the match."""
        if self._closed:
            return
        link = await self.store.match_of_game(table.id)
        if link is None or link.tournament_id not in self._held:
            return
        held = self._held[link.tournament_id]
        if table.status == "finished" and table.outcome is not None:
            await self._record(held, link.match_id, table.id, table.outcome)
        else:  # abandoned (a forfeit closes its game so) or errored: the host may rule
            log.info("tournament %d: game %d of match %s ended %s", held.id, table.id,
                     link.match_id, table.status)

    async def _record(self, held: HeldTournament, match_id: str, game_id: int,
                      outcome: dict[str, Any]) -> None:
        async with self._lock(held.id):
            linked = [g.game_id for g in await self.store.tournament_games(held.id)
                      if g.match_id == match_id]

            def record(event: Tournament) -> list[Event]:
                match = event.match(match_id)
                if match.finished or game_id not in linked or \
                        linked.index(game_id) != len(match.games):
                    return []  # heard of already, or a match settled otherwise
                return event.record_game(match_id, outcome)

            try:
                events = await self._change(held, record)
            except IllegalAction as refusal:  # a match of a round gone by, an event over
                log.info("tournament %d: game %d not recorded: %s", held.id, game_id, refusal)
                return
        await self._after(held, events)

    # ================================================================ saving

    def _served(self, tournament_id: int) -> HeldTournament:
        held = self._held.get(tournament_id)
        if held is None:
            raise IllegalAction(f"There is no running tournament #{tournament_id} here.")
        return held

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def _change(self, held: HeldTournament, change: Change,
                      message_id: int | None = None) -> list[Event]:
        """Apply `change` to a copy, save it over the held version, then adopt it. The
        caller holds the event's lock."""
        for attempt in (1, 2):
            event = Tournament.from_json(held.event.to_json())
            rounds = len(event.rounds)
            events = change(event)
            deadline = held.round_deadline
            if event.status != RUNNING:
                deadline = None
            elif len(event.rounds) != rounds:
                deadline = (self.wall_ms() + event.round_minutes * 60_000
                            if event.round_minutes else None)
            placings = _placings(event) if event.status == FINISHED else ()
            try:
                held.version = await self.store.save_tournament(
                    held.id, version=held.version, state=event.to_json(), status=event.status,
                    round_deadline=deadline, message_id=message_id, placings=placings,
                    entries=len(event.entries) if placings else None,
                )
            except TournamentConflict:
                record = await self.store.tournament(held.id)
                if record is None or attempt == 2:
                    raise IllegalAction(BUSY) from None
                fresh = HeldTournament.from_record(record)
                held.event, held.version = fresh.event, fresh.version
                held.round_deadline, held.message_id = fresh.round_deadline, fresh.message_id
                continue
            held.event, held.round_deadline = event, deadline
            if message_id is not None:
                held.message_id = message_id
            return events
        raise AssertionError("unreachable")

    async def _after(self, held: HeldTournament, events: list[Event]) -> None:
        """What follows a saved change: games opened and closed to match it, the timer, the
        listeners. Games are opened under the event's lock, so two results arriving together
        cannot open a match twice."""
        async with self._lock(held.id):
            await self._sync_games(held)
            self._arm(held)
        over = held.event.status in (FINISHED, CANCELLED)
        if events or over:
            await self._publish("on_tournament", held, events)
        if over:
            self._forget(held)

    def _forget(self, held: HeldTournament) -> None:
        timer = self._timers.pop(held.id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        self._held.pop(held.id, None)

    async def _publish(self, method: str, *args: Any) -> None:
        for listener in list(self._listeners):
            callback = getattr(listener, method, None)
            if callback is None:
                continue
            try:
                await callback(*args)
            except Exception:
                log.exception("tournament listener %r failed in %s", listener, method)

    # ================================================================ games for matches

    async def _sync_games(self, held: HeldTournament) -> None:
        """Games that follow the event: a game for every unfinished match of the round with
        none running (the next game of a best of three too); a running game whose match is
        settled (a forfeit, a drop-out, a host's result, the event over) closed; at a table,
        the computer playing for entries that forfeited."""
        event = held.event
        over = event.status != RUNNING
        linked: dict[str, list[int]] = {}
        for game in await self.store.tournament_games(held.id):
            linked.setdefault(game.match_id, []).append(game.game_id)
        for match_id, games in linked.items():
            match = event.match(match_id)
            for game_id in games:
                if not self._running(game_id):
                    continue
                if over or match.finished:
                    with contextlib.suppress(IllegalAction):
                        await self.manager.abandon(game_id, held.host_id, may_manage=True)
                elif match.table and match.forfeits:
                    table = self.manager.get(game_id)
                    seats = [s for s, e in enumerate(match.seats)
                             if e in match.forfeits and s not in table.away]
                    if seats:
                        names = spoken_list([event.entry(e).name for e in match.forfeits])
                        await self.manager.play_for(game_id, seats,
                                                    FORFEIT_LINE.format(names=names))
        if over or event.current is None:
            return
        for match in event.current.matches:
            games = linked.get(match.id, [])
            if match.finished or any(self._running(g) for g in games):
                continue
            if len(games) > len(match.games):
                continue  # its game ended without a result: the host sets one
            try:
                await self._open_game(held, match)
            except Exception:  # the event is saved; the host can set this match's result
                log.exception("tournament %d: match %s's game did not open", held.id,
                              match.id)

    def _running(self, game_id: int) -> bool:
        table = self.manager.get(game_id)
        return table is not None and table.status == "running"

    async def _open_game(self, held: HeldTournament, match: Match) -> None:
        event = held.event
        channel_id, thread_id = held.channel_id, None
        if self.places is not None:
            try:
                channel_id, thread_id = await self.places(held, match)
            except Exception:
                log.exception("tournament %d: no place for match %s", held.id, match.id)
        seats = []
        for user_id, entry_id in zip(event.players_of(match), match.seats, strict=True):
            if user_id is None:
                seats.append(SeatInfo.computer(COMPUTER_LEVEL))
            else:
                entry = event.entry(entry_id or "")
                seats.append(SeatInfo(user_id, entry.names[entry.members.index(user_id)]))
        table = await self.manager.create(
            guild_id=held.guild_id, channel_id=channel_id, game=event.game,
            options=event.options, seats=seats, host_id=held.host_id, thread_id=thread_id,
        )
        await self.store.link_match_game(held.id, round=match.round, match_id=match.id,
                                         game_id=table.id, channel_id=thread_id or channel_id)
        self._watch_no_show(held, match.id, table)
        await self._publish("on_match_opened", held, match, table)

    # ================================================================ nobody waits forever

    def _watch_no_show(self, held: HeldTournament, match_id: str, table: Any) -> None:
        task = asyncio.create_task(self._no_show(held, match_id, table),
                                   name=f"no-show-{table.id}")
        self._watches.add(task)
        task.add_done_callback(self._watches.discard)

    async def _no_show(self, held: HeldTournament, match_id: str, table: Any) -> None:
        """After the first minutes of a game, an entry with a seat the game waits for that
        has made no move at all forfeits the match."""
        await self.clock.sleep(self.no_show_after)
        await self._busy_with(self._check_no_show(held, match_id, table))

    async def _check_no_show(self, held: HeldTournament, match_id: str, table: Any) -> None:
        if self._closed or table.status != "running" or held.id not in self._held:
            return
        moved = {a.seat for a in await self.store.actions(table.id)}
        waiting = [s for s in table.waiting_for()
                   if not table.seats[s].is_computer and s not in moved]
        if not waiting:
            return
        match = held.event.match(match_id)
        for entry_id in dict.fromkeys(match.seats[s] for s in waiting if match.seats[s]):
            try:
                await self.act(held.id, partial(_no_show, match_id=match_id, entry_id=entry_id))
            except IllegalAction as refusal:  # the match was settled meanwhile
                log.info("tournament %d: no-show not recorded: %s", held.id, refusal)
                return

    def _arm(self, held: HeldTournament) -> None:
        """The one timer an event needs: its start time in sign-up, its round's deadline
        while running."""
        old = self._timers.pop(held.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        event = held.event
        due = event.starts_at if event.status == SIGNUP else \
            held.round_deadline if event.status == RUNNING else None
        if due is None or self._closed:
            return
        self._timers[held.id] = asyncio.create_task(self._at(held, due),
                                                    name=f"tournament-{held.id}")

    async def _at(self, held: HeldTournament, due: int) -> None:
        await self.clock.sleep(max(0.0, (due - self.wall_ms()) / 1000))
        await self._busy_with(self._due(held))

    async def _due(self, held: HeldTournament) -> None:
        if self._closed or held.id not in self._held:
            return
        if held.event.status == SIGNUP:
            try:
                await self.start_event(held.id, held.host_id)
            except IllegalAction as refusal:  # too few entries: the host decides
                log.info("tournament %d did not start on time: %s", held.id, refusal)
                await self._publish("on_tournament", held, [
                    {"type": "not_started", "text": f"The event could not start: {refusal}"}])
            return
        await self._play_out(held)

    async def _play_out(self, held: HeldTournament) -> None:
        """The round's deadline: every unfinished game is played to its end by the computer
        for its players, who are marked away."""
        current = held.event.current
        if current is None:
            return
        for game in await self.store.tournament_games(held.id):
            table = self.manager.get(game.game_id)
            if game.round != current.number or table is None or table.status != "running":
                continue
            seats = [s for s, seat in enumerate(table.seats)
                     if not seat.is_computer and s not in table.away]
            if seats:
                names = ", ".join(table.seats[s].name for s in seats)
                await self.manager.play_for(table.id, seats, DEADLINE_LINE.format(names=names))

    # ================================================================ after a restart

    async def _catch_up(self, held: HeldTournament) -> None:
        """Results of games that ended while nobody listened, then games and timers."""
        if held.event.status == RUNNING:
            for game in await self.store.tournament_games(held.id):
                if held.id not in self._held:
                    return
                current = held.event.current
                if current is None or game.round != current.number:
                    continue
                record = await self.store.game(game.game_id)
                if record is not None and record.status == "running" and \
                        self.manager.get(game.game_id) is None:
                    # Its last move was stored but not its finish: rebuilding it writes that.
                    await self.manager.wait_idle()
                    record = await self.store.game(game.game_id)
                if record is not None and record.status == "finished" and record.outcome:
                    await self._record(held, game.match_id, game.game_id, record.outcome)
                elif record is not None and record.status == "running":
                    table = self.manager.get(game.game_id)
                    if table is not None:
                        self._watch_no_show(held, game.match_id, table)
        if held.id in self._held:
            await self._after(held, [])

    async def _ratings(self, held: HeldTournament) -> dict[int, float]:
        rows = await self.manager.leaderboard(held.guild_id, held.event.game, limit=10_000)
        return {row["user_id"]: row["rating"] for row in rows}


def _no_show(event: Tournament, *, match_id: str, entry_id: str) -> list[Event]:
    return event.no_show(match_id, entry_id)


def _placings(event: Tournament) -> list[Placing]:
    placings, place = [], 1
    for group in event.placings:
        for entry_id in group:
            placings += [Placing(member, place) for member in event.entry(entry_id).members]
        place += len(group)
    return placings
