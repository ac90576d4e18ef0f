"""PIP Rush's moments in the gallery (render/gallery.py)."""

from __future__ import annotations

from render.registry import Moment

MOMENTS = (
    Moment("start-2p", 2, {}, 1, lambda v: True),
    Moment("resolving-4p", 4, {}, 2,
           lambda v: v["phase"] == "resolve" and v["tricks_played"] >= 4),
    # Part way through resolving: cards done, the one resolving and those still to come.
    Moment("resolving-late-4p", 4, {}, 5,
           lambda v: v["phase"] == "resolve" and len(v["resolution"]["results"]) >= 2),
    Moment("obstacles-4p", 4, {"track": "obstacles"}, 3,
           lambda v: v["tricks_played"] >= 9 and v["trick"]),
    Moment("game-over-2p", 2, {}, 4, lambda v: False),
)
