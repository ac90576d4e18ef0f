"""Cribbage's moments in the gallery (render/gallery.py)."""

from __future__ import annotations

from render.registry import Moment

MOMENTS = (
    Moment("first-deal-2p", 2, {}, 1, lambda v: True),
    Moment("mid-play-2p", 2, {}, 2, lambda v: v["phase"] == "play" and len(v["pile"]) >= 3),
    Moment("mid-play-3p", 3, {}, 3, lambda v: v["phase"] == "play" and len(v["pile"]) >= 2),
    Moment("mid-play-4p", 4, {}, 4, lambda v: v["phase"] == "play" and len(v["pile"]) >= 4),
    Moment("the-show-2p", 2, {"muggins": True}, 5,
           lambda v: v["phase"] == "show" and len(v["show"]) >= 2),
    Moment("crib-counted-2p", 2, {"muggins": True}, 1,
           lambda v: v["phase"] == "show" and any(r["kind"] == "crib" for r in v["show"])),
    Moment("after-show-3p", 3, {}, 6, lambda v: v["deal_number"] >= 3),
    Moment("game-over-2p", 2, {}, 7, lambda v: False),
    Moment("game-over-61-4p", 4, {"target": 61}, 8, lambda v: False),
)
