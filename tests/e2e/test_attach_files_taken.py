"""Attach Files taken from the bot in the middle of a game, and given back.

Discord refuses a new picture on an edit just as on a send (403 Missing Permissions), so the
table message's next edit fails. The game must go on in words, say why once (in the table
message, and once in the log), and show its pictures again as soon as the permission is back,
which the bot learns from the next press in that channel (every interaction carries the bot's
permissions there)."""

from __future__ import annotations

import logging
import re

import discord
import pytest

from cogs.table_message import NO_PICTURES
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

WITHOUT_PICTURES = "could not be shown with pictures"


def permissions(*, attach_files: bool) -> str:
    allowed = discord.Permissions.text() | discord.Permissions(view_channel=True)
    allowed.attach_files = attach_files
    return str(allowed.value)


async def test_attach_files_taken_mid_game_keeps_it_going_in_words_and_pictures_come_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        driver = GameDriver(fake)
        await driver.start_game("cribbage", [fake.member("alice"), fake.member("bob")])
        assert driver.table_message().attachments

        fake.state.app_permissions = permissions(attach_files=False)
        for _ in range(3):
            assert await driver.step()
        await driver.settle()
        table = driver.table_message()
        assert table.content.endswith(NO_PICTURES) and not table.attachments
        assert driver.waiting(), table.content  # whose turn still shows
        assert sum(NO_PICTURES in v["content"] for v in table.history) >= 1
        said = [r for r in caplog.records if WITHOUT_PICTURES in r.getMessage()]
        assert len(said) == 1  # once, not once a move
        # No message beside the table's: the note is a line of it, not a post per refusal.
        public = [m for m in fake.visible_messages(fake.member("alice"), table.channel_id)
                  if not m.ephemeral]
        assert [m.id for m in public] == [table.id]

        fake.state.app_permissions = permissions(attach_files=True)
        assert await driver.step()
        await driver.settle()
        table = driver.table_message()
        assert table.attachments, table.content
        assert NO_PICTURES not in table.content
        fake.assert_clean()


async def test_a_table_in_words_says_the_deal_and_target_its_picture_would() -> None:
    """The picture's title bar says "Deal 1 · to 61"; without it the words said only the
    scores, so a player could not tell which deal it was or what the game was played to."""
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        driver = GameDriver(fake)
        await driver.start_game("cribbage", [fake.member("alice"), fake.member("bob")])
        score_line = re.compile(r"^Deal 1, playing to 61\. Scores: Alice: 0 · Bob: 0$", re.M)
        # With its picture, the words leave the deal to the picture.
        assert not score_line.search(driver.table_message().content)
        assert re.search(r"^Scores: Alice: 0 · Bob: 0$", driver.table_message().content, re.M)

        fake.state.app_permissions = permissions(attach_files=False)
        assert await driver.step()
        await driver.settle()
        table = driver.table_message()
        assert not table.attachments
        assert score_line.search(table.content), table.content
        fake.assert_clean()
