"""Replays and score charts through the real bot: the chart on a finished game's table
message, /replay stepped with every button by anyone in the channel, Show hands, the
refusals, and replay buttons that still work after a restart."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from render import describe_revealed
from render.alt_text import cards, describe
from tables.resume import finished_table
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser
from testkit.players import GameDriver, test_bot
from tests.e2e.test_refusals import refusal_text

NAMES = ("alice", "bob", "carol")
pytestmark = pytest.mark.usefixtures("quick_pictures")
HEADER = re.compile(r"🎬 \*\*Replay of Cribbage #(\d+)\*\*: (the deal|move (\d+) of (\d+))")


async def finished_game(fake: FakeDiscord, alice: FakeUser, seed: str) -> GameDriver:
    """A 61-point Cribbage game of Alice against an easy computer, played to its end."""
    driver = GameDriver(fake, rng=random.Random(seed))
    await driver.start_game("cribbage", [alice], ["easy"], "target=61")
    await driver.play_to_end()
    await driver.settle()
    return driver


def buttons(message: FakeMessage) -> dict[str, dict[str, Any]]:
    return {c["label"]: c for c in message.find_components() if c.get("type") == 2}


def alt_text(message: FakeMessage) -> str:
    (picture,) = message.attachments
    assert picture.description, f"{picture.filename} has no alt text"
    return picture.description


def where(message: FakeMessage) -> tuple[int, int | None]:
    """(frame shown, last frame) read from the replay message's first line."""
    found = HEADER.match(message.content)
    assert found is not None, message.content
    return (0, None) if found[2] == "the deal" else (int(found[3]), int(found[4]))


async def press(fake: FakeDiscord, user: FakeUser, message: FakeMessage, label: str
                ) -> FakeMessage:
    record = await fake.click(user, message, label=label)
    assert refusal_text(record) is None
    updated = fake.state.messages[message.id]
    assert not updated.ephemeral
    return updated


async def test_the_final_table_message_carries_the_chart_with_alt_text() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        driver = await finished_game(fake, fake.member("alice"), "chart")
        final = driver.table_message()
        attachments = {a.filename: a for a in final.attachments}
        assert set(attachments) == {"table.png", "chart.png"}
        alt = attachments["chart.png"].description or ""
        assert alt.startswith(f"Chart of Cribbage #{driver.table_id}: each side's points "
                              "through ")
        assert "The skunk line is at 31" in alt and len(alt) <= 1024
        assert "Alice (blue circle, A) ends on " in alt
        assert "Computer 1 (orange square, B) ends on " in alt
        assert attachments["chart.png"].data[:8] == b"\x89PNG\r\n\x1a\n"

        # Deleted by someone: the table message comes back, the chart with it, whole.
        fake.state.delete_message(final)
        manager, store = driver.bot.tables, driver.bot.store
        assert manager is not None and store is not None and driver.table_id is not None
        finished = await finished_table(store, manager.games, driver.table_id)  # as stored
        assert finished is not None
        driver.bot.get_cog("Tables").show(finished)  # its message refreshed once more
        await driver.settle()
        again = driver.table_message()
        assert again.id != final.id
        assert [(a.filename, a.data, a.description) for a in again.attachments] == [
            (a.filename, a.data, a.description) for a in final.attachments]
        fake.assert_clean()


async def test_replay_steps_through_every_move_with_every_button_for_anyone(
        quick_pictures: list[tuple[str, str, dict[str, Any]]]) -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, carol = fake.member("alice"), fake.member("carol")
        driver = await finished_game(fake, alice, "steps")
        store = driver.bot.store
        assert store is not None and driver.table_id is not None
        moves = len(await store.actions(driver.table_id))
        live_final = next(v for k, _, v in reversed(quick_pictures) if k == "table")

        answer = await fake.slash(carol, "replay", {"game": driver.table_id})
        message = answer.message
        assert message is not None and not message.ephemeral  # posted for the channel
        assert where(message) == (0, None)
        assert [a.filename for a in message.attachments] == ["replay-0.png"]
        kind, game, view = quick_pictures[-1]
        assert (kind, game, view["names"]) == ("table", "cribbage", ["Alice", "Computer 1"])
        assert {label: b.get("disabled", False) for label, b in buttons(message).items()} == {
            "⏮": True, "◀": True, "▶": False, "⏭": False, "Show hands": False}

        message = await press(fake, carol, message, "▶")
        assert where(message) == (1, moves)
        assert message.content.count("\n> ") >= 1  # the move's lines, quoted
        message = await press(fake, alice, message, "▶")  # anyone may step
        assert where(message) == (2, moves)
        message = await press(fake, carol, message, "⏭")
        assert where(message) == (moves, moves)
        assert "won" in message.content
        assert quick_pictures[-1] == ("table", "cribbage", live_final)  # as drawn live
        assert {label: b.get("disabled", False) for label, b in buttons(message).items()} == {
            "⏮": False, "◀": False, "▶": True, "⏭": True, "Show hands": False}
        message = await press(fake, carol, message, "◀")
        assert where(message) == (moves - 1, moves)
        message = await press(fake, carol, message, "⏮")
        assert where(message) == (0, None)
        fake.assert_clean()


async def test_show_hands_turns_every_hand_face_up_and_back(
        quick_pictures: list[tuple[str, str, dict[str, Any]]]) -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = await finished_game(fake, alice, "hands")
        answer = await fake.slash(bob, "replay", {"game": driver.table_id})
        assert answer.message is not None
        message = await press(fake, bob, answer.message, "▶")
        drawn = quick_pictures
        # Every frame's picture has alt text: the live table's words for the same view...
        assert alt_text(message) == describe("cribbage", drawn[-1][2])
        message = await press(fake, bob, message, "Show hands")
        assert where(message) == (1, where(message)[1])
        assert "hands face up" in message.content
        kind, _, view = drawn[-1]
        assert kind == "revealed"
        assert [hand["seat"] for hand in view["revealed"]] == [0, 1]
        assert all("hand" in hand and "playable" in hand for hand in view["revealed"])
        # ... and with hands face up, every hand it shows, first (then the table, if shown).
        assert alt_text(message) == describe_revealed("cribbage", view)
        assert alt_text(message).startswith("Hands face up: ")
        for hand in view["revealed"]:
            assert f"'s hand: {cards(hand['hand'])}." in alt_text(message)
        message = await press(fake, bob, message, "▶")  # hands stay up while stepping
        assert where(message)[0] == 2 and drawn[-1][0] == "revealed"
        message = await press(fake, bob, message, "Hide hands")
        assert "hands face up" not in message.content and drawn[-1][0] == "table"
        assert "Show hands" in buttons(message)
        fake.assert_clean()


async def test_replay_refuses_missing_running_unfinished_and_other_servers_games() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake, rng=random.Random("refuse"))
        running = await driver.start_game("cribbage", [alice, bob], [], "target=61")
        store = driver.bot.store
        assert store is not None
        seats = [{"user_id": alice.id, "name": "alice", "ai": None}]
        elsewhere = await store.create_game(guild_id=424242, channel_id=1, game="cribbage",
                                            options={}, seed=1, seats=seats, host_id=alice.id)
        await store.set_status(elsewhere, "finished")
        abandoned = await store.create_game(guild_id=fake.state.guild_id, channel_id=1,
                                            game="cribbage", options={}, seed=1, seats=seats,
                                            host_id=alice.id)
        await store.set_status(abandoned, "abandoned")
        notes = {}
        for game_id in (9999, running, elsewhere, abandoned):
            answer = await fake.slash(bob, "replay", {"game": game_id})
            notes[game_id] = refusal_text(answer)
        assert notes == {
            9999: "There is no game #9999 in this server.",
            running: f"Game #{running} is still being played: replay it once it is over.",
            elsewhere: f"There is no game #{elsewhere} in this server.",
            abandoned: f"Game #{abandoned} did not finish, so there is nothing to replay.",
        }
        fake.assert_clean()


async def test_replay_buttons_keep_working_after_a_restart(tmp_path: Path) -> None:
    database = str(tmp_path / "replay.db")
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(database))
        alice = fake.member("alice")
        driver = await finished_game(fake, alice, "restart")
        answer = await fake.slash(alice, "replay", {"game": driver.table_id})
        assert answer.message is not None
        message = await press(fake, alice, answer.message, "▶")
        before = message.content
        await fake.restart(test_bot(database))
        await driver.settle()
        message = await press(fake, alice, message, "▶")
        assert where(message)[0] == 2
        message = await press(fake, alice, message, "◀")
        assert message.content == before
        fake.assert_clean()
