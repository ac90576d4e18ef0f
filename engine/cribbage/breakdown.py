"""A count's items and its words: `Breakdown` (each fifteen, pair, run... with the pieces that
made it) as players say it, "fifteen two (7H 8S), ..., a pair is six (7H 7D)", and
`number_words`. engine/cribbage/scoring.py makes them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from engine.cards import Card, card_strs


class ScoreItem(NamedTuple):  # a tuple: every show makes dozens, a frozen class costs more
    kind: str  # "fifteen", "pair", "run", "flush", "nobs", "thirty-one", "go", "last card", "heels"
    points: int
    cards: tuple[Card, ...]  # the pieces that made it

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "points": self.points, "cards": card_strs(self.cards)}


#: A count worth nothing: the players' joke name for it.
NO_POINTS_WORDS = "nineteen"


@dataclass(frozen=True)
class Breakdown:
    items: tuple[ScoreItem, ...]

    #: The points of every item: worked out once, as every count is read many times.
    total: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(item.points for item in self.items))

    def words(self) -> str:
        """The count as players say it, each item with the running total:
        "fifteen two (7H 8S), fifteen four (7H 8D), a pair is six (7H 7D)"; "nineteen" for 0.
        Spelled once: the show's event, its record and every view repeat it."""
        words = self.__dict__.get("_words")
        if words is None:
            phrases = []
            running = 0
            for item in self.items:
                running += item.points
                phrases.append(item_phrase(item.kind, item.points, card_strs(item.cards), running))
            words = ", ".join(phrases) or NO_POINTS_WORDS
            object.__setattr__(self, "_words", words)  # a cache, not a field: frozen is kept
        return words

    def to_json(self) -> dict[str, Any]:
        # The items are made once: a count is published by its show or claim event, its score
        # event and the views, and nothing changes them.
        items = self.__dict__.get("_items_json")
        if items is None:
            items = [item.to_json() for item in self.items]
            object.__setattr__(self, "_items_json", items)
        return {"total": self.total, "items": items}


def item_phrase(kind: str, points: int, cards: Sequence[str], running: int) -> str:
    """One item of a count in words, with the running total and the texts of the pieces that
    made it: "fifteen four (7H 8D)"."""
    total = number_words(running)
    if kind == "fifteen":
        said = f"fifteen {total}"
    elif kind == "thirty-one":
        said = f"thirty-one for {total}"
    elif kind == "pair":
        # A hand lists each pair on its own; the play scores a whole pair royal at once.
        name = {6: "pair royal", 12: "double pair royal"}.get(points, "a pair")
        said = f"{name} is {total}"
    elif kind in ("run", "flush"):
        said = f"a {kind} of {number_words(len(cards))} is {total}"
    elif kind in ("nobs", "heels"):
        said = f"his {kind} is {total}"
    elif kind == "go":
        said = f"one for the go is {total}"
    else:
        said = f"{kind} is {total}"
    return f"{said} ({' '.join(cards)})" if cards else said


_UNITS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


@cache  # counts repeat: every show spells its running totals
def number_words(n: int) -> str:
    """0..999 in words: 29 -> "twenty-nine"."""
    if n < 20:
        return _UNITS[n]
    if n < 100:
        tens, units = divmod(n, 10)
        return _TENS[tens] + (f"-{_UNITS[units]}" if units else "")
    hundreds, rest = divmod(n, 100)
    return f"{_UNITS[hundreds]} hundred" + (f" and {number_words(rest)}" if rest else "")
