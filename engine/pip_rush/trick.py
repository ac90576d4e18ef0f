"""Who plays when, who wins a trick, and the order its cards resolve in."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card

CARDS_PER_TRICK = 4
HAND_SIZE = 4
TRICKS_PER_CYCLE = 6


def strength(card: Card) -> int:
    """Trick rank: ace high over 6..2."""
    return 7 if card.rank == 1 else card.rank


def play_order(leader: int, players: int) -> list[int]:
    """Seats in the order they play the four cards of a trick.

    Two players each play two cards: Leader, Opponent, Leader, Opponent.
    Four players play one card each, clockwise (seat + 1) from the leader."""
    if players == 2:
        return [leader, 1 - leader, leader, 1 - leader]
    return [(leader + step) % players for step in range(players)]


def trick_winner(cards: Sequence[Card]) -> int:
    """Index (in play order) of the winning card: highest rank, ties to the last one played."""
    best = max(strength(card) for card in cards)
    return max(i for i, card in enumerate(cards) if strength(card) == best)


def resolution_order(winner: int, count: int = CARDS_PER_TRICK) -> list[int]:
    """Card indices from the one after the winner round to the winner, which resolves last."""
    return [(winner + 1 + step) % count for step in range(count)]
