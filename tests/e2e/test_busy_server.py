"""A busy server: members who sit in two games at once, onlookers pressing other tables'
buttons, full lobbies, slow players. Every refusal, notice and old hand names the game it is
about (its title and number), and says what to do; a warning a member has answered goes."""

from __future__ import annotations

import random

import pytest

from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser, InteractionRecord
from testkit.players import GameDriver, Refused, test_bot

NAMES = ("alice", "bob", "carol", "dave", "peggy")
pytestmark = pytest.mark.usefixtures("quick_pictures")


def note_of(record: InteractionRecord) -> str:
    note = refusal_of(record)
    assert note is not None, f"not refused: {record.message and record.message.content!r}"
    return note


async def two_games(fake: FakeDiscord, **knobs: object) -> tuple[GameDriver, GameDriver]:
    """Alice plays Cribbage with Bob and Pip Pip with Carol and Dave, each in its thread."""
    await fake.connect(test_bot(":memory:", **knobs))
    alice, bob, carol, dave = (fake.member(n) for n in NAMES[:4])
    cribbage = GameDriver(fake, rng=random.Random("cribbage"))
    await cribbage.start_game("cribbage", [alice, bob])
    pip_pip = GameDriver(fake, rng=random.Random("pip pip"))
    pip_pip.table_id = cribbage.table_id + 1  # type: ignore[operator]
    await pip_pip.start_game("pip-pip", [carol, dave, alice])
    assert pip_pip.table_message().channel_id != cribbage.table_message().channel_id
    return cribbage, pip_pip


def tag(driver: GameDriver, title: str) -> str:
    return f"{title} #{driver.table_id}"


def refusal_of(record: InteractionRecord) -> str | None:
    try:
        GameDriver._answer(record)
    except Refused as refusal:
        return str(refusal)
    return None


async def press_first(
    fake: FakeDiscord, user: FakeUser, hand: FakeMessage, wait: bool = True
) -> InteractionRecord:
    control = hand.find_components()[0]
    if control["type"] == 2:
        return await fake.click(user, hand, custom_id=control["custom_id"], wait=wait)
    values = [o["value"] for o in control["options"]][: control.get("min_values", 1)]
    return await fake.select(user, hand, custom_id=control["custom_id"], values=values, wait=wait)


async def test_a_member_in_two_games_reads_which_game_each_refusal_is_about() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        cribbage, pip_pip = await two_games(fake)
        alice, bob = fake.member("alice"), fake.member("bob")
        cribbage_tag = tag(cribbage, "Cribbage")

        # Her Cribbage hand, opened in the Pip Pip thread: an old one says which game it was.
        older = await fake.slash(alice, "hand", {"game": cribbage.table_id},
                                 channel=pip_pip.channel_id)
        assert older.message is not None and cribbage_tag in older.message.content
        newer = await fake.slash(alice, "hand", {"game": cribbage.table_id},
                                 channel=pip_pip.channel_id)
        await cribbage.settle()
        retired = fake.state.messages[older.message.id]
        assert "no longer updates" in retired.content and cribbage_tag in retired.content

        # A double press on her hand: the second is refused, naming Cribbage, not Pip Pip,
        # and her presses on Cribbage's controls never touch Pip Pip.
        manager = cribbage.bot.tables
        assert manager is not None
        pip_pip_version = manager.get(pip_pip.table_id or 0).version  # type: ignore[union-attr]
        assert newer.message is not None
        hand = fake.state.messages[newer.message.id]
        presses = [await press_first(fake, alice, hand, wait=False) for _ in range(2)]
        for record in presses:
            await fake.finish(record)
        await cribbage.settle()
        refusals = [n for n in map(refusal_of, presses) if n is not None]
        assert len(refusals) == 1, refusals
        assert cribbage_tag in refusals[0] and "Pip Pip" not in refusals[0]
        assert manager.get(pip_pip.table_id or 0).version == pip_pip_version  # type: ignore[union-attr]

        # /hand where neither game plays: both named, and what to type.
        note = note_of(await fake.slash(alice, "hand", {}))
        assert cribbage_tag in note and tag(pip_pip, "Pip Pip") in note
        assert f"/hand game:{cribbage.table_id}" in note

        # Bob asks for Pip Pip's hand: he is not in it, and is pointed to his own game.
        note = note_of(await fake.slash(bob, "hand", {"game": pip_pip.table_id}))
        assert note.startswith(f"You are not playing in {tag(pip_pip, 'Pip Pip')}")
        assert cribbage_tag in note and f"/hand game:{cribbage.table_id}" in note
        fake.assert_clean()


async def test_an_onlooker_pressing_a_table_is_told_which_game_and_what_to_do() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        cribbage, _pip_pip = await two_games(fake)
        peggy = fake.member("peggy")
        for label in ("My hand", "Resign"):
            note = note_of(await fake.click(peggy, cribbage.table_message(), label=label))
            assert note.startswith(f"You are not playing in {tag(cribbage, 'Cribbage')}")
            assert "/play" in note
        fake.assert_clean()


async def test_resigning_names_the_game_resigned() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        cribbage, pip_pip = await two_games(fake)
        alice = fake.member("alice")
        ask = await fake.click(alice, pip_pip.table_message(), label="Resign")
        assert ask.message is not None and tag(pip_pip, "Pip Pip") in ask.message.content
        done = note_of(await fake.click(alice, ask.message, label="Yes, resign"))
        assert done == f"You resigned {tag(pip_pip, 'Pip Pip')}."
        assert not cribbage.finished()
        fake.assert_clean()


async def test_the_resign_command_asks_first_naming_the_game() -> None:
    """Typed in the other game's thread, /resign would end a game the member did not mean:
    it asks as the Resign button does, and nothing ends until the answer."""
    async with FakeDiscord(members=NAMES) as fake:
        cribbage, pip_pip = await two_games(fake)
        alice = fake.member("alice")
        ask = await fake.slash(alice, "resign", {"game": cribbage.table_id})
        assert ask.message is not None
        assert ask.message.content == f"Resign {tag(cribbage, 'Cribbage')}? Your side loses."
        await fake.wait_quiet()
        assert not cribbage.finished() and not pip_pip.finished()
        done = note_of(await fake.click(alice, ask.message, label="Yes, resign"))
        assert done == f"You resigned {tag(cribbage, 'Cribbage')}."
        assert not pip_pip.finished()
        fake.assert_clean()


async def test_a_full_lobby_says_so_and_how_to_play_anyway() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob, peggy = fake.member("alice"), fake.member("bob"), fake.member("peggy")
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(alice, "pip-cribbage")
        number = lobby.content.split("lobby #")[1].split(",")[0]
        await driver.press(bob, lobby, label="Join")
        with pytest.raises(Refused) as full:
            await driver.press(peggy, lobby, label="Join")
        assert f"PIP Cribbage lobby #{number} is full" in str(full.value)
        assert "/play game:pip-cribbage" in str(full.value)
        with pytest.raises(Refused) as twice:
            await driver.press(bob, lobby, label="Join")
        assert f"lobby #{number}" in str(twice.value) and "already joined" in str(twice.value)
        with pytest.raises(Refused) as not_in:
            await driver.press(peggy, lobby, label="Leave")
        assert f"lobby #{number}" in str(not_in.value) and "not joined" in str(not_in.value)
        fake.assert_clean()


async def test_an_idle_warning_names_the_game_and_goes_once_the_member_moves() -> None:
    clock = FakeClock()
    async with FakeDiscord(members=NAMES) as fake:
        cribbage, _pip_pip = await two_games(
            fake, clock=clock, idle_warn=120.0, idle_takeover=300.0, notice_grace=600.0)
        alice = fake.member("alice")
        for _ in range(13):
            await clock.advance(10)
            await fake.wait_quiet()
        thread = cribbage.channel_id
        warnings = [m for m in fake.state.messages.values()
                    if m.channel_id == thread and alice.id in m.pings
                    and "waiting for your move" in m.content]
        assert len(warnings) == 1 and tag(cribbage, "Cribbage") in warnings[0].content
        await cribbage.move(alice)
        await cribbage.settle()
        assert fake.state.messages[warnings[0].id].deleted
        fake.assert_clean()


async def test_a_takeover_note_goes_once_the_member_takes_their_seat_back() -> None:
    clock = FakeClock()
    async with FakeDiscord(members=NAMES) as fake:
        cribbage, _pip_pip = await two_games(
            fake, clock=clock, idle_warn=None, idle_takeover=60.0, notice_grace=600.0)
        alice = fake.member("alice")
        await cribbage.move(fake.member("bob"))  # his discard: only Alice keeps it waiting
        for _ in range(7):
            await clock.advance(10)
            await fake.wait_quiet()
        notes = [m for m in fake.state.messages.values()
                 if m.channel_id == cribbage.channel_id and alice.id in m.pings
                 and "the computer is playing for you" in m.content]
        assert len(notes) == 1 and tag(cribbage, "Cribbage") in notes[0].content
        assert not notes[0].deleted
        await cribbage.open_hand(alice)  # back in her seat
        await cribbage.settle()
        assert fake.state.messages[notes[0].id].deleted
        fake.assert_clean()


async def test_a_hint_pressed_after_the_game_ended_names_the_game() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        lobby = (await fake.slash(alice, "play", {"game": "cribbage", "hints": True})).message
        assert lobby is not None
        await driver.press(bob, lobby, label="Join")
        await driver.press(alice, lobby, label="Start")
        await driver.settle()
        old = await driver.open_hand_twice(alice)  # kept aside, its Hint as it was built
        hint = next(c for c in old.find_components() if c.get("label") == "Hint")
        ask = await fake.click(bob, driver.table_message(), label="Resign")
        assert ask.message is not None
        await fake.click(bob, ask.message, label="Yes, resign")
        await driver.settle()
        note = note_of(await fake.click(alice, old, custom_id=hint["custom_id"]))
        assert note == f"{tag(driver, 'Cribbage')} is over. Start another with `/play`."
        fake.assert_clean()
