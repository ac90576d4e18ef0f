"""Turn notices: a short message mentioning a member whose turn it is (their /settings):
"always" at once, every turn; "slow" once the turn has waited longer than they usually take,
and not soon after they were last mentioned at the table (cogs/turn_pace.py); or "never".
It goes once they act.

The idle warning and the takeover note (the tables cog posts them) go the same way once they
are answered: the warning once the member moves (or the computer takes over), the takeover
note once they take their seat back (a game that ends first keeps it: it says why the
computer played for them); a channel keeps no "waiting for your move" already met."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

import discord

from cogs import text
from cogs.turn_pace import TurnPace
from tables import Table, TableManager
from tables.clock import Clock

log = logging.getLogger(__name__)


@dataclass(eq=False)
class TurnNotice:
    """A turn waiting on a member, and the short message that mentions them (once it is
    sent; never for a member who chose no notices)."""

    channel: discord.PartialMessageable
    since: float
    task: asyncio.Task[None] | None = None
    message_id: int | None = None
    sending: bool = False
    ended: bool = False


class TurnNotices:
    def __init__(
        self,
        manager: TableManager,
        clock: Clock,
        grace: float,
        channel: Callable[[Table], discord.PartialMessageable],
        reachable: Callable[[int], bool],
    ) -> None:
        """`reachable(table_id)`: False once the table's channel or thread is known to be
        gone, where no notice is posted any more."""
        self.manager = manager
        self.clock = clock
        self.pace = TurnPace(grace)
        self._channel = channel
        self._reachable = reachable
        #: (table id, user id) -> the turn notice waiting or shown.
        self._notices: dict[tuple[int, int], TurnNotice] = {}
        #: (table id, user id) -> idle warnings posted to a member the game waits on.
        self._warnings: dict[tuple[int, int], list[TurnNotice]] = {}
        #: (table id, user id) -> the note that the computer plays for an away member.
        self._takeovers: dict[tuple[int, int], list[TurnNotice]] = {}

    def close(self) -> None:
        for notice in list(self._notices.values()):
            if notice.task is not None:
                notice.task.cancel()

    def update(self, table: Table) -> None:
        """Start a notice timer for each member the game now waits for; end the notices of
        those it no longer waits for."""
        running = table.status == "running" and not table.finished
        waited = {table.seats[s].user_id for s in table.human_waits()} if running else set()
        away = {table.seats[s].user_id for s in table.away}
        for key in [k for k in {*self._notices, *self._warnings}
                    if k[0] == table.id and k[1] not in waited]:
            # A turn the computer took over, or the game ending, says nothing of their pace.
            self.end(key, answered=running and key[1] not in away)
        if not running:
            self.pace.forget(table.id)
        for key in [k for k in self._takeovers if k[0] == table.id]:
            if not running:  # the note says why the computer played for them: it stays
                del self._takeovers[key]
            elif key[1] not in away:
                self._delete_all(self._takeovers.pop(key))
        for user_id in waited:
            if user_id is None:
                continue
            key = (table.id, user_id)
            if key in self._notices:
                continue
            notice = TurnNotice(self._channel(table), since=self.clock.now())
            self._notices[key] = notice  # kept for every mode: the turn's length is their pace
            mode = self.manager.cached_player_settings(user_id)["notices"]
            if mode != "never":
                notice.task = asyncio.create_task(
                    self._send(table, user_id, notice, at_once=mode == "always"),
                    name=f"notice-{key}",
                )

    async def _send(self, table: Table, user_id: int, notice: TurnNotice, *,
                    at_once: bool) -> None:
        key = (table.id, user_id)
        due = notice.since if at_once else self.pace.due(key, notice.since)
        while True:
            await self.clock.sleep(due - self.clock.now())
            # An idle warning posted meanwhile starts a quiet spell: wait on to its end.
            later = due if at_once else self.pace.due(key, notice.since)
            if later <= due:
                break
            due = later
        if notice.ended or not self._reachable(table.id):
            return
        notice.sending = True
        notice.channel = self._channel(table)  # where the table is now: it may have moved
        words = (
            f"<@{user_id}>, it's your turn in {text.safe(table.spec.title)} #{table.id}: "
            "use your open hand, or press **My hand** on the table."
        )
        mention = discord.AllowedMentions(users=[discord.Object(user_id)])
        try:
            message = await notice.channel.send(words, allowed_mentions=mention)
        except discord.HTTPException as failure:
            log.warning("Could not post the turn notice for table %s in channel %s: %s",
                        table.id, notice.channel.id, failure)
            return
        notice.message_id = message.id
        self.pace.mentioned(key, self.clock.now())
        if notice.ended:
            await self._delete(notice)

    def warned(self, table: Table, user_id: int, message: discord.Message) -> None:
        """An idle warning went out to the member: it goes once they move."""
        self._posted(self._warnings, table, user_id, message)
        self.pace.mentioned((table.id, user_id), self.clock.now())
        if user_id not in {table.seats[s].user_id for s in table.human_waits()}:
            self.end((table.id, user_id))  # they moved while it was being sent

    def took_over(self, table: Table, user_id: int, message: discord.Message) -> None:
        """The takeover note went out to the member: it goes once they are back."""
        self._posted(self._takeovers, table, user_id, message)
        self.pace.mentioned((table.id, user_id), self.clock.now())
        self.update(table)  # back already, while it was being sent

    def _posted(self, kept: dict[tuple[int, int], list[TurnNotice]], table: Table,
                user_id: int, message: discord.Message) -> None:
        notice = TurnNotice(self._channel(table), self.clock.now(), message_id=message.id)
        kept.setdefault((table.id, user_id), []).append(notice)

    def forget(self, table_id: int) -> None:
        """The table was put to rest: no notice is sent, and none sent is deleted (its
        channel is closed to the bot)."""
        for key in [k for k in self._notices if k[0] == table_id]:
            notice = self._notices.pop(key)
            notice.ended = True
            if notice.task is not None:
                notice.task.cancel()
        for kept in (self._warnings, self._takeovers):
            for key in [k for k in kept if k[0] == table_id]:
                del kept[key]
        self.pace.forget(table_id)

    def end(self, key: tuple[int, int], *, answered: bool = True) -> None:
        """The member answered (or, not `answered`, the game no longer waits on them): their
        turn notice and idle warnings go."""
        self._delete_all(self._warnings.pop(key, []))
        notice = self._notices.pop(key, None)
        if notice is None:
            return
        if answered:
            self.pace.took(key, self.clock.now() - notice.since)
        notice.ended = True
        if notice.task is not None and not notice.task.done() and not notice.sending:
            notice.task.cancel()
        elif notice.message_id is not None:
            notice.task = asyncio.create_task(self._delete(notice), name=f"unnotice-{key}")

    def _delete_all(self, notices: list[TurnNotice]) -> None:
        for notice in notices:
            notice.task = asyncio.create_task(self._delete(notice),
                                              name=f"unnotice-{notice.message_id}")

    async def _delete(self, notice: TurnNotice) -> None:
        if notice.message_id is None:
            return
        try:
            await notice.channel.get_partial_message(notice.message_id).delete()
        except discord.NotFound:
            pass
        except discord.HTTPException:
            log.warning("Could not delete turn notice %s", notice.message_id)
