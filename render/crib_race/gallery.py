"""Crib Race's moments in the gallery (render/gallery.py)."""

from __future__ import annotations

from render.registry import Moment

MOMENTS = (
    Moment("first-deal-2p", 2, {}, 1, lambda v: True),
    Moment("mid-play-4p", 4, {"teams": False}, 2,
           lambda v: v["phase"] == "play" and max(v["scores"]) >= 40),
    Moment("zones-6p", 6, {}, 3, lambda v: bool(v["zone_events"]) and v["phase"] == "play"),
    Moment("the-show-3p", 3, {"muggins": True}, 4,
           lambda v: v["phase"] == "show" and len(v["show"]) >= 2),
    Moment("game-over-8p", 8, {}, 5, lambda v: False),
    # A new deal's play before any landing: the table shows the last deal's, saying so.
    Moment("last-deal-landing-2p", 2, {}, 3, lambda v: v["phase"] == "play"
           and not v["zone_events"] and bool(v["last_zone_events"])),
    Moment("after-show-8p", 8, {}, 11,
           lambda v: v["phase"] == "discard" and len(v["last_show"]) >= 5),
)
