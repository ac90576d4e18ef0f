"""Crib Race's rollout module (engine/search/rollout.py): the family's player with points
weighed on the track, to the end of the deal, valued by the hard level's position value.

`lead` is, with two sides, WIN_VALUE times our chance to win less the rival's, the chance the
hard level's (engine/crib_race/rest_of_deal.py `win_chance`: a logistic of the position
values). With more sides it is the race lead: the points the closest rival can expect to still need
(`points_to_go`) less ours, a boxed peg charged the box's base cost and the wait for the
slowest rival. The play weighs a score by the position value it gains (`position_gain` of the
hard level, per node).

With two players the play is searched exactly (`exact`, engine/cribbage/play_search.py), the
pegs moving on the track as the simulation moves them, and the show counted after it."""

from __future__ import annotations

import random

from engine.crib_race import ai as race_ai
from engine.crib_race.board import BOARDS
from engine.crib_race.position import BOX_BASE_COST, node_costs
from engine.crib_race.rest_of_deal import win_chance
from engine.crib_race.sim import STRIDE, CribRaceSim, release_boxes
from engine.cribbage import ai as crib_ai
from engine.cribbage import family_rollout
from engine.cribbage.inference import KeptHands
from engine.cribbage.pieces import PLAYING
from engine.cribbage.play_search import PlaySearchBase
from engine.cribbage.sim import CribbageSim
from engine.search.rollout import first_to_act

#: The scores of a two-player race as the search keeps them: each seat's peg (a track node),
#: then the sides in each penalty box, first in first.
RaceScores = tuple[int, int, tuple[tuple[int, ...], ...]]

#: One deal (family_rollout.stage).
STEPS = 3
WIN_VALUE = 60.0
mover = first_to_act
#: What finishing is worth to the play, as the hard level counts it.
FINISH_WORTH = 1000.0
progress = family_rollout.stage


def lead(sim: CribRaceSim, seat: int) -> float:
    if len(sim.pegs) == 2:
        side = sim.side_of[seat]
        return WIN_VALUE * (win_chance(sim.track, sim.pegs, side) / 50.0 - 1.0)
    costs = node_costs(sim.track)
    pegs = sim.pegs
    mine = sim.side_of[seat]
    rivals = [costs[node] for side, node in enumerate(pegs) if side != mine]
    own = costs[pegs[mine]]
    if pegs[mine] >= sim.track.first_box:
        own += BOX_BASE_COST + max(0.0, max(rivals) - own)
    return min(rivals) - own


def inference(view: dict) -> KeptHands | None:
    """With two players, the other hand kept as Crib Race's hard level keeps: each total
    weighed on the track from where the other peg stands."""
    if view["players"] != 2:
        return None
    other = {**view, "seat": 1 - int(view["seat"])}
    race_view = race_ai.with_holes_to_go(other)
    board = BOARDS[view["board"]["name"]]
    worth = race_ai.total_worths(race_view, board, race_ai.TRACK_WEIGHT["hard"], "hard")
    return KeptHands(view, worth, crib_ai.points_needed(race_view, race_view["seat"]))


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
    costs = node_costs(track)
    gained = costs[node] - costs[after]
    if after >= first_box:
        slowest = max(costs[other] for rival, other in enumerate(pegs) if rival != side)
        gained -= BOX_BASE_COST + max(0.0, slowest - costs[after])
    return gained


def policy(sim: CribRaceSim, seat: int, rng: random.Random) -> int:
    return family_rollout.policy(sim, seat, rng, worth=worth)


class RacePlaySearch(PlaySearchBase[RaceScores]):
    """The two-player play searched with the pegs on the track: a boxed peg scores nothing, a
    peg landing in a box joins its queue, and reaching the finish wins (CribRaceSim._score).
    After the play the show counts in its order, the boxes release their pegs, and the pegs
    are valued by the chance to win (`lead`). With two players a seat is a side."""

    def __init__(self, seat: int, sim: CribRaceSim) -> None:
        super().__init__(seat, sim.target, WIN_VALUE, self._after_the_play)
        self.track = sim.track
        self.counts = [(owner, points) for owner, points in sim.show_counts() if points]

    def scores_of(self, sim: CribbageSim) -> RaceScores:
        assert isinstance(sim, CribRaceSim)
        return (sim.pegs[0], sim.pegs[1], tuple(map(tuple, sim.boxes)))

    def score(self, scores: RaceScores, seat: int, points: int) -> RaceScores:
        node = scores[0] if seat == 0 else scores[1]
        track = self.track
        if node >= track.first_box:
            return scores
        node = track.moves[node * STRIDE + points]
        boxes = scores[2]
        if node >= track.first_box:
            box = node - track.first_box
            boxes = (*boxes[:box], (*boxes[box], seat), *boxes[box + 1:])
        return (node, scores[1], boxes) if seat == 0 else (scores[0], node, boxes)

    def won(self, scores: RaceScores, seat: int) -> bool:
        return (scores[0] if seat == 0 else scores[1]) == self.track.finish

    def _after_the_play(self, scores: RaceScores) -> float:
        for owner, points in self.counts:
            scores = self.score(scores, owner, points)
            if self.won(scores, owner):
                return self._game_won_by(owner)
        pegs = [scores[0], scores[1]]
        release_boxes(self.track, pegs, [list(queue) for queue in scores[2]])
        return WIN_VALUE * (win_chance(self.track, pegs, self.seat) / 50.0 - 1.0)


def exact(sim: CribRaceSim, seat: int) -> float | None:
    """With two players in the play, the lead the rest of the deal leaves when both seats
    play it best on this deal's cards (`RacePlaySearch`; a game won in the play: the win's
    value); else None (the rollout is used)."""
    if sim.players != 2 or (sim.phase != PLAYING and sim.winners() is None):
        return None
    return RacePlaySearch(seat, sim).value_of(sim)
