"""/season start, /season end and /season info: a server's leaderboard seasons, started and
ended by members with Manage Server, asked about by anyone (tables/seasons.py decides; this
only words it)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import season_words
from cogs.replies import NO_PINGS, tell
from engine.errors import IllegalAction
from tables.seasons import Seasons


def may_manage(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


class SeasonsCog(commands.Cog, name="Seasons"):
    group = app_commands.Group(
        name="season", description="This server's leaderboard seasons.", guild_only=True
    )

    def __init__(self, bot: commands.Bot, seasons: Seasons) -> None:
        self.bot = bot
        self.seasons = seasons

    @group.command(name="start", description="Start a new season now (Manage Server).")
    async def start(self, interaction: discord.Interaction) -> None:
        try:
            begun = await self.seasons.start(
                interaction.guild_id or 0, may_manage=may_manage(interaction)
            )
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        ended = begun.ended
        champions = (await self.seasons.champions(interaction.guild_id or 0, ended.number)
                     if ended is not None else [])
        await interaction.response.send_message(
            season_words.started_after(begun.season, ended, champions),
            allowed_mentions=NO_PINGS,
        )

    @group.command(name="end", description="End the season running now (Manage Server).")
    async def end(self, interaction: discord.Interaction) -> None:
        try:
            season = await self.seasons.end(
                interaction.guild_id or 0, may_manage=may_manage(interaction)
            )
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        champions = await self.seasons.champions(interaction.guild_id or 0, season.number)
        await interaction.response.send_message(
            season_words.ended(season, champions), allowed_mentions=NO_PINGS
        )

    @group.command(name="info", description="Which season runs here, and when it ends.")
    async def info(self, interaction: discord.Interaction) -> None:
        guild_id = interaction.guild_id or 0
        info = await self.seasons.info(guild_id)
        previous = info.previous
        champions = await self.seasons.champions(guild_id, previous.number) if previous else []
        await tell(interaction, season_words.info(info, champions))
