"""One table's background work: computer turns and computers' optional moves (asked once
per table version: GameSpec.off_turn), forced moves, idle timers, and delivery of
notifications to the listeners in order.

A computer move that would take away a member's optional move (a Muggins! press on the
claim before it: docs/RULES.md C-18) waits until a move is made at the table or the member
has had OPTION_WINDOW seconds since it was offered: computers decide at once, people need
time to read and press. An option that stays open as its decision key moves on
(Game.options_outlast_moments) is not waited for.

The TableManager owns one TableRunner per table it serves and applies every action itself
(`TableManager._accept`, under the table's lock); a runner only decides when to ask for one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from typing import TYPE_CHECKING, Any

from engine.contract import Action, Decision, Event, decision_of, taken_away
from engine.errors import IllegalAction
from tables.away import AWAY, mark_seats
from tables.carry_out import carry_out
from tables.computer import EXPERT, choose, choose_off_turn, has_computer_player
from tables.idle import IdleTiming, idle_timing
from tables.listeners import Notice, finished, idle_warning, takeover, updated
from tables.seats import TAKEOVER_LEVEL
from tables.table import Table

if TYPE_CHECKING:
    from tables.manager import TableManager

log = logging.getLogger(__name__)

#: The table's line when the computer starts playing for a seat whose player let it wait.
TAKEOVER_LINE = "The computer is playing for {{s{seat}}} until they come back (My hand)."
#: Seconds a member has, from when it is offered, to make an optional move that a computer's
#: next move would take away; only at tables where computers pause at all (ai_delay > 0).
OPTION_WINDOW = 4.0


class TableRunner:
    """The background work attached to one table."""

    def __init__(self, table: Table, manager: TableManager) -> None:
        self.table = table
        self.manager = manager
        self.computer: asyncio.Task[None] | None = None
        self.forced: asyncio.Task[None] | None = None
        self.idle: asyncio.Task[None] | None = None
        self.delivery: asyncio.Task[None] | None = None
        self.outbox: deque[Notice] = deque()
        self.waiting_since: dict[int, float] = {}
        #: The version at which each computer seat last decided on its optional move.
        self.off_turn_asked: dict[int, int] = {}
        self.warned: set[int] = set()
        #: Each present member's optional decision, and when it was offered.
        self.offers: dict[int, tuple[Decision, float]] = {}
        #: The move a computer seat chose at a version, kept while it waits for a member.
        self.plan: tuple[tuple[int, int], Action | None] | None = None
        #: Set at every change of the table: a computer waiting for a member wakes on it.
        self.changed = asyncio.Event()
        #: When the table last changed, on the tables clock (tables/stale.py reads it).
        self.changed_at = manager.clock.now()
        self.closed = False

    def busy(self) -> list[asyncio.Task[None]]:
        """Computer turns, forced moves and deliveries still under way."""
        return [
            task for task in (self.computer, self.forced, self.delivery)
            if task is not None and not task.done()
        ]

    def _stopped(self) -> bool:
        return self.closed or self.manager.closed or self.table.paused is not None

    async def pause(self, why: str | None) -> None:
        """Hold the table's computer turns, forced moves and idle timers (`why` says so to
        its members), or with None start them again, the members' timers from now: nobody
        is warned or replaced for the time the game could not be seen. A move under way is
        committed first; a task asleep finds the table paused when it wakes."""
        async with self.table.lock:
            self.table.paused = why
            if why is None:
                self.waiting_since.clear()
                self.warned.clear()
                self.after_change(None)

    # ================================================================ after every change

    def after_change(self, acted: int | None) -> None:
        """Bookkeeping after every state change: restart the seat's idle clock, start
        computer turns and forced moves, re-arm the idle timer."""
        table = self.table
        now = self.changed_at = self.manager.clock.now()
        if acted is not None:
            self.waiting_since.pop(acted, None)
            self.warned.discard(acted)
        waiting = table.human_waits()
        self.waiting_since = {s: self.waiting_since.get(s, now) for s in waiting}
        self.warned &= set(waiting)
        self._note_offers(now)
        self.changed.set()
        self.schedule_computer()
        self.schedule_forced()
        if self.idle is not None:
            self.idle.cancel()
            self.idle = None
        timing = idle_timing(table.settings, self.manager.default_idle)
        if not has_computer_player(table.spec, [TAKEOVER_LEVEL]):
            timing = IdleTiming(timing.warn, None)  # nobody can play for them: warn only
        if waiting and (timing.warn or timing.takeover) and not self._stopped():
            self.idle = asyncio.create_task(self._watch_idle(timing), name=f"idle-{table.id}")

    def _note_offers(self, now: float) -> None:
        """Keep when each present member's optional decision was offered (a new one: now)."""
        table = self.table
        waiting = set(table.waiting_for())
        offers = {}
        for seat in table.to_act():
            if seat in waiting or seat in table.away or table.seats[seat].is_computer:
                continue
            decision = decision_of(table.game, seat)
            known = self.offers.get(seat)
            offers[seat] = known if known is not None and known[0] == decision else (decision, now)
        self.offers = offers

    def waited(self) -> dict[int, float]:
        """Seconds the table has waited on each member's seat it waits on now (since this
        process took the game up, after a restart)."""
        now = self.manager.clock.now()
        return {s: now - since for s, since in self.waiting_since.items()}

    def announce(self, events: list[Event]) -> None:
        self.publish(updated(self.table, events))
        if self.table.status == "finished":
            self.publish(finished(self.table))

    def retire(self) -> None:
        """The game is over: no more timers or computer turns, and the events its tally's
        finishing rules read go (read with its last move, or never: abandoned). They were the
        most of what a finished table holds while it is kept for late presses."""
        self.waiting_since.clear()
        self.cancel_work()
        self.table.tally.history.clear()

    def cancel_work(self) -> None:
        """Stop computer turns, forced moves and the idle timer (not deliveries)."""
        for task in (self.computer, self.forced, self.idle):
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    # ================================================================ computer turns

    def _off_turn_seats(self) -> list[int]:
        """Computer seats with an optional move (GameSpec.off_turn) not yet decided at this
        version: each is asked once per version, so a decline is final until the next move."""
        table = self.table
        if table.spec.off_turn is None:
            return []
        return [s for s in table.computer_options() if self.off_turn_asked.get(s) != table.version]

    def _computer_work(self) -> bool:
        return bool(self.table.computer_turns() or self._off_turn_seats())

    def schedule_computer(self) -> None:
        if self._stopped() or not self._computer_work():
            return
        if self.computer is None or self.computer.done():
            self.computer = asyncio.create_task(
                self._run_computer(), name=f"computer-{self.table.id}"
            )

    async def _run_computer(self) -> None:
        """Play computer seats one action at a time until a human is needed. Optional moves
        come first: a Muggins! press must be made before the next count is claimed. A move
        that would take away a member's optional move waits for them (_hold_until).

        The last check and the return happen without an await in between, so an act() that
        makes more computer work either sees this task still running (and it loops) or done
        (and starts a new one)."""
        table = self.table
        # The pause lets members follow the computer's moves; a game of computers alone (two
        # tournament computer entries meeting) is played out at once.
        watched = pause = any(not seat.is_computer for seat in table.seats)
        while not self._stopped() and self._computer_work():
            if pause and self.manager.ai_delay > 0:
                await self.manager.clock.sleep(self.manager.ai_delay)
            pause = watched
            hold_until: float | None = None
            events: list[Event] | None = None
            async with table.lock:
                if self._stopped():
                    return
                optional = self._off_turn_seats()
                seats = optional or table.computer_turns()
                if not seats:
                    return
                seat = seats[0]
                async with self._slot(seat, optional=bool(optional)):
                    action = await self._planned(seat, optional=bool(optional))
                    hold_until = None if action is None else self._hold_until(seat, action)
                    if hold_until is not None:
                        self.changed.clear()  # from here on, any move on the table wakes it
                    elif optional:
                        events = await self._off_turn_move(seat, action)
                    else:
                        events = await self._computer_move(seat, action)
                if hold_until is None and events is None:
                    if not optional:
                        return
                    pause = False  # declined: nothing to show, so no second pause
                    continue
            if hold_until is not None:
                await self._hold(hold_until)
                pause = False  # the member has had their time: the computer's move is due
            elif events is not None:
                self.announce(events)

    def _slot(self, seat: int, *, optional: bool) -> contextlib.AbstractAsyncContextManager[Any]:
        """A place among the computer moves made at once (the expert's pool bounds its own;
        an optional move takes one only to decide, in _off_turn_choice)."""
        if optional or self.table.seats[seat].level == EXPERT:
            return contextlib.nullcontext()
        return self.manager.computer_slots

    async def _planned(self, seat: int, *, optional: bool) -> Action | None:
        """The seat's move at this version: the one it chose before waiting for a member, or
        a new choice (None: an optional move declined, or a computer player that failed)."""
        key = (self.table.version, seat)
        if self.plan is not None and self.plan[0] == key:
            return self.plan[1]
        action = await (self._off_turn_choice(seat) if optional else self._turn_choice(seat))
        self.plan = key, action
        return action

    def _hold_until(self, seat: int, action: Action) -> float | None:
        """When the last member whose optional move `action` would take away has had their
        window since it was offered, or None if no member's window is still open."""
        window = OPTION_WINDOW if self.manager.ai_delay > 0 else 0.0
        now = self.manager.clock.now()
        open_until = {member: since + window for member, (_, since) in self.offers.items()
                      if member != seat and since + window > now}
        if not open_until:
            return None
        trial = self.table.game.clone()
        try:
            trial.apply(seat, action)
        except IllegalAction:
            return None  # the move is refused anyway; _computer_move falls back
        taken = [until for member, until in open_until.items()
                 if taken_away(self.offers[member][0], decision_of(trial, member))]
        return max(taken, default=None)

    async def _hold(self, until: float) -> None:
        """Until the table changes (a member moved: after_change sets `changed`) or `until`."""
        clock = self.manager.clock

        async def ring() -> None:
            await clock.sleep(until - clock.now())
            self.changed.set()

        alarm = asyncio.create_task(ring(), name=f"option-window-{self.table.id}")
        try:
            await self.changed.wait()
        finally:
            alarm.cancel()

    async def _off_turn_choice(self, seat: int) -> Action | None:
        """The seat's optional move, or None when it declines (or its player fails: an
        optional move needs no fallback); a decline is final at this version."""
        table, manager = self.table, self.manager
        try:
            async with manager.computer_slots:
                action = await asyncio.to_thread(
                    choose_off_turn, table.spec, table.view_for(seat), table.legal_for(seat),
                    table.seed, table.version, table.seats[seat].level,
                )
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %d: computer for seat %d failed off turn", table.id, seat)
            action = None
        if action is None:
            self.off_turn_asked[seat] = table.version
        return action

    async def _off_turn_move(self, seat: int, action: Action | None) -> list[Event] | None:
        """The events of the seat's optional move, or None when it declined or failed."""
        table = self.table
        self.off_turn_asked[seat] = table.version
        if action is None:
            return None
        log.debug("game %d: seat %d takes its optional %s", table.id, seat, action["type"])
        try:
            return await self.manager._accept(table, seat, action)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %d: computer for seat %d failed off turn", table.id, seat)
            return None

    async def _turn_choice(self, seat: int) -> Action | None:
        """The computer's move for the seat, or None if its player failed."""
        table, manager = self.table, self.manager
        try:
            # In a worker thread: a hard computer player may think for a tenth of a second,
            # which must not freeze every other table. It only sees copies (view, legal).
            level = table.seats[seat].level
            if level == EXPERT:  # in a worker process, with a determinized copy of the game
                return await manager.experts.choose(table.game, seat, table.seed, table.version)
            return await asyncio.to_thread(
                choose, table.spec, table.view_for(seat), table.legal_for(seat), table.seed,
                table.version, level,
            )
        except asyncio.CancelledError:
            raise
        except IllegalAction as error:
            # A computer player's bug must not stall the table: _computer_move falls back.
            log.error("game %d: computer for seat %d failed (%s)", table.id, seat, error)
        except Exception:
            log.exception("game %d: computer for seat %d crashed", table.id, seat)
        return None

    async def _computer_move(self, seat: int, action: Action | None) -> list[Event] | None:
        table, manager = self.table, self.manager
        legal = table.legal_for(seat)
        if action is not None:
            try:
                return await manager._accept(table, seat, action)
            except (asyncio.CancelledError, IllegalAction) as error:
                if isinstance(error, asyncio.CancelledError):
                    raise
                # A computer player's bug must not stall the table: play the first legal move.
                log.error("game %d: computer for seat %d failed (%s)", table.id, seat, error)
            except Exception:
                log.exception("game %d: computer for seat %d crashed", table.id, seat)
        if self.closed:
            return None
        if not legal:
            await manager._mark_errored(table, "the computer had no legal move")
            return None
        try:
            return await manager._accept(table, seat, legal[0])
        except Exception as error:
            await manager._mark_errored(table, f"fallback move failed: {error}")
            return None

    # ================================================================ forced moves

    def _forced_move(self) -> tuple[int, Action] | None:
        """A waited-for human seat whose only legal action carries no choice, if its player
        lets such moves be played for them."""
        table = self.table
        if not table.spec.forced:
            return None
        for seat in table.human_waits():
            legal = table.legal_for(seat)
            if len(legal) != 1 or legal[0].get("type") not in table.spec.forced:
                continue
            user_id = table.seats[seat].user_id
            if user_id is not None and self.manager.cached_player_settings(user_id)["autoplay"]:
                return seat, legal[0]
        return None

    def schedule_forced(self) -> None:
        if self._stopped() or self._forced_move() is None:
            return
        if self.forced is None or self.forced.done():
            self.forced = asyncio.create_task(self._run_forced(), name=f"forced-{self.table.id}")

    async def _run_forced(self) -> None:
        """Play forced moves one at a time, each after a pause in which the player sees it
        coming. Like _run_computer, the last check and the return have no await between."""
        table = self.table
        while not self._stopped() and table.status == "running":
            if self._forced_move() is None:
                return
            version = table.version
            await self.manager.clock.sleep(self.manager.forced_delay)
            async with table.lock:
                if self._stopped() or table.status != "running" or table.version != version:
                    continue  # someone moved meanwhile: look again
                found = self._forced_move()
                if found is None:
                    return
                seat, action = found
                log.debug("game %d: playing %s for seat %d", table.id, action.get("type"), seat)
                number = table.version
                events = await self.manager._accept(table, seat, action)
                table.autoplayed[seat] = (number, action)
            self.announce(events)

    # ================================================================ idle timers

    async def _watch_idle(self, timing: IdleTiming) -> None:
        table, clock = self.table, self.manager.clock
        while not self._stopped():
            due: list[tuple[float, str, int]] = []
            for seat, since in self.waiting_since.items():
                if timing.warn is not None and seat not in self.warned:
                    due.append((since + timing.warn, "warn", seat))
                if timing.takeover is not None:
                    due.append((since + timing.takeover, "takeover", seat))
            if not due:
                return
            when, what, seat = min(due)
            delay = when - clock.now()
            if delay > 0:
                await clock.sleep(delay)
            if self._stopped() or seat not in self.waiting_since:
                continue
            if what == "warn":
                self.warned.add(seat)
                self.publish(idle_warning(table, seat))
            else:
                # Logging the takeover restarts the idle timers, cancelling this task: the
                # takeover itself runs to its end.
                await carry_out(self._take_over(seat))

    async def _take_over(self, seat: int) -> None:
        """The computer plays for the member from now on, logged as the game's log records
        it (tables/away.py), unless they moved meanwhile."""
        table = self.table
        async with table.lock:
            if self._stopped() or seat not in self.waiting_since:
                return
            log.info("game %d: computer takes over idle seat %d", table.id, seat)
            try:
                if not await mark_seats(self.manager, table, [seat], AWAY):
                    return
            except Exception as error:  # served elsewhere now, or not stored (logged)
                log.warning("game %d: no takeover of seat %d: %s", table.id, seat, error)
                return
            table.note(TAKEOVER_LINE.format(seat=seat))
        self.publish(takeover(table, seat))

    # ================================================================ notifications

    def publish(self, notice: Notice) -> None:
        """Queue a notification; one delivery task per table keeps them in order."""
        self.outbox.append(notice)
        if self.delivery is None or self.delivery.done():
            self.delivery = asyncio.create_task(self._deliver(), name=f"deliver-{self.table.id}")

    def pending_delivery(self) -> asyncio.Task[None] | None:
        """The delivery still under way, if any."""
        return self.delivery if self.delivery is not None and not self.delivery.done() else None

    async def _deliver(self) -> None:
        while self.outbox:
            notice = self.outbox.popleft()
            for listener in list(self.manager.listeners):
                try:
                    await notice(listener)
                except Exception:
                    log.exception("listener %r failed for game %d", listener, self.table.id)
