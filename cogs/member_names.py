"""Members named as they are called now, in the lists read back from results.

/leaderboard, /records and a season's champions name members the store knows only by the name
they last played under here. Before such a message goes out the gateway is asked, in one
request (Request Guild Members by user id: at most 100 ids each, so a longer list is split),
which of them are still in the server and what they are called there now. Asking by id needs
no privileged intent (only the whole member list does), and `cache=False` keeps the answer
out of the member cache, which without the members intent would never hear of a later
change. Those present are named as they are now; those who left keep their last name here
(a mention of them would read "unknown user"). Discord not answering in time, or at all,
leaves every member their stored name: the list never waits long or fails for it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

from tables.clock import Clock

log = logging.getLogger(__name__)

#: How long a message waits for the gateway's answer (seconds on the tables clock): an
#: interaction has 3 s to be answered, and the gateway answers within a fraction of one.
LOOKUP_SECONDS = 1.0
#: The most user ids one Request Guild Members may name (Discord's limit).
IDS_PER_REQUEST = 100

T = TypeVar("T")


@dataclass(frozen=True)
class MemberNames:
    """Who is named how: the stored names, and what Discord said of the members now."""

    #: The name each member last played under here (None: the store has none).
    stored: Mapping[int, str | None]
    #: The members Discord says are in the server, by their display name there now; None
    #: when it did not say (no answer in time), and then nobody is known to have left.
    present: Mapping[int, str] | None = field(default=None)

    def name(self, user_id: int) -> str | None:
        """The name a list shows: the member's own now, else the one they last played
        under here (None if neither is known: the list then mentions them)."""
        if self.present is not None and user_id in self.present:
            return self.present[user_id]
        return self.stored.get(user_id)

    def left(self, user_id: int) -> bool:
        """Known to be no longer in the server."""
        return self.present is not None and user_id not in self.present


async def names_now(
    guild: discord.Guild | None, stored: Mapping[int, str | None], clock: Clock,
    seconds: float = LOOKUP_SECONDS,
) -> MemberNames:
    """The members of `stored` as the server calls them now (see the module's docstring)."""
    user_ids = sorted(stored)
    if guild is None or not user_ids:
        return MemberNames(stored)
    batches = [user_ids[start:start + IDS_PER_REQUEST]
               for start in range(0, len(user_ids), IDS_PER_REQUEST)]
    async def ask() -> list[list[discord.Member]]:
        return await asyncio.gather(*(
            guild.query_members(user_ids=batch, limit=len(batch), cache=False)
            for batch in batches))

    try:
        found = await _within(clock, seconds, ask())
    except Exception as failure:  # a name is never worth an error: the stored one will do
        log.debug("server %d did not say who is named how (%s); the stored names are shown",
                  guild.id, type(failure).__name__)
        return MemberNames(stored)
    return MemberNames(stored, {member.id: member.display_name
                                for members in found for member in members})


def named_rows(rows: Iterable[Mapping[str, Any]], names: MemberNames) -> list[dict[str, Any]]:
    """Board rows (each with `user_id` and the stored `name`) with the names shown now."""
    return [{**row, "name": names.name(int(row["user_id"]))} for row in rows]


async def _within(clock: Clock, seconds: float, work: Coroutine[Any, Any, T]) -> T:
    """`work`'s result, or TimeoutError once `seconds` have passed on `clock` (a test's fake
    clock decides when), `work` then cancelled."""
    task = asyncio.create_task(work)
    timer = asyncio.ensure_future(clock.sleep(seconds))
    try:
        await asyncio.wait({task, timer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        timer.cancel()
        late = not task.done()
        if late:
            task.cancel()
    if late:
        raise TimeoutError
    return task.result()
