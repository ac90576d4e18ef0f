"""Rebuilding games from their stored logs: those this process claimed at start, those of a
server that invited the bot back (tables/presence.py), and one whose write failed.

Replaying is CPU work only, so a rebuild never waits: it happens in a background pass, or
on the spot when someone reaches a game before that pass does. The database writes a rebuild
needs (an errored game, a finish that was not stored) are settled in tasks of their own.
A game rebuilt before its server is known to have the bot runs only once it is
(`Presence.holds`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from engine.contract import Action
from engine.registry import GameSpec
from store.records import ActionRecord, Finish, GameRecord
from tables.honours import record_move
from tables.ratings import table_finish
from tables.seats import SeatInfo
from tables.table import Table

if TYPE_CHECKING:
    from store import Store
    from tables.manager import TableManager

log = logging.getLogger(__name__)

#: A game's moves, read from its stored log when it is replayed.
Moves = Callable[[], list[tuple[int, Action]]]


def build_table(record: GameRecord, spec: GameSpec, moves: list[tuple[int, Action]]) -> Table:
    """The table of a stored game, its log replayed; raises if the log does not replay."""
    table = Table(
        id=record.id, spec=spec, options=record.options,
        seed=record.seed, seats=[SeatInfo.from_json(s) for s in record.seats],
        guild_id=record.guild_id, channel_id=record.channel_id,
        host_id=record.host_id, settings=record.settings,
        thread_id=record.thread_id, message_id=record.message_id,
    )
    table.replay(moves)
    return table


async def finished_table(store: Store, games: Mapping[str, GameSpec], game_id: int
                         ) -> Table | None:
    """A finished game's table as it ended, rebuilt from the store (its log replayed in a
    worker thread, with what its finish recorded of the ratings); None for a game that is
    not finished, not offered, or no longer replays."""
    record = await store.game(game_id)
    spec = games.get(record.game) if record is not None else None
    if record is None or spec is None or record.status != "finished":
        return None
    moves = [(row.seat, row.action) for row in await store.actions(game_id)]
    try:
        table = await asyncio.to_thread(build_table, record, spec, moves)
    except Exception:
        log.exception("finished game %d (%s) does not replay", record.id, record.game)
        return None
    table.status = "finished"
    table.rating_changes = await store.rating_changes(game_id)
    return table


def _moves(rows: list[ActionRecord]) -> Moves:
    return lambda: [(row.seat, row.action) for row in rows]


class Resume:
    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        #: Games loaded and not rebuilt yet (start(in_background=True), a server back).
        self.pending: dict[int, tuple[GameRecord, Moves]] = {}
        self.on_resumed: Callable[[Table], None] | None = None
        self.task: asyncio.Task[list[Table]] | None = None
        self.settling: set[asyncio.Future[None]] = set()

    def busy(self) -> list[asyncio.Future[Any]]:
        return [t for t in (self.task, *self.settling) if t and not t.done()]

    async def all(self) -> list[Table]:
        resumed = []
        while self.pending and not self.manager.closed:
            table = self.one(next(iter(self.pending)))
            if table is not None:
                resumed.append(table)
            if self.settling:  # a failed write was logged by the task; carry on with the rest
                await asyncio.gather(*self.settling, return_exceptions=True)
            await asyncio.sleep(0)  # let members' clicks in between two rebuilds
        return resumed

    def one(self, table_id: int) -> Table | None:
        """Rebuild one loaded game now."""
        manager = self.manager
        record, moves = self.pending.pop(table_id)
        try:
            table = build_table(record, manager._spec(record.game), moves())
        except Exception as error:
            log.exception("game %d (%s) does not replay: errored", record.id, record.game)
            self._settle(manager.store.set_status(record.id, "errored", error=repr(error)[:500]))
            return None
        if table.finished:  # the last action was stored but the finish was not
            table.status = "finished"
            finish = table_finish(table, manager.clock)
            self._settle(self._finish(table, finish))
            self._settle(record_move(manager.store, table, finish.finished_at))
            return None
        manager._register(table)
        if not manager._presence.holds(table):
            self.run(table)
        return table

    def run(self, table: Table) -> None:
        """Start a rebuilt table's work, its timers from now, and show it."""
        self.manager._runners[table.id].after_change(None)
        if self.on_resumed is not None:
            self.on_resumed(table)

    async def load(self, game_ids: Iterable[int]) -> None:
        """Read these games from the store to be rebuilt (those still running), and their
        players' settings."""
        manager = self.manager
        seats = []
        for game_id in game_ids:
            record = await manager.store.game(game_id)
            if record is not None and record.status == "running":
                self.pending[game_id] = (record, _moves(await manager.store.actions(game_id)))
                seats += [SeatInfo.from_json(seat) for seat in record.seats]
        await manager._player_settings.load(seats)

    def drop(self, guild_id: int) -> set[int]:
        """Forget the server's games not rebuilt yet; their ids."""
        dropped = {i for i, (record, _) in self.pending.items() if record.guild_id == guild_id}
        for game_id in dropped:
            del self.pending[game_id]
        return dropped

    def guilds(self) -> set[int]:
        return {record.guild_id for record, _ in self.pending.values()}

    async def rebuild(self, record: GameRecord) -> Table | None:
        """The table of a stored game, its log read again; None (and the game marked
        errored) if it no longer replays."""
        manager = self.manager
        try:
            log_rows = await manager.store.actions(record.id)
            moves = [(row.seat, row.action) for row in log_rows]
            return build_table(record, manager._spec(record.game), moves)
        except Exception as error:
            log.exception("game %d (%s) does not replay: errored", record.id, record.game)
            await manager.store.set_status(record.id, "errored", error=repr(error)[:500])
            return None

    async def reload(self, table: Table) -> None:
        """Bring a table back in line with its stored log after a failed write."""
        record = await self.manager.store.game(table.id)
        fresh = await self.rebuild(record) if record is not None else None
        if fresh is None:
            table.status = "errored"
            self.manager._retire(table)
            return
        table.adopt_state(fresh)

    async def _finish(self, table: Table, finish: Finish) -> None:
        """Record the end of a table found finished on replay, then show it as it ended (its
        message last showed the game running), with what the finish did to the ratings."""
        table.rating_changes = await self.manager.store.finish_game(table.id, finish)
        if self.on_resumed is not None:
            self.on_resumed(table)

    def _settle(self, write: Coroutine[Any, Any, None]) -> None:
        """A database write a synchronous rebuild needs; start() and wait_idle() wait for it."""
        task = asyncio.ensure_future(write)
        self.settling.add(task)
        task.add_done_callback(self.settling.discard)

    def reach(self, table_id: int | None = None, guild_id: int | None = None) -> None:
        """Rebuild now the loaded games someone is about to reach."""
        if table_id is not None and table_id in self.pending:
            self.one(table_id)
        if guild_id is not None:
            for waiting, (record, _) in list(self.pending.items()):
                if record.guild_id == guild_id:
                    self.one(waiting)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.settling:
            await asyncio.gather(*self.settling, return_exceptions=True)
