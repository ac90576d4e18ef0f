"""Pip Pip's card facts: the two-deck pack, rank order (3 low .. A, 2 high), card points and
who wins a trick. Pure functions shared by the game and its computer players."""

from __future__ import annotations

from collections.abc import Sequence

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


def points(card: Card) -> int:
    return CARD_POINTS.get(card.rank, 0)


def beats(challenger: Card, best: Card, trump: str) -> bool:
    """Does `challenger`, played after `best` (the card winning so far), take the lead?

    A trump beats any non-trump; otherwise only a card of best's suit can beat it, and of two
    identical cards the later played wins (hence >=). An off-suit discard never wins."""
    if challenger.suit == trump and best.suit != trump:
        return True
    return challenger.suit == best.suit and strength(challenger) >= strength(best)


def winning_index(cards: Sequence[Card], trump: str) -> int:
    """Index in play order of the card that wins a trick (cards[0] was led)."""
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[best], trump):
            best = index
    return best


def suit_name(suit: str) -> str:
    return SUIT_NAMES[suit]


def parse_suit(value: object) -> str | None:
    """"H", "h" or "hearts" -> "H"; None for anything else."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    for suit in SUITS:
        if text in (suit.lower(), SUIT_NAMES[suit]):
            return suit
    return None
