"""A member catches a computer's short claim through Discord: the computer deals, claims its
hand short, and waits with its crib claim while Alice's hand shows Muggins!, the hand
refreshing as slowly as in production. Before the window, the crib came 0.8 s later and took
the button away."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from engine.cribbage.ai import cribbage_count, waiting_count
from engine.registry import GAMES
from tables.clock import FakeClock
from tables.runner import OPTION_WINDOW
from testkit.fake_discord import FakeDiscord, FakeMessage
from testkit.players import GameDriver, test_bot
from tests.e2e.test_recount import claim
from tests.tables.test_option_window import before_the_computers_show, undercounting

pytestmark = pytest.mark.usefixtures("quick_pictures")

PAUSE = 0.8


def labels(hand: FakeMessage) -> set[str]:
    return {str(control.get("label")) for control in hand.find_components()}


async def test_a_member_catches_the_computers_short_claim_before_its_crib(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("muggins"))
    cribbage = GAMES["cribbage"]
    monkeypatch.setitem(GAMES, "cribbage", dataclasses.replace(cribbage, ai=undercounting))
    clock = FakeClock()
    async with FakeDiscord(members=("alice",)) as fake:
        await fake.connect(test_bot(":memory:", clock=clock))
        alice = fake.member("alice")
        driver = GameDriver(fake, rng=random.Random(3))
        await driver.start_game("cribbage", [alice], computers=["normal"],
                                options="target=61 muggins=on")
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None
        for _ in range(600):  # computers at once until the computer deals a hand worth points
            await driver.settle()
            assert not driver.finished(), "the computer never dealt itself a hand worth points"
            if before_the_computers_show(table):
                break
            upcoming = table.view_for(0)["next_count"]
            if upcoming is None or upcoming["seat"] != 0:
                await driver.move(alice)
                continue
            exact = waiting_count(table.view_for(0), cribbage_count)
            await claim(driver, alice, driver.hand(alice) or await driver.open_hand(alice), exact)
        worth = waiting_count(table.view_for(0), cribbage_count)
        manager = driver.bot.tables
        assert manager is not None
        manager.ai_delay = PAUSE  # from here on, computers pause as in production
        await claim(driver, alice, driver.hand(alice) or await driver.open_hand(alice), worth)
        await fake.wait_quiet()
        await clock.advance(PAUSE)  # the computer claims its hand: 0
        await fake.wait_quiet()
        hand = driver.hand(alice) or await driver.open_hand(alice)
        assert "Muggins!" in labels(hand), hand.content
        # A second later (production's hand refresh) the crib would long have been claimed.
        await clock.advance(1.0)
        await fake.wait_quiet()
        assert "Muggins!" in labels(hand) and table.waiting_for() == [1]
        # The press is optional: the hand says whom the game waits for, not that it is hers.
        assert "**Waiting for:** 🤖 Computer 1" in hand.content, hand.content
        assert "You may act now if you wish" in hand.content
        await driver.press(alice, hand, label="Muggins!")
        await fake.wait_quiet()
        message = driver.table_message().content
        assert re.search(r"Muggins! Computer 1's hand is worth (\d+), not 0: .*\. Alice takes "
                         r"the \1 points missed", message), message
        await driver.press(alice, driver.hand(alice) or await driver.open_hand(alice),
                           label="Keep the points")
        await fake.wait_quiet()
        assert "Alice keeps the " in driver.table_message().content
        await clock.advance(PAUSE)  # no member's press left to wait for: the crib is claimed
        await fake.wait_quiet()
        assert table.waiting_for() == [0] and table.view_for(0)["show"][-1]["kind"] == "crib"
        assert clock.now() - 1000.0 < 3 * PAUSE + OPTION_WINDOW
        manager.ai_delay = 0
        for _ in range(600):
            await driver.settle()
            if driver.finished():
                break
            upcoming = table.view_for(0)["next_count"]
            if upcoming is None or upcoming["seat"] != 0:
                await driver.move(alice)
                continue
            exact = waiting_count(table.view_for(0), cribbage_count)
            await claim(driver, alice, driver.hand(alice) or await driver.open_hand(alice), exact)
        assert table.status == "finished"
        fake.assert_clean()
