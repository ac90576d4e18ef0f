"""Play flow through the fake Discord: the live hand, one press per move, forced moves playing
themselves, a quiet table, turn notices, /settings, and never going stale under faults.

Timing (a forced move's pause, the hand token's lifetime, the turn notices' grace period,
retry backoff) runs on a FakeClock: tests move time on, they never sleep.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser
from testkit.players import GameDriver, Refused, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

CRIBBAGE = "cribbage"


class CountingDriver(GameDriver):
    """A GameDriver that counts every press and every My hand."""

    presses: int = 0
    opened: int = 0

    async def press(self, user: FakeUser, message: FakeMessage | int, **which: str) -> Any:
        self.presses += 1
        return await super().press(user, message, **which)

    async def choose(
        self, user: FakeUser, message: FakeMessage | int, values: list[str], **which: str
    ) -> Any:
        self.presses += 1
        return await super().choose(user, message, values, **which)

    async def open_hand(self, user: FakeUser) -> FakeMessage:
        self.opened += 1
        return await super().open_hand(user)


async def advance(fake: FakeDiscord, clock: FakeClock, seconds: float, step: float = 0.25) -> None:
    """Move the bot's clock on in steps, letting Discord calls land between them."""
    moved = 0.0
    while moved < seconds:
        await clock.advance(step)
        await fake.wait_quiet()
        moved += step


def table_messages(fake: FakeDiscord, channel_id: int) -> list[FakeMessage]:
    """Every public message the bot posted in a channel or thread, deleted ones included."""
    return [
        m
        for m in fake.state.messages.values()
        if m.channel_id == channel_id and not m.ephemeral and m.author.bot
    ]


# ---------------------------------------------------------------- the live hand


async def test_a_kept_hand_updates_itself_so_each_move_is_one_press() -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = CountingDriver(fake)
        await driver.start_game(CRIBBAGE, [alice, bob], options="target=61")
        start_presses = driver.presses
        table = driver.table_message()
        await driver.play_to_end()
        presses = driver.presses - start_presses
        # Each player opened the hand once; every other press was a move.
        assert driver.opened == 2 and driver.refusals == 0
        assert presses == driver.moves + 2
        assert presses / driver.moves <= 1.10
        # The table message was edited in place all game long, never deleted and reposted.
        posted = table_messages(fake, table.channel_id)
        assert [m.id for m in posted if m.find_components()] == [table.id]
        assert not any(m.deleted for m in posted)
        assert len(table.history) > driver.moves // 2
        # Prompt players are not mentioned again after the first post.
        pings = sum(len(m.pings) for m in posted)
        assert pings <= 2
        # The kept hands show the result at the end.
        for user in (alice, bob):
            hand = driver.hand(user)
            assert hand is not None and "win" in hand.content and not hand.find_components()
        fake.assert_clean()


async def test_an_opponents_move_brings_the_waiting_hand_to_life(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(str(tmp_path / "db.sqlite")))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game(CRIBBAGE, [alice, bob], options="target=61")
        hands = {u.id: (await driver.open_hand(u)).id for u in (alice, bob)}
        for _ in range(30):  # through the discards into the play
            await driver.step()
            table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr]
            waiting = table.waiting_for()
            if len(waiting) == 1:
                break
        waited = table.seats[waiting[0]].user_id
        other = alice if waited == bob.id else bob
        mover = fake.member("alice" if waited == alice.id else "bob")
        hand = fake.state.messages[hands[mover.id]]
        assert hand.find_components(), "the waited-for player's kept hand offers the move"
        versions = len(fake.state.messages[hands[other.id]].history)
        await driver.move(mover)
        await driver.settle()
        other_hand = fake.state.messages[hands[other.id]]
        assert len(other_hand.history) > versions  # edited without a press
        fake.assert_clean()


async def test_the_hand_says_it_stopped_updating_before_its_token_expires() -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:", clock=clock))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game(CRIBBAGE, [alice, bob], options="target=61")
        hand = await driver.open_hand(alice)
        await advance(fake, clock, 13 * 60, step=60)
        assert "stopped updating" not in fake.state.messages[hand.id].content
        await advance(fake, clock, 61, step=1)
        stopped = fake.state.messages[hand.id]
        assert "stopped updating" in stopped.content and "/hand" in stopped.content
        assert not stopped.find_components()
        # Bob's move no longer touches it, and nothing ever used an expired token.
        versions = len(stopped.history)
        await driver.move(bob)
        await fake.wait_quiet()
        assert len(fake.state.messages[hand.id].history) == versions
        assert fake.state.expired_token_uses == []
        # A press gives a fresh token: the hand lives again.
        again = await driver.open_hand(alice)
        assert again.find_components()
        fake.assert_clean()


async def test_a_hand_opened_again_leaves_the_older_one_saying_so_without_buttons() -> None:
    """A newcomer who presses My hand twice has two hands on screen: the older one no longer
    updates, so it says which to use instead of offering buttons that would be refused."""
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game(CRIBBAGE, [alice, bob], options="target=61")
        older = await driver.open_hand(alice)
        assert older.find_components()
        newer = await driver.open_hand(alice)
        await fake.wait_quiet()
        replaced = fake.state.messages[older.id]
        assert "hand again" in replaced.content and "newest" in replaced.content
        assert not replaced.find_components() and not replaced.attachments
        assert newer.find_components()
        # The newer hand goes on updating; the older is left alone.
        versions, newer_versions = len(replaced.history), len(newer.history)
        await driver.move(bob)
        await fake.wait_quiet()
        assert len(fake.state.messages[older.id].history) == versions
        assert len(fake.state.messages[newer.id].history) > newer_versions
        fake.assert_clean()


# ---------------------------------------------------------------- forced moves


async def play_until_a_forced_go(
    fake: FakeDiscord, users: list[FakeUser]
) -> tuple[GameDriver, Any, int]:
    """Play games (moving no clock) until some human's only legal action is Go: the engine
    scores a Go by itself when nobody can play, so a game may end without one."""
    for game in range(10):
        driver = GameDriver(fake, rng=random.Random(game))
        await driver.start_game(CRIBBAGE, users, options="target=61")
        while True:
            await fake.wait_quiet()
            table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr]
            assert table is not None
            if table.status != "running":
                break
            for seat in table.human_waits():
                if table.legal_for(seat) == [{"type": "go"}]:
                    return driver, table, seat
            await driver.move(driver.rng.choice(driver.waiting()))
    raise AssertionError("no Go came up in ten games")


async def test_a_forced_go_plays_itself_after_a_pause() -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:", clock=clock, forced_delay=1.5))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver, table, _ = await play_until_a_forced_go(fake, [alice, bob])
        version = table.version
        await advance(fake, clock, 1.0)
        assert table.version == version, "not before the pause is over"
        await advance(fake, clock, 0.75)
        assert table.version > version
        assert any("go" in line.lower() for line in table.recent[-3:])
        assert "go" in driver.table_message().content.lower()
        fake.assert_clean()


async def test_a_player_can_turn_forced_moves_off() -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:", clock=clock, forced_delay=1.5))
        alice, bob = fake.member("alice"), fake.member("bob")
        for user in (alice, bob):
            answer = await fake.slash(user, "settings", {"autoplay": False})
            assert answer.message is not None and "saved" in answer.message.content
        driver, table, seat = await play_until_a_forced_go(fake, [alice, bob])
        version = table.version
        await advance(fake, clock, 5.0, step=1.0)
        assert table.version == version
        user = fake.state.members[table.seats[seat].user_id]
        hand = await driver.open_hand(user)
        assert [c["label"] for c in hand.find_components()] == ["Go"]
        await driver.press(user, hand, label="Go")
        assert table.version > version
        fake.assert_clean()


# ---------------------------------------------------------------- turn notices


def notices(fake: FakeDiscord, channel_id: int) -> list[FakeMessage]:
    return [m for m in table_messages(fake, channel_id) if "it's your turn" in m.content]


async def test_a_slow_player_is_mentioned_after_the_grace_period_and_it_goes_when_they_act() -> (
    None
):
    clock = FakeClock()
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:", clock=clock, notice_grace=30.0))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game(CRIBBAGE, [alice, bob], options="target=61")
        thread = driver.table_message().channel_id
        await advance(fake, clock, 29, step=1)
        assert notices(fake, thread) == []
        await advance(fake, clock, 2, step=1)
        shown = notices(fake, thread)
        assert sorted(p for m in shown for p in m.pings) == sorted([alice.id, bob.id])
        await driver.move(alice)  # her discard
        await fake.wait_quiet()
        alices = [m for m in shown if m.pings == [alice.id]]
        bobs = [m for m in shown if m.pings == [bob.id]]
        assert alices[0].deleted and not bobs[0].deleted
        fake.assert_clean()


async def test_turn_notices_always_and_never() -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:", clock=clock, notice_grace=30.0))
        alice, bob = fake.member("alice"), fake.member("bob")
        await fake.slash(alice, "settings", {"turn_notices": "always"})
        await fake.slash(bob, "settings", {"turn_notices": "never"})
        driver = GameDriver(fake)
        await driver.start_game(CRIBBAGE, [alice, bob], options="target=61")
        thread = driver.table_message().channel_id
        await advance(fake, clock, 1, step=0.5)
        assert [m.pings for m in notices(fake, thread)] == [[alice.id]]
        await advance(fake, clock, 120, step=10)
        assert [m.pings for m in notices(fake, thread)] == [[alice.id]]
        fake.assert_clean()


# ---------------------------------------------------------------- a table posted again


async def test_a_deleted_table_message_is_posted_again() -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game(CRIBBAGE, [alice, bob], options="target=61")
        first = driver.table_message()
        await driver.open_hand(alice)
        fake.state.delete_message(first)
        await driver.move(alice)
        await driver.settle()
        again = driver.table_message()
        assert again.id != first.id and again.find_components()
        fake.assert_clean()


# ---------------------------------------------------------------- /settings


async def test_settings_are_kept_and_the_four_colour_deck_reaches_the_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[str, dict[str, Any]]] = []

    async def draw(kind: str, game: str, view: dict[str, Any], **options: Any) -> bytes:
        drawn.append((kind, options))
        return bytes.fromhex("89504e470d0a1a0a")

    monkeypatch.setattr("cogs.images.draw", draw)
    database = str(tmp_path / "settings.db")
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(database))
        alice, bob = fake.member("alice"), fake.member("bob")
        answer = await fake.slash(alice, "settings", {"four_colour": True})
        assert answer.message is not None and answer.message.ephemeral
        assert "Four-colour deck: on" in answer.message.content
        await fake.restart(test_bot(database))
        shown = await fake.slash(alice, "settings")
        assert shown.message is not None and "Four-colour deck: on" in shown.message.content
        assert ("Turn notices: when your turn waits longer than you usually take"
                in shown.message.content)
        driver = GameDriver(fake)
        await driver.start_game(CRIBBAGE, [alice, bob], options="target=61")
        drawn.clear()
        await driver.open_hand(alice)
        await driver.open_hand(bob)
        hands = [options for kind, options in drawn if kind == "hand"]
        assert hands[0] == {"four_colour": True} and hands[-1] == {}
        fake.assert_clean()


# ---------------------------------------------------------------- never stale


@pytest.mark.parametrize("status", [429, 503])
async def test_the_result_reaches_the_table_after_a_burst_of_failed_edits(status: int) -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:", clock=clock))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game(CRIBBAGE, [alice, bob], options="target=61")
        bobs_hand = await driver.open_hand(bob)
        await driver.move(alice)
        await fake.wait_quiet()
        fault = fake.inject_fault(status)
        await advance(fake, clock, 3, step=0.5)
        ask = await fake.slash(alice, "resign")
        assert ask.message is not None
        resigned = await fake.click(alice, ask.message, label="Yes, resign")  # the last move
        assert resigned.message is not None
        await advance(fake, clock, 3, step=0.5)
        assert fault.hits > 0
        table = driver.table_message()
        assert any(c.get("label") == "My hand" for c in table.find_components())  # stale
        fault.active = False
        await advance(fake, clock, 10, step=0.5)
        table = driver.table_message()
        assert "win" in table.content
        assert not any(c.get("label") == "My hand" for c in table.find_components())
        # A 5xx's retries inside discord.py wait on the fake's clock, not in real seconds.
        hand = fake.state.messages[bobs_hand.id]
        assert "win" in hand.content and not hand.find_components()
        if status == 503:
            assert set(fake.http_waits) == {1, 3, 5, 7, 9}  # 25 s a request, in no time
        fake.assert_clean()


async def test_members_can_wait_for_a_message_to_change_instead_of_polling() -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game(CRIBBAGE, [alice, bob], options="target=61")
        hand = await driver.open_hand(alice)
        waiting = asyncio.ensure_future(fake.next_change(hand.id, timeout=120))  # a hang guard
        await asyncio.sleep(0)
        assert not waiting.done()
        await driver.move(alice)
        assert await waiting
        await driver.settle()
        assert not await fake.next_change(hand.id, timeout=0.01)
        fake.assert_clean()


async def test_a_press_on_a_go_already_played_for_the_player_says_so() -> None:
    """The player presses Go while autoplay plays it for them: the press lands after the Go
    and is told so, not that it is not their turn."""
    clock = FakeClock()
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:", clock=clock, forced_delay=1.5))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver, table, seat = await play_until_a_forced_go(fake, [alice, bob])
        user = fake.state.members[table.seats[seat].user_id]
        # A hand opened again takes over from the first, which is left showing Go: pressing
        # it after the pause is a press that was on its way while the Go was played.
        pressed = await driver.open_hand_twice(user)
        version = table.version
        await advance(fake, clock, 1.75)
        assert table.version > version, "the Go was played for them"
        assert [c["label"] for c in pressed.find_components()] == ["Go"]
        with pytest.raises(Refused) as answer:
            await driver.press(user, pressed, label="Go")
        assert str(answer.value) == (
            f"Go was played for you in Cribbage #{driver.table_id}: it was your only move.")
        fake.assert_clean()
