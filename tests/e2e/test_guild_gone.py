"""A server that removes the bot (GUILD_DELETE, as Discord sends it for a kick or a deleted
server): its games are put to rest, unloaded and kept in the store as they were, and its open
lobbies closed; nothing is sent there, however long it lasts. Invited back (GUILD_CREATE), the
games are rebuilt, their table messages edited again and their idle timers started afresh. A
bot started while it is not in the server does not run that server's games until it is."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from store.records import ActionRecord
from tables import Table
from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

HOURS = 3600.0
#: The computer plays for a member who keeps the table waiting a minute.
KNOBS: dict[str, Any] = {"idle_warn": None, "idle_takeover": 60.0}


async def a_game_waiting_for_bob(fake: FakeDiscord, driver: GameDriver) -> Table:
    alice, bob = fake.member("alice"), fake.member("bob")
    await driver.start_game("cribbage", [alice, bob], options="target=61")
    await driver.move(alice)  # Alice has laid her crib cards; Bob has not
    await driver.settle()
    assert driver.bot.tables is not None and driver.table_id is not None
    table = driver.bot.tables.get(driver.table_id)
    assert table is not None and table.waiting_for() == [1]
    return table


async def actions(driver: GameDriver, table_id: int) -> list[ActionRecord]:
    assert driver.bot.store is not None
    return await driver.bot.store.actions(table_id)


def edits_of(fake: FakeDiscord, message_id: int | None, since: int) -> list[str]:
    return [r for r in fake.state.requests[since:]
            if r.startswith("PATCH") and r.endswith(f"/messages/{message_id}")]


async def test_a_removed_servers_game_rests_and_plays_on_when_the_bot_is_invited_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(str(tmp_path / "bot.sqlite3"), clock=clock, **KNOBS))
        driver = GameDriver(fake)
        table = await a_game_waiting_for_bob(fake, driver)
        await driver.open_lobby(fake.member("carol"), "cribbage")
        manager, store = driver.bot.tables, driver.bot.store
        assert manager is not None and store is not None
        [lobby] = manager.lobbies(table.guild_id)
        logged, version = await actions(driver, table.id), table.version

        fake.remove_from_guild(table.guild_id)
        await fake.wait_quiet()
        removed_at = len(fake.state.requests)
        await clock.advance(6 * HOURS)
        await driver.settle()
        assert manager.get(table.id) is None and manager.lobbies(table.guild_id) == []
        assert fake.state.requests[removed_at:] == []  # no edit, notice or move, for hours
        assert (await store.game(table.id)).status == "running"  # type: ignore[union-attr]
        assert await actions(driver, table.id) == logged
        assert (await store.lobby(lobby.id)).status == "cancelled"  # type: ignore[union-attr]

        fake.join_guild(table.guild_id, fake.state.guild_name)
        await driver.settle()
        back = manager.get(table.id)
        assert back is not None and back.version == version
        assert edits_of(fake, table.message_id, removed_at)  # its table message, current again
        # Bob's minute starts now: the hours the bot was away are not held against him.
        await clock.advance(59)
        await driver.settle()
        assert back.away == set() and await actions(driver, table.id) == logged
        await clock.advance(1)
        await driver.settle()
        assert back.away == {1} and len(await actions(driver, table.id)) > len(logged)
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
        fake.assert_clean()


async def test_a_bot_started_while_removed_waits_for_the_server_to_invite_it_back(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    database = str(tmp_path / "bot.sqlite3")
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(database, clock=clock, **KNOBS))
        driver = GameDriver(fake)
        table = await a_game_waiting_for_bob(fake, driver)
        logged = await actions(driver, table.id)
        fake.remove_from_guild(table.guild_id)
        await fake.wait_quiet()

        await fake.restart(test_bot(database, clock=clock, **KNOBS))
        restarted_at = len(fake.state.requests)
        await clock.advance(6 * HOURS)
        await driver.settle()
        manager = driver.bot.tables
        assert manager is not None and manager.get(table.id) is None
        assert await actions(driver, table.id) == logged
        assert edits_of(fake, table.message_id, restarted_at) == []

        fake.join_guild(table.guild_id, fake.state.guild_name)
        await driver.settle()
        back = manager.get(table.id)
        assert back is not None and back.version == table.version
        assert edits_of(fake, table.message_id, restarted_at)
        await clock.advance(60)
        await driver.settle()
        assert back.away == {1}
        fake.assert_clean()


async def test_a_thread_deleted_while_the_bot_was_away_is_handled_as_any_gone_place(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Found deleted by the table's first edit once the bot is back: the game carries on in
    its channel, as after THREAD_DELETE (tests/e2e/test_place_deleted.py)."""
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(str(tmp_path / "bot.sqlite3"), clock=clock, **KNOBS))
        driver = GameDriver(fake)
        table = await a_game_waiting_for_bob(fake, driver)
        assert table.thread_id is not None
        fake.remove_from_guild(table.guild_id)
        await fake.wait_quiet()
        fake.state.delete_channel(table.thread_id)

        fake.join_guild(table.guild_id, fake.state.guild_name)
        await driver.settle()
        manager = driver.bot.tables
        assert manager is not None
        back = manager.get(table.id)
        assert back is not None and back.thread_id is None  # the game goes on, in the channel
        assert back.message_id is not None
        shown = fake.state.messages[back.message_id]
        assert shown.channel_id == table.channel_id and not shown.deleted
        await clock.advance(60)
        await driver.settle()
        assert back.away == {1}
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        fake.assert_clean()
