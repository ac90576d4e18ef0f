"""A Muggins! press from a hand built for one claim, arriving once the next claim is on show,
is refused and changes nothing, although the offer on the next claim reads the same buttons;
the live hand shows the new offer, and a press from it counts for that claim."""

from __future__ import annotations

import random

import pytest

from engine.cribbage.ai import cribbage_count, waiting_count
from testkit.fake_discord import FakeDiscord, FakeMessage
from testkit.players import GameDriver, Refused, test_bot
from tests.e2e.test_recount import claim

pytestmark = pytest.mark.usefixtures("quick_pictures")
NAMES = ("alice", "bob", "carol")
PRESS = {"type": "muggins"}


def muggins_button(hand: FakeMessage) -> str:
    buttons = [c["custom_id"] for c in hand.find_components() if c.get("label") == "Muggins!"]
    assert len(buttons) == 1, hand.find_components()
    return buttons[0]


async def test_a_press_meant_for_the_last_claim_does_not_land_on_the_next() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        users = [fake.member(name) for name in NAMES]
        driver = GameDriver(fake, rng=random.Random("stale"))
        await driver.start_game("cribbage", users, options="target=121 muggins=on")
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None and driver.bot.store is not None
        by_seat = {table.seat_of(user.id): user for user in users}
        refused = False
        for _ in range(400):
            await driver.settle()
            assert not driver.finished()
            waiting = table.waiting_for()
            offered = [s for s in by_seat if s not in waiting and table.legal_for(s) == [PRESS]]
            if not offered or table.view_for(waiting[0]).get("next_count") is None:
                await driver.step()
                continue
            seat, counter = offered[0], waiting[0]
            presser, claimer = by_seat[seat], by_seat[counter]
            # The older copy keeps its buttons, made for the claim on show, as a press on its
            # way would; the newer is the live hand, edited as the game goes on.
            spare = await driver.open_hand_twice(presser)
            stale_press = muggins_button(spare)
            hand = driver.hand(claimer) or await driver.open_hand(claimer)
            exact = waiting_count(table.view_for(counter), cribbage_count)
            await claim(driver, claimer, hand, exact)
            await driver.settle()
            if table.legal_for(seat) != [PRESS]:
                continue  # the next offer reads otherwise: not the case looked for
            before = (table.version, table.public_view(), len(await driver.bot.store.actions(
                table.id)))
            with pytest.raises(Refused, match=r"^That move is out of date"):
                await driver.press(presser, spare, custom_id=stale_press)
            await driver.settle()
            assert (table.version, table.public_view(), len(await driver.bot.store.actions(
                table.id))) == before
            live = driver.hand(presser)
            assert live is not None
            kind = table.view_for(seat)["muggins"]["claim"]["kind"]
            assert f"{table.names[counter]} claimed {exact} for the {kind}" in live.content
            assert muggins_button(live) != stale_press
            await driver.press(presser, live, custom_id=muggins_button(live))
            await driver.settle()
            last = (await driver.bot.store.actions(table.id))[-1]
            assert (last.seat, last.action) == (seat, PRESS)
            refused = True
            break
        assert refused, "no two Muggins! offers alike in a row"
        fake.assert_clean()
