"""The servers the bot is in, as the gateway tells them, passed on to the tables
(tables/presence.py): a server that removes the bot has its games put to rest and its lobbies
closed; one that invites it back, or is available, has its games run again; at each READY,
the servers listed are all the bot is in on those shards."""

from __future__ import annotations

import discord
from discord.ext import commands

from tables import TableManager


class ServersCog(commands.Cog, name="Servers"):
    def __init__(self, bot: commands.Bot, manager: TableManager) -> None:
        self.bot = bot
        self.manager = manager

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Kicked, banned, or the server deleted (an outage is on_guild_unavailable)."""
        await self.manager.guild_removed(guild.id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.manager.guild_back(guild.id)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self.manager.guild_back(guild.id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # A sharded bot hears each shard's list as it comes (on_shard_ready). discord.py
        # starts its servers afresh at an unsharded READY, but a shard's READY only adds to
        # them: a server that removed the bot while a shard was reconnecting is missed until
        # the next start.
        if not isinstance(self.bot, commands.AutoShardedBot):
            await self.manager.guilds_known([guild.id for guild in self.bot.guilds])

    @commands.Cog.listener()
    async def on_shard_ready(self, shard_id: int) -> None:
        await self.manager.guilds_known(
            [guild.id for guild in self.bot.guilds if guild.shard_id == shard_id], shard=shard_id
        )
