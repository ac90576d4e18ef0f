"""A shard that reconnects with a new session (its RESUME refused, so it identifies afresh)
learns its servers from the new READY. A server that removed the bot while the shard was away
sends no GUILD_DELETE, and discord.py keeps it among the bot's servers from the earlier
session: its games must rest all the same, at that shard's READY, while the servers that came
back, or are listed but in an outage, run on. The real ShardedCardBot in this process, over
the fake's websocket gateway."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from pathlib import Path

import discord
import pytest
import yarl

from bot import CardBot
from tables import Table
from tables.seats import SeatInfo
from testkit.fake_discord import GatewayDiscord
from testkit.players import test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

TIMEOUT = 120.0  # a hang guard; the test takes about a second, and 7 s at a load of 20


async def a_game_in(bot: CardBot, guild_id: int, channel_id: int, member: int) -> Table:
    """A game waiting for `member` (nobody plays for them: no idle timers)."""
    assert bot.tables is not None
    return await bot.tables.create(
        guild_id=guild_id, channel_id=channel_id, game="cribbage", options={"target": 61},
        seats=[SeatInfo(member, "alice"), SeatInfo.computer("easy")], host_id=member)


async def posted(*tables: Table) -> None:
    """Until each table's message is out (over the network: a guard, not a timing)."""
    async with asyncio.timeout(TIMEOUT):
        while not all(table.message_id for table in tables):
            await asyncio.sleep(0.01)


async def test_a_server_that_removed_the_bot_while_its_shard_was_away_rests_at_its_ready(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with GatewayDiscord(shard_count=2, members=("alice",)) as fake:
        gone, kept, out = (fake.state.add_guild(name, shard=0, shard_count=2)
                           for name in ("Gone", "Kept", "Out"))
        channels = {g: fake.state.add_channel("games", g).id for g in (gone, kept, out)}
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            yarl.URL(fake.gateway.url))
        bot = test_bot(str(tmp_path / "bot.sqlite3"), shard_count=2, shard_ids=(0,),
                       guild_ready_timeout=0.05)

        async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
            pass  # discord.py waits 5 s before identifying again; Discord's limits are not modelled

        bot.before_identify_hook = identify_at_once  # type: ignore[method-assign]
        manager_known: list[tuple[set[int], int | None]] = []
        known = asyncio.Event()
        running = asyncio.create_task(bot.start("shard0.fake.token"))
        try:
            await asyncio.wait_for(bot.wait_until_ready(), TIMEOUT)
            manager = bot.tables
            assert manager is not None and bot.store is not None
            told = manager.guilds_known

            async def guilds_known(guild_ids: Iterable[int], shard: int | None = None) -> None:
                await told(guild_ids, shard)
                manager_known.append((set(guild_ids), shard))
                known.set()

            manager.guilds_known = guilds_known  # type: ignore[method-assign]
            alice = fake.member("alice").id
            gone_game = await a_game_in(bot, gone, channels[gone], alice)
            kept_game = await a_game_in(bot, kept, channels[kept], alice)
            out_game = await a_game_in(bot, out, channels[out], alice)
            await posted(gone_game, kept_game, out_game)
            removed = []

            async def on_guild_remove(guild: discord.Guild) -> None:
                removed.append(guild.id)

            bot.add_listener(on_guild_remove)

            # The server removes the bot while shard 0's connection is down: the session that
            # would have heard GUILD_DELETE is gone, and the next one cannot resume.
            [first] = fake.gateway.history
            fake.state.removed_from.add(gone)
            fake.state.outages.add(out)  # listed, but unavailable: an outage is no removal
            await fake.gateway.drop(0)
            await asyncio.wait_for(first.closed, TIMEOUT)
            await asyncio.wait_for(known.wait(), TIMEOUT)
            assert len(fake.gateway.history) == 2 and fake.gateway.resumes == [first.id]
            assert gone in {g.id for g in bot.guilds}  # discord.py still lists it
            assert removed == []  # and never said it was removed

            [(listed, shard)] = manager_known
            assert shard == 0 and {kept, out} <= listed and gone not in listed
            assert manager.get(gone_game.id) is None  # at rest
            record = await bot.store.game(gone_game.id)
            assert record is not None and record.status == "running"  # kept as it was
            for running_on in (kept_game, out_game):
                assert manager.get(running_on.id) is running_on
                assert running_on.status == "running"
            assert fake.violations == []
        finally:
            await bot.close()
            await asyncio.wait_for(running, TIMEOUT)


def online_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == "cogs.servers_cog" and r.getMessage().startswith("Online as ")]


@pytest.mark.parametrize("shard_ids", [(0,), (0, 1)])
async def test_the_online_line_counts_each_server_this_process_serves_once_at_each_ready(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    shard_ids: tuple[int, ...]
) -> None:
    """At start-up once every shard of the process is heard from, and again at a shard's new
    READY: the servers of this process's shards only, and never one that removed the bot
    while its shard was away (discord.py still lists it)."""
    caplog.set_level(logging.INFO, logger="cogs.servers_cog")
    async with GatewayDiscord(shard_count=2) as fake:
        gone, *_ = (fake.state.add_guild(name, shard=0, shard_count=2)
                    for name in ("Gone", "Kept", "Out"))
        fake.state.add_guild("Elsewhere", shard=1, shard_count=2)
        serving = {g for shard in shard_ids for g in fake.gateway.guilds_of(shard)}
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            yarl.URL(fake.gateway.url))
        bot = test_bot(str(tmp_path / "bot.sqlite3"), shard_count=2, shard_ids=shard_ids,
                       guild_ready_timeout=0.05)

        async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
            pass

        bot.before_identify_hook = identify_at_once  # type: ignore[method-assign]
        running = asyncio.create_task(bot.start("shard0.fake.token"))
        where = f" on shards {', '.join(map(str, shard_ids))} of 2"
        try:
            await asyncio.wait_for(bot.wait_until_ready(), TIMEOUT)
            assert online_lines(caplog) == [f"Online as {bot.user} in {len(serving)} servers"
                                            f"{where}"]
            first = fake.gateway.sessions[0]
            fake.state.removed_from.add(gone)
            await fake.gateway.drop(0)
            await asyncio.wait_for(first.closed, TIMEOUT)
            async with asyncio.timeout(TIMEOUT):
                while len(online_lines(caplog)) < 2:
                    await asyncio.sleep(0.01)
            assert gone in {g.id for g in bot.guilds}  # what discord.py's own list counts
            assert online_lines(caplog)[1:] == [
                f"Online as {bot.user} in {len(serving) - 1} servers{where}"]
        finally:
            await bot.close()
            await asyncio.wait_for(running, TIMEOUT)
