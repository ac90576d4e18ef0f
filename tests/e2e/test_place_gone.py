"""A game whose place the bot is shut out of (Missing Access, as before Discord's word that the
server removed the bot arrives). The bot says so once in its log and stops trying to show that
table (no retry loop, no log line every few seconds); the game itself pauses, so nothing is
lost and nobody is played for unseen (tests/e2e/test_place_shut_out.py). A server that removes
the bot puts its games to rest (tests/e2e/test_guild_gone.py); a deleted thread or channel
moves or closes the game (tests/e2e/test_place_deleted.py)."""

from __future__ import annotations

import logging

import pytest

from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

GONE_LINE = "its place is closed to the bot"


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


async def test_a_table_whose_place_is_closed_to_the_bot_is_not_retried_and_its_game_waits(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    async with FakeDiscord() as fake:
        # The computer plays for a player kept waiting a minute: what would move an unseen game
        # on.
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
        when_gone = WhenGone(fake)
        logging.getLogger("cogs").addHandler(when_gone)
        try:
            # A move that was on its way (no member can reach a server gone): its table's edit
            # is refused.
            seat = table.waiting_for()[0]
            member = table.seats[seat].user_id
            assert member is not None
            await driver.bot.tables.act(table.id, member, table.legal_for(seat)[0])
            version = table.version
            await advance(fake, clock, 600)
        finally:
            logging.getLogger("cogs").removeHandler(when_gone)

        assert table.paused is not None and table.version == version  # it waits, every move kept
        refresher = driver.bot.get_cog("Tables").message.refresher  # type: ignore[union-attr]
        assert refresher.failures == 0
        gone = [r for r in caplog.records if GONE_LINE in r.getMessage()]
        assert len(gone) == 1 and gone[0].levelno == logging.INFO
        [found_gone_at] = when_gone.requests
        tried_since = [r for r in fake.state.requests[found_gone_at:] if str(table.thread_id) in r]
        assert not tried_since  # no table edit, turn notice or idle note went there again
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        fake.assert_clean()
