"""A Pip Pip! call typed at an offer in one stretch of play may arrive after a computer led the
next trick (docs/RULES.md PP-15): it is refused in the terminal's words and the choices of now
are shown; it never chooses the trump of a later trick than the one it was typed for.

A slow typist's call is sent only once the computers have played on to the next lead (they
wait there, before their next move, until it has arrived), so a late call is made for certain
whenever a computer leads before the player's own turn; every other call is sent at once."""

from __future__ import annotations

import asyncio

import pytest

from tables import Table, TableManager
from tables.clock import Clock
from terminal.session import TOO_LATE
from tests.tables.helpers import until
from tests.terminal.test_newcomer import At, first_or_pass, play


class Gate(Clock):
    """The computers' pause before each move costs no time, except that while `shut()` says
    so they wait in it (outside the table's lock) until `reopen()`."""

    def __init__(self) -> None:
        self.shut = lambda: False
        self.waiting = False
        self._opened = asyncio.Event()

    async def sleep(self, seconds: float) -> None:
        while self.shut():
            self.waiting = True
            self._opened.clear()
            await self._opened.wait()
        self.waiting = False
        await asyncio.sleep(0)

    def reopen(self) -> None:
        self.shut = lambda: False
        self._opened.set()


def stretch(table: Table) -> tuple[int, int]:
    """(round, trick) whose trump a call made now would choose (PP-11)."""
    view = table.public_view()
    return view["round"], view["trick_number"] + bool(view["trick"])


async def test_a_call_typed_for_one_trick_never_chooses_a_later_ones_trump(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gate = Gate()
    typed: set[tuple[int, int]] = set()  # the stretch at each call typed
    landed: list[tuple[int, int]] = []
    after_a_lead = 0  # slow calls sent after a computer's lead, before the player's turn

    carry_out = Table.apply

    def recorded(table: Table, seat: int, action: dict, *, logged: bool = False) -> list:
        if seat == 0 and action.get("type") == "call":
            landed.append(stretch(table))
        return carry_out(table, seat, action, logged=logged)

    monkeypatch.setattr(Table, "apply", recorded)
    slow: list[bool] = []  # for the call typed last, whether it is sent after the next lead
    offers = 0
    send = TableManager.act

    async def act(manager: TableManager, table_id: int, user_id: int, action: dict,
                  **stamp: int | None) -> list:
        if action.get("type") != "call" or not slow.pop():
            return await send(manager, table_id, user_id, action, **stamp)
        nonlocal after_a_lead
        table, runner = manager.get(table_id), manager._runners[table_id]
        assert table is not None
        calls, typed_for = table.legal_for(0), stretch(table)
        gate.shut = lambda: stretch(table) != typed_for
        try:
            await until(lambda: gate.waiting or not runner.busy())
            after_a_lead += (table.waiting_for() != [0] and table.legal_for(0) == calls
                             and stretch(table) != typed_for)
            return await send(manager, table_id, user_id, action, **stamp)
        finally:
            gate.reopen()

    monkeypatch.setattr(TableManager, "act", act)

    def read(at: At, prompt: str) -> str:
        if prompt.startswith("Make it now") and at.table.legal_for(0):
            nonlocal offers
            offers += 1
            typed.add(stretch(at.table))
            slow.append(offers % 2 == 1)
            return "1"  # the first call listed
        return first_or_pass(at, prompt)

    table, shown = await play("pip-pip", {"rounds": 3}, 3, 22, read, ai_delay=0.01,
                              clock=gate)
    assert table.finished and landed
    assert set(landed) <= typed  # each call chose the trump of the trick it was typed for
    assert after_a_lead and TOO_LATE in shown  # and some arrived after the next lead
