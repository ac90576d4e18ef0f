"""What members and admins ask of a running game besides starting it: a move, a resignation,
an abandon, the computer playing for a seat, a member back at it. Each finds the running
table, takes its lock, checks the game is still open to orders, then carries the order out
through `TableManager._accept` (the one place an action is applied and committed) or the
markers of tables/away.py. A refusal (IllegalAction, OutOfDate) changes and writes nothing.
The manager's methods of the same names are the front the cogs call, each run by
`carry_out` so that a caller who stops waiting never leaves an order half done."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.contract import Action, Event
from engine.errors import IllegalAction
from tables.away import AWAY, BACK, FORFEIT, FORFEITED, back_to_move, mark_seats
from tables.listeners import finished
from tables.table import RESIGN, OutOfDate, Table

if TYPE_CHECKING:
    from tables.manager import TableManager


def running_table(manager: TableManager, table_id: int) -> Table:
    """The running table, rebuilt first if it was still waiting to be; IllegalAction saying
    why not otherwise (over, or not running here)."""
    manager._resume.reach(table_id=table_id)
    table = manager._tables.get(table_id)
    if table is None:
        if table_id in manager._finished:
            raise IllegalAction("This game is over.")
        raise IllegalAction("That game is not running.")
    return table


def check_open(manager: TableManager, table: Table) -> None:
    """Refuse an order the table cannot take now. The caller holds the table's lock."""
    runner = manager._runners.get(table.id)
    if manager.closed or (runner is not None and runner.closed):
        raise IllegalAction("The bot is restarting; try again in a moment.")
    if table.status != "running":
        raise IllegalAction("This game is over.")
    if runner is None or runner.table is not table:  # put to rest while this waited
        raise IllegalAction("That game is not running.")


def playing_seat(manager: TableManager, table: Table, user_id: int) -> int:
    """The member's seat at a table open to moves (its lock held)."""
    check_open(manager, table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise IllegalAction("You are not playing at this table.")
    return seat


async def act(
    manager: TableManager, table_id: int, user_id: int, action: Action, version: int | None
) -> list[Event]:
    table = running_table(manager, table_id)
    async with table.lock:
        seat = playing_seat(manager, table, user_id)
        if table.paused is not None:
            raise IllegalAction(table.paused)
        if version is not None and version != table.seat_version(seat):
            raise OutOfDate()
        if not isinstance(action, dict) or str(action.get("type", "")).startswith("_"):
            raise IllegalAction("That is not a move.")
        if seat in table.forfeited:
            raise IllegalAction(FORFEITED)
        await back_to_move(manager, table, seat, action)
        events = await manager._accept(table, seat, action)
    manager._runners[table.id].announce(events)
    return events


async def back(manager: TableManager, table_id: int, user_id: int) -> None:
    table = running_table(manager, table_id)
    async with table.lock:
        seat = table.seat_of(user_id)
        if seat is not None and not manager._runners[table.id].closed and not manager.closed:
            await mark_seats(manager, table, [seat], BACK)


async def play_for(
    manager: TableManager, table_id: int, seats: Sequence[int], line: str, forfeit: bool
) -> None:
    table = running_table(manager, table_id)
    async with table.lock:
        check_open(manager, table)
        if await mark_seats(manager, table, seats, FORFEIT if forfeit else AWAY):
            table.note(line)
    manager._runners[table.id].announce([])


async def resign(manager: TableManager, table_id: int, user_id: int) -> list[Event]:
    table = running_table(manager, table_id)
    async with table.lock:
        seat = playing_seat(manager, table, user_id)
        events = await manager._accept(table, seat, {"type": RESIGN})
    manager._runners[table.id].announce(events)
    return events


async def abandon(
    manager: TableManager, table_id: int, by_user_id: int, may_manage: bool
) -> None:
    table = running_table(manager, table_id)
    async with table.lock:
        check_open(manager, table)
        if refusal := table.abandon_refusal(by_user_id, may_manage):
            raise IllegalAction(refusal)
        await manager.store.set_status(table.id, "abandoned")
        table.status = "abandoned"
        manager._retire(table)
    manager._runners[table.id].publish(finished(table))
