"""What a bot that runs for a year must not keep: nothing a member asked for, once answered or
over, stays in the process (a task, a view, an entry) beyond a fixed bound."""

from __future__ import annotations

import asyncio

import discord
import pytest

from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, Refused, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")


def view_timeouts() -> int:
    """discord.py's tasks that wait out a view's timeout."""
    return sum(1 for task in asyncio.all_tasks()
               if "timeout_task" in getattr(task.get_coro(), "__qualname__", ""))


async def test_the_resign_question_keeps_no_view_whether_answered_or_not(
    fake: FakeDiscord,
) -> None:
    bot = test_bot(":memory:")
    await fake.connect(bot)
    alice, bob = fake.member("alice"), fake.member("bob")
    driver = GameDriver(fake)
    await driver.start_game("cribbage", [alice, bob], options="target=61")
    store = bot._connection._view_store
    # Bob asks and never answers; Alice asks and answers. discord.py used to keep each
    # question's view for 15 real minutes, with a task waiting them out.
    for member in (bob, alice):
        asked = await fake.slash(member, "resign")
        assert asked.message is not None and "Your side loses" in asked.message.content
        assert view_timeouts() == 0
        assert asked.message.id not in store._synced_message_views
        assert asked.message.id not in store._views
    resigned = await fake.click(alice, asked.message, label="Yes, resign")
    assert resigned.message is not None and "You resigned" in resigned.message.content
    await driver.settle()
    assert driver.finished()
    assert "alice resigned" in driver.table_message().content.lower()
    assert view_timeouts() == 0
    assert not any(isinstance(view, discord.ui.View) for view in store.persistent_views)


async def test_a_finished_game_leaves_no_seat_lock_even_for_a_seat_that_never_moved(
    fake: FakeDiscord,
) -> None:
    bot = test_bot(":memory:")
    await fake.connect(bot)
    alice, bob = fake.member("alice"), fake.member("bob")
    driver = GameDriver(fake)
    table_id = await driver.start_game("cribbage", [alice, bob], options="target=61")
    hand = await driver.open_hand(bob)
    control = hand.find_components()[0]
    # Bob presses a control made for a moment long gone (its version), which is refused,
    # and never moves.
    parts = control["custom_id"].split(":")
    parts[4] = str(int(parts[4]) + 7)
    old = control | {"custom_id": ":".join(parts)}
    body = {"content": "", "components": [{"type": 1, "components": [old]}]}
    planted = fake.state.create_message(driver.channel_id or 0, body, {})
    with pytest.raises(Refused, match="out of date"):
        await driver.use_at_random(bob, planted, old)
    cog = bot.get_cog("Tables")
    assert any(key[0] == table_id for key in cog._seat_locks)  # type: ignore[union-attr]
    ask = await fake.slash(alice, "resign")
    assert ask.message is not None
    await fake.click(alice, ask.message, label="Yes, resign")
    await driver.settle()
    assert driver.finished()
    assert not [key for key in cog._seat_locks if key[0] == table_id]  # type: ignore[union-attr]
    assert not [key for key in cog._last_acted if key[0] == table_id]  # type: ignore[union-attr]
