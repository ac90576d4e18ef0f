"""With --delay 0 the computers claim at once: a Muggins! press typed at an offer may arrive
after the next count was claimed. It is refused in the terminal's words and the offer of now
is shown; it never lands on a claim the player did not see.

Whether a quick press beats the computers is a race; a slow typist's press, sent only once
the computers have played on, always arrives late, so every other press at an offer (the first
among them) is slow."""

from __future__ import annotations

import pytest

from tables import Table, TableManager
from terminal.session import TOO_LATE
from tests.terminal.test_newcomer import At, first_or_pass, play

PRESS = {"type": "muggins"}


async def test_a_press_typed_for_one_claim_never_lands_on_the_next(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    typed: set[tuple[int, str]] = set()  # (table version, the claim on show) at each press
    landed: list[tuple[int, str]] = []

    def on_show(table: Table) -> str:
        return repr(table.view_for(0)["muggins"]["claim"])

    carry_out = Table.apply

    def recorded(table: Table, seat: int, action: dict, *, logged: bool = False) -> list:
        if seat == 0 and action.get("type") == "muggins":
            landed.append((table.version, on_show(table)))
        return carry_out(table, seat, action, logged=logged)

    monkeypatch.setattr(Table, "apply", recorded)
    slow: list[bool] = []  # for the press typed last, whether it is sent after the computers move
    offers = 0  # presses typed at an offer, while the computers may play on
    send = TableManager.act

    async def act(manager: TableManager, table_id: int, user_id: int, action: dict,
                  **stamp: int | None) -> list:
        if action == PRESS and slow.pop():
            await manager.wait_idle()
        return await send(manager, table_id, user_id, action, **stamp)

    monkeypatch.setattr(TableManager, "act", act)

    def read(at: At, prompt: str) -> str:
        legal = at.table.legal_for(0)
        if prompt.startswith(("Your move", "Make it now")) and legal and legal[0] == PRESS:
            nonlocal offers
            typed.add((at.table.version, on_show(at.table)))
            offers += prompt.startswith("Make it now")
            slow.append(prompt.startswith("Make it now") and offers % 2 == 1)
            return "1"  # Muggins!, listed first
        return "0" if "claim" in prompt else first_or_pass(at, prompt)

    table, shown = await play("cribbage", {"muggins": True, "target": 61}, 3, 5, read)
    assert table.finished and landed
    assert set(landed) <= typed  # each press counted for the claim it was typed at
    assert len(typed) > len(landed) and TOO_LATE in shown  # and some arrived too late
