"""The harness's channels as Discord keeps them: permission overwrites reckoned for the bot
and for members, channels and threads deleted, archived and locked with the gateway's word
of it, direct messages, and discord.py's retries waiting on a test's clock, not in real
seconds. Checked against a small bot (tests/e2e/sample_bot.py) and discord.py's own cache."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tables.clock import FakeClock
from testkit.fake_discord import ComponentRefused, FakeDiscord
from testkit.fake_discord.permissions import overwrite
from tests.e2e.sample_bot import make_bot

VIEW, SEND = 1 << 10, 1 << 11


def allowed(record_payload: dict[str, object]) -> discord.Permissions:
    return discord.Permissions(int(str(record_payload["app_permissions"])))


def text_part(permissions: discord.Permissions) -> int:
    """What counts in a text channel (discord.py leaves voice permissions out there)."""
    return permissions.value & (discord.Permissions.text() | discord.Permissions(
        view_channel=True, create_public_threads=True, create_private_threads=True)).value


@pytest.mark.parametrize("granted", ["by role", "by member"])
async def test_a_private_channel_that_grants_the_bot_lets_it_in_and_keeps_others_out(
    granted: str,
) -> None:
    async with FakeDiscord(channels=("games", "staff")) as fake:
        staff = fake.channel("staff")
        alice, bob = fake.member("alice"), fake.member("bob")
        admins = fake.state.roles.add(fake.state.guild_id, "Admins", 0, {alice.id})
        bot_role = fake.state.roles.bot_role(fake.state.guild_id)
        target = (overwrite(bot_role.id, allow=VIEW) if granted == "by role"
                  else overwrite(fake.state.bot_user.id, allow=VIEW, member=True))
        staff.overwrites = [overwrite(fake.state.guild_id, deny=VIEW),
                            overwrite(admins.id, allow=VIEW), target]
        bot = make_bot()
        await fake.connect(bot)

        answer = await fake.slash(alice, "deal", {"game": "cribbage"}, channel="staff")
        assert allowed(answer.payload).view_channel and allowed(answer.payload).send_messages
        in_bot = bot.get_channel(staff.id)
        assert isinstance(in_bot, discord.TextChannel)
        guild = in_bot.guild
        # discord.py's own reckoning from the guild it was sent agrees with Discord's.
        assert text_part(in_bot.permissions_for(guild.me)) == text_part(allowed(answer.payload))
        await in_bot.send("for the staff")
        with pytest.raises(ComponentRefused, match="cannot see"):
            await fake.slash(bob, "deal", {"game": "cribbage"}, channel="staff")
        assert fake.visible_messages(bob, staff) == []
        assert [m.content for m in fake.visible_messages(alice, staff)][-1] == "for the staff"
        fake.assert_clean()


async def test_a_channel_closed_to_the_bot_answers_missing_access() -> None:
    async with FakeDiscord(channels=("games", "staff")) as fake:
        fake.channel("staff").overwrites = [overwrite(fake.state.guild_id, deny=VIEW)]
        bot = make_bot()
        await fake.connect(bot)
        with pytest.raises(discord.Forbidden) as refused:
            await bot.get_partial_messageable(fake.channel("staff").id).send("hello?")
        assert refused.value.code == 50001
        fake.assert_clean()


async def test_a_channel_denying_send_messages_to_everyone_denies_the_bot_too() -> None:
    async with FakeDiscord(channels=("games", "news")) as fake:
        news = fake.channel("news")
        news.overwrites = [overwrite(fake.state.guild_id, deny=SEND)]
        bot = make_bot()
        await fake.connect(bot)
        alice = fake.member("alice")

        answer = await fake.slash(alice, "deal", {"game": "cribbage"}, channel="news")
        assert not allowed(answer.payload).send_messages and allowed(answer.payload).view_channel
        member = discord.Permissions(int(answer.payload["member"]["permissions"]))
        assert not member.send_messages
        in_bot = bot.get_channel(news.id)
        assert isinstance(in_bot, discord.TextChannel)
        assert not in_bot.permissions_for(in_bot.guild.me).send_messages
        with pytest.raises(discord.Forbidden, match="Send Messages"):
            await in_bot.send("news!")
        # Its own role's overwrite gives it back, as on Discord (and CHANNEL_UPDATE says so).
        bot_role = fake.state.roles.bot_role(fake.state.guild_id)
        fake.set_overwrites(news, [*news.overwrites, overwrite(bot_role.id, allow=SEND)])
        await fake.wait_quiet()
        assert in_bot.permissions_for(in_bot.guild.me).send_messages
        await in_bot.send("news!")
        fake.assert_clean()


async def test_deleting_channels_and_threads_reaches_the_bots_cache() -> None:
    async with FakeDiscord(channels=("games", "lounge")) as fake:
        bot = make_bot()
        heard: list[tuple[str, int]] = []

        async def channel_deleted(channel: discord.abc.GuildChannel) -> None:
            heard.append(("channel", channel.id))

        async def thread_deleted(payload: discord.RawThreadDeleteEvent) -> None:
            heard.append(("thread", payload.thread_id))

        bot.add_listener(channel_deleted, "on_guild_channel_delete")
        bot.add_listener(thread_deleted, "on_raw_thread_delete")
        await fake.connect(bot)
        await fake.slash(fake.member("alice"), "thread", {"name": "one"})
        await fake.slash(fake.member("alice"), "thread", {"name": "two"}, channel="lounge")
        await fake.wait_quiet()
        one, two = fake.threads

        fake.delete_channel(one)
        await fake.wait_quiet()
        assert bot.get_channel(one.id) is None and heard == [("thread", one.id)]
        fake.delete_channel("lounge")  # its thread goes with it, with no THREAD_DELETE
        await fake.wait_quiet()
        assert bot.get_channel(fake.state.deleted_channels[two.parent_id or 0].id) is None
        assert heard[1:] == [("channel", two.parent_id), ("thread", two.id)]
        with pytest.raises(discord.NotFound) as gone:
            await bot.get_partial_messageable(two.id).send("anyone?")
        assert gone.value.code == 10003
        fake.assert_clean()


async def test_an_archived_thread_refuses_edits_until_a_message_opens_it_again() -> None:
    async with FakeDiscord() as fake:
        bot = make_bot()
        await fake.connect(bot)
        await fake.slash(fake.member("alice"), "thread", {"name": "game-1"})
        await fake.wait_quiet()
        [thread] = fake.threads
        [welcome, *_] = fake.visible_messages(fake.member("alice"), thread)
        fake.archive_thread(thread)
        await fake.wait_quiet()
        in_bot = await bot.fetch_channel(thread.id)
        assert isinstance(in_bot, discord.Thread) and in_bot.archived
        assert bot.get_channel(thread.id) is None  # discord.py keeps only open threads
        with pytest.raises(discord.HTTPException) as refused:
            await in_bot.get_partial_message(welcome.id).edit(content="edited")
        assert refused.value.code == 50083
        await in_bot.send("back")
        await fake.wait_quiet()
        assert not thread.archived and bot.get_channel(thread.id) is not None
        fake.assert_clean()


async def test_direct_messages_reach_members_who_take_them() -> None:
    async with FakeDiscord() as fake:
        bot = make_bot()
        await fake.connect(bot)
        alice, bob = fake.member("alice"), fake.member("bob")
        bob.dms_open = False
        await (await bot.create_dm(discord.Object(alice.id))).send("psst")
        with pytest.raises(discord.Forbidden) as refused:
            await (await bot.create_dm(discord.Object(bob.id))).send("psst")
        assert refused.value.code == 50007
        assert [m.content for m in fake.direct_messages(alice)] == ["psst"]
        assert "psst" in fake.text_seen_by(alice) and "psst" not in fake.text_seen_by(bob)
        fake.assert_clean()


async def test_discord_py_retries_a_5xx_without_waiting_real_seconds() -> None:
    async with FakeDiscord() as fake:
        bot = make_bot()
        await fake.connect(bot)
        fault = fake.inject_fault(500, method="POST", path=r"/messages$")
        with pytest.raises(discord.DiscordServerError):
            await bot.get_partial_messageable(fake.channel().id).send("hello")
        assert fault.hits == 5 and fake.http_waits == [1, 3, 5, 7, 9]


async def test_on_a_test_clock_discord_py_retries_as_that_clock_moves() -> None:
    clock = FakeClock()
    async with FakeDiscord(http_clock=clock) as fake:
        bot = make_bot()
        await fake.connect(bot)
        fault = fake.inject_fault(500, method="POST", path=r"/messages$")
        sending = asyncio.ensure_future(
            bot.get_partial_messageable(fake.channel().id).send("hello"))
        await fault.hit.wait()
        await clock.advance(0.5)
        assert fault.hits == 1 and not sending.done()  # waiting out its first second
        fault.active = False
        await clock.advance(1)
        sent = await sending
        assert sent.content == "hello" and fake.http_waits == [1]
