"""A Pip Pip! call from a hand built during one trick, arriving once another member has led
the next, is refused and changes nothing, although the call button reads the same (PP-15);
the live hand carries the call of now, and a press from it counts."""

from __future__ import annotations

import random

import pytest

from testkit.fake_discord import FakeDiscord, FakeMessage
from testkit.players import GameDriver, Refused, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")
NAMES = ("alice", "bob", "carol")
#: The deal's seed, and the members' moves': a member may call while the trick goes on.
DEAL, MOVES = "pip call", "late call"


def call_button(hand: FakeMessage) -> str:
    buttons = [c["custom_id"] for c in hand.find_components()
               if str(c.get("label", "")).startswith("Pip Pip!")]
    assert buttons, hand.find_components()
    return buttons[0]


def calls_made(legal: list[dict]) -> dict:
    """The call the hand's first call button makes: the first call among the legal moves."""
    return next(a for a in legal if a["type"] == "call")


def trick_chosen(view: dict) -> int:
    """The trick whose trump a call made now would choose (PP-11)."""
    return view["trick_number"] + bool(view["trick"])


async def test_a_call_meant_for_one_trick_does_not_land_after_the_next_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random(DEAL))
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        users = [fake.member(name) for name in NAMES]
        driver = GameDriver(fake, rng=random.Random(MOVES))
        await driver.start_game("pip-pip", users, options="rounds=1")
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None and driver.bot.store is not None
        by_seat = {table.seat_of(user.id): user for user in users}

        def calls(seat: int) -> list[dict]:
            return [a for a in table.legal_for(seat) if a["type"] == "call"]

        refused = False
        for _ in range(300):
            await driver.settle()
            assert not driver.finished()
            turn = table.waiting_for()[0]
            callers = [s for s in by_seat if s != turn and calls(s)]
            if not (callers and table.public_view()["trick"]):
                await driver.move(by_seat[turn])
                continue
            seat = callers[0]
            caller, legal = by_seat[seat], table.legal_for(seat)
            meant_for = trick_chosen(table.public_view())
            # The older copy keeps its buttons, built during this trick, as a press on its way
            # would; the newer is the live hand, edited as the game goes on.
            spare = await driver.open_hand_twice(caller)
            late_call = call_button(spare)
            while (table.waiting_for()[0] != seat and table.legal_for(seat) == legal
                   and trick_chosen(table.public_view()) == meant_for):
                await driver.move(by_seat[table.waiting_for()[0]])
                await driver.settle()
            if table.waiting_for()[0] == seat or table.legal_for(seat) != legal:
                continue  # the caller's own turn or calls came first: not the case looked for
            before = (table.version, table.public_view(), len(await driver.bot.store.actions(
                table.id)))
            with pytest.raises(Refused, match=r"^That move is out of date"):
                await driver.press(caller, spare, custom_id=late_call)
            await driver.settle()
            assert (table.version, table.public_view(), len(await driver.bot.store.actions(
                table.id))) == before
            live = driver.hand(caller)
            assert live is not None and call_button(live) != late_call
            await driver.press(caller, live, custom_id=call_button(live))
            await driver.settle()
            last = (await driver.bot.store.actions(table.id))[-1]
            assert (last.seat, last.action) == (seat, calls_made(legal))
            assert trick_chosen(table.public_view()) == meant_for + 1
            refused = True
            break
        assert refused, "no call open while another member led the next trick"
        fake.assert_clean()
