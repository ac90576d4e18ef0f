"""Tournaments, the pure core: formats, pairings, standings and the event's state.

No I/O, no asyncio, no Discord: the store saves `Tournament.to_json()`, the table layer opens
each match's game and feeds its outcome back with `record_game`."""

from tables.tournaments.fit import FORMATS, KNOCKOUT, ROUND_ROBIN, SWISS, TABLES
from tables.tournaments.model import Entry, Match, Round
from tables.tournaments.standings import Standing, standings
from tables.tournaments.tournament import Tournament

__all__ = [
    "FORMATS",
    "KNOCKOUT",
    "ROUND_ROBIN",
    "SWISS",
    "TABLES",
    "Entry",
    "Match",
    "Round",
    "Standing",
    "Tournament",
    "standings",
]
