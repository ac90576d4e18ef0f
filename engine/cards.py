"""Cards and PIP dice, and the notation used everywhere: rank then suit ("5H", "TS", "JC").

A PIP die is a rank-only piece written "P1".."P6": a Card whose suit is None. Scoring treats it
as a card of that rank that never makes a flush or nobs.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from engine.errors import IllegalAction
from engine.sim import shuffle

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
DIE_PREFIX = "P"
#: The cribbage count value by rank (index 0 unused): face cards count 10.
VALUE_OF_RANK = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


class Card(NamedTuple):
    """rank: 1 (ace) .. 13 (king); suit: one of SUITS, or None for a PIP die."""

    rank: int
    suit: str | None

    @property
    def is_die(self) -> bool:
        return self.suit is None

    @property
    def value(self) -> int:
        """The value a card counts in a running total: face cards count 10."""
        return VALUE_OF_RANK[self.rank]

    def __str__(self) -> str:
        text = _TEXT.get(self)
        if text is None:  # not a real card or die: spelled out for the error that follows
            return f"{DIE_PREFIX}{self.rank}" if self.suit is None else f"{self.rank}{self.suit}"
        return text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def symbol(self) -> str:
        """Short words for players: "5♥", "10♠", "PIP 4"."""
        if self.suit is None:
            return f"PIP {self.rank}"
        rank = str(self.rank) if 1 < self.rank <= 10 else RANKS[self.rank - 1]
        return rank + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Words for players: "five of hearts", "PIP 4"."""
        if self.suit is None:
            return f"PIP {self.rank}"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


#: Every card and die by its text and back: cards are written and read on every move.
_CARDS: dict[str, Card] = {
    **{RANKS[rank - 1] + suit: Card(rank, suit) for suit in SUITS for rank in range(1, 14)},
    **{f"{DIE_PREFIX}{value}": Card(value, None) for value in range(1, 7)},
}
_TEXT: dict[Card, str] = {card: text for text, card in _CARDS.items()}


def die(value: int) -> Card:
    if not 1 <= value <= 6:
        raise IllegalAction(f"A PIP die shows 1 to 6, not {value}.")
    return Card(value, None)


def parse_card(text: str) -> Card:
    """Parse "5H", "TS", "10S", "jc" or "P4". Raises IllegalAction with a readable message."""
    if isinstance(text, str) and text in _CARDS:
        return _CARDS[text]
    if not isinstance(text, str):
        raise IllegalAction(f"{text!r} is not a card; write cards like 5H, TS or JC.")
    token = text.strip().upper()
    if token.startswith("10"):
        token = "T" + token[2:]
    if len(token) == 2 and token[0] == DIE_PREFIX and token[1] in "123456":
        return Card(int(token[1]), None)
    if len(token) != 2 or token[0] not in RANKS or token[1] not in SUITS:
        raise IllegalAction(
            f"{text!r} is not a card; write the rank (A 2-9 T J Q K) then the suit (S H D C), "
            "like 5H, TS or JC."
        )
    return Card(RANKS.index(token[0]) + 1, token[1])


def card_symbol(text: str) -> str:
    """ "5H" -> "5♥", "TS" -> "10♠", "P4" -> "PIP 4"; text that is not a card stays as it is."""
    try:
        return parse_card(text).symbol
    except IllegalAction:
        return str(text)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse "5H TS JC" (spaces or commas) or a list of card strings."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(card_strs(cards))


def card_strs(cards: Iterable[Card]) -> list[str]:
    if not isinstance(cards, (list, tuple)):
        cards = list(cards)
    try:
        return list(map(_TEXT.__getitem__, cards))  # every real card and die
    except KeyError:
        return [str(card) for card in cards]


def standard_deck(ranks: Sequence[int] = range(1, 14)) -> list[Card]:
    """One deck in a fixed order (suit by suit); `ranks` picks a short deck (PIP Rush: 1-6)."""
    if ranks == _ALL_RANKS:  # every deal of the cribbage games: the cards are made once
        return list(_STANDARD_DECK)
    return [Card(r, s) for s in SUITS for r in ranks]


_ALL_RANKS = range(1, 14)
_STANDARD_DECK = tuple(_CARDS[RANKS[r - 1] + s] for s in SUITS for r in _ALL_RANKS)


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """rng.shuffle of the cards, draw for draw (engine.sim.shuffle: the same generator state
    after it, without Random.shuffle's two calls per card)."""
    deck = list(cards)
    shuffle(deck, rng)
    return deck
