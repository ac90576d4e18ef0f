"""Crib Race in words: Cribbage's, with each side's peg on the track (paths and boxes)."""

from __future__ import annotations

from render.alt_text import View, names
from render.cribbage.alt_text import describe_family
from render.kit.safe import integer, listed


def _peg_words(view: View, peg: dict) -> str:
    seats = [s for s in listed(peg.get("seats")) if isinstance(s, int)]
    where = f"hole {integer(peg.get('position'))}"
    path = peg.get("path")
    if peg.get("boxed"):
        where = f"in the {path} penalty box" if path else "in a penalty box"
    elif isinstance(path, str) and path != "main":
        where += f" on the {path} path"
    return f"{names(view, seats)} {where}, {integer(peg.get('to_finish'))} to go"


def describe(view: View) -> str:
    pegs = [p for p in listed(view.get("pegs")) if isinstance(p, dict)]
    extra = ("Pegs: " + "; ".join(_peg_words(view, p) for p in pegs) + ".") if pegs else ""
    return describe_family(view, "Crib Race", extra)
