"""Who plays when, how cards rank, and the order a trick's cards resolve in (sim.trick_winner
says who wins it)."""

from __future__ import annotations

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


def resolution_order(winner: int) -> list[int]:
    """Card indices from the one after the winner round to the winner, which resolves last."""
    return [(winner + 1 + step) % CARDS_PER_TRICK for step in range(CARDS_PER_TRICK)]
