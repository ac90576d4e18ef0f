"""PIP Cribbage's rollout module (engine/search/rollout.py): the family's player on
points with the seat's die in its kept hand, and PIP's own choices: Crux (Priority when a side
is near the target, else Renew) and Turn (the face that counts more in the dealer's hand and
crib)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.cribbage import family_rollout
from engine.cribbage.pieces import DIE_BASE, MUGGINS, show_score
from engine.cribbage.scoring import FlushRule
from engine.pip_cribbage.sim import CRUX_PRIORITY, CRUX_RENEW, FLIP, KEEP_DIE, PipCribbageSim
from engine.search.rollout import first_to_act

#: One deal (family_rollout.stage).
STEPS = 3
WIN_VALUE = 60.0
mover = first_to_act
#: Crux: counting first matters once a side needs this many points or fewer.
PRIORITY_NEED = 30
lead = family_rollout.score_lead


def policy(sim: PipCribbageSim, seat: int, rng: random.Random) -> int:
    return family_rollout.policy(sim, seat, rng, own_choice=own_choice,
                              extra=(DIE_BASE + sim.die_face[seat],))


def own_choice(sim: PipCribbageSim, seat: int, legal: Sequence[int]) -> int | None:
    if CRUX_RENEW in legal:
        need = min(sim.target - score for score in sim.side_scores)
        return CRUX_PRIORITY if need <= PRIORITY_NEED else CRUX_RENEW
    if FLIP in legal:
        if MUGGINS in legal and family_rollout.undercounted(sim):
            return MUGGINS
        face = sim.die_face[seat]
        return FLIP if _turn_worth(sim, seat, 7 - face) > _turn_worth(sim, seat, face) \
            else KEEP_DIE
    return None


def _turn_worth(sim: PipCribbageSim, seat: int, face: int) -> int:
    """The dealer's hand and crib with its die showing `face`."""
    die = DIE_BASE + face
    other = DIE_BASE + sim.die_face[1 - seat]
    hand = show_score([*sim.kept[seat], die], sim.starter, FlushRule.WITH_STARTER)
    return hand + show_score([*sim.crib, die, other], sim.starter, FlushRule.NONE)


def progress(sim: PipCribbageSim) -> int:
    """The family's stage, with a Crux choice made counting as a deal begun."""
    stage = family_rollout.stage(sim)
    return 1 if stage == 4 and sim.crux_choice is not None else stage
