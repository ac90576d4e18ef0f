"""After logging in, the bot prints the link that invites it with the permissions the README
lists."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import discord

import bot
from testkit.fake_discord import FakeDiscord

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_permissions() -> set[str]:
    """The permissions README.md's set-up names, as discord.Permissions attribute names."""
    found = re.search(r"permissions: ([^.)]+)[.)]", README.read_text())
    assert found, "README.md lists the bot's permissions as 'permissions: A, B, C.'"
    return {"_".join(words.lower().split()) for words in found.group(1).split(",")}


def test_the_readme_lists_exactly_the_permissions_the_invite_asks_for():
    assert readme_permissions() == set(bot.INVITE_PERMISSIONS)
    for name in bot.INVITE_PERMISSIONS:
        assert name in discord.Permissions.VALID_FLAGS


async def test_the_invite_link_is_printed_after_login(fake: FakeDiscord, tmp_path, capsys):
    await fake.connect(bot.create_bot(str(tmp_path / "bot.db"), ai_delay=0))
    printed = capsys.readouterr().out
    found = re.search(r"Invite the bot to a server with (\S+)", printed)
    assert found, printed
    query = parse_qs(urlparse(found.group(1)).query)
    assert query["client_id"] == [str(fake.state.application_id)]
    assert set(query["scope"][0].split()) == {"bot", "applications.commands"}
    granted = discord.Permissions(int(query["permissions"][0]))
    # (compared as flags: discord.py names View Channel's bit read_messages when listing)
    assert granted == discord.Permissions(**dict.fromkeys(readme_permissions(), True))
