"""Channels and threads that go while games run in them: the gateway's word that one was
deleted (CHANNEL_DELETE, THREAD_DELETE), archived or locked (THREAD_UPDATE), or a table's
refresh finding its place deleted (the bot was away when it went). What that means for the
games is the tables' decision (tables/places.py); this cog tells the players and shows the
tables again:

- a game whose thread went carries on in its channel: a note there mentions its players, and
  the table is posted below it;
- a game closed because its channel went: each member is told in a direct message (a member
  who does not take them is not told: said in the log);
- a game's thread archived (by a member, or by Discord after a day without messages) is
  opened again at once, so the game stays in the channel's list of threads; one a moderator
  locked is closed to the bot, and its game carries on in the channel, as if it were deleted.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from cogs import text
from cogs.replies import NO_PINGS
from cogs.table_message import TABLE_MENTIONS, THREAD_ARCHIVED
from cogs.tables_cog import TablesCog
from tables import Table, TableManager
from tables.places import place_gone, shown_in

log = logging.getLogger(__name__)


def moved_note(table: Table, how: str) -> str:
    """The note above a table posted again in its channel, mentioning its members."""
    members = " ".join(f"<@{seat.user_id}>" for seat in table.seats if seat.user_id is not None)
    return (f"📌 {members}: the thread of {text.game_tag(table)} was {how}, so the game "
            "carries on here, below.").lstrip()


def closed_note(table: Table, server: str) -> str:
    """The direct message to a member of a game closed because its channel was deleted."""
    return (f"{text.game_tag(table)} in **{text.safe(server)}** was closed: its channel was "
            "deleted. No results or ratings were recorded for it. Start another with `/play`.")


class PlacesCog(commands.Cog, name="Places"):
    def __init__(self, bot: commands.Bot, manager: TableManager, tables: TablesCog) -> None:
        self.bot = bot
        self.manager = manager
        self.tables = tables
        tables.message.on_lost = self._found_lost

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._gone(channel.guild.id, channel.id, channel_here=False, how="deleted")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        # A deleted channel's threads come here too (discord.py forgets them after it).
        here = self._channel_here(payload.guild_id, payload.parent_id)
        await self._gone(payload.guild_id, payload.thread_id, channel_here=here, how="deleted")

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        state = payload.data.get("thread_metadata") or {}
        if not state.get("archived") and not state.get("locked"):
            return
        if not shown_in(self.manager, payload.guild_id, payload.thread_id):
            return
        here = self._channel_here(payload.guild_id, payload.parent_id)
        if state.get("locked"):
            # A moderator's: the bot may not write there, and does not undo it.
            await self._gone(payload.guild_id, payload.thread_id, channel_here=here,
                             how="locked")
        else:
            await self._reopen(payload.guild_id, payload.thread_id, channel_here=here)

    async def _reopen(self, guild_id: int, thread_id: int, *, channel_here: bool) -> None:
        """Open an archived game thread again; refused (locked meanwhile, or the bot may not),
        its games carry on in their channel."""
        try:
            await self.bot.http.edit_channel(thread_id, archived=False)
        except discord.HTTPException as refusal:
            log.warning("Could not open thread %s again (%s): its games carry on in their"
                        " channel", thread_id, refusal)
            await self._gone(guild_id, thread_id, channel_here=channel_here, how="closed")
            return
        for table in shown_in(self.manager, guild_id, thread_id):
            self.tables.show(table)

    async def _found_lost(self, table: Table, code: int) -> None:
        """A refresh found the table's thread archived, or its channel or thread deleted
        (while the bot was away, or before the gateway's word of it)."""
        here = self._channel_here(table.guild_id, table.channel_id)
        if code == THREAD_ARCHIVED and table.thread_id is not None:
            await self._reopen(table.guild_id, table.thread_id, channel_here=here)
            return
        place = table.thread_id if here and table.thread_id is not None else table.channel_id
        await self._gone(table.guild_id, place, channel_here=here, how="deleted")

    def _channel_here(self, guild_id: int, channel_id: int) -> bool:
        guild = self.bot.get_guild(guild_id)
        return guild is not None and guild.get_channel(channel_id) is not None

    async def _gone(self, guild_id: int, place_id: int, *, channel_here: bool, how: str
                    ) -> None:
        messages = self.tables.message
        # Nothing more goes there from now on (kept only for places that held a game).
        held = [t for t in self.manager.running(guild_id)
                if place_id in (t.channel_id, t.thread_id)]
        if held:
            messages.place_gone(place_id)
        if not channel_here:
            messages.place_gone(*[t.channel_id for t in held])
        gone = await place_gone(self.manager, guild_id, place_id,
                                channel_here=channel_here)
        for table in gone.moved:
            await self._say_moved(table, how)
            messages.moved(table.id)
            self.tables.show(table)
        for table in gone.closed:
            await self._tell_closed(table)

    async def _say_moved(self, table: Table, how: str) -> None:
        try:
            await self.tables.message.channel(table).send(
                moved_note(table, how), allowed_mentions=TABLE_MENTIONS)
        except discord.HTTPException as refusal:
            log.warning("Could not say in channel %s that game %s carries on there: %s",
                        table.channel_id, table.id, refusal)

    async def _tell_closed(self, table: Table) -> None:
        guild = self.bot.get_guild(table.guild_id)
        server = guild.name if guild is not None else "a server"
        for seat in table.seats:
            if seat.user_id is None:
                continue
            try:
                dm = await self.bot.create_dm(discord.Object(seat.user_id))
                await dm.send(closed_note(table, server), allowed_mentions=NO_PINGS)
            except discord.HTTPException as refusal:
                log.info("Could not tell member %s that game %s was closed (%s)",
                         seat.user_id, table.id, refusal)
