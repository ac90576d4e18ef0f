"""A message says what one moment of the game shows: a move landing while its picture is
drawn changes neither its words nor its controls, only the next edit."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, NamedTuple

import pytest

from tables.table import Table
from testkit.fake_discord import FakeDiscord
from testkit.fake_discord.model import FakeMessage
from testkit.players import GameDriver, test_bot
from tests.e2e.conftest import TINY_PNG

CRIBBAGE = "cribbage"
NAMES = ("alice", "bob")
#: The picture's description of whose turn it is ("bob to play.").
TO_PLAY = re.compile(r"(\w+) to play\.")


class MoveWhileDrawing:
    """Pictures drawn as a pixel; once armed, the next drawing of `kind` (for `seat`, if
    given) waits while the player the game waits for makes a move (or resigns)."""

    def __init__(self, driver: GameDriver) -> None:
        self.driver = driver
        self.armed: tuple[str, int | None] | None = None
        self.resign = False
        self.moved = 0

    def arm(self, kind: str, seat: int | None = None, *, resign: bool = False) -> None:
        self.armed, self.resign = (kind, seat), resign

    async def draw(self, kind: str, game: str, view: dict[str, Any], **options: Any) -> bytes:
        if self.armed is not None and self.armed[0] == kind and (
            self.armed[1] is None or self.armed[1] == view.get("seat")
        ):
            self.armed = None
            manager = self.driver.bot.tables
            assert manager is not None
            table = manager.get(self.driver.table_id or 0)
            assert table is not None
            mover = table.waiting_for()[0]
            user_id = table.seats[mover].user_id
            assert user_id is not None
            if self.resign:
                await manager.resign(table.id, user_id)
            else:
                await manager.act(table.id, user_id, table.legal_for(mover)[0])
            self.moved += 1
        return TINY_PNG


async def play_until_one_is_to_play(driver: GameDriver) -> None:
    """Moves until the table waits for one player only, who plays a card (the play)."""
    for _ in range(30):
        message = driver.table_message()
        if "**Turn:**" in message.content and TO_PLAY.search(description(message.history[-1])):
            return
        assert await driver.step()
        await driver.settle()
    raise AssertionError("the play never began")


def description(version: dict[str, Any]) -> str:
    return " ".join(str(a["description"]) for a in version["attachments"])


def hand_versions(message: FakeMessage) -> list[tuple[str, int]]:
    """Each version of a hand message: its words and how many controls it offered."""
    versions = []
    for version in message.history:
        controls = [c for row in version["components"] for c in row.get("components", [])]
        versions.append((version["content"], len(controls)))
    return versions


class At(NamedTuple):
    """What a test in the play works with."""

    fake: FakeDiscord
    driver: GameDriver
    drawing: MoveWhileDrawing
    members: tuple[Any, ...]
    table: Table


@asynccontextmanager
async def in_the_play(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[At]:
    """Alice and Bob's Cribbage in the play, one of them to play, pictures drawn by
    MoveWhileDrawing."""
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        members = tuple(fake.member(n) for n in NAMES)
        driver = GameDriver(fake, rng=random.Random("one moment"))
        drawing = MoveWhileDrawing(driver)
        monkeypatch.setattr("cogs.images.draw", drawing.draw)
        await driver.start_game(CRIBBAGE, list(members), options="target=61")
        await play_until_one_is_to_play(driver)
        table = driver.bot.tables.get(driver.table_id or 0)  # type: ignore[union-attr]
        assert table is not None
        yield At(fake, driver, drawing, members, table)
        fake.assert_clean()


async def test_a_hand_says_its_your_move_only_with_the_moves_to_make(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with in_the_play(monkeypatch) as at:
        driver, drawing, (alice, bob), table = at.driver, at.drawing, at.members, at.table
        waiting = table.waiting_for()[0]
        other = 1 - waiting
        user = (alice, bob)[other]

        drawing.arm("hand", other)  # the other player plays while this hand is drawn
        hand = await driver.open_hand(user)
        await driver.settle()

        assert drawing.moved == 1
        versions = hand_versions(hand)
        for content, controls in versions:
            if "It's your move" in content:
                assert controls, f"'It's your move' without a move to make: {content!r}"
            if "**Waiting for:**" in content and "You may act now" not in content:
                assert not controls, f"moves offered while waiting: {content!r}"
        last, controls = versions[-1]
        assert "It's your move" in last and controls  # the move that landed is shown next


async def test_the_table_message_names_whose_turn_its_picture_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with in_the_play(monkeypatch) as at:
        driver, drawing = at.driver, at.drawing

        drawing.arm("table")  # the player to play moves while the table is drawn
        driver.table_message()  # known before the move
        assert await driver.step()
        await driver.settle()

        assert drawing.moved == 1
        for version in driver.table_message().history:
            pictured = TO_PLAY.search(description(version))
            if pictured is None:
                continue
            turn = [line for line in version["content"].splitlines()
                    if line.startswith("**Turn:**")]
            assert turn and f"({pictured[1]})" in turn[0], (turn, pictured[1])


async def test_a_hand_drawn_as_the_game_ends_still_shows_the_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with in_the_play(monkeypatch) as at:
        driver, drawing, (alice, bob), table = at.driver, at.drawing, at.members, at.table
        other = 1 - table.waiting_for()[0]

        drawing.arm("hand", other, resign=True)  # the game ends while this hand is drawn
        hand = await driver.open_hand((alice, bob)[other])
        await driver.settle()

        assert drawing.moved == 1 and not table.active
        last, controls = hand_versions(hand)[-1]
        assert "🏆" in last and "win" in last and not controls
