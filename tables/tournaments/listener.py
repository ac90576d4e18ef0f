"""What hears the tournament service. Kept apart from the service so that modules the table
manager imports (tables/honours.py) can subclass it without importing the manager back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.contract import Event
from tables.table import Table
from tables.tournaments.model import Match

if TYPE_CHECKING:
    from tables.tournaments.holds import SeatHold
    from tables.tournaments.service import HeldTournament


class TournamentListener:
    """Hears what the service did; subclasses override what they care about. An event's news
    comes one telling at a time, in the order its changes were saved, its end last: a listener
    must not wait there for a change to the event."""

    async def on_tournament(self, held: HeldTournament, events: list[Event]) -> None:
        """The event changed (and was saved): `events` says how, oldest first (the news of
        changes saved since the last telling); [] when only its message needs bringing up
        to date."""

    async def on_result_not_counted(self, held: HeldTournament, channel_id: int,
                                    line: str) -> None:
        """A match's game ended too late to count (its event over, or its match settled
        otherwise meanwhile): `line` says so to its players, where it was played (its
        thread, or the channel)."""

    async def on_match_opened(self, held: HeldTournament, match: Match, table: Table) -> None:
        """A match's game is open: its players can be called to it."""

    async def on_seat_held(self, hold: SeatHold) -> None:
        """A member's seat at a match's game is kept while they play another match
        (`hold.freed_at` None: tell them where they play), or that other game ended and the
        no-show minutes run from then (tell them where the match waits, and until when)."""
