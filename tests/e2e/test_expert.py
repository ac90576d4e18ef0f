"""The expert computer player through the fake Discord: offered in the lobby's menu, seated,
and playing a whole game against a member (a tiny search budget keeps it quick)."""

from __future__ import annotations

import random

import pytest

from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot


async def test_a_member_plays_a_whole_game_against_an_expert(
    monkeypatch: pytest.MonkeyPatch,
    quick_pictures: list,
) -> None:
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("expert"))
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:", expert_iterations=1))
        alice = fake.member("alice")
        driver = GameDriver(fake, rng=random.Random(5))
        lobby = await driver.open_lobby(alice, "cribbage", "target=61")
        levels = [option["value"] for component in lobby.find_components()
                  if component.get("placeholder") == "Add a computer player…"
                  for option in component["options"]]
        assert levels == ["easy", "normal", "hard", "expert"]
        await driver.choose(alice, lobby, ["expert"], placeholder="Add a computer player…")
        assert "Computer 1" in lobby.text() and "expert" in lobby.text()
        await driver.press(alice, lobby, label="Start")
        await driver.settle()
        final = await driver.play_to_end()
        await driver.settle()
        assert "🏆" in final.content
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr]
        assert table is not None and table.status == "finished"
        assert [seat.ai for seat in table.seats] == [None, "expert"]
        assert driver.bot.tables.experts._executor is not None, "it thought in the pool"
        fake.assert_clean()
