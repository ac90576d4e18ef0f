"""Actions off one's turn (Pip Pip's call): offered in the hand of a player the game is not
waiting for, and carried out without taking the turn from the player it waits for."""

from __future__ import annotations

import random

import pytest

from engine.registry import GAMES
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

GAME = "pip-pip"
NAMES = ("alice", "bob", "carol")
pytestmark = pytest.mark.usefixtures("quick_pictures")


async def test_an_off_turn_call_is_offered_and_played_without_taking_the_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A fixed deal, so the test does not depend on someone being dealt a king and queen.
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("off-turn"))
    spec = GAMES[GAME]
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        players = [fake.member(n) for n in NAMES]
        driver = GameDriver(fake, rng=random.Random("off-turn"))
        await driver.start_game(GAME, players, options="rounds=all")
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None

        def off_turn_seats() -> list[int]:
            return [s for s in table.game.to_act() if s not in table.game.waiting_for()]

        while not off_turn_seats():
            assert await driver.step(), "no player could ever call off turn in this game"
            await driver.settle()
        seat = off_turn_seats()[0]
        caller = players[seat]
        waited_for = table.game.waiting_for()
        legal = table.legal_for(seat)
        assert legal and all(action["type"] == "call" for action in legal)

        hand = await driver.open_hand(caller)
        labels = [c.get("label") for c in hand.find_components()]
        assert labels == [spec.action_label(action) for action in legal]
        assert "It's your move" not in hand.content
        score = table.public_view()["scores"][seat]
        await driver.press(caller, hand, label=labels[0])
        await driver.settle()

        assert table.public_view()["scores"][seat] == score + (100 if legal[0].get("double")
                                                               else 50)
        assert table.game.waiting_for() == waited_for
        assert "Pip Pip" in driver.table_message().content
        fake.assert_clean()
