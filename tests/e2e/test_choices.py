"""Choices a game offers outside the play (PIP Cribbage's Crux and Turn) reach the right player
as buttons labelled the way the game words them, and pressing one carries it out."""

from __future__ import annotations

import random

import pytest

from engine.registry import GAMES
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

#: A deal that lasts long enough for the dealers' dice to reach Turn and Crux.
SEED = "a"
GAME = "pip-cribbage"
CHOICES = {"crux", "flip", "keep_die"}
NAMES = ("alice", "bob")
pytestmark = pytest.mark.usefixtures("quick_pictures")


async def test_crux_and_turn_are_offered_to_the_dealer_as_buttons(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random(SEED))
    spec = GAMES[GAME]
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        players = [fake.member(n) for n in NAMES]
        driver = GameDriver(fake, rng=random.Random(SEED))
        await driver.start_game(GAME, players, options="target=121")
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None
        offered: set[str] = set()
        while await driver.step():
            for seat in table.waiting_for():
                legal = table.legal_for(seat)
                kinds = {action["type"] for action in legal} & CHOICES
                if not kinds:
                    continue
                assert seat == table.public_view()["dealer"]
                hand = await driver.open_hand(players[seat])
                labels = [c.get("label") for c in hand.find_components()]
                assert labels == [spec.action_label(action) for action in legal]
                offered |= kinds
                version = table.version
                await driver.press(players[seat], hand, label=labels[0])
                await driver.settle()
                assert table.version > version
                assert not {a["type"] for a in table.legal_for(seat)} & kinds
        assert {"crux", "flip", "keep_die"} <= offered, offered
        fake.assert_clean()
