"""Running games nobody will finish: closed, without results, once nothing has happened at
the table for `STALE_AFTER` on the tables clock.

With the idle timer on, the computer plays for whoever keeps a game waiting, so a game always
ends. With it off (the lobby's or the server's choice), a game whose member left the server,
whose thread or channel was deleted, or that its players forgot, would wait for ever: still
listed by /games, still held in memory and claimed again at every start. Such a game is
closed as an admin's /abandon would close it: no results or ratings, its log kept whole in
the store (replays and /review read it as before), its table message saying why. One timer
on the tables clock looks every `SWEEP_EVERY`; a restart starts each game's wait afresh, as
it does the idle timer's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from engine.errors import IllegalAction
from tables.table import Table

if TYPE_CHECKING:
    from tables.manager import TableManager

log = logging.getLogger(__name__)

DAY = 24 * 3600.0
#: How long a running game may go without a move before it is closed.
STALE_AFTER = 30 * DAY
SWEEP_EVERY = DAY / 4
STALE_WHY = "Closed: nobody had moved for {days} days. No results were recorded."


class StaleGames:
    """The one timer, asleep only while games run (a bot with none keeps no timer)."""

    def __init__(self, manager: TableManager, after: float = STALE_AFTER) -> None:
        self.manager, self.after = manager, after
        self._timer: asyncio.Task[None] | None = None
        self._on = self._asleep = False

    def start(self) -> None:
        """From now on, watch the running games (the manager has started)."""
        self._on = self.after > 0
        self.watch()

    def watch(self) -> None:
        """A game runs: make sure the timer does."""
        if self._on and (self._timer is None or self._timer.done()):
            self._timer = asyncio.create_task(self._sweep_while_running(), name="stale-games")

    def settle(self) -> None:
        """A game ended or left: with none running, the sleeping timer goes."""
        if self._timer is not None and self._asleep and not self.quiet_since():
            self._timer.cancel()

    def close(self) -> None:
        self._on = False
        if self._timer is not None:
            self._timer.cancel()

    async def _sweep_while_running(self) -> None:
        while self.quiet_since():
            self._asleep = True
            try:
                await self.manager.clock.sleep(min(SWEEP_EVERY, self.after))
            finally:
                self._asleep = False
            try:
                await self.sweep()
            except Exception:
                log.exception("Could not close stale games; looking again later")

    def quiet_since(self) -> list[tuple[Table, float]]:
        """Each running table and when it last changed (on the tables clock)."""
        runners = self.manager._runners
        return [(t, runner.changed_at) for t in list(self.manager._tables.values())
                if (runner := runners.get(t.id)) is not None]

    async def sweep(self) -> list[int]:
        """Close every running game untouched for `after` seconds; their ids."""
        manager = self.manager
        now, closed = manager.clock.now(), []
        for table, quiet_since in self.quiet_since():
            if now - quiet_since < self.after:
                continue
            table.closed_why = STALE_WHY.format(days=round(self.after / DAY))
            with contextlib.suppress(IllegalAction):  # it ended, or rested, meanwhile
                await manager.abandon(table.id, table.host_id, may_manage=True)
                closed.append(table.id)
                log.info("Closed game %d: nobody had moved for %.0f days", table.id,
                         (now - quiet_since) / DAY)
        return closed
