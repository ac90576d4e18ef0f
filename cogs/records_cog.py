"""/records: a server's records for one game, with who and when. Reads, never changes."""

from __future__ import annotations

from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from cogs import text
from cogs.fitting import Droppable, Line, fit, shortened
from cogs.lobbies_cog import game_choices, game_named
from cogs.member_names import names_now
from cogs.replies import NO_PINGS, tell
from engine.errors import IllegalAction
from engine.registry import GameSpec
from engine.seat_words import spoken_list
from store import Store
from tables.clock import Clock
from tables.records import AchievementRow, ServerRecords, server_records


def records_content(spec: GameSpec, records: ServerRecords) -> str:
    """One line per record: what it is, the figure, the player (by the name `records` gives:
    the one they go by now, or the one they last played under here if they left, so they
    still read as themself) and the day, as Discord shows it in each reader's own time
    zone; then the game's achievements and the milestones, how each is earned and how many
    here hold it (the milestones nobody holds yet named in one line). Fitted to Discord's
    limit: the milestones go first, the last first, then the last achievements, then the
    holders' names are shortened."""
    title = text.safe(spec.title)
    shared = len(records.milestones)

    def form(width: int | None) -> list[Line]:
        if records.streak is None and all(row.best is None for row in records.moments):
            lines: list[Line] = [f"Nobody has set a record in {title} in this server yet."]
        else:
            lines = list(record_lines(title, records, width))
        if records.achievements:
            lines.append("🏅 **Achievements** (how many here hold each)")
        lines += earnable_lines(records.achievements, first_rank=shared)
        if records.milestones:
            lines.append("🏅 **Milestones**, shared by every game (how many here hold each)")
        lines += milestone_lines(records.milestones)
        return lines

    return fit((form(width) for width in (None, *text.NAME_WIDTHS)),
               more=lambda count: f"…and {text.plural(count, 'more achievement')}.")


def earnable_lines(rows: list[AchievementRow], first_rank: int) -> list[Line]:
    """One line each, the last ranked lowest (left off first), from `first_rank` up."""
    last = first_rank + len(rows) - 1
    lines: list[Line] = []
    for index, earnable in enumerate(rows):
        held = text.plural(earnable.holders, "player") if earnable.holders else "nobody yet"
        lines.append(Droppable(f"• **{earnable.name}**: {held}. {earnable.how}", last - index))
    return lines


def milestone_lines(rows: list[AchievementRow]) -> list[Line]:
    """The milestones someone here holds, a line each; those nobody does yet in one line, the
    first left off: shared by every game, they would otherwise fill each game's answer with
    the same "nobody yet" lines, and /profile tells each member how far they are from them."""
    held = [row for row in rows if row.holders]
    lines = earnable_lines(held, first_rank=1)
    nobody = [f"**{row.name}**" for row in rows if not row.holders]
    if nobody:
        lines.append(Droppable(f"• Nobody here yet: {spoken_list(nobody)}. How far you are"
                               " from each: `/profile`.", 0))
    return lines


def record_lines(title: str, records: ServerRecords, width: int | None = None) -> list[str]:
    """The records, each holder by the name `records` gives (shortened to `width`)."""
    def holder(user_id: int) -> str:
        name = records.names.get(user_id)
        return text.member_name(user_id, shortened(name, width) if name and width else name)

    lines = [f"📜 **{title}** records"]
    for row in records.moments:
        how = f" ({row.how})" if row.how else ""
        if row.best is None:
            lines.append(f"**{row.name}**{how}: none yet")
            continue
        best = row.best
        who = holder(best.user_id)
        lines.append(f"**{row.name}**{how}: {best.value} {row.unit} — {who},"
                     f" game #{best.game_id}, <t:{best.at // 1000}:D>")
    streak = records.streak
    if streak is None:
        lines.append("**Longest streak** (rated wins in a row): none yet")
    else:
        wins = "win" if streak.best == 1 else "wins"
        who = holder(streak.user_id)
        lines.append(f"**Longest streak** (rated wins in a row): {streak.best} {wins} —"
                     f" {who}, reached <t:{streak.best_ended_at // 1000}:D>")
    return lines


class RecordsCog(commands.Cog, name="Records"):
    def __init__(self, bot: commands.Bot, store: Store, clock: Clock) -> None:
        self.bot = bot
        self.store = store
        self.clock = clock

    @app_commands.command(name="records", description="This server's records in a game.")
    @app_commands.describe(game="Which game")
    @app_commands.guild_only()
    async def records_command(self, interaction: discord.Interaction, game: str) -> None:
        try:
            spec = game_named(game)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        records = await server_records(self.store, interaction.guild_id or 0, spec)
        names = await names_now(interaction.guild,
                                {user_id: records.names.get(user_id)
                                 for user_id in records.holders()}, self.clock)
        records = replace(records, names={user_id: name for user_id in records.holders()
                                          if (name := names.name(user_id)) is not None})
        await interaction.response.send_message(
            records_content(spec, records), allowed_mentions=NO_PINGS
        )

    @records_command.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current)
