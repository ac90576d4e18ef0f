"""Crib Race's rollout module (engine/ai/rollout/__init__.py): the family's player with points
weighed on the track, to the end of the deal, valued by the hard level's position value.

`lead` is engine/ai/expert.py's view-based race lead on the simulation: the points the closest
rival can expect to still need (engine/ai/crib_race.py's `points_to_go`) less ours, a boxed
peg charged the box's base cost and the wait for the slowest rival. The play weighs a score
by the position value it gains (`position_gain` of the hard level, per node)."""

from __future__ import annotations

import random

from engine.ai import crib_race as race_ai
from engine.ai.rollout import crib_family, first_to_act
from engine.crib_race.sim import STRIDE, CribRaceSim

#: One deal (crib_family.stage).
STEPS = 3
WIN_VALUE = 60.0
mover = first_to_act
#: What finishing is worth to the play, as the hard level counts it.
FINISH_WORTH = 1000.0
progress = crib_family.stage


def lead(sim: CribRaceSim, seat: int) -> float:
    costs = race_ai.node_costs(sim.track)
    pegs = sim.pegs
    mine = sim.side_of[seat]
    rivals = [costs[node] for side, node in enumerate(pegs) if side != mine]
    own = costs[pegs[mine]]
    if pegs[mine] >= sim.track.first_box:
        own += race_ai.BOX_BASE_COST + max(0.0, max(rivals) - own)
    return min(rivals) - own


def worth(sim: CribRaceSim, seat: int, points: int) -> float:
    """What `points` scored by `seat` gain its side in position value (a box costs the lead it
    throws away; a boxed peg gains nothing)."""
    if points <= 0:
        return 0.0
    track = sim.track
    pegs = sim.pegs
    side = sim.side_of[seat]
    node = pegs[side]
    first_box = track.first_box
    if node >= first_box:
        return 0.0
    after = track.moves[node * STRIDE + points]
    if after == track.finish:
        return FINISH_WORTH + points
    costs = race_ai.node_costs(track)
    gained = costs[node] - costs[after]
    if after >= first_box:
        slowest = max(costs[other] for rival, other in enumerate(pegs) if rival != side)
        gained -= race_ai.BOX_BASE_COST + max(0.0, slowest - costs[after])
    return gained


def policy(sim: CribRaceSim, seat: int, rng: random.Random) -> int:
    return crib_family.policy(sim, seat, rng, worth=worth)
