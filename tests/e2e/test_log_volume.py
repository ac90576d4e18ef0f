"""A normal game's log at the default level: a few lines for the game, none per move, so a
busy day's log stays small and every line in it says something to the admin."""

from __future__ import annotations

import logging
import random

import pytest

from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def test_a_whole_game_logs_its_opening_start_and_end_and_nothing_per_move(
    fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    await fake.connect(test_bot(":memory:"))
    caplog.set_level(logging.INFO)
    caplog.clear()
    alice, bob = fake.member("alice"), fake.member("bob")
    driver = GameDriver(fake, rng=random.Random("log volume"))
    table_id = await driver.start_game("cribbage", [alice, bob], options="target=61")
    await driver.play_to_end()
    await driver.settle()
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert driver.moves > 20
    assert len(lines) == 3, lines
    assert lines[0].startswith("Lobby 1 opened for cribbage by ")
    assert lines[1] == f"Table {table_id} (cribbage) started from lobby 1"
    assert lines[2].startswith(f"Table {table_id} (cribbage) finished after ")
    fake.assert_clean()
