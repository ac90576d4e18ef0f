"""/season start, /season end, /season announce and /season info: a server's leaderboard
seasons, started and ended (and where their ends are posted chosen) by members with Manage
Server, asked about by anyone (tables/seasons.py decides; this only words it), and the post of
a season's end in the channel chosen (tables/season_ends.py decides when)."""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from cogs import season_words
from cogs.member_names import names_now
from cogs.replies import NO_PINGS, tell
from engine.errors import IllegalAction
from tables.clock import Clock
from tables.season_ends import Posted, SeasonEnd, SeasonEnds
from tables.seasons import Champion, Seasons

log = logging.getLogger(__name__)


def may_manage(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


def missing_to_post(channel: discord.abc.GuildChannel) -> list[str]:
    """The permissions the bot lacks to post in `channel` (none known without its member)."""
    me = channel.guild.me
    if me is None:
        return []
    allowed = channel.permissions_for(me)
    needed = (("View Channel", allowed.view_channel), ("Send Messages", allowed.send_messages))
    return [name for name, has in needed if not has]


def pinging(champions: Collection[int]) -> discord.AllowedMentions:
    """Mentions that ping these champions and nobody else: they earned it."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=user_id)
                                          for user_id in sorted(champions)])


async def champions_now(guild: discord.Guild | None, champions: Sequence[Champion],
                        clock: Clock) -> tuple[list[Champion], list[int]]:
    """The champions named as the server calls them now, in one request, and those of them
    not known to have left (all of them if Discord did not say)."""
    stored = {user_id: name for champion in champions
              for user_id, name in zip(champion.user_ids,
                                       champion.names or (None,) * len(champion.user_ids),
                                       strict=True)}
    names = await names_now(guild, stored, clock)
    renamed = [replace(champion, names=tuple(names.name(user_id)
                                             for user_id in champion.user_ids))
               for champion in champions]
    return renamed, [user_id for user_id in sorted(stored) if not names.left(user_id)]


class SeasonsCog(commands.Cog, name="Seasons"):
    group = app_commands.Group(
        name="season", description="This server's leaderboard seasons.", guild_only=True
    )

    def __init__(self, bot: commands.Bot, seasons: Seasons, ends: SeasonEnds) -> None:
        self.bot = bot
        self.seasons = seasons
        self.ends = ends
        ends.poster = self.post_end

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
        champions, still_here = await self._champions(
            interaction.guild_id or 0, ended.number if ended is not None else None)
        mentioned = still_here if ended is not None and await self._announced_here(
            interaction) else []
        await interaction.response.send_message(
            season_words.started_after(begun.season, ended, champions, mentioned),
            allowed_mentions=pinging(mentioned) if mentioned else NO_PINGS,
        )
        if ended is not None:
            await self.ends.announce_due(interaction.guild_id or 0,
                                         answered_in=interaction.channel_id)

    @group.command(name="end", description="End the season running now (Manage Server).")
    async def end(self, interaction: discord.Interaction) -> None:
        try:
            season = await self.seasons.end(
                interaction.guild_id or 0, may_manage=may_manage(interaction)
            )
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        champions, still_here = await self._champions(interaction.guild_id or 0, season.number)
        mentioned = still_here if await self._announced_here(interaction) else []
        members = await self.seasons.store.season_members(interaction.guild_id or 0,
                                                          season.number)
        await interaction.response.send_message(
            season_words.ended(season, champions, mentioned=mentioned, members=members),
            allowed_mentions=pinging(mentioned) if mentioned else NO_PINGS,
        )
        await self.ends.announce_due(interaction.guild_id or 0,
                                     answered_in=interaction.channel_id)

    async def _champions(self, guild_id: int, number: int | None
                         ) -> tuple[list[Champion], list[int]]:
        """Season `number`'s champions (none for None), each named as the server calls them
        now, or as they last played here if they left (cogs/member_names.py); and those of
        them a post may mention: all but those known to have left, whom a mention would show
        as "unknown user"."""
        if number is None:
            return [], []
        return await champions_now(self.bot.get_guild(guild_id),
                                   await self.seasons.champions(guild_id, number),
                                   self.seasons.clock)

    async def _announced_here(self, interaction: discord.Interaction) -> bool:
        """Whether season ends are posted in the channel this command was run in: its answer
        is then the post, pinging the champions as the post would."""
        channel = await self.seasons.store.season_channel(interaction.guild_id or 0)
        return channel is not None and channel == interaction.channel_id

    @group.command(
        name="announce",
        description="Choose where a season's end is posted, or with no channel stop it "
                    "(Manage Server).",
    )
    @app_commands.describe(channel="Where to post each season's champions (none: stop)")
    async def announce(
        self, interaction: discord.Interaction, channel: discord.TextChannel | None = None
    ) -> None:
        channel_id = channel.id if channel is not None else None
        lacking = missing_to_post(channel) if channel is not None else []
        if lacking and may_manage(interaction):
            await tell(interaction, season_words.cannot_post(channel_id, lacking))
            return
        before = await self.seasons.store.season_channel(interaction.guild_id or 0)
        try:
            await self.seasons.announce_in(
                interaction.guild_id or 0, channel_id, may_manage=may_manage(interaction)
            )
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        if channel_id is None and before is None:
            await tell(interaction, season_words.NOT_POSTED_ALREADY)
            return
        await interaction.response.send_message(
            season_words.announcing(channel_id), allowed_mentions=NO_PINGS
        )

    async def post_end(self, end: SeasonEnd) -> Posted:
        """Post a season's end with its champions, pinging them (and nobody else): they
        earned it."""
        season = end.season
        channel = self.bot.get_partial_messageable(end.channel_id, guild_id=season.guild_id)
        guild, ended, still_here = self.bot.get_guild(season.guild_id), [], set[int]()
        for each in end.ended:
            champions, here = await champions_now(guild, each.champions, self.seasons.clock)
            ended.append(replace(each, champions=champions))
            still_here.update(here)
        words = season_words.ended_together(ended, end.running, still_here) if end.earlier \
            else season_words.ended(season, ended[-1].champions, end.running, still_here,
                                    end.members)
        try:
            await channel.send(words, allowed_mentions=pinging(still_here))
        except (discord.NotFound, discord.Forbidden) as gone:
            log.warning("The end of season %d of server %d cannot be posted in channel %d"
                        " (%s); it is not tried again", season.number, season.guild_id,
                        end.channel_id, gone.text or type(gone).__name__)
            return Posted.NEVER
        except discord.HTTPException as failed:
            if failed.status != 429 and failed.status < 500:  # refused: it would be again
                log.warning("The end of season %d of server %d was refused in channel %d"
                            " (%s); it is not tried again", season.number, season.guild_id,
                            end.channel_id, failed.status)
                return Posted.NEVER
            log.warning("The end of season %d of server %d was not posted (%s); it is tried"
                        " again later", season.number, season.guild_id, failed.status)
            return Posted.LATER
        return Posted.SENT

    @group.command(name="info", description="Which season runs here, and when it ends.")
    async def info(self, interaction: discord.Interaction) -> None:
        guild_id = interaction.guild_id or 0
        info = await self.seasons.info(guild_id)
        previous = info.previous
        champions, _ = await self._champions(guild_id, previous.number if previous else None)
        await tell(interaction, season_words.info(info, champions))
