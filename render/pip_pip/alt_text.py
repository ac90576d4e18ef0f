"""Pip Pip in words: trump, the scores with this round's card and call points, face-up calls,
the trick with the card winning so far, and whose turn it is."""

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
)
from render.kit import seats
from render.kit.safe import integer, listed
from render.kit.text import plural
from render.pip_pip import pictures as drawing


def scores(view: View) -> list[tuple[str, object]]:
    totals = listed(view.get("scores"))
    return [(name(view, seat), integer(totals[seat]) if seat < len(totals) else 0)
            for seat in range(seats.player_count(view))]


def progress(view: View) -> str:
    """The round and the trick, which the table picture's title bar shows."""
    return (f"round {integer(view.get('round'), 1)} of "
            f"{integer(view.get('rounds'), seats.player_count(view))}, "
            f"trick {drawing.trick_of_round(view).replace('/', ' of ')}")


def describe(view: View) -> str:
    players = seats.player_count(view)
    parts = [f"Pip Pip, {progress(view)}."]
    trump = SUIT_WORDS.get(str(view.get("trump")), "none")
    words = f"Trump: {trump}"
    if view.get("next_trump") in SUIT_WORDS and view.get("next_trump") != view.get("trump"):
        words += f", next trump {SUIT_WORDS[view['next_trump']]}"
    pile = "no drawing" if view.get("drawing_stopped") else \
        f"{integer(view.get('pile_count'))} cards in the pile"
    parts.append(f"{words}; {pile}.")
    trick, winner, heading, finished = drawing.trick_to_show(view)
    if trick:
        played = ", ".join(f"{name(view, c.get('seat'))} {card(c.get('card'))}" for c in trick)
        parts.append(f"{heading}: {played}.")
        if winner is not None and not finished:
            best = trick[winner]
            parts.append(f"Winning so far: {name(view, best.get('seat'))} with "
                         f"{card(best.get('card'))}.")
    outcome = outcome_words(view)
    if outcome:
        parts.append(outcome)
    elif isinstance(view.get("turn"), int):
        led = SUIT_WORDS.get(str(view.get("led_suit")))
        follow = f", following {led}" if led else ", to lead"
        parts.append(f"{name(view, view['turn'])} to play{follow}.")
    rows = []
    declared = listed(view.get("declared"))
    sizes = {drawing.seat_facts(view, seat)[3] for seat in range(players)}
    for seat in range(players):
        score, got, calls, held = drawing.seat_facts(view, seat)
        row = f"{seat + 1}. {name(view, seat)}: {score}"
        gained = [f"cards +{got}"] if got else []
        gained += [f"calls +{calls}"] if calls else []
        if len(sizes) > 1:
            gained.append(f"{held} in hand")
        own = [c for c in listed(declared[seat] if seat < len(declared) else None)
               if isinstance(c, str)]
        if own:
            gained.append(f"face up {cards(own)}")
        rows.append(row + (f" ({', '.join(gained)})" if gained else ""))
    over = view.get("outcome") is not None
    in_hand = f" Each holds {plural(sizes.pop(), 'card')}." if len(sizes) == 1 and not over else ""
    parts.append("Seats and scores (this round's card and call points in brackets): "
                 + "; ".join(rows) + "." + in_hand)
    return " ".join(p for p in parts if p)


def describe_hand(view: View) -> str:
    """The seat's cards (those that follow suit playable), trump and its face-up calls."""
    return hand_picture_words(drawing.hand_picture(view, SPOKEN))
