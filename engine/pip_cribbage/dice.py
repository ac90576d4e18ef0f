"""PIP dice as the view shows them: where each sits on the track and the face it shows.

A die's value is its showing face; opposite faces add up to 7 (1/6, 2/5, 3/4). The first
dealer's die starts on space 1 showing 6 and moves towards 9; the other starts on space 9
showing 5 and moves towards 1; both wrap round at the ends (docs/RULES.md PC-3, PC-4). The
rules core (engine/pip_cribbage/sim.py) places and moves them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import Card, die


@dataclass
class Die:
    """A die as the view shows it (the core, engine/pip_cribbage/sim.py, keeps the dice as
    numbers and moves them)."""

    owner: int
    space: int
    face: int
    direction: int  # +1: 1 -> 9, -1: 9 -> 1

    @property
    def piece(self) -> Card:
        """The die as a rank-only piece ("P4") for the play and the show."""
        return die(self.face)

    def to_json(self) -> dict[str, Any]:
        return {"owner": self.owner, "space": self.space, "face": self.face,
                "direction": self.direction, "piece": str(self.piece)}
