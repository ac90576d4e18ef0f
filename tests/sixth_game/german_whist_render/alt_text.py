"""German Whist in words: trumps, the face-up card of the stock, the trick, whose turn, and
each seat's total, tricks that count and the face-up cards it took."""

from __future__ import annotations

from render.alt_text import (
    SPOKEN,
    SUIT_WORDS,
    View,
    card,
    cards,
    hand_picture_words,
    name,
    outcome_words,
    turn_words,
)
from render.kit.safe import integer
from render.kit.tricks import trick_to_show
from tests.sixth_game.german_whist_render.pictures import hand_picture, seat_facts


def scores(view: View) -> list[tuple[str, object]]:
    return [(name(view, seat), seat_facts(view, seat)[0]) for seat in range(2)]


def describe(view: View) -> str:
    parts = [f"German Whist, deal {integer(view.get('deal'), 1)} of "
             f"{integer(view.get('deals'), 1)}; trumps: "
             f"{SUIT_WORDS.get(str(view.get('trump')), 'none')}."]
    top = view.get("stock_top")
    if isinstance(top, str):
        parts.append(f"Up for grabs: {card(top)}, {integer(view.get('stock_count'))} cards in "
                     "the stock.")
    else:
        parts.append("The stock is gone: these tricks count.")
    trick, _, heading = trick_to_show(view)
    if trick:
        played = ", ".join(f"{name(view, c.get('seat'))} {card(c.get('card'))}" for c in trick)
        parts.append(f"{heading}: {played}.")
    parts.append(outcome_words(view) or turn_words(view))
    rows = []
    for seat in range(2):
        total, tricks, held, known = seat_facts(view, seat)
        row = f"{name(view, seat)} total {total}, {tricks} tricks that count, {held} in hand"
        rows.append(row + (f", took face up {cards(known)}" if known else ""))
    parts.append("; ".join(rows) + ".")
    return " ".join(p for p in parts if p)


def describe_hand(view: View) -> str:
    """The seat's cards, trumps and the card up for grabs, as the hand picture shows them."""
    return hand_picture_words(hand_picture(view, SPOKEN))
