"""/profile: a member's card in this server, as a picture with its alt text and in words.

A profile its member made private (`/settings profile:private`) is shown to them alone (an
ephemeral reply) and refused to anyone else with a short note that changes nothing.
"""

from __future__ import annotations

from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from cogs import images, text
from cogs.replies import NO_PINGS, tell
from tables.manager import TableManager
from tables.profiles import build_profile, picture_data


class ProfileCog(commands.Cog, name="Profile"):
    def __init__(self, bot: commands.Bot, manager: TableManager) -> None:
        self.bot = bot
        self.manager = manager

    @app_commands.command(
        name="profile", description="A player's card here: ratings, streaks, best moments."
    )
    @app_commands.describe(user="Whose profile (yours if left out)")
    @app_commands.guild_only()
    async def profile_command(
        self, interaction: discord.Interaction, user: discord.Member | None = None
    ) -> None:
        member = user or interaction.user
        profile = await build_profile(self.manager.store, interaction.guild_id or 0, member.id,
                                      name=member.display_name,
                                      at=int(self.manager.clock.wall() * 1000))
        own = member.id == interaction.user.id
        if profile.private and not own:
            await tell(interaction, text.private_profile(member.display_name))
            return
        await interaction.response.defer(thinking=True, ephemeral=profile.private)
        data = picture_data(replace(profile, own=own))
        files, lines = await images.profile_card(data)
        await interaction.edit_original_response(
            content=text.profile_content(lines, profile.private), attachments=files,
            allowed_mentions=NO_PINGS,
        )
