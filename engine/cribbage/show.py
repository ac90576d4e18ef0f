"""The show's records, one per count in the rules core's order (CribbageSim._show_order: every
hand from the dealer's left round to the dealer, then the crib; PIP Cribbage's Priority:
dealer's hand, crib, then the non-dealer's hand).

A `ShowCount` is what views publish for one counted hand or crib. With muggins on it is first
recorded with only the claim, and its breakdown is filled in once nobody may press muggins on
it any more, so an under-count is not given away while opponents may still catch it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import Card, card_strs
from engine.cribbage.breakdown import Breakdown


@dataclass
class ShowCount:
    """One count of the show: `kind` is "hand" or "crib"; `seat` is whose hand, or the crib's
    owner (the one who scores it)."""

    kind: str
    seat: int
    pieces: list[Card]
    starter: Card | None
    breakdown: Breakdown | None = None
    claimed: int | None = None
    #: Points finally scored for this count by its owner (the claim, or the exact total).
    scored: int = 0
    #: With muggins: who took the missed points, how many, and whether they were kept.
    muggins: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "cards": card_strs(self.pieces),
            "starter": str(self.starter) if self.starter else None,
            "breakdown": self.breakdown.to_json() if self.breakdown else None,
            "words": self.breakdown.words() if self.breakdown else None,
            "claimed": self.claimed,
            "scored": self.scored,
            "muggins": self.muggins,
        }
