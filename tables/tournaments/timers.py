"""A tournament's clock: its start time in sign-up, a match's no-show window, and its round's
deadline. Part of the TournamentService (tables/tournaments/service.py).

At the deadline nobody who is still playing is pushed aside: in each unfinished game the
computer plays for the seats whose players are away (the game has waited on them for
AWAY_AFTER seconds), and says so at the table. Members at the table play on; while any do,
the service looks again every AWAY_AFTER seconds, so a game whose member stops answering is
played out then, and the round ends with its last game. The deadline and a match's no-show
decide under the event's lock, so when both fall due at once (a clock jump) the second sees
what the first saved."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from engine.contract import Event
from engine.errors import IllegalAction
from engine.seat_words import spoken_list
from store.records import ActionRecord
from tables.away import is_marker
from tables.table import Table
from tables.tournaments.holds import SeatHolds
from tables.tournaments.model import Match, count_words
from tables.tournaments.tournament import RUNNING, SIGNUP, Tournament

if TYPE_CHECKING:
    from tables.tournaments.service import HeldTournament, TournamentService

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Seconds a seat may keep its first move waiting before its entry forfeits the match.
NO_SHOW_AFTER = 300.0
#: Past the round's deadline, seconds a game may wait on a member before the computer
#: plays for them.
AWAY_AFTER = 60.0
DEADLINE_LINE = "The round's time is up: the computer plays on for {names}, who {are} away."


class EventTimers:
    def __init__(self, service: TournamentService) -> None:
        self.service = service
        self._timers: dict[int, asyncio.Task[None]] = {}
        #: No-show watches, and the event each is for.
        self._watches: dict[asyncio.Task[None], int] = {}
        self._busy: set[asyncio.Future[Any]] = set()
        #: Each event's round deadline its listeners were told had passed.
        self._told: dict[int, int] = {}
        self.holds = SeatHolds(service)

    def close(self) -> None:
        for task in [*self._timers.values(), *self._watches]:
            task.cancel()

    def busy(self) -> list[asyncio.Future[Any]]:
        """The work timers woke that is still under way."""
        return [task for task in self._busy if not task.done()]

    async def _busy_with(self, work: Coroutine[Any, Any, T]) -> T:
        task = asyncio.ensure_future(work)
        self._busy.add(task)
        task.add_done_callback(self._busy.discard)
        # The work may re-arm the event's timer, which cancels the timer task awaiting it
        # here: shielded, the work itself runs on to its end (listeners told included).
        return await asyncio.shield(task)

    # ================================================================ the event's timer

    def arm(self, held: HeldTournament) -> None:
        """The one timer an event needs: its start time in sign-up, its round's deadline
        while running."""
        event = held.event
        due = event.starts_at if event.status == SIGNUP else \
            held.round_deadline if event.status == RUNNING else None
        self._set(held, due)

    def forget(self, held: HeldTournament) -> None:
        self._set(held, None)
        self._told.pop(held.id, None)

    def rest(self, held: HeldTournament) -> None:
        """Its server removed the bot: none of the event's timers run on."""
        self.forget(held)
        for task, tournament_id in list(self._watches.items()):
            if tournament_id == held.id:
                task.cancel()

    def _set(self, held: HeldTournament, due: int | None) -> None:
        old = self._timers.pop(held.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if due is not None and not self.service.closed:
            self._timers[held.id] = asyncio.create_task(self._at(held, due),
                                                        name=f"tournament-{held.id}")

    async def _at(self, held: HeldTournament, due: int) -> None:
        await self.service.clock.sleep(max(0.0, (due - self.service.wall_ms()) / 1000))
        await self._busy_with(self._due(held))

    async def _due(self, held: HeldTournament) -> None:
        service = self.service
        if not service.serves(held):
            return
        if held.event.status == SIGNUP:
            try:
                await service.start_event(held.id, held.host_id)
            except IllegalAction as refusal:  # too few entries: the host decides
                log.info("tournament %d did not start on time: %s", held.id, refusal)
                with contextlib.suppress(IllegalAction):  # started or cancelled meanwhile
                    await service.act(held.id, partial(_missed_start, why=str(refusal)))
            return
        # Under the event's lock, as a no-show is decided: a forfeit saved first closes its
        # game before the computer would play there, and a seat the computer took first is
        # not then forfeited (a clock jump can wake both at once).
        async with service._lock(held.id):
            deadline = held.round_deadline
            if not service.serves(held) or held.event.status != RUNNING or deadline is None \
                    or service.wall_ms() < deadline:
                return  # the round moved on meanwhile
            playing_on = await self._play_out(held)
        if self._told.get(held.id) != deadline and service.serves(held) \
                and held.event.status == RUNNING and held.round_deadline == deadline:
            # The event's message says the time is up "in 5 minutes": now it was, and what
            # the computer does about it. (Its round or the event over meanwhile said so.)
            self._told[held.id] = deadline
            await service.refresh(held)
        if playing_on and held.round_deadline == deadline and held.event.status == RUNNING:
            # Members play on: look again soon (a new round's timer replaces this one).
            self._set(held, service.wall_ms() + int(service.away_after * 1000))

    async def _play_out(self, held: HeldTournament) -> bool:
        """Past the round's deadline: in every unfinished game of the round, the computer
        plays for the seats whose players are away, marked so. True while members play on.
        The caller holds the event's lock."""
        manager, current = self.service.manager, held.event.current
        if current is None:
            return False
        playing_on = False
        for game in list(held.games):
            table = manager.get(game.game_id)
            if game.round != current.number or table is None or table.status != "running" \
                    or held.event.match(game.match_id).finished or held.set_aside(game):
                continue
            away = [s for s, waited in manager.waited(table.id).items()
                    if waited >= self.service.away_after]
            if away:
                names = [table.seats[s].name for s in away]
                line = DEADLINE_LINE.format(names=spoken_list(names),
                                            are="is" if len(names) == 1 else "are")
                with contextlib.suppress(IllegalAction):  # it ended meanwhile
                    await manager.play_for(table.id, away, line)
            playing_on |= any(not seat.is_computer and s not in table.away
                              for s, seat in enumerate(table.seats))
        return playing_on

    # ================================================================ nobody waits forever

    async def back_from(self, held: HeldTournament, since: int, at: int) -> None:
        """Back at `at` in a server that had removed the bot at `since` (both wall ms): the
        no-show windows of the round's games start again at `at`, as the games' own timers
        do, and a round deadline that passed while the bot was gone moves to a whole round's
        minutes from then, so the players get their round before the computer plays for
        them; saved together (a restart keeps them), the move told in the event's news. A
        deadline that had passed before the bot was removed stays: the round was due already,
        and the computer plays for whoever its games wait on, as after a restart, once they
        have waited `AWAY_AFTER` seconds from the return (the games' clocks restart too)."""
        service = self.service
        minutes = held.event.round_minutes

        def moved(deadline: int | None) -> int | None:
            if deadline is None or not since < deadline <= at or not minutes:
                return deadline
            return at + minutes * 60_000

        def change(event: Tournament) -> list[Event]:
            for match in _windows(event):
                match.opened_at = at
            if moved(held.round_deadline) == held.round_deadline or event.current is None:
                return []
            return [event._say("deadline_moved", (
                f"The bot was away from this server when round {event.current.number}'s time "
                f"ran out: its players have {count_words(minutes or 0, 'minute', 'minutes')} "
                "again from its return before the computer plays for anyone away."))]

        if not _windows(held.event) and moved(held.round_deadline) == held.round_deadline:
            return
        try:
            async with service._lock(held.id):
                await service._change(held, change, moves_deadline=moved)
        except IllegalAction as refusal:
            log.info("tournament %d: its round's clocks not restarted: %s", held.id, refusal)

    def watch_no_show(self, held: HeldTournament, match_id: str, table: Table,
                      opened_at: int) -> None:
        """`opened_at`: when the game opened (milliseconds, as wall_ms): after a restart the
        window is not given again, only what is left of it (nothing: the rule applies now)."""
        task = asyncio.create_task(self._no_show(held, match_id, table, opened_at),
                                   name=f"no-show-{table.id}")
        self._watches[task] = held.id
        task.add_done_callback(self._watches.pop)

    async def _no_show(self, held: HeldTournament, match_id: str, table: Table,
                       opened_at: int) -> None:
        """A member whom the game has waited on for the no-show minutes before their first
        move forfeits the match: first when the minutes from the opening are up, then as each
        later first turn's minutes run out (at a big table a member's first turn may come
        long after the opening), until every member has moved or forfeited."""
        # Looked at once at the opening too: a member playing another match hears at once
        # that this one keeps their seat.
        wait: float | None = 0.0
        while wait is not None:
            await self.service.clock.sleep(wait)
            wait = await self._busy_with(self._check_no_show(held, match_id, table, opened_at))

    async def _check_no_show(self, held: HeldTournament, match_id: str, table: Table,
                             opened_at: int) -> float | None:
        """Forfeit the entries of the seats whose minutes are up; the seconds until the next
        seat's are, or None once no member is left to make a first move. Decided and saved
        under the event's lock, as the round's deadline plays for the away: each sees what
        the other saved (a seat the computer took is not forfeited, a forfeited match's
        game is closed before the computer would play there)."""
        service = self.service
        async with service._lock(held.id):
            due = await self._no_show_due(held, match_id, table, opened_at)
            if due is None:
                return None
            absent = list(dict.fromkeys(e for s, left in due.items() if left <= 0
                                        and (e := held.event.match(match_id).seats[s])))
            if absent:
                try:
                    await service._change(held, partial(_no_show, match_id=match_id,
                                                        entry_ids=absent))
                except IllegalAction as refusal:  # the match was settled meanwhile
                    log.info("tournament %d: no-show not recorded: %s", held.id, refusal)
                    return None
        if absent:
            await service._after(held)
        await self.holds.tell()
        later = [left for left in due.values() if left > 0]
        # A member not waited on yet has the whole window once their turn comes.
        return min(later) if later else service.no_show_after

    async def _no_show_due(self, held: HeldTournament, match_id: str, table: Table,
                           opened_at: int) -> dict[int, float] | None:
        """Seconds left of the no-show minutes of each seat still to make its first move that
        the game waits on, or None once no member is left to make one."""
        service = self.service
        if not service.serves(held) or table.status != "running":
            return None
        match = held.event.match(match_id)
        if match.finished or table.id not in held.games_of(match_id):
            return None  # (a game set aside: its match started again with another entry)
        actions = await service.store.actions(table.id)
        if table.status != "running":  # it ended while the moves were read
            return None
        moved = {a.seat for a in actions if not is_marker(a.action)}
        to_move = [s for s, seat in enumerate(table.seats)
                   if not seat.is_computer and s not in moved and s not in table.away
                   and match.seats[s] not in match.forfeits]
        if not to_move:
            return None
        # This process's runner knows how long it has waited on each seat, since a restart
        # only; a seat waited on ever since the opening has waited since `opened_at`.
        from_opening = _waited_on_from_the_opening(table, actions)
        since_opening = (service.wall_ms() - opened_at) / 1000
        waited = {s: max(w, since_opening) if s in from_opening else w
                  for s, w in service.manager.waited(table.id).items()}
        return {s: await self.holds.seconds_left(held, table, s, waited[s])
                for s in to_move if s in waited}


def _windows(event: Tournament) -> list[Match]:
    """The matches whose games' no-show windows run: the round's unfinished ones with a game
    open."""
    if event.status != RUNNING or event.current is None:
        return []
    return [m for m in event.current.matches if not m.finished and m.opened_at is not None]


def _waited_on_from_the_opening(table: Table, actions: list[ActionRecord]) -> set[int]:
    """The seats the game has waited on at every moment since it opened: its log replayed
    on a fresh game, as far as any such seat is left."""
    game = table.spec.new(len(table.seats), table.options, table.seed)
    seats = set(game.waiting_for())
    for record in actions:
        if not seats:
            break
        if is_marker(record.action):  # who plays a seat, not a move of the game
            continue
        try:
            game.apply(record.seat, record.action, logged=True)
        except IllegalAction:  # a move of the table's own (a resignation) ends the game
            return set()
        seats &= set(game.waiting_for())
    return seats


def _no_show(event: Tournament, *, match_id: str, entry_ids: list[str]) -> list[Event]:
    return event.no_show(match_id, *entry_ids)


def _missed_start(event: Tournament, *, why: str) -> list[Event]:
    """The start time passed without a start: it is forgotten, and sign-up stays open for
    the host to start the event by hand."""
    if event.status != SIGNUP:
        return []
    event.starts_at = None
    return [event._say("not_started", f"The event could not start: {why}")]
