"""The servers the bot is in, and what leaving one means for its games and lobbies
(docs/DESIGN.md, "When a server removes the bot").

Removed from a server (kicked, or the server deleted), the bot puts the server's games to
rest: they are unloaded, so nothing of theirs runs (no timers, no computer turns, no
deliveries), and kept in the store as they are, still running, their logs untouched. The
server's open lobbies close. Nothing is rated or recorded. Invited back, its games are
rebuilt from their logs as at start-up (tables/resume.py), their timers starting afresh: a
member the game was waiting for is not held to account for the time the bot was away.

At start-up (`await_guilds`), a game rebuilt before the gateway has said which servers its
shard has may answer whoever reaches it, but does not run until its server is known to be
there: listed for its shard (`known`) or arriving (`back`). A server of a shard not yet
heard from is not gone, only not known yet.

What else runs in a server (its tournaments) hears the same news through the manager's
listeners (`on_guild_removed`, `on_guild_back`), and says which servers it is in (`guilds`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from tables.listeners import Notice
from tables.table import Table

if TYPE_CHECKING:
    from tables.manager import TableManager

log = logging.getLogger(__name__)


class Presence:
    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        #: Server id -> its games at rest (their ids; the store holds the rest).
        self.resting: dict[int, set[int]] = {}
        #: Shards whose servers the gateway has not listed yet.
        self.unknown_shards: set[int] = set()
        #: Servers that arrived while their shard's list was still unknown.
        self.arrived: set[int] = set()
        #: Tables rebuilt while their server was not known yet: they run once it is.
        self.held: dict[int, Table] = {}
        #: One change at a time: a server removed and invited back at once ends up back.
        self._lock = asyncio.Lock()

    def await_guilds(self) -> None:
        count, shard_ids = self.manager.shards
        self.unknown_shards = set(shard_ids) if count and shard_ids else {0}

    def _shard(self, guild_id: int) -> int:
        count = self.manager.shards[0]
        return (guild_id >> 22) % count if count else 0

    def holds(self, table: Table) -> bool:
        """Whether a table just rebuilt must wait for its server to be known (it is kept
        until then)."""
        guild_id = table.guild_id
        if self._shard(guild_id) in self.unknown_shards and guild_id not in self.arrived:
            self.held[table.id] = table
            return True
        return False

    def here(self, guild_id: int) -> bool:
        """Whether the server is known to have the bot."""
        waiting = self._shard(guild_id) in self.unknown_shards and guild_id not in self.arrived
        return not waiting and guild_id not in self.resting

    # ================================================================ what the gateway says

    async def removed(self, guild_id: int) -> None:
        async with self._lock:
            await self._rest(guild_id)

    async def back(self, guild_id: int) -> None:
        async with self._lock:
            await self._back(guild_id)

    async def known(self, guild_ids: Iterable[int], shard: int | None) -> None:
        """Every server the bot is in on `shard` (on all of this process's shards if None):
        any other of that shard with games or lobbies here is gone."""
        present = set(guild_ids)

        def ours(guild_id: int) -> bool:
            return shard is None or self._shard(guild_id) == shard

        async with self._lock:
            if shard is None:
                self.unknown_shards.clear()
            else:
                self.unknown_shards.discard(shard)
            manager = self.manager
            elsewhere = {g for listener in manager.listeners for g in listener.guilds()}
            loaded = ({t.guild_id for t in manager._tables.values()} | manager._resume.guilds()
                      | manager._lobbies.guilds() | elsewhere)
            for guild_id in sorted(g for g in loaded if ours(g) and g not in present):
                await self._rest(guild_id)
            for guild_id in sorted(g for g in {*self.resting, *elsewhere}
                                   if ours(g) and g in present):
                await self._back(guild_id)
            self._run_held(lambda g: ours(g) and g in present)
            self.arrived = {g for g in self.arrived if not ours(g)}

    # ================================================================ rest and back

    async def _rest(self, guild_id: int) -> None:
        manager = self.manager
        self.arrived.discard(guild_id)
        # First, so that what runs beside the tables opens no game there once they rest.
        await self._tell(lambda listener: listener.on_guild_removed(guild_id))
        resting = self.resting.setdefault(guild_id, set())
        resting |= manager._resume.drop(guild_id)
        for table in [t for t in manager._tables.values() if t.guild_id == guild_id]:
            await self._unload(table)
            resting.add(table.id)
        closed = await manager._lobbies.close_guild(guild_id)
        if not resting:
            del self.resting[guild_id]
        if resting or closed:
            log.info("Not in server %d: %d running games at rest until it invites the bot "
                     "back, %d open lobbies closed", guild_id, len(resting), closed)

    async def _unload(self, table: Table) -> None:
        """Forget a running table, after any move in progress is committed."""
        manager = self.manager
        async with table.lock:
            runner = manager._runners.pop(table.id)
            runner.closed = True
            manager._tables.pop(table.id, None)
        self.held.pop(table.id, None)
        runner.cancel_work()
        runner.outbox.clear()
        delivery = runner.pending_delivery()
        if delivery is not None:
            delivery.cancel()
        for listener in list(manager.listeners):
            try:
                await listener.on_rested(table)
            except Exception:
                log.exception("listener %r failed resting game %d", listener, table.id)

    async def _back(self, guild_id: int) -> None:
        manager = self.manager
        if self._shard(guild_id) in self.unknown_shards:
            self.arrived.add(guild_id)
        resting = self.resting.pop(guild_id, set())
        if resting:
            log.info("Back in server %d: %d games resume", guild_id, len(resting))
            await manager._resume.load(sorted(resting))
            manager._resume.reach(guild_id=guild_id)
        self._run_held(lambda g: g == guild_id)
        await self._tell(lambda listener: listener.on_guild_back(guild_id))

    async def _tell(self, notice: Notice) -> None:
        for listener in list(self.manager.listeners):
            try:
                await notice(listener)
            except Exception:
                log.exception("listener %r failed hearing of a server", listener)

    def _run_held(self, which: Callable[[int], bool]) -> None:
        for table in [t for t in self.held.values() if which(t.guild_id)]:
            del self.held[table.id]
            if self.manager._tables.get(table.id) is table:  # not over meanwhile
                self.manager._resume.run(table)
