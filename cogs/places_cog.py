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
  locked is closed to the bot, and its game carries on in the channel, as if it were deleted;
- a lobby closed because its channel or thread went: its host and members are told in a
  direct message (its message went with the place);
- a game whose place the bot may no longer see or post in (a role or an overwrite changed:
  the gateway says so, or the table's refresh is refused with Missing Access or Missing
  Permissions) is paused, and its members are told in a direct message how to have it back;
  once the bot may again (the gateway says so, or an interaction there carries its
  permissions), its table is shown there, the game carries on and its members are told.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from cogs import text
from cogs.replies import NO_PINGS
from cogs.table_message import TABLE_MENTIONS, THREAD_ARCHIVED
from cogs.tables_cog import TablesCog
from engine.errors import IllegalAction
from tables import Table, TableManager
from tables.lobby import Lobby
from tables.places import paused_in, place_gone, shown_in

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


def lobby_closed_note(lobby: Lobby, server: str, why: str) -> str:
    """The direct message to a member of a lobby closed because its place went."""
    return (f"Your {text.safe(lobby.title)} in **{text.safe(server)}** was closed: {why}. No "
            "game had started in it. Open another with `/play`.")


def where(table: Table, guild: discord.Guild | None) -> str:
    """The place a game is shown in, by name (a member shut out of it too would read a
    mention as "No Access"): "**#games**", or "its thread in **#games**"."""
    channel = guild.get_channel(table.channel_id) if guild is not None else None
    name = f"**#{text.safe(channel.name)}**" if channel is not None else "its channel"
    return name if table.thread_id is None else f"its thread in {name}"


def needs(table: Table) -> str:
    """The permissions the bot needs to show the game where it is."""
    posts = "Send Messages" if table.thread_id is None else "Send Messages in Threads"
    return f"View Channel and {posts}"


def paused_why(table: Table, guild: discord.Guild | None) -> str:
    """What a member who moves in a paused game is told (the game's tag is added after)."""
    return (f"This game is paused: the bot can no longer see or post in "
            f"{where(table, guild)}. It carries on once a server admin gives the bot "
            f"{needs(table)} there again.")


def paused_note(table: Table, guild: discord.Guild | None) -> str:
    """The direct message to a member of a game paused because the bot was shut out of its
    place: what happened, that nothing is lost, and the ways to have it back."""
    server = guild.name if guild is not None else "a server"
    return (f"⏸️ {text.game_tag(table)} in **{text.safe(server)}** is paused: the bot can no "
            f"longer see or post in {where(table, guild)}. Every move so far is kept, and "
            "nobody plays for you meanwhile. It carries on by itself once a server admin gives "
            f"the bot {needs(table)} there again (`/server permissions` used there says what "
            f"it lacks), or an admin may end it with `/abandon game:{table.id}` (no results).")


def resumed_note(table: Table, guild: discord.Guild | None) -> str:
    """The direct message to a member of a paused game that carries on."""
    server = guild.name if guild is not None else "a server"
    return (f"▶️ {text.game_tag(table)} in **{text.safe(server)}** carries on in "
            f"{where(table, guild)}: the bot may post there again.")


def may_show(allowed: discord.Permissions, in_thread: bool) -> bool:
    """Whether the bot may show a game's table in its place (and post it again there)."""
    writes = allowed.send_messages_in_threads if in_thread else allowed.send_messages
    return allowed.view_channel and writes


class PlacesCog(commands.Cog, name="Places"):
    def __init__(self, bot: commands.Bot, manager: TableManager, tables: TablesCog) -> None:
        self.bot = bot
        self.manager = manager
        self.tables = tables
        tables.message.on_lost = self._found_lost
        tables.message.on_shut_out = self._shut_out
        tables.message.on_shown = self._shown_again

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

    @commands.Cog.listener()
    async def on_guild_channel_update(self, before: discord.abc.GuildChannel,
                                      after: discord.abc.GuildChannel) -> None:
        await self._access_changed(after.guild)

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        await self._access_changed(after.guild)

    @commands.Cog.listener()
    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if self.bot.user is not None and after.id == self.bot.user.id:  # its roles changed
            await self._access_changed(after.guild)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """An interaction carries what the bot may do in its channel: a paused game there is
        tried again once it may show it."""
        if interaction.guild_id is None or interaction.channel_id is None:
            return
        in_thread = isinstance(interaction.channel, discord.Thread)
        if may_show(interaction.app_permissions, in_thread):
            for table in paused_in(self.manager, interaction.guild_id, interaction.channel_id):
                self.tables.show(table)

    async def _access_changed(self, guild: discord.Guild) -> None:
        """A channel's overwrites, a role or the bot's roles changed: a game whose place the
        bot may no longer show it in pauses at once (before the computer plays on unseen),
        and a paused one it may show again is tried (its table going out resumes it)."""
        me = guild.me
        for table in self.manager.running(guild.id):
            place = guild.get_channel_or_thread(table.thread_id or table.channel_id)
            if me is None or place is None:
                continue
            if may_show(place.permissions_for(me), table.thread_id is not None):
                if table.paused is not None:
                    self.tables.show(table)
            elif table.paused is None:
                await self._shut_out(table)

    async def _shut_out(self, table: Table) -> None:
        """The bot may no longer show the table where it is: its game waits, and its members
        are told how to have it back (once)."""
        if table.paused is not None:
            return
        guild = self.bot.get_guild(table.guild_id)
        try:
            await self.manager.pause(table.id, paused_why(table, guild))
        except IllegalAction:
            return  # over, or no longer running here
        log.info("Game %d paused: the bot may not show it in place %d", table.id,
                 table.thread_id or table.channel_id)
        await self._tell(table, paused_note(table, guild))

    async def _shown_again(self, table: Table) -> None:
        """A paused game's table went out in its place again: it carries on."""
        try:
            await self.manager.pause(table.id, None)
        except IllegalAction:
            return
        log.info("Game %d carries on: its place shows it again", table.id)
        await self._tell(table, resumed_note(table, self.bot.get_guild(table.guild_id)))

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
        why = f"its thread was {how}" if channel_here else "its channel was deleted"
        guild = self.bot.get_guild(guild_id)
        for lobby in gone.lobbies:
            note = lobby_closed_note(lobby, guild.name if guild else "a server", why)
            members = {lobby.host_id, *(s.user_id for s in lobby.seats if s.user_id)}
            for user_id in sorted(members):
                await self._dm(user_id, note, f"that lobby {lobby.id} was closed")

    async def _say_moved(self, table: Table, how: str) -> None:
        try:
            await self.tables.message.channel(table).send(
                moved_note(table, how), allowed_mentions=TABLE_MENTIONS)
        except discord.HTTPException as refusal:
            log.warning("Could not say in channel %s that game %s carries on there: %s",
                        table.channel_id, table.id, refusal)

    async def _tell_closed(self, table: Table) -> None:
        guild = self.bot.get_guild(table.guild_id)
        await self._tell(table, closed_note(table, guild.name if guild else "a server"))

    async def _tell(self, table: Table, note: str) -> None:
        """A direct message to each member seated at the table."""
        for seat in table.seats:
            if seat.user_id is not None:
                await self._dm(seat.user_id, note, f"about game {table.id}")

    async def _dm(self, user_id: int, note: str, about: str) -> None:
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            await dm.send(note, allowed_mentions=NO_PINGS)
        except discord.HTTPException as refusal:
            log.info("Could not tell member %s %s (%s)", user_id, about, refusal)
