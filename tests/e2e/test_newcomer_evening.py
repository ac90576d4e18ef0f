"""A newcomer's evening, where it tripped: a lobby started alone, a second game opened in a
running game's thread, the end of a game (how to play again, where everyone stands) and a
press on a game that is over. Each answer says what to do instead and changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser, InteractionRecord
from testkit.players import GameDriver, Refused, test_bot

NAMES = ("alice", "bob", "carol", "dave")
GAME = "cribbage"
pytestmark = pytest.mark.usefixtures("quick_pictures")


def note_of(record: InteractionRecord) -> str:
    """The ephemeral note the bot answered with (the test fails if it acted instead)."""
    try:
        GameDriver._answer(record)
    except Refused as refusal:
        return str(refusal)
    raise AssertionError(f"the bot acted: {record.message and record.message.content!r}")


def table_state(driver: GameDriver) -> tuple[int, Any]:
    table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
    assert table is not None
    return table.version, table.public_view()


def visible(fake: FakeDiscord, channel_id: int) -> list[tuple[int, str]]:
    return [(m.id, m.content) for m in fake.state.messages.values()
            if m.channel_id == channel_id and not m.ephemeral and not m.deleted]


async def resign(fake: FakeDiscord, driver: GameDriver, user: FakeUser) -> None:
    ask = await fake.click(user, driver.table_message(), label="Resign")
    assert ask.message is not None
    await fake.click(user, ask.message, label="Yes, resign")
    await driver.settle()
    assert driver.finished()


async def test_start_alone_says_how_to_fill_a_seat_and_keeps_the_lobby() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        lobby = await GameDriver(fake).open_lobby(alice, GAME)
        note = note_of(await fake.click(alice, lobby, label="Start"))
        assert note == ("Cribbage needs 2 to 4 players; 1 has joined. Add a computer player "
                        "from the menu, or wait for someone to press **Join**.")
        shown = fake.state.messages[lobby.id]
        assert shown.content == lobby.content and shown.find_components()
        assert fake.bot.tables.running(fake.state.guild_id) == []  # type: ignore[attr-defined]
        assert fake.threads == []
        fake.assert_clean()


async def test_play_in_a_running_games_thread_is_refused_and_points_to_the_channel() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob, carol = (fake.member(n) for n in NAMES[:3])
        driver = GameDriver(fake, rng=random.Random("thread"))
        await driver.start_game(GAME, [alice, bob])
        thread = driver.channel_id
        assert thread is not None and fake.channel(thread).is_thread
        before, messages = table_state(driver), visible(fake, thread)
        lobbies = fake.bot.tables.lobbies(fake.state.guild_id)  # type: ignore[attr-defined]
        for user in (carol, alice):  # an onlooker, and a player wanting a second game
            note = note_of(await fake.slash(user, "play", {"game": GAME}, channel=thread))
            assert note == (f"This thread is for Cribbage #{driver.table_id}. To start another "
                            f"game, use `/play` in <#{fake.channel().id}>.")
        assert visible(fake, thread) == messages and table_state(driver) == before
        assert fake.bot.tables.lobbies(fake.state.guild_id) == lobbies  # type: ignore[attr-defined]
        # In the channel itself a second game opens as ever, in a thread of its own.
        assert (await fake.slash(carol, "play", {"game": GAME})).message is not None
        fake.assert_clean()


async def test_a_lobby_in_a_thread_whose_game_started_meanwhile_does_not_start() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob, carol, dave = (fake.member(n) for n in NAMES)
        first = GameDriver(fake, rng=random.Random("first"))
        await first.start_game(GAME, [alice, bob])
        await resign(fake, first, bob)
        thread = first.channel_id
        assert thread is not None
        # Once its game is over the thread is free: two lobbies open there, one starts.
        opened = [(await fake.slash(host, "play", {"game": GAME}, channel=thread)).message
                  for host in (carol, dave)]
        assert all(isinstance(lobby, FakeMessage) for lobby in opened)
        carols, daves = opened
        assert carols is not None and daves is not None
        await fake.click(alice, carols, label="Join")
        await fake.click(carol, carols, label="Start")
        await first.settle()
        [second] = fake.bot.tables.running(fake.state.guild_id)  # type: ignore[attr-defined]
        await fake.click(bob, daves, label="Join")
        before = fake.state.messages[daves.id].content
        note = note_of(await fake.click(dave, daves, label="Start"))
        assert note == (f"This thread is for Cribbage #{second.id}. To start another game, "
                        f"use `/play` in <#{fake.channel().id}>.")
        assert fake.state.messages[daves.id].content == before
        assert fake.bot.tables.running(fake.state.guild_id) == [second]  # type: ignore[attr-defined]
        fake.assert_clean()


async def test_a_finished_table_says_how_to_play_again_and_where_to_see_the_standings() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake, rng=random.Random("again"))
        await driver.start_game(GAME, [alice, bob])
        assert "/play game:" not in driver.table_message().content
        await resign(fake, driver, bob)
        lines = driver.table_message().content.splitlines()
        won = next(i for i, line in enumerate(lines) if line.startswith("🏆"))
        assert lines[won + 1].startswith("📈")
        assert lines[won + 2] == ("▶️ Play again: `/play game:cribbage` · Standings: "
                                  "`/leaderboard game:cribbage`")
        # What it points to answers: the standings name both players.
        board = await fake.slash(alice, "leaderboard", {"game": GAME})
        assert board.message is not None and "Alice" in board.message.content
        assert "Bob" in board.message.content
        fake.assert_clean()


async def test_a_press_on_a_game_that_is_over_says_so_and_how_to_play_again() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake, rng=random.Random("over"))
        await driver.start_game(GAME, [alice, bob])
        await driver.settle()
        spare = await driver.open_hand_twice(alice)  # an older hand, its menu still on screen
        [menu] = [c for c in spare.find_components() if c["type"] == 3]
        await resign(fake, driver, bob)
        before = table_state(driver)
        values = [o["value"] for o in menu["options"]][: menu.get("min_values", 1)]
        note = note_of(await fake.select(alice, spare, custom_id=menu["custom_id"],
                                         values=values))
        assert note == f"Cribbage #{driver.table_id} is over. Start another with `/play`."
        assert table_state(driver) == before
        fake.assert_clean()


async def test_every_command_and_option_says_what_it_does_without_being_cut_short() -> None:
    """Discord lists each description whole up to 100 characters; discord.py cuts a longer one
    with "…", which a member then reads as a sentence broken off."""
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))

        def described(items: list[dict[str, Any]], path: str) -> list[tuple[str, str]]:
            found = []
            for item in items:
                name = f"{path} {item['name']}".strip()
                found.append((name, item.get("description", "")))
                found += described(item.get("options") or [], name)
            return found

        descriptions = described(fake.commands, "")
        assert len(descriptions) > 40
        assert [(name, words) for name, words in descriptions
                if not words or words.endswith("…")] == []
        fake.assert_clean()


@pytest.mark.parametrize("ended_by", ["Start", "Cancel"])
async def test_join_on_a_lobby_that_just_closed_says_what_happened_and_what_next(
    ended_by: str,
) -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob, carol = (fake.member(n) for n in NAMES[:3])
        lobby = await GameDriver(fake).open_lobby(alice, GAME)
        # Carol's phone has not caught up: it still shows the lobby as it was, Join and all.
        body = {"content": lobby.content,
                "components": [{"type": 1, "components": [c]} for c in lobby.find_components()
                               if c["type"] == 2]}
        on_her_screen = fake.state.create_message(lobby.channel_id, body, {})
        await fake.click(bob, lobby, label="Join")
        await fake.click(alice, lobby, label=ended_by)
        await GameDriver(fake).settle()
        shown = fake.state.messages[lobby.id].content
        running = fake.bot.tables.running(fake.state.guild_id)  # type: ignore[attr-defined]
        note = note_of(await fake.click(carol, on_her_screen, label="Join"))
        assert note == ("This lobby is closed (started, cancelled or expired). Open another "
                        "with `/play`.")
        assert fake.state.messages[lobby.id].content == shown
        assert fake.bot.tables.running(fake.state.guild_id) == running  # type: ignore[attr-defined]
        assert all(t.seat_of(carol.id) is None for t in running)
        fake.assert_clean()


async def test_an_option_out_of_range_is_refused_with_one_that_works() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        note = note_of(await fake.slash(alice, "play", {"game": GAME, "options": "target=200"}))
        assert note == "target must be one of 121, 61, not '200'. Try target=61."
        assert fake.bot.tables.lobbies(fake.state.guild_id) == []  # type: ignore[attr-defined]
        # The way it shows works.
        lobby = await GameDriver(fake).open_lobby(alice, GAME, "target=61")
        assert "target: **61**" in lobby.content
        fake.assert_clean()


async def test_a_new_table_says_where_the_cards_are_until_someone_moves() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake, rng=random.Random("first move"))
        await driver.start_game(GAME, [alice, bob])
        lines = driver.table_message().content.splitlines()
        turn = next(i for i, line in enumerate(lines) if line.startswith("**Waiting for:**"))
        assert lines[turn + 1] == "Press **My hand** to see your cards and play."
        await driver.step()
        await driver.settle()
        assert "Press **My hand**" not in driver.table_message().content
        fake.assert_clean()
