"""The fake Discord sends MESSAGE_CREATE for every message in a channel, as Discord does:
members', other bots', and the bot's own (sent, or its answers to interactions)."""

from __future__ import annotations

import discord

from testkit.fake_discord import FakeDiscord
from tests.e2e.sample_bot import SampleBot, make_bot


def listening(bot: SampleBot) -> list[discord.Message]:
    heard: list[discord.Message] = []

    async def hear(message: discord.Message) -> None:
        heard.append(message)

    bot.add_listener(hear, "on_message")
    return heard


async def test_the_bot_hears_its_own_messages_and_its_answers(fake: FakeDiscord) -> None:
    bot = make_bot()
    heard = listening(bot)
    await fake.connect(bot)
    alice = fake.member("alice")

    dealt = await fake.slash(alice, "deal", {"game": "cribbage"})
    await fake.slash(alice, "table", {"number": 3})  # a channel message, answered ephemerally
    await fake.wait_quiet()

    assert dealt.message is not None and bot.user is not None
    by_id = {m.id: m for m in heard}
    answer = by_id[dealt.message.id]
    assert answer.author.id == bot.user.id and answer.author.bot
    assert answer.content == "cribbage for 2"  # an application sees its own messages' content
    assert answer.webhook_id == fake.state.application_id
    assert answer.application_id == fake.state.application_id
    assert answer.type == discord.MessageType.chat_input_command
    assert answer.interaction_metadata is not None
    assert answer.interaction_metadata.user.id == alice.id
    assert answer.guild is not None and answer.channel.id == fake.channel().id
    assert [c.custom_id for c in answer.components[0].children][:1] == [  # type: ignore[union-attr]
        "deal:hit"]
    sent = fake.last_message()
    assert sent.content == "table 3"
    posted = by_id[sent.id]
    assert posted.author.id == bot.user.id and posted.webhook_id is None
    assert posted.interaction_metadata is None and posted.guild is not None
    fake.assert_clean()


async def test_ephemeral_answers_come_as_direct_messages_if_at_all(fake: FakeDiscord) -> None:
    bot = make_bot()
    heard = listening(bot)
    await fake.connect(bot)
    alice = fake.member("alice")

    hand = await fake.slash(alice, "hand")
    await fake.wait_quiet()

    assert hand.message is not None and hand.message.ephemeral
    [seen] = [m for m in heard if m.id == hand.message.id]
    # Discord's documented quirk: no guild_id, no member, and only with DIRECT_MESSAGES.
    assert seen.guild is None and seen.flags.ephemeral
    assert isinstance(seen.channel, discord.DMChannel)

    no_direct_messages = discord.Intents.default()
    no_direct_messages.dm_messages = False
    quiet = make_bot(intents=no_direct_messages)
    unheard = listening(quiet)
    await fake.restart(quiet)
    await fake.slash(alice, "hand")
    await fake.slash(alice, "deal", {"game": "cribbage"})
    await fake.wait_quiet()
    assert [m.content for m in unheard] == ["cribbage for 2"]
    fake.assert_clean()


async def test_members_and_other_bots_write_without_content(fake: FakeDiscord) -> None:
    bot = make_bot()
    heard = listening(bot)
    await fake.connect(bot)
    jukebox = fake.add_bot("jukebox")

    fake.post(fake.member("bob"))
    fake.post(jukebox)
    await fake.wait_quiet()

    assert [(m.author.name, m.author.bot, m.content) for m in heard] == [
        ("bob", False, ""), ("jukebox", True, "")]
    assert all(m.guild is not None and m.webhook_id is None for m in heard)
    fake.assert_clean()
