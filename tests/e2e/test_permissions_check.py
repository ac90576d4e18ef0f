"""/server permissions: a member or admin asks what the bot may do in a channel; each permission the
bot lacks is named with what it costs the games there, and where none can be played it says
what to give the bot. The answer is Discord's own reckoning for the channel
(app_permissions), so it matches what **Start** will find."""

from __future__ import annotations

import discord
import pytest

from testkit.fake_discord import FakeDiscord
from testkit.fake_discord import gateway as fake_gateway
from testkit.players import test_bot

NAMES = ("alice", "bob")


def without(*names: str) -> discord.Permissions:
    permissions = discord.Permissions.text() | discord.Permissions(view_channel=True)
    for name in names:
        setattr(permissions, name, False)
    return permissions


async def answer(permissions: discord.Permissions) -> str:
    async with FakeDiscord(members=NAMES, app_permissions=permissions) as fake:
        await fake.connect(test_bot(":memory:"))
        record = await fake.slash(fake.member("alice"), "server permissions")
        assert record.message is not None and record.message.ephemeral
        fake.assert_clean()
        return record.message.content


async def test_with_every_permission_it_says_games_can_be_played_with_everything() -> None:
    said = await answer(discord.Permissions.text() | discord.Permissions(view_channel=True))
    assert "❌" not in said and "⛔" not in said
    assert "Games can be played here: each in a thread of its own." in said
    assert "give the bot" not in said
    assert "Not needed: Embed Links, Read Message History, Manage Messages" in said


@pytest.mark.parametrize(("missing", "cost", "where"), [
    ("attach_files", "❌ Attach Files: tables show in words only", "each in a thread"),
    ("create_public_threads", "❌ Create Public Threads: games get no thread of their own",
     "in the channel itself"),
    ("send_messages_in_threads", "❌ Send Messages in Threads: it could not write in a game's"
     " thread", "in the channel itself"),
    ("send_messages", "❌ Send Messages: nothing can be posted in the channel itself",
     "each in a thread"),
])
async def test_a_missing_permission_is_named_with_what_it_costs_and_how_to_give_it(
    missing: str, cost: str, where: str,
) -> None:
    said = await answer(without(missing))
    assert cost in said
    assert said.count("❌") == 1 and "⛔" not in said
    assert f"Games can be played here: {where}" in said
    name = cost.split(": ")[0].removeprefix("❌ ")
    assert f"For everything, give the bot {name} here." in said
    assert "Edit Channel → Permissions" in said


@pytest.mark.parametrize("missing", [("send_messages", "create_public_threads"),
                                     ("send_messages", "send_messages_in_threads"),
                                     ("view_channel",)])
async def test_where_no_game_can_show_it_says_play_is_refused_and_what_to_give(
    missing: tuple[str, ...],
) -> None:
    permissions = without(*missing)
    said = await answer(permissions)
    assert "⛔ Games cannot be played here: `/play` is refused. Give the bot " in said
    assert "Send Messages" in said.split("⛔")[1]
    if "view_channel" in missing:
        # Granted Send Messages is no use where the bot cannot see: Discord refuses it all.
        assert "❌ View Channel: it cannot see the channel" in said
        assert "Give the bot View Channel and Send Messages" in said
    # The answer agrees with /play: refused there too, where the bot's reckoning is the same.
    async with FakeDiscord(members=NAMES, app_permissions=permissions) as fake:
        await fake.connect(test_bot(":memory:"))
        refusal = await fake.slash(fake.member(NAMES[0]), "play", {"game": "cribbage"})
        assert refusal.message is not None and refusal.message.ephemeral
        assert "may not send messages in this channel" in refusal.message.content
        assert fake.bot.tables.lobbies(fake.state.guild_id) == []  # type: ignore[attr-defined]


async def test_another_channel_is_judged_by_its_own_overwrites(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Asked from #games about #news, where the channel takes Attach Files from the bot."""
    # Administrator would override the channel's overwrite.
    monkeypatch.setattr(fake_gateway, "ALL_TEXT_PERMISSIONS", str(((1 << 50) - 1) & ~0x8))
    async with FakeDiscord(channels=("games", "news"), members=NAMES) as fake:
        news = fake.channel("news")
        attach_files = 1 << 15
        news.overwrites = [{"id": str(fake.state.bot_user.id), "type": 1, "allow": "0",
                            "deny": str(attach_files)}]
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        record = await fake.slash(alice, "server permissions", {"channel": news}, channel="games")
        assert record.message is not None
        said = record.message.content
        assert said.startswith(f"🔎 **What the bot may do in <#{news.id}>**")
        assert "❌ Attach Files" in said and said.count("❌") == 1
        record = await fake.slash(alice, "server permissions", channel="games")
        assert record.message is not None and "❌" not in record.message.content
        fake.assert_clean()
