"""The servers the bot is in, as the gateway tells them, passed on to the tables
(tables/presence.py): a server that removes the bot has its games put to rest and its lobbies
closed; one that invites it back, or is available, has its games run again; at each READY,
the servers listed are all the bot is in on those shards, even after a shard's reconnection
(discord.py keeps the servers of a shard's earlier session: only those that came with the new
one count). At each READY it logs how many servers this process serves: every server the
latest READY of each of its shards brought, each once, with those joined since and without
those that removed the bot. /server settings shows and changes a server's own settings for its
games (tables/server_settings.py), and /server permissions tells what the bot may do in one of
its channels (cogs/channel_check.py).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs.channel_check import channel_report
from cogs.replies import tell
from cogs.server_words import settings_content
from engine.errors import IllegalAction
from tables import IDLE_CHOICES, TableManager
from tables.server_settings import REPOST_CHOICES

#: Messages after which a table in a channel is posted again, where the bot sets no other.
DEFAULT_REPOST = 5

log = logging.getLogger(__name__)


class ServersCog(commands.Cog, name="Servers"):
    def __init__(self, bot: commands.Bot, manager: TableManager) -> None:
        self.bot = bot
        self.manager = manager
        #: Shard -> the servers its session has brought since it identified, until its READY
        #: is complete (on_shard_ready).
        self._arriving: dict[int, set[int]] = {}
        #: Shard -> the servers it serves: those its latest READY brought, with those joined
        #: since and without those that removed the bot.
        self._serving: dict[int, set[int]] = {}

    group = app_commands.Group(
        name="server", description="Game settings here; what the bot may do in a channel.",
        guild_only=True)

    @group.command(name="settings", description="See this server's settings for games, or "
                                                "change them (Manage Server).")
    @app_commands.describe(
        idle="New lobbies: minutes before the computer plays for someone who keeps the table "
             "waiting",
        repost="Messages after which a table playing in the channel itself is posted again "
               "at the bottom",
    )
    @app_commands.choices(
        idle=[app_commands.Choice(name=str(c), value=str(c)) for c in IDLE_CHOICES],
        repost=[app_commands.Choice(name=str(c), value=str(c)) for c in REPOST_CHOICES],
    )
    async def settings_command(self, interaction: discord.Interaction, idle: str | None = None,
                               repost: str | None = None) -> None:
        changes = {name: int(value) if value.isdigit() else value
                   for name, value in (("idle", idle), ("repost", repost)) if value is not None}
        guild_id = interaction.guild_id or 0
        settings = self.manager.server_settings
        try:
            if changes:
                await settings.change(guild_id, changes,
                                      may_manage=bool(interaction.permissions.manage_guild))
        except IllegalAction as refusal:
            await tell(interaction, f"{refusal} Nothing changed.")
            return
        await tell(interaction, settings_content(
            settings.chosen(guild_id), self.manager.default_idle,
            getattr(self.bot, "repost_after", DEFAULT_REPOST), changed=bool(changes)))

    @group.command(name="permissions",
                   description="What the bot may do in a channel, and what to give it.")
    @app_commands.describe(channel="Which channel (this one if left out)")
    async def permissions_command(
        self, interaction: discord.Interaction, channel: discord.TextChannel | None = None
    ) -> None:
        here = interaction.channel
        if channel is None or channel.id == interaction.channel_id:
            # Discord's own reckoning for this channel, overwrites and all.
            allowed = interaction.app_permissions
            mention = here.mention if isinstance(here, discord.abc.GuildChannel | discord.Thread) \
                else "this channel"
            await tell(interaction, channel_report(mention, allowed,
                                                   in_thread=isinstance(here, discord.Thread)))
            return
        me = channel.guild.me
        if me is None:
            await tell(interaction, f"I cannot tell from here: use `/server permissions` in "
                                    f"{channel.mention}.")
            return
        await tell(interaction, channel_report(channel.mention, channel.permissions_for(me)))

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Kicked, banned, or the server deleted (an outage is on_guild_unavailable)."""
        self._serving.get(guild.shard_id, set()).discard(guild.id)
        await self.manager.guild_removed(guild.id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        self._arrived(guild)
        await self.manager.guild_back(guild.id)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        self._arrived(guild)
        await self.manager.guild_back(guild.id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # An unsharded READY starts discord.py's servers afresh: they are all the bot is in.
        # A sharded bot hears each shard's list as it comes (on_shard_ready).
        if not isinstance(self.bot, commands.AutoShardedBot):
            guild_ids = [guild.id for guild in self.bot.guilds]
            self._serving = {0: set(guild_ids)}
            self._online()
            await self.manager.guilds_known(guild_ids)

    @commands.Cog.listener()
    async def on_shard_connect(self, shard_id: int) -> None:
        """A new session (a start, or a reconnection that could not resume): its READY lists
        the shard's servers afresh."""
        self._arriving[shard_id] = set()

    def _arrived(self, guild: discord.Guild) -> None:
        arriving = self._arriving.get(guild.shard_id)
        if arriving is not None:
            arriving.add(guild.id)
        serving = self._serving.get(guild.shard_id)
        if serving is not None:
            serving.add(guild.id)

    @commands.Cog.listener()
    async def on_shard_ready(self, shard_id: int) -> None:
        """The shard's READY is complete. A shard's READY only adds to discord.py's servers,
        and a server that removed the bot while the shard was away sends no GUILD_DELETE
        (no on_guild_remove): it is still listed, from before. The servers the READY brought
        are those that arrived since it (on_guild_available, on_guild_join) and those it
        listed that are still unavailable (an outage, not a removal); any other is gone."""
        arrived = self._arriving.pop(shard_id, None)
        here = [guild for guild in self.bot.guilds if guild.shard_id == shard_id]
        if arrived is not None:
            here = [guild for guild in here if guild.id in arrived or guild.unavailable]
        guild_ids = [guild.id for guild in here]
        self._serving[shard_id] = set(guild_ids)
        if set(self._serving) >= set(getattr(self.bot, "shard_ids", None) or [shard_id]):
            self._online()  # at start-up, once every shard of this process is heard from
        await self.manager.guilds_known(guild_ids, shard=shard_id)

    def _online(self) -> None:
        """The log's line at each READY: the servers this process serves, each counted once
        (discord.py's own list keeps those a shard's earlier session had)."""
        count = len(set().union(*self._serving.values()))
        shards = getattr(self.bot, "shard_ids", None)
        where = (f" on shards {', '.join(map(str, shards))} of {self.bot.shard_count}"
                 if isinstance(self.bot, commands.AutoShardedBot) and shards else "")
        log.info("Online as %s in %d %s%s", self.bot.user, count,
                 "server" if count == 1 else "servers", where)
