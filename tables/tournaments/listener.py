"""What hears the tournament service. Kept apart from the service so that modules the table
manager imports (tables/honours.py) can subclass it without importing the manager back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.contract import Event
from tables.table import Table
from tables.tournaments.model import Match

if TYPE_CHECKING:
    from tables.tournaments.service import HeldTournament


class TournamentListener:
    """Hears what the service did; subclasses override what they care about."""

    async def on_tournament(self, held: HeldTournament, events: list[Event]) -> None:
        """The event changed (and was saved): `events` says how; [] when it only ended."""

    async def on_match_opened(self, held: HeldTournament, match: Match, table: Table) -> None:
        """A match's game is open: its players can be called to it."""
