"""Sides: which seats share one score (one peg). Teams sit alternately, so with `k` sides seat
s is on side s % k: Cribbage's four players are partners opposite (0 & 2 against 1 & 3), and
Crib Race's teams are seated the same way.
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

    def opponents_of(self, seat: int) -> list[int]:
        mine = self.side_of[seat]
        return [s for s, side in enumerate(self.side_of) if side != mine]
