"""The nine-space PIP Track: what each space does (docs/RULES.md PC-10..PC-15).

Two kinds of space. Spaces 2, 4, 6 and 8 act once, when a die enters them while advancing
(`entry_change`); they do nothing during a deal. Spaces 1, 3, 5, 7 and 9 act during the deal
of the die's owner while the die sits there (`acts_during_deal`): only the dealer's die
counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SPACES = 9
CRIB_BONUS_SPACE, DOUBLE_PIP_SPACE, CRUX_SPACE, TURN_SPACE, BORROWED_PIP_SPACE = 1, 3, 5, 7, 9


@dataclass(frozen=True)
class Space:
    number: int
    key: str
    name: str
    text: str
    #: Pips a die gains (+) or loses (-) on entering this space, on top of the 1 every move costs.
    entry_change: int = 0

    @property
    def acts_during_deal(self) -> bool:
        return self.entry_change == 0

    def to_json(self) -> dict[str, Any]:
        return {"space": self.number, "key": self.key, "name": self.name, "text": self.text,
                "active": self.acts_during_deal}


_DECAY_TEXT = "On entry the die lost 1 more pip (minimum 1); nothing happens during the deal."
_RISE_TEXT = "On entry the die gained 1 pip (maximum 6); nothing happens during the deal."

TRACK: dict[int, Space] = {space.number: space for space in (
    Space(CRIB_BONUS_SPACE, "crib_bonus", "Crib Bonus",
          "The dealer scores 1 point more once the crib is counted."),
    Space(2, "extra_decay", "Extra Decay", _DECAY_TEXT, entry_change=-1),
    Space(DOUBLE_PIP_SPACE, "double_pip", "Double PIP",
          "The dealer plays their die twice in the play, as two separate PIP plays; it is "
          "still one die in the show."),
    Space(4, "rise", "Rise", _RISE_TEXT, entry_change=+1),
    Space(CRUX_SPACE, "crux", "Crux",
          "Before the discards the dealer chooses Renew (the die gains 2 pips, maximum 6) "
          "or Priority (the show counts the dealer's hand, then the crib, then the "
          "non-dealer's hand)."),
    Space(6, "rise", "Rise", _RISE_TEXT, entry_change=+1),
    Space(TURN_SPACE, "turn", "Turn",
          "Just before the dealer's hand is counted, the dealer may flip their die to the "
          "opposite face; the new face counts in the hand and the crib and stays."),
    Space(8, "extra_decay", "Extra Decay", _DECAY_TEXT, entry_change=-1),
    Space(BORROWED_PIP_SPACE, "borrowed_pip", "Borrowed PIP",
          "The dealer's hand also counts the other player's die as a sixth piece (not in "
          "the crib, never for a flush or nobs)."),
)}
