"""PIP dice: where each sits on the track, the face it shows, and how it advances.

A die's value is its showing face; opposite faces add up to 7 (1/6, 2/5, 3/4). The first
dealer's die starts on space 1 showing 6 and moves towards 9; the other starts on space 9
showing 5 and moves towards 1; both wrap round at the ends (docs/RULES.md PC-3, PC-4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import Card, die
from engine.pip_cribbage.track import SPACES, TRACK

LOWEST, HIGHEST = 1, 6


def clamp_face(value: int) -> int:
    return max(LOWEST, min(HIGHEST, value))


def opposite_face(face: int) -> int:
    return 7 - face


@dataclass
class Die:
    owner: int
    space: int
    face: int
    direction: int  # +1: 1 -> 9, -1: 9 -> 1

    @property
    def piece(self) -> Card:
        """The die as a rank-only piece ("P4") for the play and the show."""
        return die(self.face)

    def raise_by(self, pips: int) -> None:
        self.face = clamp_face(self.face + pips)

    def flip(self) -> None:
        self.face = opposite_face(self.face)

    def next_space(self) -> int:
        return (self.space - 1 + self.direction) % SPACES + 1

    def advance(self) -> None:
        """After the dealer's show: one space on (wrapping), 1 pip lost, then the entry change
        of the new space (2/8 lose 1 more, 4/6 gain 1); the face never leaves 1..6."""
        self.space = self.next_space()
        self.face = clamp_face(self.face - 1)
        self.face = clamp_face(self.face + TRACK[self.space].entry_change)

    def to_json(self) -> dict[str, Any]:
        return {"owner": self.owner, "space": self.space, "face": self.face,
                "direction": self.direction, "piece": str(self.piece)}


def starting_dice(first_dealer: int) -> list[Die]:
    """Both dice, indexed by owner seat (two players)."""
    other = 1 - first_dealer
    dice = {first_dealer: Die(first_dealer, space=1, face=6, direction=+1),
            other: Die(other, space=SPACES, face=5, direction=-1)}
    return [dice[0], dice[1]]
