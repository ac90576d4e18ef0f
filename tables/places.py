"""What a deleted channel or thread means for the games and lobbies in it.

A game's place can go while it runs: a member deletes its thread, or its channel (whose
threads go with it), or a moderator locks its thread, which closes it to the bot. A game must
not be lost for that, nor left running where nobody sees it (the computer would play it out
for members who cannot reach it, and rate them on it):

- a game whose **thread** went while its channel is still there carries on in that channel,
  its table posted again there (the cogs tell its players so);
- a game whose **channel** went (in the channel itself or in one of its threads) has nowhere
  in that server to be shown, so it is closed as an admin's /abandon would close it: no
  results or ratings, its log kept whole in the store (replays and /review read it as
  before), `closed_why` saying why (the cogs tell its players directly);
- the open lobbies of a deleted channel close, kept in the store as cancelled: they hold
  nobody's game.

A thread that is only archived is no place gone: the cogs open it again. A place the bot may
no longer see or post in (a role or an overwrite changed) is not gone either: its game is
paused (`TableManager.pause`: no computer turns, no timers, no moves; every move made is kept)
until the place shows it again, when it carries on, its members' timers from then.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.errors import IllegalAction
from tables.lobby import Lobby
from tables.table import Table

if TYPE_CHECKING:
    from tables.manager import TableManager

log = logging.getLogger(__name__)

CHANNEL_GONE_WHY = "Closed: its channel was deleted. No results were recorded."


@dataclass
class PlaceGone:
    """What became of the games and lobbies of a place that went."""

    #: Games that carry on in their channel (their thread went): shown afresh there.
    moved: list[Table] = field(default_factory=list)
    #: Games closed without results (their channel went).
    closed: list[Table] = field(default_factory=list)
    #: The open lobbies closed (their members are told).
    lobbies: list[Lobby] = field(default_factory=list)


async def place_gone(
    manager: TableManager, guild_id: int, place_id: int, *, channel_here: bool
) -> PlaceGone:
    """The channel or thread `place_id` of the server is gone (deleted, or a thread closed
    to the bot); `channel_here`: whether the channel a game's thread was in is still there."""
    gone = PlaceGone()
    for table in manager.running(guild_id):
        if table.thread_id == place_id and channel_here:
            # No message id: the table is posted anew at the bottom of its channel.
            await manager.set_location(table.id, thread_id=None, message_id=None)
            gone.moved.append(table)
            log.info("Game %d: its thread %d is gone; it carries on in channel %d", table.id,
                     place_id, table.channel_id)
        elif place_id in (table.channel_id, table.thread_id):
            table.closed_why = CHANNEL_GONE_WHY
            with contextlib.suppress(IllegalAction):  # it ended meanwhile
                await manager.abandon(table.id, table.host_id, may_manage=True)
                gone.closed.append(table)
                log.info("Game %d closed without results: its channel is gone", table.id)
    gone.lobbies = await manager.close_lobbies(guild_id, place_id)
    if gone.lobbies:
        log.info("Place %d is gone: %d open lobbies there closed", place_id, len(gone.lobbies))
    return gone


def paused_in(manager: TableManager, guild_id: int, place_id: int | None = None
              ) -> list[Table]:
    """The server's paused games (with `place_id`: those shown in that channel or thread)."""
    return [t for t in manager.running(guild_id) if t.paused is not None
            and place_id in (None, t.channel_id if t.thread_id is None else t.thread_id)]


def shown_in(manager: TableManager, guild_id: int, thread_id: int) -> list[Table]:
    """The running games shown in a thread (whose archiving the cogs undo)."""
    return [t for t in manager.running(guild_id) if t.thread_id == thread_id]
