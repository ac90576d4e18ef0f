"""Cribbage in words; PIP Cribbage and Crib Race add their own facts to these."""

from __future__ import annotations

from render.alt_text import (
    SPOKEN,
    View,
    card,
    cards,
    hand_picture_words,
    name,
    names,
    side_scores,
    turn_words,
)
from render.cribbage.pictures import finish_words, hand_picture
from render.cribbage.play import TURN_CHOICE, count_waiting, muggins_chooser, turn_pending
from render.cribbage.sides import target_score
from render.kit.safe import integer, listed

# The family's phases: PIP Cribbage's dealer on Crux chooses before anyone discards.
PHASES = {"discard": "discarding to the crib", "crux": "choosing Renew or Priority on Crux",
          "play": "the play", "show": "the show", "over": "game over"}
DEALING_TURNS = {"discard": "to discard", "crux": "to choose Renew or Priority"}


def sides(view: View) -> list[list[int]]:
    given = [[s for s in listed(side) if isinstance(s, int)] for side in listed(view.get("sides"))]
    if given:
        return given
    return [[seat] for seat in range(len(listed(view.get("scores"))))]


def scores(view: View) -> list[tuple[str, object]]:
    """Each side's score as the board shows it (a win ends in the game hole)."""
    target = integer(view.get("target"), 121)
    points = listed(view.get("scores"))
    return [(names(view, side), min(target, integer(points[i])) if i < len(points) else 0)
            for i, side in enumerate(sides(view))]


def _who_played(view: View, notation: str, seen: dict[tuple[int, str], int]) -> int | None:
    """The seat whose pegging cards hold `notation` (counting repeats: two dice may match)."""
    for seat, played in enumerate(listed(view.get("played"))):
        held = [c for c in listed(played) if c == notation]
        if len(held) > seen.get((seat, notation), 0):
            seen[(seat, notation)] = seen.get((seat, notation), 0) + 1
            return seat
    return None


def play_words(view: View) -> str:
    pile = [c for c in listed(view.get("pile")) if isinstance(c, str)]
    if not pile:
        return f"Count {integer(view.get('count'))}, no card on the pile."
    seen: dict[tuple[int, str], int] = {}
    shown = []
    for notation in pile:
        seat = _who_played(view, notation, seen)
        shown.append(card(notation) + (f" ({name(view, seat)})" if seat is not None else ""))
    last = view.get("last_player")
    words = f"Count {integer(view.get('count'))}. Pile: {', '.join(shown)}."
    if isinstance(last, int):
        words += f" Last play: {name(view, last)}, {card(pile[-1])}."
    return words


def show_words(view: View) -> str:
    parts = []
    done = [r for r in listed(view.get("show")) if isinstance(r, dict)]
    if done:
        last = done[-1]
        parts.append(f"Last count: {name(view, last.get('seat'))}'s {last.get('kind', 'hand')} "
                     f"({cards(listed(last.get('cards')))}) scored "
                     f"{integer(last.get('scored'))}.")
    upcoming = view.get("next_count")
    if isinstance(upcoming, dict):
        # Its cards are not drawn until claimed (the crib lies face down on the table), and
        # the words say what the picture shows: its counter's hand picture names them.
        parts.append(f"Now counting {name(view, upcoming.get('seat'))}'s "
                     f"{upcoming.get('kind', 'hand')}.")
    return " ".join(parts)


def progress(view: View) -> str:
    """The deal and the target, which the table picture's title bar shows."""
    return f"deal {integer(view.get('deal_number'), 1)}, playing to {target_score(view)}"


def describe_family(view: View, title: str, extra: str = "") -> str:
    phase = str(view.get("phase", ""))
    parts = [f"{title}, deal {integer(view.get('deal_number'), 1)}, "
             f"{PHASES.get(phase, phase or 'starting')}."]
    parts.append(f"Scores (to {integer(view.get('target'), 121)}): "
                 + side_scores(scores(view), ", ") + ".")
    if isinstance(view.get("dealer"), int):
        parts.append(f"Dealer: {name(view, view['dealer'])} (the crib is theirs).")
    if view.get("starter"):
        parts.append(f"Starter: {card(view['starter'])}.")
    if extra:
        parts.append(extra)
    headline, detail = finish_words(view)
    outcome = f"Game over: {headline}." + (f" {detail}." if detail else "") if headline else ""
    if outcome:
        parts.append(outcome)
    elif phase == "play":
        parts.append(play_words(view))
        parts.append(turn_words(view))
    elif phase == "show":
        parts.append(show_words(view))
        doing = (TURN_CHOICE if turn_pending(view)
                 else "to keep or give back the muggins points"
                 if muggins_chooser(view) is not None
                 else "to claim" if count_waiting(view) is not None
                 else "to press Muggins or not" if view.get("muggins") else "to act")
        parts.append(turn_words(view, doing))
    else:
        parts.append(turn_words(view, DEALING_TURNS.get(phase, "to act")))
    return " ".join(p for p in parts if p)


def describe(view: View) -> str:
    return describe_family(view, "Cribbage")


def describe_hand(view: View) -> str:
    return hand_picture_words(hand_picture(view, writing=SPOKEN))
