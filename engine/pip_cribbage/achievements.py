"""PIP Cribbage's achievements and moments: the Cribbage family's (engine/cribbage/
achievements.py), with Twenty-nine earned by 29 or more and Big hand by any count from 24 to
28, since a hand with a borrowed die (PC-14) holds six pieces and can count past 29, or 25 to
27 (three aces and a two with dice on 2 and 3 make 26)."""

from __future__ import annotations

from engine.achievements import win_margin
from engine.cribbage.achievements import FAMILY_MOMENTS, family_achievements

ACHIEVEMENTS = family_achievements("pip-cribbage", past_29=True)
MOMENTS = (*FAMILY_MOMENTS, win_margin("points", "the winner's score less the loser's"))
