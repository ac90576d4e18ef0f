"""A game whose place the bot may no longer see or post in (a role or an overwrite changed, the
place still there): the game pauses rather than run on where nobody sees it (no computer turn,
no idle takeover, no member's move), each member is told by direct message how to have it
back, and once the bot may show it there again it carries on, its timers from then, every move
before kept (tables/places.py, cogs/places_cog.py). Discord answers the bot's requests there
403 Missing Access (50001), as the fake does."""

from __future__ import annotations

import logging
from pathlib import Path

import discord
import pytest

from tables import Table, TableManager
from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord, FakeUser
from testkit.fake_discord.model import ALL_TEXT_PERMISSIONS, PUBLIC_THREAD
from testkit.fake_discord.permissions import VIEW_CHANNEL, overwrite
from testkit.players import GameDriver, Refused, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def advance(fake: FakeDiscord, clock: FakeClock, seconds: float) -> None:
    for _ in range(int(seconds / 0.5)):
        await clock.advance(0.5)
        await fake.wait_quiet()


async def cribbage_in_a_thread(fake: FakeDiscord, clock: FakeClock, database: str = ":memory:"
                               ) -> tuple[GameDriver, TableManager, Table]:
    """Alice and Bob at Cribbage in a thread of #games; the computer plays for a member kept
    waiting a minute (what would move an unseen game on)."""
    await fake.connect(test_bot(database, clock=clock, idle_warn=None, idle_takeover=60.0))
    driver = GameDriver(fake)
    await driver.start_game("cribbage", [fake.member("alice"), fake.member("bob")],
                            options="target=61")
    await driver.move(fake.member("alice"))
    await driver.settle()
    manager = driver.bot.tables
    assert manager is not None and driver.table_id is not None
    table = manager.get(driver.table_id)
    assert table is not None and table.thread_id is not None
    return driver, manager, table


def waited(fake: FakeDiscord, table: Table) -> FakeUser:
    user_id = table.seats[table.waiting_for()[0]].user_id
    assert user_id is not None
    return fake.state.members[user_id]


def sent_to(fake: FakeDiscord, place_ids: set[int], since: int) -> list[str]:
    return [r for r in fake.state.requests[since:]
            if any(f"/channels/{place}/" in r + "/" for place in place_ids)]


def paused_note(table: Table) -> str:
    return (f"⏸️ Cribbage #{table.id} in **Card Club** is paused: the bot can no longer see or "
            "post in its thread in **#games**. Every move so far is kept, and nobody plays for "
            "you meanwhile. It carries on by itself once a server admin gives the bot View "
            "Channel and Send Messages in Threads there again (`/server permissions` used there "
            f"says what it lacks), or an admin may end it with `/abandon game:{table.id}` (no "
            "results).")


def no_errors(caplog: pytest.LogCaptureFixture) -> None:
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("how", ["an overwrite of its channel", "the bot's role"])
async def test_a_game_the_bot_is_shut_out_of_pauses_and_carries_on_once_it_may_show_it(
    how: str, caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    async with FakeDiscord(channels=("games", "lounge")) as fake:
        driver, manager, table = await cribbage_in_a_thread(fake, clock)
        alice, bob = fake.member("alice"), fake.member("bob")
        games, thread_id = fake.channel("games"), table.thread_id or 0
        allowed = discord.Permissions(int(fake.state.app_permissions))
        version, shut_at = table.version, len(fake.state.requests)
        if how == "the bot's role":
            fake.set_bot_permissions(discord.Permissions(allowed.value & ~(VIEW_CHANNEL)))
        else:
            fake.set_overwrites(games, [overwrite(fake.state.bot_user.id,
                                                  deny=VIEW_CHANNEL, member=True)])
        await advance(fake, clock, 600)  # ten times the idle takeover

        assert table.status == "running" and table.paused is not None
        assert table.version == version  # nobody played on unseen
        assert sent_to(fake, {games.id, thread_id}, shut_at) == []
        for member in (alice, bob):
            assert [m.content for m in fake.direct_messages(member)] == [paused_note(table)]
        with pytest.raises(Refused) as refused:  # a move from a hand opened before
            await driver.move(waited(fake, table))
        assert str(refused.value) == (
            "This game is paused: the bot can no longer see or post in its thread in **#games**. "
            "It carries on once a server admin gives the bot View Channel and Send Messages in "
            f"Threads there again. (Cribbage #{table.id})")
        assert table.version == version
        listed = await fake.slash(alice, "games", channel="lounge")
        assert listed.message is not None
        assert listed.message.content.splitlines()[1] == (
            f"#{table.id} Cribbage in <#{thread_id}>: Alice, Bob ⏸️ paused: the bot may not "
            "post there")

        back_at = len(fake.state.requests)
        if how == "the bot's role":
            fake.set_bot_permissions(allowed)
        else:
            fake.set_overwrites(games, [])
        await driver.settle()
        assert table.paused is None
        assert sent_to(fake, {thread_id}, back_at)  # its table shown there again
        for member in (alice, bob):
            resumed = fake.direct_messages(member)[-1].content
            assert resumed == (f"▶️ Cribbage #{table.id} in **Card Club** carries on in "
                               "its thread in **#games**: the bot may post there again.")
        # Its timers start again from now: nobody is taken over for the time it waited.
        assert all(seconds < 1 for seconds in manager.waited(table.id).values())
        await driver.move(waited(fake, table))
        await driver.settle()
        assert table.version > version
        assert driver.table_message().channel_id == thread_id
        no_errors(caplog)
        fake.assert_clean()


async def test_a_place_shut_unsaid_is_found_by_a_refresh_and_a_command_there_resumes_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    """The gateway said nothing (an admin's change it did not send, or missed): the table's
    next edit is refused with Missing Access and the game pauses then. Access given back
    silently too, a member's command in that thread carries the bot's permissions, and the
    game carries on."""
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    async with FakeDiscord() as fake:
        driver, manager, table = await cribbage_in_a_thread(
            fake, clock, str(tmp_path / "bot.sqlite3"))
        alice, bob = fake.member("alice"), fake.member("bob")
        allowed = fake.state.app_permissions
        fake.state.app_permissions = str(int(allowed) & ~(VIEW_CHANNEL))
        await driver.move(waited(fake, table))  # its table's edit is refused
        await advance(fake, clock, 600)
        version = table.version
        assert table.paused is not None
        assert [m.content for m in fake.direct_messages(bob)] == [paused_note(table)]
        stored = manager.store
        assert len(await stored.actions(table.id)) == version  # every move made is kept
        await advance(fake, clock, 600)
        assert table.version == version

        fake.state.app_permissions = allowed
        hand = await fake.slash(alice, "hand", channel=table.thread_id)
        assert hand.message is not None
        await driver.settle()
        assert table.paused is None
        assert fake.direct_messages(alice)[-1].content.startswith(
            f"▶️ Cribbage #{table.id} in **Card Club** carries on")
        driver.hands.pop(alice.id, None)
        await driver.move(waited(fake, table))
        await driver.settle()
        assert table.version > version
        no_errors(caplog)
        fake.assert_clean()


async def test_a_lobby_in_a_thread_of_a_deleted_channel_tells_its_members(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    async with FakeDiscord() as fake:
        driver, manager, _game = await cribbage_in_a_thread(fake, clock)
        carol, dave = fake.member("carol"), fake.member("dave")
        # (a members' thread: /play in a game's own thread is refused)
        thread = fake.state.create_thread(fake.channel("games").id,
                                          {"name": "after-hours", "type": PUBLIC_THREAD},
                                          from_message=None)
        fake._thread_created(thread.payload())
        await driver.settle()
        lobby_message = await driver.open_lobby(carol, "cribbage", channel=thread.name)
        await driver.press(dave, lobby_message, label="Join")
        [lobby] = manager.lobbies(fake.state.guild_id)
        assert lobby.channel_id == thread.id

        fake.delete_channel("games")  # its threads go with it
        await driver.settle()
        assert manager.lobbies(fake.state.guild_id) == []
        for member in (carol, dave):
            assert [m.content for m in fake.direct_messages(member)] == [
                f"Your Cribbage lobby #{lobby.id} in **Card Club** was closed: its channel was "
                "deleted. No game had started in it. Open another with `/play`."]
        no_errors(caplog)
        fake.assert_clean()


async def test_a_table_that_must_be_posted_again_where_the_bot_may_not_post_pauses_its_game(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A game played in the channel itself, the bot's Send Messages taken with no word to it:
    its table is edited still, but once chat buries it, posting it again is refused with
    Missing Permissions (50013), the words alone too, and the game waits for the permission
    rather than going on where nobody sees it."""
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    no_threads = discord.Permissions(int(ALL_TEXT_PERMISSIONS))
    no_threads.create_public_threads = False
    async with FakeDiscord(app_permissions=no_threads) as fake:
        await fake.connect(test_bot(":memory:", clock=clock, repost_every=0.0))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game("cribbage", [alice, bob], options="target=61")
        manager = driver.bot.tables
        assert manager is not None and driver.table_id is not None
        table = manager.get(driver.table_id)
        assert table is not None and table.thread_id is None
        silent = discord.Permissions(no_threads.value)
        silent.send_messages = False
        fake.state.app_permissions = str(silent.value)
        await driver.move(alice)
        await driver.settle()
        assert table.paused is None  # edited in place: still seen
        for _ in range(5):
            fake.post(fake.member("carol"), "games")
        await driver.settle()
        assert table.paused is not None
        assert "can no longer see or post in **#games**" in fake.direct_messages(bob)[0].content
        assert "View Channel and Send Messages there" in fake.direct_messages(bob)[0].content
        no_errors(caplog)
        fake.assert_clean()
