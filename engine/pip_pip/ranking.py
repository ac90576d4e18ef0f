"""Pip Pip's card facts: the two-deck pack, rank order (3 low .. A, 2 high) and card points.
Who wins a trick is the rules core's (sim.py `beats`), on its card codes."""

from __future__ import annotations

from engine.cards import SUIT_NAMES, SUITS, Card, standard_deck

DECKS = 2
HAND_SIZE = 7
KING, QUEEN = 13, 12

#: Points for a captured card, by rank (2 = 11, A = 10, K = 5, Q = 4, J = 3; others 0).
CARD_POINTS = {2: 11, 1: 10, 13: 5, 12: 4, 11: 3}


def pack() -> list[Card]:
    """Two standard decks in a fixed order (104 cards, every card twice)."""
    return standard_deck() * DECKS


def strength(card: Card) -> int:
    """0 for a 3 up to 12 for a 2: Pip Pip ranks 3 4 5 6 7 8 9 T J Q K A 2."""
    return (card.rank - 3) % 13


def parse_suit(value: object) -> str | None:
    """"H", "h" or "hearts" -> "H"; None for anything else."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    for suit in SUITS:
        if text in (suit.lower(), SUIT_NAMES[suit]):
            return suit
    return None
