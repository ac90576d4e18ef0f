"""A table message Discord refuses for a reason that will not pass (a 400, a 404 that is not a
deleted message): the bot tries the words without the pictures, and if those are refused too,
says so once in its log and waits for the game's next change, never retrying on a timer as it
does a 429 or a 5xx (tests/e2e/test_flow.py). The game goes on throughout, and the message
catches up once Discord takes it again."""

from __future__ import annotations

import logging

import pytest

from cogs.table_message import PICTURES_REFUSED
from tables import Table, TableManager
from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

REFUSED_LINE = "cannot be shown here"
#: The table message's edits (the hands are edited through their interactions' webhooks).
TABLE_EDITS = r"/channels/\d+/messages/\d+$"


async def advance(fake: FakeDiscord, clock: FakeClock, seconds: float) -> None:
    for _ in range(int(seconds / 0.5)):
        await clock.advance(0.5)
        await fake.wait_quiet()


async def cribbage_for_two(
    fake: FakeDiscord, clock: FakeClock
) -> tuple[GameDriver, TableManager, Table]:
    """Alice and Bob at a game of Cribbage, on the tables clock `clock`."""
    await fake.connect(test_bot(":memory:", clock=clock))
    driver = GameDriver(fake)
    await driver.start_game("cribbage", [fake.member("alice"), fake.member("bob")])
    tables = driver.bot.tables
    assert tables is not None and driver.table_id is not None
    table = tables.get(driver.table_id)
    assert table is not None
    return driver, tables, table


@pytest.mark.parametrize("status", [400, 404])
async def test_a_lasting_refusal_is_said_once_and_not_retried_and_the_game_goes_on(
    status: int, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    async with FakeDiscord() as fake:
        driver, tables, table = await cribbage_for_two(fake, clock)
        message = driver.table_message()
        assert message.attachments

        async def move_on() -> None:
            """The first legal move of a seat the game waits for, as its member would."""
            assert table is not None and tables is not None
            seat = table.waiting_for()[0]
            user_id = table.seats[seat].user_id
            assert user_id is not None
            await tables.act(table.id, user_id, table.legal_for(seat)[0])
            await advance(fake, clock, 5)

        refresher = driver.bot.get_cog("Tables").message.refresher  # type: ignore[union-attr]
        version, failures = table.version, refresher.failures
        fault = fake.inject_fault(status, path=TABLE_EDITS)
        try:
            for _ in range(3):
                await move_on()
            assert table.version > version  # the game went on: every move made and logged
            assert refresher.failures == failures  # nothing raised: nothing retried on a timer
            refused = [r for r in caplog.records if REFUSED_LINE in r.getMessage()]
            assert len(refused) == 1 and refused[0].levelno == logging.WARNING
            tries = fault.hits
            # With the pictures once, then the words alone at most once a change.
            assert 2 <= tries <= 1 + (table.version - version)
            await advance(fake, clock, 60)
            assert fault.hits == tries  # no change, no try
        finally:
            # Else a refresh still retrying on the test's clock would keep the bot from
            # closing.
            fault.active = False
            await advance(fake, clock, 5)
        edits = len(message.history)
        await move_on()
        message = driver.table_message()
        assert len(message.history) > edits
        assert message.content.endswith(PICTURES_REFUSED) and not message.attachments
        assert len([r for r in caplog.records if REFUSED_LINE in r.getMessage()]) == 1
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert table.status == "running"
        fake.assert_clean()


async def test_a_hand_discord_refuses_for_good_stops_and_is_not_retried(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A lasting refusal of a live hand's edit (a 400) ends that live hand, as an expired token
    does: the member opens it again with My hand; it is never retried on a timer."""
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    async with FakeDiscord() as fake:
        driver, tables, table = await cribbage_for_two(fake, clock)
        alice = fake.member("alice")
        await driver.open_hand(alice)
        hands = driver.bot.get_cog("Tables").hands  # type: ignore[union-attr]
        assert (table.id, 0) in hands._hands
        fault = fake.inject_fault(400, path=r"/webhooks/\d+/[^/]+/messages/@original$")
        try:
            user_id = table.seats[1].user_id
            assert user_id is not None
            await tables.act(table.id, user_id, table.legal_for(1)[0])
            await advance(fake, clock, 60)
            assert hands.refresher.failures <= 1, "a lasting refusal was retried on a timer"
            assert (table.id, 0) not in hands._hands
        finally:
            fault.active = False
        assert "Hand of seat 0" in caplog.text
        hand = await driver.open_hand(alice)
        assert hand.find_components(), "My hand opens a live hand again"
        fake.assert_clean()
