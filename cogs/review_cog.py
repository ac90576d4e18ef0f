"""Coaching: Review my game and /review (a finished game judged choice by choice), and the
Hint button of a hand when the table plays with hints. Both answer only the one who asked.

The judging runs off the event loop (tables.review, tables.hints); this cog checks who may
ask and words the answers."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs import text
from cogs.replies import NO_PINGS, tell
from engine.errors import IllegalAction
from tables.hints import hint_for, hint_text
from tables.manager import TableManager
from tables.review import check_reviewable, review_of, review_text

log = logging.getLogger(__name__)


class ReviewCog(commands.Cog, name="Review"):
    def __init__(self, bot: commands.Bot, manager: TableManager) -> None:
        self.bot = bot
        self.manager = manager

    # ------------------------------------------------------------ review

    async def send_review(self, interaction: discord.Interaction, game_id: int) -> None:
        try:
            record, seat = await check_reviewable(
                self.manager.store, game_id, interaction.guild_id, interaction.user.id
            )
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        review = await review_of(self.manager.store, record, seat)
        name = text.safe(record.seats[seat].get("name") or interaction.user.display_name)
        content = review_text(review, name)
        await interaction.edit_original_response(content=content, allowed_mentions=NO_PINGS)
        log.info("Game %s reviewed for seat %s", game_id, seat)

    async def on_review(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.send_review(interaction, game_id)

    @app_commands.command(
        name="review", description="How your choices in a finished game compare with the best."
    )
    @app_commands.describe(game="Game number")
    @app_commands.guild_only()
    async def review_command(self, interaction: discord.Interaction, game: int) -> None:
        await self.send_review(interaction, game)

    # ------------------------------------------------------------ hint

    async def on_hint(
        self, interaction: discord.Interaction, table_id: int, seat: int, version: int
    ) -> None:
        table = self.manager.get(table_id)
        if table is None or not table.active:
            await tell(interaction, text.game_over(table))
            return
        if table.seat_of(interaction.user.id) != seat:
            await tell(interaction, f"These controls belong to another player of "
                                    f"{text.game_tag(table)}.")
            return
        try:
            entries = await hint_for(table, seat, version)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        # Named as the hand's buttons name them (a racer choice says what it does).
        label = table.spec.labels_for(table.view_for(seat))
        await tell(interaction, hint_text(entries, label, table.spec.review_terms))
