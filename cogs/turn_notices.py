"""Turn notices: a short message mentioning a member whose turn it is, once the turn has
waited past a grace period (or always, or never: their /settings). It goes once they act."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

import discord

from cogs import text
from tables import Table, TableManager
from tables.clock import Clock

log = logging.getLogger(__name__)


@dataclass(eq=False)
class TurnNotice:
    """The short message that mentions a member whose turn it is (once it is sent)."""

    channel: discord.PartialMessageable
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
        self.grace = grace
        self._channel = channel
        self._reachable = reachable
        #: (table id, user id) -> the turn notice waiting or shown.
        self._notices: dict[tuple[int, int], TurnNotice] = {}

    def close(self) -> None:
        for notice in list(self._notices.values()):
            if notice.task is not None:
                notice.task.cancel()

    def update(self, table: Table) -> None:
        """Start a notice timer for each member the game now waits for; end the notices of
        those it no longer waits for."""
        running = table.status == "running" and not table.finished
        waited = {table.seats[s].user_id for s in table.human_waits()} if running else set()
        for key in [k for k in self._notices if k[0] == table.id and k[1] not in waited]:
            self.end(key)
        for user_id in waited:
            if user_id is None:
                continue
            key = (table.id, user_id)
            if key in self._notices:
                continue
            mode = self.manager.cached_player_settings(user_id)["notices"]
            if mode == "never":
                continue
            notice = TurnNotice(self._channel(table))
            delay = 0.0 if mode == "always" else self.grace
            notice.task = asyncio.create_task(
                self._send(table, user_id, notice, delay), name=f"notice-{key}"
            )
            self._notices[key] = notice

    async def _send(self, table: Table, user_id: int, notice: TurnNotice, delay: float) -> None:
        await self.clock.sleep(delay)
        if notice.ended or not self._reachable(table.id):
            return
        notice.sending = True
        words = (
            f"<@{user_id}>, it's your turn in {text.safe(table.spec.title)} #{table.id}: "
            "use your open hand, or press **My hand** on the table."
        )
        mention = discord.AllowedMentions(users=[discord.Object(user_id)])
        try:
            message = await notice.channel.send(words, allowed_mentions=mention)
        except discord.HTTPException:
            log.warning("Could not post the turn notice for table %s", table.id)
            return
        notice.message_id = message.id
        if notice.ended:
            await self._delete(notice)

    def forget(self, table_id: int) -> None:
        """The table was put to rest: no notice is sent, and none sent is deleted (its
        channel is closed to the bot)."""
        for key in [k for k in self._notices if k[0] == table_id]:
            notice = self._notices.pop(key)
            notice.ended = True
            if notice.task is not None:
                notice.task.cancel()

    def end(self, key: tuple[int, int]) -> None:
        notice = self._notices.pop(key, None)
        if notice is None:
            return
        notice.ended = True
        if notice.task is not None and not notice.task.done() and not notice.sending:
            notice.task.cancel()
        elif notice.message_id is not None:
            notice.task = asyncio.create_task(self._delete(notice), name=f"unnotice-{key}")

    async def _delete(self, notice: TurnNotice) -> None:
        if notice.message_id is None:
            return
        try:
            await notice.channel.get_partial_message(notice.message_id).delete()
        except discord.NotFound:
            pass
        except discord.HTTPException:
            log.warning("Could not delete turn notice %s", notice.message_id)
