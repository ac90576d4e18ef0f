"""A press or command that reaches the bot after Discord's 3 seconds to answer (the bot busy,
or starting again) cannot be answered: Discord has already told the member it failed. That
is a passing event, not a bug: one warning line, no traceback, nothing changed."""

from __future__ import annotations

import logging

import pytest

from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def test_a_press_and_a_command_answered_too_late_are_one_warning_each(
    fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    await fake.connect(test_bot(":memory:"))
    alice, bob = fake.member("alice"), fake.member("bob")
    driver = GameDriver(fake)
    await driver.start_game("cribbage", [alice, bob], options="target=61")
    table = driver.table_message()
    version = driver.bot.tables.get(driver.table_id).version  # type: ignore[union-attr, arg-type]
    caplog.clear()
    fake.state.response_window = 0.0  # every answer is late from now on

    await fake.click(alice, table, label="My hand")
    await fake.slash(bob, "rules", {"game": "cribbage"})
    await driver.settle()

    assert driver.bot.tables.get(driver.table_id).version == version  # type: ignore[union-attr, arg-type]
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR], [
        r.getMessage() for r in caplog.records]
    late = [r for r in caplog.records if "too late to answer" in r.getMessage()]
    assert len(late) == 2 and all(r.levelno == logging.WARNING for r in late)
