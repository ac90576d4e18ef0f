"""The fake Discord's websocket gateway (testkit/fake_discord/websocket.py), with a real discord.py
AutoShardedClient in this process: what the multi-process failover test relies on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
import yarl

from testkit.fake_discord import FakeUser, GatewayDiscord
from testkit.fake_discord.websocket import shard_of

TIMEOUT = 120.0  # a hang guard; the whole test takes about a second (a few at a load of 20)


class ShardClient(discord.AutoShardedClient):
    """Shard 0 of 2; answers every slash command with "pong"."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), shard_count=2, shard_ids=[0],
                         guild_ready_timeout=0.05)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # discord.py waits 5 s before identifying again; Discord's limits are not modelled

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        whisper = (interaction.data or {}).get("name") == "whisper"
        await interaction.response.send_message("pong", ephemeral=whisper)


@pytest.fixture
async def world(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[dict[str, Any]]:
    async with GatewayDiscord(shard_count=2, members=("alice",)) as fake:
        guilds = {shard: fake.state.add_guild(f"Club {shard}", shard=shard, shard_count=2)
                  for shard in (0, 1)}
        channels = {shard: fake.state.add_channel("games", guild) for shard, guild in
                    guilds.items()}
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            yarl.URL(fake.gateway.url))
        client = ShardClient()
        running = asyncio.create_task(client.start("shard0.fake.token"))
        try:
            await asyncio.wait_for(client.wait_until_ready(), TIMEOUT)
            await client.http.bulk_upsert_global_commands(
                fake.state.application_id,
                [{"name": name, "description": "Ping.", "type": 1} for name in ("ping", "whisper")],
            )
            yield {"fake": fake, "client": client, "guilds": guilds, "channels": channels}
        finally:
            await client.close()
            await asyncio.wait_for(running, TIMEOUT)


async def ping(fake: GatewayDiscord, user: FakeUser, channel_id: int) -> Any:
    return await fake.slash(user, "ping", channel=channel_id)


async def test_a_shard_gets_its_own_guilds_and_their_interactions_only(world: dict[str, Any]):
    fake, client, guilds = world["fake"], world["client"], world["guilds"]
    assert {g.id for g in client.guilds} == {g for g in fake.state.guilds if shard_of(g, 2) == 0}
    assert guilds[0] in {g.id for g in client.guilds} and guilds[1] not in {
        g.id for g in client.guilds}
    [session] = fake.gateway.history
    assert (session.shard, session.token) == (0, "shard0.fake.token")

    answered = await ping(fake, fake.member("alice"), world["channels"][0].id)
    assert answered.message is not None and answered.message.content == "pong"
    unserved = await ping(fake, fake.member("alice"), world["channels"][1].id)
    assert fake.lost(unserved) and not unserved.acknowledged  # shard 1 has no process
    assert fake.violations == []

    tokens = {token for token, _, _ in fake.requests_by_process()}
    assert tokens == {"shard0.fake.token"}
    assert {guild for _, guild, _ in fake.requests_by_process() if guild} == {guilds[0]}


async def test_a_dropped_connection_resumes_is_refused_and_identifies_again(
    world: dict[str, Any],
):
    fake, client = world["fake"], world["client"]
    [first] = fake.gateway.history
    await fake.gateway.drop(0)
    await asyncio.wait_for(first.closed, TIMEOUT)
    await fake.wait_online(0, timeout=TIMEOUT)
    assert fake.gateway.resumes == [first.id]
    [_, second] = fake.gateway.history
    assert second.shard == 0 and second.id != first.id
    answered = await ping(fake, fake.member("alice"), world["channels"][0].id)
    assert answered.message is not None and answered.message.content == "pong"
    assert not client.is_closed()


async def test_members_asked_by_id_are_answered_over_the_websocket(world: dict[str, Any]):
    """Request Guild Members (opcode 8) by user ids: discord.py's own query gets the members
    still here, as they are called now, in a chunk carrying its nonce."""
    fake, client = world["fake"], world["client"]
    alice, gone = fake.member("alice"), fake.add_member("erin")
    alice.nick = "Ally"
    del fake.state.members[gone.id]
    guild = client.get_guild(world["guilds"][0])
    found = await asyncio.wait_for(
        guild.query_members(user_ids=[alice.id, gone.id], limit=2, cache=False), TIMEOUT)
    assert [(member.id, member.display_name) for member in found] == [(alice.id, "Ally")]
    [request] = fake.state.member_requests.received
    assert request["user_ids"] == [alice.id, gone.id] and request["nonce"]
    assert fake.violations == []


async def test_messages_reach_the_shard_of_their_guild(world: dict[str, Any]):
    """MESSAGE_CREATE for a member's message and the bot's own answer go to the guild's shard;
    an ephemeral answer comes as if it were a direct message, on shard 0."""
    fake, client, channels = world["fake"], world["client"], world["channels"]
    alice = fake.member("alice")
    heard: list[discord.Message] = []
    arrived = asyncio.Event()

    async def on_message(message: discord.Message) -> None:
        heard.append(message)
        if len(heard) == 3:
            arrived.set()

    client.event(on_message)
    fake.post(alice, channels[1])  # shard 1 has no process: nobody hears it
    fake.post(alice, channels[0])
    answered = await ping(fake, alice, channels[0].id)
    whispered = await fake.slash(alice, "whisper", channel=channels[0].id)
    await asyncio.wait_for(arrived.wait(), TIMEOUT)
    assert answered.message is not None and whispered.message is not None
    assert [(m.author.name, m.guild.id if m.guild else None) for m in heard] == [
        ("alice", world["guilds"][0]), ("CardBot", world["guilds"][0]), ("CardBot", None)]
    assert [m.id for m in heard[1:]] == [answered.message.id, whispered.message.id]
    assert heard[2].flags.ephemeral
