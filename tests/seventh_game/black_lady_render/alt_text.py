"""Black Lady in words: the deal's passing, the trick, whose turn, and each seat's total and what
it took this deal."""

from __future__ import annotations

from render.alt_text import (
    SPOKEN,
    View,
    card,
    hand_picture_words,
    name,
    outcome_words,
    turn_words,
)
from render.kit.safe import integer
from render.kit.tricks import trick_to_show

from .pictures import hand_picture, passing_words, seat_facts


def scores(view: View) -> list[tuple[str, object]]:
    players = integer(view.get("players"), 4)
    return [(name(view, seat), seat_facts(view, seat)[0]) for seat in range(players)]


def describe(view: View) -> str:
    parts = [f"Black Lady, deal {integer(view.get('deal'), 1)}, game to "
             f"{integer(view.get('points'))}: {passing_words(view)}; hearts "
             f"{'broken' if view.get('broken') else 'not broken'}."]
    trick, _, heading = trick_to_show(view)
    if trick:
        played = ", ".join(f"{name(view, c.get('seat'))} {card(c.get('card'))}" for c in trick)
        parts.append(f"{heading}: {played}.")
    verb = "to pass" if view.get("passing") else "to play"
    parts.append(outcome_words(view) or turn_words(view, verb))
    rows = []
    for seat in range(integer(view.get("players"), 4)):
        total, taken, won, held = seat_facts(view, seat)
        rows.append(f"{name(view, seat)} total {total}, {taken} points and {won} tricks "
                    f"this deal, {held} in hand")
    parts.append("; ".join(rows) + ".")
    return " ".join(p for p in parts if p)


def describe_hand(view: View) -> str:
    return hand_picture_words(hand_picture(view, SPOKEN))
