"""A member deletes, archives or locks the place of a running game, as Discord tells the bot
(CHANNEL_DELETE, THREAD_DELETE, THREAD_UPDATE), or while the bot was away: no game is lost or
left running where nobody sees it. A game whose thread went carries on in its channel, its
players told there; one whose channel went is closed without results, its players told in a
direct message; an archived game thread is opened again; a deleted channel's lobbies close.
Nothing is sent to a place gone, and nothing is logged as an error (tables/places.py,
cogs/places_cog.py)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tables import Table
from tables.clock import FakeClock
from tables.places import CHANNEL_GONE_WHY
from testkit.fake_discord import ComponentRefused, FakeDiscord
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

MOVED = "was deleted, so the game carries on here, below."


async def game_in_a_thread(fake: FakeDiscord, driver: GameDriver) -> Table:
    alice, bob = fake.member("alice"), fake.member("bob")
    await driver.start_game("cribbage", [alice, bob], options="target=61")
    await driver.move(alice)
    await driver.settle()
    assert driver.bot.tables is not None and driver.table_id is not None
    table = driver.bot.tables.get(driver.table_id)
    assert table is not None and table.thread_id is not None
    return table


def sent_to(fake: FakeDiscord, place_id: int, since: int) -> list[str]:
    return [r for r in fake.state.requests[since:] if f"/channels/{place_id}/" in r + "/"]


def follow_the_table(driver: GameDriver) -> None:
    """The driver looks for the table message afresh (it moved)."""
    driver.channel_id = None
    driver._table_message = None


def no_errors(caplog: pytest.LogCaptureFixture) -> None:
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # Nothing was tried where it could not go (a turn notice, a table edit...).
    assert not [r for r in caplog.records if "Unknown Channel" in r.getMessage()
                and r.levelno >= logging.WARNING]


async def test_a_games_thread_deleted_mid_game_carries_it_on_in_its_channel(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        driver = GameDriver(fake)
        table = await game_in_a_thread(fake, driver)
        thread_id, version = table.thread_id, table.version
        assert thread_id is not None
        deleted_at = len(fake.state.requests)
        fake.delete_channel(thread_id)
        await driver.settle()

        assert table.status == "running" and table.thread_id is None
        channel = fake.channel("games")
        note, shown = fake.visible_messages(fake.member("alice"), channel)[-2:]
        assert MOVED in note.content and f"Cribbage #{table.id}" in note.content
        assert set(note.pings) == {fake.member("alice").id, fake.member("bob").id}
        assert shown.id == table.message_id and "My hand" in shown.text()
        # Its players play on from the table in the channel.
        follow_the_table(driver)
        await driver.move(fake.member("bob"))
        await driver.settle()
        assert table.version > version
        assert driver.table_message().channel_id == channel.id
        assert sent_to(fake, thread_id, deleted_at) == []
        no_errors(caplog)
        fake.assert_clean()


async def test_a_games_channel_deleted_closes_it_without_results_and_tells_its_players(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    async with FakeDiscord(channels=("games", "lounge")) as fake:
        await fake.connect(test_bot(str(tmp_path / "bot.sqlite3")))
        driver = GameDriver(fake)
        table = await game_in_a_thread(fake, driver)
        alice, bob, carol = fake.member("alice"), fake.member("bob"), fake.member("carol")
        bob.dms_open = False
        await driver.open_lobby(carol, "cribbage")
        await driver.open_lobby(carol, "cribbage", channel="lounge")
        manager, store = driver.bot.tables, driver.bot.store
        assert manager is not None and store is not None
        assert len(manager.lobbies(fake.state.guild_id)) == 2
        deleted_at = len(fake.state.requests)
        channel = fake.delete_channel("games")  # and the game's thread with it
        await driver.settle()

        assert table.status == "abandoned" and table.closed_why == CHANNEL_GONE_WHY
        record = await store.game(table.id)
        assert record is not None and record.status == "abandoned"
        assert await store.results(table.id) == []
        assert await store.ratings(fake.state.guild_id, table.game_name) == []
        [told] = fake.direct_messages(alice)
        assert told.content == (
            f"Cribbage #{table.id} in **Card Club** was closed: its channel was deleted. No "
            "results or ratings were recorded for it. Start another with `/play`.")
        assert fake.direct_messages(bob) == []  # Bob takes no direct messages: not told
        assert any("Could not tell member" in r.getMessage() for r in caplog.records)
        # The lobby in the deleted channel closed; the one elsewhere stays open.
        lounge = fake.channel("lounge").id
        assert [lb.channel_id for lb in manager.lobbies(fake.state.guild_id)] == [lounge]
        assert sent_to(fake, channel.id, deleted_at) == []
        assert sent_to(fake, table.thread_id or 0, deleted_at) == []
        no_errors(caplog)
        fake.assert_clean()


async def test_an_archived_game_thread_is_opened_again_and_a_locked_one_moves_the_game(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        driver = GameDriver(fake)
        table = await game_in_a_thread(fake, driver)
        thread = fake.channel(table.thread_id)
        fake.archive_thread(thread)
        await driver.settle()
        assert not thread.archived  # opened again at once
        await driver.move(fake.member("bob"))
        await driver.settle()
        assert driver.table_message().channel_id == thread.id

        fake.archive_thread(thread, locked=True)  # a moderator's: the bot leaves it so
        await driver.settle()
        assert thread.archived and thread.locked
        assert table.status == "running" and table.thread_id is None
        note = fake.visible_messages(fake.member("alice"), "games")[-2]
        assert "was locked, so the game carries on here, below." in note.content
        no_errors(caplog)
        fake.assert_clean()


async def test_a_place_gone_while_the_bot_was_away_is_found_by_its_next_refresh(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    """Deleted or archived with no word to the bot (it was down): the table's next edit finds
    it, and the game is handled as if the word had come."""
    caplog.set_level(logging.INFO)
    database = str(tmp_path / "bot.sqlite3")
    clock = FakeClock()
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(database, clock=clock))
        driver = GameDriver(fake)
        table = await game_in_a_thread(fake, driver)
        thread = fake.channel(table.thread_id)
        await fake.restart(test_bot(database, clock=clock))
        thread.archived = True  # while the bot restarts: it never hears of it
        await driver.settle()
        manager = driver.bot.tables
        assert manager is not None
        back = manager.get(table.id)
        assert back is not None and back.status == "running"
        await driver.move(fake.member("bob"))
        await driver.settle()
        assert not thread.archived and back.thread_id == thread.id

        fake.state.delete_channel(thread.id)  # no THREAD_DELETE: the bot is not told
        waited = fake.state.members[back.seats[back.waiting_for()[0]].user_id or 0]
        with pytest.raises(ComponentRefused):  # the table went with the thread
            await driver.open_hand(waited)
        hand = await fake.slash(waited, "hand", channel="games")
        assert hand.message is not None
        driver.hands[waited.id] = hand.message.id
        await driver.move(waited)
        await driver.settle()
        assert back.status == "running" and back.thread_id is None
        follow_the_table(driver)
        assert driver.table_message().channel_id == fake.channel("games").id
        gone = [r for r in caplog.records if "its place is archived or gone" in r.getMessage()]
        assert len(gone) == 2
        no_errors(caplog)
        fake.assert_clean()


@pytest.mark.parametrize("deleted", ["a match's thread", "the event's channel"])
async def test_a_tournament_whose_thread_or_channel_is_deleted_goes_on_or_waits_for_its_host(
    tmp_path: Path, deleted: str, caplog: pytest.LogCaptureFixture,
) -> None:
    from tests.e2e.test_tournaments import (
        create_and_fill,
        games_of_round,
        run_out,
        stored,
        tournament_server,
    )

    caplog.set_level(logging.INFO)
    async with tournament_server(tmp_path / "ko.db") as (fake, driver, clock):
        await create_and_fill(fake, driver, 4, {"game": "cribbage", "format": "knockout",
                                                "options": "target=61"})
        first = await games_of_round(fake, 1, 1)
        manager = driver.bot.tables
        assert manager is not None
        table = manager.get(first[0].game_id)
        assert table is not None and table.thread_id is not None
        fake.delete_channel(table.thread_id if deleted == "a match's thread" else "games")
        await driver.settle()
        if deleted == "a match's thread":
            assert table.status == "running" and table.thread_id is None
            event = await run_out(fake, driver, clock, 1, 2)
            assert event.status == "finished"
        else:
            assert all(manager.get(g.game_id).status == "abandoned"  # type: ignore[union-attr]
                       for g in first)
            event = await stored(fake, 1)
            assert event.status == "running"  # the host rules on matches nobody could finish
        no_errors(caplog)
        fake.assert_clean()
