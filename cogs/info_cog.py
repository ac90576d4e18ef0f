"""/help, /rules, /leaderboard and /stats: reading, never changing, anything."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import season_words, text
from cogs.components import RulesPageButton
from cogs.lobbies_cog import game_choices, game_named
from cogs.member_names import named_rows, names_now
from cogs.replies import NO_PINGS, tell
from engine.errors import IllegalAction
from engine.registry import GAMES
from tables.manager import TableManager
from tables.seasons import Seasons

#: What /help tells the server's admins: what they alone may do, and where Discord lets them
#: choose the channels and roles for each command (the bot has no setting of its own for it).
ADMIN_HELP = (
    "**For admins** (the Manage Server permission)",
    "`/abandon game:<number>` stops any game here (`/games` lists them; no results kept); "
    "`/season start` and `/season end` run the seasons, `/season announce` posts their ends; "
    "`/server settings` sets the idle timer and table re-posting.",
    "Where games may be played: Server Settings → Integrations → this bot chooses the channels "
    "and roles for each command; `/server permissions` says what the bot lacks in a channel.",
)


#: What a rating is, for the member who asks why theirs moved (the finished table's line) or
#: why a season starts them below their all-time figure (tables/ratings.py).
RATINGS_HELP = (
    "**Ratings** start at 0 and move with each game played without hints, by where you "
    "placed and against whom. The figure is cautious: it rises as the bot grows surer of "
    "you. A season starts from your all-time rating made less certain, so it starts lower."
)


def help_content(commands: Sequence[object]) -> str:
    """What the bot is for and every command it has, read from the registered commands so the
    list never falls behind them."""
    titles = [spec.title for spec in GAMES.values()]
    lines = [
        f"🃏 **Card games to play here:** {', '.join(titles)}.",
        "Start one with `/play game:<name>`: others press **Join**, or the host adds "
        "computer players, then **Start**. `/rules game:<name>` explains a game.",
        "",
        "**Commands**",
    ]
    for command in commands:
        if isinstance(command, app_commands.Group):
            subcommands = " · ".join(sub.name for sub in command.commands)
            lines.append(f"`/{command.name}` {subcommands}: {command.description}")
        elif isinstance(command, app_commands.Command):
            lines.append(f"`/{command.name}`: {command.description}")
    lines += ["", RATINGS_HELP, "", *ADMIN_HELP]
    return text.clip("\n".join(lines))


def rules_view(game: str, page: int, pages: int) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    # The tags keep the two custom_ids distinct when both point at the same page.
    view.add_item(RulesPageButton(game, max(page - 1, 0), "◀ Back", "p", disabled=page == 0))
    view.add_item(
        RulesPageButton(game, min(page + 1, pages - 1), "Next ▶", "n", disabled=page >= pages - 1)
    )
    return view


class InfoCog(commands.Cog, name="Info"):
    def __init__(self, bot: commands.Bot, manager: TableManager, seasons: Seasons) -> None:
        self.bot = bot
        self.manager = manager
        self.seasons = seasons

    async def send_rules(self, interaction: discord.Interaction, game: str) -> None:
        try:
            spec = game_named(game)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        content, pages = text.rules_page(spec, 0)
        view = rules_view(spec.name, 0, pages)
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.response.send_message(
            content, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs
        )

    async def on_rules_page(self, interaction: discord.Interaction, game: str, page: int) -> None:
        spec = GAMES.get(game)
        if spec is None:
            await tell(interaction, "That game is no longer offered.")
            return
        content, pages = text.rules_page(spec, page)
        page = max(0, min(page, pages - 1))
        await interaction.response.edit_message(content=content, view=rules_view(game, page, pages))

    @app_commands.command(name="help", description="What this bot does, and its commands.")
    async def help_command(self, interaction: discord.Interaction) -> None:
        await tell(interaction, help_content(self.bot.tree.get_commands()))

    @app_commands.command(name="rules", description="How to play a game.")
    @app_commands.describe(game="Which game")
    async def rules_command(self, interaction: discord.Interaction, game: str) -> None:
        await self.send_rules(interaction, game)

    @app_commands.command(name="leaderboard", description="The best players of a game here.")
    @app_commands.describe(
        game="Which game",
        season="A season's number, or all-time (the season running now if left out)",
    )
    @app_commands.guild_only()
    async def leaderboard_command(
        self, interaction: discord.Interaction, game: str, season: str | None = None
    ) -> None:
        try:
            spec = game_named(game)
            standings = await self.seasons.leaderboard(interaction.guild_id or 0, spec.name,
                                                       season, asker=interaction.user.id)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        ended = standings.season is not None and not standings.running
        own = [standings.asker] if standings.asker is not None else []
        names = await names_now(interaction.guild,
                                {row["user_id"]: row["name"] for row in standings.rows + own},
                                self.manager.clock)
        asker = next(iter(named_rows(own, names)), None)
        await interaction.response.send_message(
            text.leaderboard_content(spec, named_rows(standings.rows, names),
                                     season_words.heading(standings), ended=ended,
                                     asker=asker)
            + season_words.last_season_pointer(standings),
            allowed_mentions=NO_PINGS,
        )

    @app_commands.command(name="stats", description="A player's record in this server.")
    @app_commands.describe(user="Whose record (yours if left out)")
    @app_commands.guild_only()
    async def stats_command(
        self, interaction: discord.Interaction, user: discord.Member | None = None
    ) -> None:
        member = user or interaction.user
        stats = await self.manager.stats(interaction.guild_id or 0, member.id)
        await interaction.response.send_message(
            text.stats_content(text.safe(member.display_name), stats, GAMES),
            allowed_mentions=NO_PINGS,
        )

    @rules_command.autocomplete("game")
    @leaderboard_command.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current)
