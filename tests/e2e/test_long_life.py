"""Games nobody will come back to end by themselves, through the real bot: a member who leaves
the server mid-game (the bot has no members intent, so it is never told) has the computer
play for them once the idle timer runs out, and the game ends and is rated; with the idle
timer off, that game, and one whose channel is deleted under it, is closed without results
once nobody has moved for 30 days, and is then neither listed by /games nor written to."""

from __future__ import annotations

from pathlib import Path

import pytest

from tables.clock import FakeClock
from tables.stale import STALE_AFTER, SWEEP_EVERY
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

MINUTE = 60.0


async def advance(fake: FakeDiscord, clock: FakeClock, seconds: float, step: float) -> None:
    for _ in range(round(seconds / step)):
        await clock.advance(step)
        await fake.wait_quiet()


async def test_a_member_who_leaves_mid_game_has_the_computer_finish_it(tmp_path: Path) -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        bot = test_bot(str(tmp_path / "bot.db"), clock=clock, idle_warn=2 * MINUTE,
                       idle_takeover=5 * MINUTE)
        await fake.connect(bot)
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        table_id = await driver.start_game("cribbage", [alice, bob], options="target=61")
        del fake.state.members[bob.id]  # he leaves the server, and Discord tells the bot nothing
        # Alice plays on; the computer plays Bob's seat from five minutes after his turn came.
        for _ in range(300):
            await advance(fake, clock, MINUTE, MINUTE / 2)
            if driver.finished():
                break
            if alice in driver.waiting():
                await driver.move(alice)
        assert driver.finished(), "the game never ended"
        assert bot.store is not None
        record = await bot.store.game(table_id)
        assert record is not None and record.status == "finished"
        assert len(await bot.store.results(table_id)) == 2  # rated, Bob's seat included


@pytest.mark.parametrize("gone", ["a member", "the channel"])
async def test_with_the_idle_timer_off_a_game_nobody_can_finish_closes_after_30_days(
    tmp_path: Path, gone: str
) -> None:
    clock = FakeClock()
    async with FakeDiscord(channels=("games", "lounge")) as fake:
        bot = test_bot(str(tmp_path / "bot.db"), clock=clock)  # idle timer off
        await fake.connect(bot)
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        table_id = await driver.start_game("cribbage", [alice, bob], options="target=61")
        await driver.move(alice)
        assert bot.store is not None and bot.tables is not None
        table = bot.tables.get(table_id)
        assert table is not None
        if gone == "a member":
            del fake.state.members[bob.id]
        else:
            fake.state.delete_channel(table.channel_id)  # and the game's thread with it
        await advance(fake, clock, STALE_AFTER - SWEEP_EVERY, SWEEP_EVERY)
        assert (await bot.store.game(table_id)).status == "running"  # type: ignore[union-attr]
        await advance(fake, clock, SWEEP_EVERY, SWEEP_EVERY)
        await driver.settle()
        record = await bot.store.game(table_id)
        assert record is not None and record.status == "abandoned"
        assert await bot.store.results(table_id) == []
        assert len(await bot.store.actions(table_id)) == 1  # the log is kept whole
        games = await fake.slash(alice, "games", channel="lounge")
        assert games.message is not None and "No games are running" in games.message.content
        if gone == "a member":
            assert "nobody had moved for 30 days" in driver.table_message().content
        requests = len(fake.state.requests)
        await advance(fake, clock, SWEEP_EVERY, SWEEP_EVERY)
        assert len(fake.state.requests) == requests  # nothing more is tried for it
