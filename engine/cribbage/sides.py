"""Sides: which seats share one score (one peg).

A side is a list of seats. Plain Cribbage has one side per player for 2 or 3 players, and two
partnerships sitting opposite (seats 0 & 2 against 1 & 3) for 4 players. Crib Race seats team
members alternately, so teams of `k` sides put seat s on side s % k; `Sides.alternating` builds
that, and `Sides.cribbage` is simply its 2-3-4 player case.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sides:
    """side_of[seat] -> side index; sides are numbered 0.. in order of their first seat."""

    side_of: tuple[int, ...]

    @classmethod
    def alternating(cls, players: int, sides: int) -> Sides:
        """Seats dealt round the table into `sides` teams sitting alternately (s % sides)."""
        if sides < 1 or players % sides:
            raise ValueError(f"{players} players cannot form {sides} equal sides")
        return cls(tuple(seat % sides for seat in range(players)))

    @classmethod
    def cribbage(cls, players: int) -> Sides:
        """2 or 3 players: everyone for themselves; 4: partners opposite (0 & 2, 1 & 3)."""
        return cls.alternating(players, 2 if players == 4 else players)

    @property
    def players(self) -> int:
        return len(self.side_of)

    @property
    def count(self) -> int:
        return max(self.side_of) + 1

    def seats_of(self, side: int) -> list[int]:
        return [seat for seat, s in enumerate(self.side_of) if s == side]

    def as_lists(self) -> list[list[int]]:
        """Every side's seats, the shape views publish as "sides"."""
        return [self.seats_of(side) for side in range(self.count)]

    def opponents_of(self, seat: int) -> list[int]:
        mine = self.side_of[seat]
        return [s for s, side in enumerate(self.side_of) if side != mine]
