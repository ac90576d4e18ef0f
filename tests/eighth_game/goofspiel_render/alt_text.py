"""Goofspiel in words: the prizes up for bids, who has bid, whose bid is awaited, and each
seat's total, last bid and prizes taken."""

from __future__ import annotations

from render.alt_text import (
    SPOKEN,
    View,
    cards,
    hand_picture_words,
    name,
    outcome_words,
    turn_words,
)
from render.kit import seats
from render.kit.safe import integer
from tests.eighth_game.goofspiel_render.pictures import hand_picture, seat_facts, strings


def scores(view: View) -> list[tuple[str, object]]:
    return [(name(view, seat), seat_facts(view, seat)[0])
            for seat in range(seats.player_count(view))]


def describe(view: View) -> str:
    parts = [f"Goofspiel, round {integer(view.get('round'), 1)} of 13."]
    pot = strings(view.get("pot"))
    if pot and view.get("outcome") is None:
        parts.append(f"Up for bids: {cards(pot)}; {integer(view.get('prizes_left'))} prizes "
                     "face down.")
    parts.append(outcome_words(view) or turn_words(view, "to bid"))
    rows = []
    for seat in range(seats.player_count(view)):
        total, has_bid, last, won = seat_facts(view, seat)
        row = f"{name(view, seat)} total {total}"
        if has_bid and view.get("outcome") is None:
            row += ", has bid face down"
        if last:
            row += f", bid {cards([last])} last round"
        rows.append(row + (f", took {cards(won)}" if won else ""))
    parts.append("; ".join(rows) + ".")
    return " ".join(p for p in parts if p)


def describe_hand(view: View) -> str:
    """The seat's cards, the prizes up and its face-down bid, as the hand picture shows them."""
    return hand_picture_words(hand_picture(view, SPOKEN))
