"""Crib Race seatings: who plays with whom and how each deal is dealt (docs/RULES.md CR-1 has
the table; the option `teams` picks teams of 2 with 4 players). Team members sit alternately:
seat s plays for side s % number_of_sides (Sides.alternating), so partners share one peg.
"""

from __future__ import annotations

from functools import cache

from engine.cribbage.deal import DealPlan, cribbage_plan, seats_from_left
from engine.cribbage.sides import Sides

PLAYER_COUNTS = (2, 3, 4, 6, 8)


def side_count(players: int, teams: bool) -> int:
    """How many pegs race: one per player, or one per team of two."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Crib Race is for 2, 3, 4, 6 or 8 players, not {players}")
    if players >= 6 or (players == 4 and teams):
        return players // 2
    return players


@cache  # sides and plans are frozen: every game and deal of a seating shares them
def race_sides(players: int, teams: bool) -> Sides:
    return Sides.alternating(players, side_count(players, teams))


def seating_words(players: int, teams: bool) -> str:
    sides = side_count(players, teams)
    return f"{sides} teams of 2" if sides < players else f"{players} players"


@cache
def race_plan(players: int, dealer: int, sides: Sides) -> DealPlan:
    """The deal plan for this seating with `dealer` dealing."""
    if players in (2, 3, 4):
        return cribbage_plan(players)
    if players == 6:
        dealing_team = frozenset(sides.seats_of(sides.side_of[dealer]))
        return DealPlan(cards=(5,) * 6, discards=(1,) * 6, to_bottom=dealing_team)
    if players == 8:
        first_four = set(seats_from_left(players, dealer)[:4])
        cards = tuple(5 if seat in first_four else 4 for seat in range(players))
        discards = tuple(1 if seat in first_four else 0 for seat in range(players))
        return DealPlan(cards=cards, discards=discards)
    raise ValueError(f"Crib Race is for 2, 3, 4, 6 or 8 players, not {players}")
