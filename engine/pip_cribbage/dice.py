"""PIP dice as the view shows them (docs/RULES.md PC-3, PC-4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import Card, die


@dataclass
class Die:
    """A die as the view shows it (the core, engine/pip_cribbage/sim.py, keeps the dice as
    numbers, places and moves them)."""

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
