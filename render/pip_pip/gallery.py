"""Pip Pip's moments in the gallery (render/gallery.py)."""

from __future__ import annotations

from render.registry import Moment

MOMENTS = (
    Moment("first-trick-3p", 3, {}, 1, lambda v: True),
    Moment("mid-trick-8p", 8, {}, 2, lambda v: len(v["trick"]) >= 5),
    # The narrowest trick: eight cards, each under its seat's number and what fits of a name.
    Moment("full-trick-8p", 8, {}, 5, lambda v: not v["trick"] and bool(v["last_trick"])),
    Moment("calls-5p", 5, {}, 3, lambda v: any(v["declared"]) and v["trick"]),
    Moment("game-over-3p", 3, {"rounds": 1}, 4, lambda v: False),
    # Between tricks: the last trick with its winner, and a face-up call in the scores.
    Moment("between-tricks-4p", 4, {}, 6,
           lambda v: not v["trick"] and bool(v["last_trick"]) and any(v["declared"])),
)
