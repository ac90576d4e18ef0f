"""PIP Cribbage's achievements and moments: the Cribbage family's (engine/cribbage/
achievements.py), with Twenty-nine earned by 29 or more, since a hand with a borrowed die
(PC-14) holds six pieces and can count past 29."""

from __future__ import annotations

from engine.achievements import win_margin
from engine.cribbage.achievements import FAMILY_MOMENTS, family_achievements

ACHIEVEMENTS = family_achievements("pip-cribbage", past_29=True)
MOMENTS = (*FAMILY_MOMENTS, win_margin("points", "the winner's score less the loser's"))
