"""A game whose place the bot is shut out of (Missing Access, as before Discord's word that the
server removed the bot arrives). The bot says so once in its log and stops trying to show that
table (no retry loop, no log line every few seconds); the game itself goes on, so nothing is
lost. A server that removes the bot puts its games to rest instead
(tests/e2e/test_guild_gone.py); a deleted thread or channel moves or closes the game
(tests/e2e/test_place_deleted.py)."""

from __future__ import annotations

import logging

import pytest

from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

GONE_LINE = "is gone or closed to the bot"


class WhenGone(logging.Handler):
    """Notes how many requests the bot had made when it logged that the place is gone."""

    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__()
        self.fake = fake
        self.requests: list[int] = []

    def emit(self, record: logging.LogRecord) -> None:
        if GONE_LINE in record.getMessage():
            self.requests.append(len(self.fake.state.requests))


async def advance(fake: FakeDiscord, clock: FakeClock, seconds: float) -> None:
    for _ in range(int(seconds / 0.5)):
        await clock.advance(0.5)
        await fake.wait_quiet()


async def test_a_table_whose_place_is_closed_to_the_bot_is_not_retried_and_its_game_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    async with FakeDiscord() as fake:
        # The computer plays for a player kept waiting a minute: what moves an unseen game on.
        await fake.connect(test_bot(":memory:", clock=clock, idle_warn=None, idle_takeover=60.0))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game("cribbage", [alice, bob], options="target=61")
        await driver.move(alice)
        await fake.wait_quiet()
        assert driver.bot.tables is not None and driver.table_id is not None
        table = driver.bot.tables.get(driver.table_id)
        assert table is not None and table.thread_id is not None
        fake.state.removed_from.add(table.guild_id)
        version = table.version
        when_gone = WhenGone(fake)
        logging.getLogger("cogs").addHandler(when_gone)
        try:
            await advance(fake, clock, 600)
        finally:
            logging.getLogger("cogs").removeHandler(when_gone)

        assert table.version > version  # the game went on: moves were made and logged
        refresher = driver.bot.get_cog("Tables").message.refresher  # type: ignore[union-attr]
        assert refresher.failures == 0
        gone = [r for r in caplog.records if GONE_LINE in r.getMessage()]
        assert len(gone) == 1 and gone[0].levelno == logging.WARNING
        [found_gone_at] = when_gone.requests
        tried_since = [r for r in fake.state.requests[found_gone_at:] if str(table.thread_id) in r]
        assert not tried_since  # no table edit, turn notice or idle note went there again
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        fake.assert_clean()
