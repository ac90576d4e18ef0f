"""What hears of a table's changes: the Discord layer, the terminal, tests.

Listeners subclass `Listener` and override the methods they care about; the rest do nothing.
The manager calls them through `Notice`s, typed calls on a `Listener`, so a misspelt method
is a type error rather than a notification that silently goes nowhere.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING

from engine.contract import Event

if TYPE_CHECKING:
    from tables.table import Table


class Listener:
    """Hears what happened at every table, after the table's lock is released, in order."""

    async def on_update(self, table: Table, events: list[Event]) -> None:
        """Someone (a member, the computer, a forced move) acted; `events` is what happened."""

    async def on_idle_warning(self, table: Table, seat: int) -> None:
        """The seat's player has let the table wait long enough to be reminded."""

    async def on_takeover(self, table: Table, seat: int) -> None:
        """The computer plays for the seat until its player comes back."""

    async def on_finished(self, table: Table) -> None:
        """The game is over: finished, abandoned or errored (see `table.status`)."""

    async def on_rested(self, table: Table) -> None:
        """The bot left the table's server: the table is unloaded, its game not over (it
        comes back as a new Table if the server invites the bot back). Called directly,
        not queued behind the table's other notices, which are dropped."""

    # What runs in a server beside its tables (tournaments) hears of the server itself, from
    # tables/presence.py, while no other server change is under way.

    def guilds(self) -> Iterable[int]:
        """The servers whose things the listener runs or keeps at rest: a start-up list
        without one of them means the bot is no longer there."""
        return ()

    async def on_guild_removed(self, guild_id: int) -> None:
        """The bot is no longer in the server: whatever the listener runs there rests.
        Heard before the server's tables are put to rest."""

    async def on_guild_back(self, guild_id: int) -> None:
        """The server has the bot (invited back, available, or listed at start-up), its
        tables running again. Heard for every server that arrives: cheap when nothing
        rests there."""


#: One notification: the call to make on each listener.
Notice = Callable[[Listener], Awaitable[None]]


def updated(table: Table, events: list[Event]) -> Notice:
    return lambda listener: listener.on_update(table, events)


def idle_warning(table: Table, seat: int) -> Notice:
    return lambda listener: listener.on_idle_warning(table, seat)


def takeover(table: Table, seat: int) -> Notice:
    return lambda listener: listener.on_takeover(table, seat)


def finished(table: Table) -> Notice:
    return lambda listener: listener.on_finished(table)
