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

A server that removed the bot leaves its games at rest (tables/presence.py). The store keeps
when the bot left (`departed_guilds`), so a restart neither loads those games nor starts the
wait again; once the server has been gone `after` too, its games are closed in the store the
same way (nobody can see a table message there). Invited back sooner, its games go on.
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
    """The one timer, asleep only while games run or rest in a server the bot left (a bot
    with neither keeps no timer)."""

    def __init__(self, manager: TableManager, after: float = STALE_AFTER) -> None:
        self.manager, self.after = manager, after
        self._timer: asyncio.Task[None] | None = None
        self._on = self._asleep = False
        #: Server id -> when the bot left it (wall seconds), for the servers its games rest in.
        self.departed: dict[int, float] = {}
        self._noting = asyncio.Lock()

    async def start(self) -> None:
        """From now on, watch the running games and the servers the bot left (the manager
        has claimed its games); close those gone too long while the bot was down."""
        await self.load_departed()
        self._on = self.after > 0
        self.watch()
        await self.close_departed()

    def watch(self) -> None:
        """A game runs: make sure the timer does."""
        if self._on and (self._timer is None or self._timer.done()):
            self._timer = asyncio.create_task(self._sweep_while_running(), name="stale-games")

    def settle(self) -> None:
        """A game ended or left: with none running, the sleeping timer goes."""
        if (self._timer is not None and self._asleep and not self.quiet_since()
                and not self.departed):
            self._timer.cancel()

    def close(self) -> None:
        self._on = False
        if self._timer is not None:
            self._timer.cancel()

    async def _sweep_while_running(self) -> None:
        while self.quiet_since() or self.departed:
            self._asleep = True
            try:
                await self.manager.clock.sleep(min(SWEEP_EVERY, self.after))
            finally:
                self._asleep = False
            try:
                await self.sweep()
                await self.close_departed()
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

    # ================================================================ servers the bot left

    async def load_departed(self) -> None:
        """At start-up, after the claim: the servers the bot had left, their games at rest
        without being loaded (a server listed by the gateway, or back, loads them)."""
        manager = self.manager
        found = await manager.store.departures(manager.shards)
        games = 0
        for guild_id, (left_ms, game_ids) in found.items():
            self.departed[guild_id] = left_ms / 1000
            if game_ids:
                manager._presence.resting.setdefault(guild_id, set()).update(game_ids)
                games += len(game_ids)
        if games:
            log.info("%d running games of %d servers that removed the bot are not loaded: each "
                     "server's close %d days after it left, unless it invites the bot back",
                     games, len(found), round(self.after / DAY))
        self.watch()

    async def note_presence(self) -> None:
        """After the servers changed: store when the bot left each server whose games now
        rest, and forget each server back."""
        manager = self.manager
        async with self._noting:
            resting = set(manager._presence.resting)
            for guild_id in sorted(resting - self.departed.keys()):
                left = manager.clock.wall()
                await manager.store.record_departure(guild_id, int(left * 1000))
                self.departed[guild_id] = left
            for guild_id in sorted(self.departed.keys() - resting):
                await manager.store.forget_departure(guild_id)
                del self.departed[guild_id]
        self.watch()

    async def close_departed(self) -> list[int]:
        """Close the resting games of every server gone `after` seconds or more; the
        servers'."""
        if self.after <= 0:
            return []
        manager, closed = self.manager, []
        presence = manager._presence
        async with presence._lock:  # a server coming back meanwhile keeps its games
            now = manager.clock.wall()
            for guild_id, left in sorted(self.departed.items()):
                if now - left < self.after or guild_id not in presence.resting:
                    continue
                count = await manager.store.close_departed(guild_id)
                del presence.resting[guild_id], self.departed[guild_id]
                closed.append(guild_id)
                log.info("Closed %d games of server %d: the bot left it %.0f days ago", count,
                         guild_id, (now - left) / DAY)
        return closed
