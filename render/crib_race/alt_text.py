"""Crib Race in words: Cribbage's, with each side's peg on the track (paths and boxes)."""

from __future__ import annotations

from render.alt_text import SPOKEN, View, hand_picture_words, names
from render.crib_race.pictures import hand_picture, latest_landing
from render.cribbage.alt_text import describe_family
from render.kit.safe import integer, listed, mapping


def _zone(view: View, kind: str, name: object) -> dict:
    """The board's zone of that kind ("advances", "traps") with that name, or {}."""
    zones = (mapping(z) for z in listed(mapping(view.get("board")).get(kind)))
    return next((zone for zone in zones if zone.get("name") == name), {})


def _peg_words(view: View, peg: dict) -> str:
    seats = [s for s in listed(peg.get("seats")) if isinstance(s, int)]
    position = integer(peg.get("position"))
    path = peg.get("path")
    advance, trap = _zone(view, "advances", path), _zone(view, "traps", path)
    if peg.get("boxed"):
        where = f"in the penalty box at {position}"
    elif advance and str(advance.get("rejoin")).isdigit():
        where = f"on the green advance from {position} to {advance['rejoin']}"
    elif trap:
        where = f"on the blue path back to {position}"
    else:
        where = f"hole {position}"
    return f"{names(view, seats)} {where}, {integer(peg.get('to_finish'))} to go"


def progress(view: View) -> str:
    """The deal and the finish, which the table picture's title bar shows."""
    return (f"deal {integer(view.get('deal_number'), 1)}, racing to hole "
            f"{integer(view.get('finish'), 121)}")


def describe(view: View) -> str:
    pegs = [p for p in listed(view.get("pegs")) if isinstance(p, dict)]
    extra = ("Pegs: " + "; ".join(_peg_words(view, p) for p in pegs) + ".") if pegs else ""
    # The landing the picture shows under the sides, "Last deal: " before one of the last.
    landing = latest_landing(view)
    return describe_family(view, "Crib Race", f"{extra} {landing}".strip())


def describe_hand(view: View) -> str:
    """Cribbage's hand in words, a six-player dealing team's discard going under the deck."""
    return hand_picture_words(hand_picture(view, SPOKEN))
