"""Cribbage's rollout module (engine/ai/rollout/__init__.py): the family's player on points,
to the end of the deal. Two players are valued by their chance to win from the next deal's
start (engine/ai/_win_chances.py), so the search knows a point near the end is worth more
than one at the start; more players by the score lead."""

from __future__ import annotations

import random

from engine.ai._win_chances import DEALER_WINS
from engine.ai.rollout import crib_family, first_to_act
from engine.cribbage.sim import CribbageSim

#: One deal (crib_family.stage).
STEPS = 3
WIN_VALUE = 60.0
mover = first_to_act
progress = crib_family.stage


def lead(sim: CribbageSim, seat: int) -> float:
    """With two players, WIN_VALUE times our chance to win less the rival's; else the score
    lead."""
    if sim.players != 2:
        return crib_family.score_lead(sim, seat)
    return WIN_VALUE * (2.0 * win_chance(sim, seat) - 1.0)


def win_chance(sim: CribbageSim, seat: int) -> float:
    """The chance that `seat` wins a two-player game, the next deal about to begin."""
    side_of, scores, target = sim.side_of, sim.side_scores, sim.target
    dealer = side_of[sim.dealer]
    dealer_needs = max(1, target - scores[dealer])
    pone_needs = max(1, target - scores[1 - dealer])
    chance = DEALER_WINS[dealer_needs - 1][pone_needs - 1] / 10_000
    return chance if side_of[seat] == dealer else 1.0 - chance


def policy(sim: CribbageSim, seat: int, rng: random.Random) -> int:
    return crib_family.policy(sim, seat, rng)
