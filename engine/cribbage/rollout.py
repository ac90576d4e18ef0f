"""Cribbage's rollout module (engine/search/rollout.py): the family's player on points,
to the end of the deal. Two players are valued by their chance to win from the next deal's
start, so the search knows a point near the end is worth more than one at the start; more
players by the score lead.

DEALER_WINS[a - 1][b - 1] is the dealer's chance to win from a deal's start, in
ten-thousandths, when the dealer needs a points and the pone b: read once from
data/win_chances.json, made by tools/make_win_table.py (whose docstring gives the method)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cribbage import family_rollout
from engine.cribbage.inference import KeptHands
from engine.cribbage.pieces import PLAYING
from engine.cribbage.play_search import PlaySearch
from engine.cribbage.sim import CribbageSim
from engine.data_files import read_package_json
from engine.search.rollout import first_to_act

#: One deal (family_rollout.stage).
STEPS = 3
WIN_VALUE = 60.0
mover = first_to_act
progress = family_rollout.stage
policy = family_rollout.policy
inference = KeptHands

_DATA, _ = read_package_json(__package__, "data", "win_chances", ValueError, "table")
DEALER_WINS: tuple[tuple[int, ...], ...] = tuple(tuple(row) for row in _DATA["dealer_wins"])
del _DATA


def lead(sim: CribbageSim, seat: int) -> float:
    """With two players, WIN_VALUE times our chance to win less the rival's; else the score
    lead."""
    if sim.players != 2:
        return family_rollout.score_lead(sim, seat)
    return _chance_lead(sim.side_scores, sim.dealer, sim.target, seat)


def _chance_lead(scores: Sequence[int], dealer: int, target: int, seat: int) -> float:
    """The two-player lead from two seats' scores (a seat is a side), `dealer` about to deal."""
    dealer_needs = max(1, target - scores[dealer])
    pone_needs = max(1, target - scores[1 - dealer])
    chance = DEALER_WINS[dealer_needs - 1][pone_needs - 1] / 10_000
    return WIN_VALUE * (2.0 * (chance if seat == dealer else 1.0 - chance) - 1.0)


def exact(sim: CribbageSim, seat: int) -> float | None:
    """With two players in the play, the lead the rest of the deal leaves when both seats
    play it best on this deal's cards (engine/cribbage/play_search.py), the show counted in
    full (a game won in the play: the win's value); else None (the rollout is used)."""
    if sim.players != 2 or (sim.phase != PLAYING and sim.winners() is None):
        return None
    dealer, target = sim.dealer, sim.target
    counts = sim.show_counts()

    def after_the_play(scores: tuple[int, int]) -> float:
        final = list(scores)
        for owner, points in counts:
            final[owner] += points
            if final[owner] >= target:
                return WIN_VALUE if owner == seat else -WIN_VALUE
        return _chance_lead(final, 1 - dealer, target, seat)

    return PlaySearch(seat, target, WIN_VALUE, after_the_play).value_of(sim)
