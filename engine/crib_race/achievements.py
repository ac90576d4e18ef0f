"""Crib Race's achievements and moments: the Cribbage family's (engine/cribbage/
achievements.py), with leads counted in holes along the track: the pegs' standings of CR-11,
which are the sides' scores."""

from __future__ import annotations

from engine.achievements import win_margin
from engine.cribbage.achievements import FAMILY_MOMENTS, family_achievements

ACHIEVEMENTS = family_achievements("crib-race", unit="holes")
MOMENTS = (*FAMILY_MOMENTS,
           win_margin("holes", "holes between the finish and the nearest losing peg"))
