"""PIP Cribbage's moments in the gallery (render/gallery.py)."""

from __future__ import annotations

from render.registry import Moment

MOMENTS = (
    Moment("first-deal-2p", 2, {}, 1, lambda v: True),
    Moment("mid-play-2p", 2, {}, 2, lambda v: v["phase"] == "play" and len(v["pile"]) >= 3),
    Moment("the-show-2p", 2, {"muggins": True}, 3,
           lambda v: v["phase"] == "show" and len(v["show"]) >= 2),
    Moment("later-deal-2p", 2, {}, 4, lambda v: v["deal_number"] >= 5),
    Moment("game-over-2p", 2, {"target": 61}, 5, lambda v: False),
)
