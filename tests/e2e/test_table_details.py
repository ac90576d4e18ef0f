"""What the phone-sized table picture leaves out reaches the table message as text."""

from __future__ import annotations

import random

import pytest

import render
from cogs import text
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

NAMES = ("alice", "bob")


@pytest.mark.usefixtures("quick_pictures")
async def test_the_table_message_carries_each_show_count_in_words() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        players = [fake.member(n) for n in NAMES]
        driver = GameDriver(fake, rng=random.Random(5))
        await driver.start_game("cribbage", players)
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        for _ in range(200):
            view = table.public_view()
            if view.get("last_show") and view["phase"] == "discard":
                break
            assert await driver.step()
        await driver.settle()
        lines = render.details("cribbage", table.public_view())
        assert lines[0] == "Last deal's show:"
        assert len(lines) == 1 + len(table.public_view()["last_show"])
        content = driver.table_message().content
        for line in lines:
            assert text.safe(line) in content
        fake.assert_clean()
