"""The table message: one message per game, edited in place, whose turn it is shown there.
Where the game plays in a channel (no thread) it is posted again at the bottom once the
messages after it have pushed it out of sight (cogs/burial.py), at most once per
`repost_every` seconds. Edits go through a Coalescer."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord
from discord.ext import commands

from cogs import images, text
from cogs.burial import Burials
from cogs.components import LARGEST_ID, table_view
from cogs.refresher import Coalescer, passing
from cogs.replay_cog import final_chart
from cogs.replies import NO_PINGS
from tables import Table, TableManager
from tables.clock import Clock
from tables.resume import finished_table
from tables.server_settings import LONGEST_REPOST

log = logging.getLogger(__name__)

TABLE_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)
#: The table message's last line where the bot may not attach its pictures.
NO_PICTURES = ("🖼️ No pictures here: the bot lacks the Attach Files permission in this "
               "channel. Your hand still shows yours.")
#: Discord's codes for a table's channel or thread that the bot can no longer reach: deleted
#: (Unknown Channel), or the bot removed from the server or shut out of it (Missing Access).
#: Trying again would fail the same way, every time.
PLACE_GONE = frozenset({10003, 50001})
#: The table message's last line where Discord refused it with its pictures for a reason
#: that will not pass (a 4xx that is not a missing permission): the words alone may go out.
PICTURES_REFUSED = ("🖼️ No pictures for this game: Discord would not take them. Your hand "
                    "still shows yours.")
#: The code of a message that was deleted (its channel is still there).
UNKNOWN_MESSAGE = 10008
#: The code of a channel or thread that was deleted.
UNKNOWN_CHANNEL = 10003
#: The code of an edit refused in an archived (or locked) thread, which may be opened again.
THREAD_ARCHIVED = 50083
#: The code of a channel or thread the bot may no longer see (or a server that removed it).
MISSING_ACCESS = 50001


def shut_out(refusal: discord.HTTPException) -> bool:
    """Whether Discord refused the table for want of the bot's access to its place: it may
    not see it (Missing Access), or it may not post there even the words (Missing
    Permissions, code 50013, once the pictures were left out)."""
    return refusal.code == MISSING_ACCESS or isinstance(refusal, discord.Forbidden)


class TableMessages:
    def __init__(
        self,
        bot: commands.Bot,
        manager: TableManager,
        clock: Clock,
        interval: float,
        repost_after: int,
        forget: Callable[[int], None],
        repost_every: float = 30.0,
    ) -> None:
        """`repost_after`: messages after which a table in a channel is posted again at the
        bottom; `repost_every`: the least time between two posts of one table, so a channel
        where another bot talks every second does not make the table jump every few seconds;
        `forget(table_id)` hears that a table's last refresh went out."""
        self.bot = bot
        self.manager = manager
        self.clock = clock
        self.repost_every = repost_every
        self._forget = forget
        self.refresher = Coalescer(interval, self._refresh, clock=clock)
        self.burials = Burials(repost_after, longest=LONGEST_REPOST)
        #: Tables seen finishing, kept until their last refresh has gone out.
        self._known: dict[int, Table] = {}
        #: Table id -> when (on the tables clock) its message was last posted.
        self._posted_at: dict[int, float] = {}
        #: Buried tables waiting out `repost_every` before they are posted again.
        self._waiting: dict[int, asyncio.Task[None]] = {}
        #: Tables whose message goes out without pictures, and the line that says why: the bot
        #: may not attach files there, or Discord would not take them.
        self._text_only: dict[int, str] = {}
        #: Tables whose message Discord refused even without pictures, for good: said once in
        #: the log, and tried again only with the next change, never on a timer.
        self._refused: set[int] = set()
        #: Tables whose channel or thread the bot can no longer reach: not shown any more.
        self._unreachable: set[int] = set()
        #: Games over before this process, whose message a press brought up to date.
        self._caught_up: set[int] = set()
        #: Channels and threads deleted, or threads locked, that held a game: nothing is sent
        #: there any more.
        self._gone_places: set[int] = set()
        #: Hears of a running table whose thread a refresh found archived, or whose channel or
        #: thread it found deleted, with Discord's code (cogs/places_cog.py).
        self.on_lost: Callable[[Table, int], Awaitable[None]] | None = None
        #: Tables whose last refresh found their place lost: found so again, it is not tried
        #: again (a thread opened again that still refuses edits would loop).
        self._lost_once: set[int] = set()
        #: Hears of a running table its place refused for want of the bot's access to it
        #: (cogs/places_cog.py pauses its game); a paused table's refresh that goes out
        #: again is heard by `on_shown`.
        self.on_shut_out: Callable[[Table], Awaitable[None]] | None = None
        self.on_shown: Callable[[Table], Awaitable[None]] | None = None

    def written(
        self, guild_id: int, channel_id: int, message_id: int, table_id: int | None
    ) -> None:
        """A message in a channel (`table_id`: the table it shows, if it is a table message)
        pushes up the table messages there; those it buried are posted again when allowed."""
        here = [t for t in self.manager.running(guild_id)
                if t.thread_id is None and t.channel_id == channel_id]
        if not here:
            self.burials.forget(channel_id)
            return
        self.burials.written(channel_id, message_id, table_id)
        for table in here:
            if not self._buried(table) or table.id in self._waiting:
                continue
            if self._pause_left(table.id) <= 0:
                self.refresher.poke(table.id)
            else:
                self._waiting[table.id] = asyncio.create_task(
                    self._repost_later(table.id), name=f"repost-{table.id}")

    def _buried(self, table: Table) -> bool:
        after = self.manager.server_settings.repost_after(table.guild_id, self.burials.after)
        return table.thread_id is None and after is not None and self.burials.buried(
            table.channel_id, table.id, table.message_id, after)

    def _pause_left(self, table_id: int) -> float:
        """Seconds until the table may be posted again (0 or less: it may now)."""
        posted = self._posted_at.get(table_id)
        return -1.0 if posted is None else posted + self.repost_every - self.clock.now()

    async def _repost_later(self, table_id: int) -> None:
        try:
            # Again while time is left: the event loop may wake a sleeper a little early.
            while (left := self._pause_left(table_id)) > 0:
                await self.clock.sleep(left)
        finally:
            if self._waiting.get(table_id) is asyncio.current_task():  # not a later one's
                del self._waiting[table_id]
        table = self.manager.get(table_id)
        if table is not None and self._buried(table):
            self.refresher.poke(table_id)

    def close(self) -> None:
        for task in self._waiting.values():
            task.cancel()
        self._waiting.clear()

    def channel(self, table: Table) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(
            table.thread_id or table.channel_id, guild_id=table.guild_id
        )

    def show(self, table: Table) -> None:
        """Post or refresh the table message soon (coalesced)."""
        self._known[table.id] = table
        self.refresher.poke(table.id)

    def forget(self, table_id: int) -> None:
        """The table was put to rest (the bot left its server): show it no more, and keep
        nothing of it, so that if the server invites the bot back it is shown afresh."""
        self.refresher.drop(table_id)
        self._known.pop(table_id, None)
        self._stop_watching(table_id)
        self._text_only.pop(table_id, None)
        self._refused.discard(table_id)
        self._unreachable.discard(table_id)
        self._lost_once.discard(table_id)

    def allowed_again(self, place_id: int, allowed: discord.Permissions) -> None:
        """What the bot may do in a channel or thread, as a press there said: a table shown
        in words there for want of Attach Files has its pictures again once it may attach
        them (and write: else the words would be refused too, as they were)."""
        for table_id, note in list(self._text_only.items()):
            table = self.table(table_id)
            if note != NO_PICTURES or table is None:
                continue
            in_thread = table.thread_id is not None
            writes = allowed.send_messages_in_threads if in_thread else allowed.send_messages
            if (table.thread_id or table.channel_id) == place_id and allowed.attach_files \
                    and writes:
                del self._text_only[table_id]
                self.refresher.poke(table_id)

    def place_gone(self, *place_ids: int) -> None:
        """These channels or threads were deleted: no table is shown there again."""
        self._gone_places.update(place_ids)

    def moved(self, table_id: int) -> None:
        """The table was given a new place (its thread went): it may be shown there."""
        self._unreachable.discard(table_id)
        self._lost_once.discard(table_id)

    def table(self, table_id: int) -> Table | None:
        return self.manager.get(table_id) or self._known.get(table_id)

    def reachable(self, table_id: int) -> bool:
        """False once the table's channel or thread was found gone or closed to the bot."""
        table = self.table(table_id)
        gone = table is not None and bool({table.channel_id, table.thread_id} & self._gone_places)
        paused = table is not None and table.paused is not None
        return table_id not in self._unreachable and not gone and not paused

    async def catch_up(self, table_id: int) -> None:
        """A press on the message of a game this process does not hold: if the game is over,
        show it as it ended, once. Its last refresh may never have gone out (the process
        stopped first), leaving the message showing a game still running."""
        stale = 0 < table_id <= LARGEST_ID and table_id not in self._caught_up
        if not stale or self.table(table_id) is not None:  # a tampered id names no game
            return
        self._caught_up.add(table_id)
        table = await finished_table(self.manager.store, self.manager.games, table_id)
        if table is not None:
            self.show(table)

    async def _refresh(self, table_id: int) -> None:
        """Edit the table message to the latest state; post it when there is none (or it was
        deleted, or members' messages buried it in a channel). A passing failure (429, 5xx,
        a timeout) raises, and the refresher tries again. A lasting one does not: a channel or
        thread that is gone is not tried again until a restart; any other refusal (a missing
        permission, a 400, a 404 that is not a deleted message) has the words go out without
        the pictures, and if even they are refused, the table waits for its next change. The
        game goes on either way (its players reach it with /hand, an admin may /abandon it)."""
        table = self.table(table_id)
        if table is None:
            return
        running = table.status == "running" and not table.finished
        if {table.channel_id, table.thread_id} & self._gone_places:
            self._unreachable.add(table.id)
        if table.id not in self._unreachable:
            try:
                await self._show_as_allowed(table)
                self._lost_once.discard(table.id)
                if table.paused is not None and running and self.on_shown is not None:
                    await self.on_shown(table)
                return
            except discord.HTTPException as failure:
                found_by_refresh = failure.code in (UNKNOWN_CHANNEL, THREAD_ARCHIVED)
                if found_by_refresh and running and self.on_lost is not None \
                        and table.id not in self._lost_once:
                    self._lost_once.add(table.id)  # twice in a row: no loop, it is gone
                    # Archived or deleted while the bot was away: opened again, or the game
                    # carries on elsewhere or ends; it must not run on unseen.
                    log.info("Table %s: its place is archived or gone (%s)", table.id, failure)
                    await self.on_lost(table, failure.code)
                    return
                if running and self.on_shut_out is not None and shut_out(failure):
                    # The game must not run on where nobody sees it: it waits for its place.
                    log.info("Table %s: its place is closed to the bot (%s)", table.id, failure)
                    await self.on_shut_out(table)
                    return
                if isinstance(failure, discord.Forbidden) and failure.code not in PLACE_GONE:
                    self._cannot_show(table, failure)
                    return
                if failure.code not in PLACE_GONE | {THREAD_ARCHIVED}:
                    raise
                log.warning("Table %s: its channel or thread is gone or closed to the bot (%s);"
                            " its message is no longer updated", table.id, failure)
                self._unreachable.add(table.id)
        self._after_refresh(table, running)

    async def _show_as_allowed(self, table: Table) -> None:
        note = self._text_only.get(table.id)
        try:
            await self._show(table, note)
            self._refused.discard(table.id)
            return
        except discord.HTTPException as refusal:
            if passing(refusal) or refusal.code in PLACE_GONE | {THREAD_ARCHIVED}:
                raise
            if note is not None and isinstance(refusal, discord.Forbidden):
                raise  # not even the words may go there
            if note is not None:
                self._cannot_show(table, refusal)
                return
            log.info("Table %s could not be shown with pictures (%s): trying without",
                     table.id, refusal)
            note = NO_PICTURES if isinstance(refusal, discord.Forbidden) else PICTURES_REFUSED
        # The words alone keep the game playable where the bot may write but not attach files,
        # or where Discord will not take what was drawn.
        self._text_only[table.id] = note
        try:
            await self._show(table, note)
            self._refused.discard(table.id)
        except discord.HTTPException as refusal:
            if passing(refusal) or refusal.code in PLACE_GONE or \
                    isinstance(refusal, discord.Forbidden):
                raise
            self._cannot_show(table, refusal)

    def _cannot_show(self, table: Table, refusal: discord.HTTPException) -> None:
        """Discord refused the table's words alone, and would again: said once, not retried
        (a game over is not shown again: that was its last refresh)."""
        if table.id not in self._refused:
            self._refused.add(table.id)
            log.warning("Table %s cannot be shown here (%s): tried again at its next change",
                        table.id, refusal)
        self._after_refresh(table, table.status == "running" and not table.finished)

    async def _show(self, table: Table, no_pictures: str | None = None) -> None:
        """Show the table, with its pictures unless `no_pictures` is the line saying why not."""
        # The words, buttons and picture all show one moment, read before the first await:
        # a move landing while the picture is drawn shows in the next edit.
        running = table.status == "running" and not table.finished
        finished = table.finished
        public = table.public_view()
        alt = images.describe(table.game_name, public)
        pictures = no_pictures is None
        # Without pictures the note goes last, and the words make room for it.
        note = "" if no_pictures is None else f"\n{no_pictures}"
        # The picture's title bar says the deal or round (and the target): the words alone
        # say it with the scores.
        scores = images.score_line(table.game_name, public, progress=not pictures)
        content = text.table_content(
            table, status=table.status, scores=scores, limit=text.MAX_CONTENT - len(note),
        ) + note
        view = table_view(table.id, finished=not running, reviewable=finished)
        png = await images.draw("table", table.game_name, public) if pictures else None
        chart, chart_alt = (
            await final_chart(self.manager.store, table.id)
            if finished and pictures else (None, None)
        )

        def files() -> list[discord.File]:  # new each time: a sent File is used up
            return (images.as_file(png, "table.png", alt)
                    + images.as_file(chart, "chart.png", chart_alt))

        channel = self.channel(table)
        message_id = table.message_id
        buried = self._buried(table) and self._pause_left(table.id) <= 0
        if message_id is not None and not buried:
            try:
                await channel.get_partial_message(message_id).edit(
                    content=content, attachments=files(), view=view
                )
            except discord.NotFound as missing:
                if missing.code != UNKNOWN_MESSAGE:
                    raise
                log.info("Table message of table %s is gone: posting it again", table.id)
            else:
                self._after_refresh(table, running)
                return
        # Only the first post mentions whose turn it is; the turn notices do that later.
        message = await channel.send(
            content,
            files=files(),
            view=view,
            allowed_mentions=TABLE_MENTIONS if message_id is None else NO_PINGS,
        )
        self._posted_at[table.id] = self.clock.now()
        await self.manager.set_location(table.id, thread_id=table.thread_id, message_id=message.id)
        if message_id is not None and buried:
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException:
                log.info("Old table message %s of table %s was already gone", message_id, table.id)
        self._after_refresh(table, running)

    def _after_refresh(self, table: Table, running: bool) -> None:
        if not running:
            self._known.pop(table.id, None)
            self._stop_watching(table.id)
            self._text_only.pop(table.id, None)
            self._refused.discard(table.id)
            self._unreachable.discard(table.id)
            self._lost_once.discard(table.id)
            self._forget(table.id)

    def _stop_watching(self, table_id: int) -> None:
        self._posted_at.pop(table_id, None)
        waiting = self._waiting.pop(table_id, None)
        if waiting is not None:
            waiting.cancel()
