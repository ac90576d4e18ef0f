"""Cribbage's rollout module (engine/ai/rollout/__init__.py): the family's player on points,
to the end of the deal, valued by the score lead."""

from __future__ import annotations

import random

from engine.ai.rollout import crib_family, first_to_act
from engine.cribbage.sim import CribbageSim

#: One deal (crib_family.stage).
STEPS = 3
WIN_VALUE = 60.0
mover = first_to_act
progress = crib_family.stage
lead = crib_family.score_lead


def policy(sim: CribbageSim, seat: int, rng: random.Random) -> int:
    return crib_family.policy(sim, seat, rng)
