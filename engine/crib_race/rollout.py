"""Crib Race's rollout module (engine/search/rollout.py): the family's player with a score
weighed by the position value it gains (position.py `gain`, as at hard), to the end of the
deal; with two players the play is searched exactly (`exact`) and the show counted after it.

`lead` is, with two sides, WIN_VALUE times our chance to win less the rival's (the hard
level's `win_chance`); with more, the points the closest rival can expect to still need less
ours (`waiting_cost`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.crib_race import ai as race_ai
from engine.crib_race.board import BOARDS
from engine.crib_race.position import gain, node_costs, waiting_cost
from engine.crib_race.rest_of_deal import win_chance
from engine.crib_race.sim import STRIDE, CribRaceSim, _Track, release_boxes
from engine.cribbage import ai as crib_ai
from engine.cribbage import family_rollout
from engine.cribbage.inference import KeptHands
from engine.cribbage.pieces import PLAYING
from engine.cribbage.play_search import PlaySearchBase
from engine.cribbage.sim import CribbageSim
from engine.search.rollout import first_to_act

#: One deal (family_rollout.stage).
STEPS = 3
WIN_VALUE = 60.0
mover = first_to_act
progress = family_rollout.stage

#: The scores of a two-player race: each seat's peg (a track node), then the seats in each
#: penalty box, first in first.
RaceScores = tuple[tuple[int, int], tuple[tuple[int, ...], ...]]


def lead(sim: CribRaceSim, seat: int) -> float:
    mine = sim.side_of[seat]
    if len(sim.pegs) == 2:
        return WIN_VALUE * (win_chance(sim.track, sim.pegs, mine) / 50.0 - 1.0)
    costs = node_costs(sim.track)
    rivals = [costs[node] for side, node in enumerate(sim.pegs) if side != mine]
    return min(rivals) - waiting_cost(costs, sim.track, sim.pegs[mine], max(rivals))


def inference(view: dict) -> KeptHands | None:
    """With two players, the other hand kept as Crib Race's hard level keeps: each total
    weighed on the track from where the other peg stands."""
    if view["players"] != 2:
        return None
    other = {**view, "seat": 1 - int(view["seat"])}
    race_view = race_ai.with_holes_to_go(other)
    board = BOARDS[view["board"]["name"]]
    worth = race_ai.total_worths(race_view, board)
    return KeptHands(view, worth, crib_ai.points_needed(race_view, race_view["seat"]))


def worth(sim: CribRaceSim, seat: int, points: int) -> float:
    """What `points` scored by `seat` gain its side in position value (`gain`)."""
    costs = node_costs(sim.track)
    side = sim.side_of[seat]
    slowest = max(costs[node] for rival, node in enumerate(sim.pegs) if rival != side)
    return gain(sim.track, sim.pegs[side], points, slowest)


def policy(sim: CribRaceSim, seat: int, rng: random.Random) -> int:
    return family_rollout.policy(sim, seat, rng, worth=worth)


class RacePlaySearch(PlaySearchBase[RaceScores]):
    """The two-player play searched with the pegs on the track as the simulation moves them
    (`scored`), then valued as `lead` once the show is counted (`chance_after`). With two
    players a seat is a side."""

    def __init__(self, seat: int, sim: CribRaceSim) -> None:
        super().__init__(seat, sim.target, WIN_VALUE, self._after_the_play)
        self.track = sim.track
        self.counts = [(owner, points) for owner, points in sim.show_counts() if points]

    def scores_of(self, sim: CribbageSim) -> RaceScores:
        assert isinstance(sim, CribRaceSim)
        return (sim.pegs[0], sim.pegs[1]), tuple(map(tuple, sim.boxes))

    def score(self, scores: RaceScores, seat: int, points: int) -> RaceScores:
        return scored(self.track, scores, seat, points)

    def won(self, scores: RaceScores, seat: int) -> bool:
        return scores[0][seat] == self.track.finish

    def _after_the_play(self, scores: RaceScores) -> float:
        chance = chance_after(self.track, scores, self.counts, self.seat)
        return WIN_VALUE * (chance / 50.0 - 1.0)


def scored(track: _Track, scores: RaceScores, seat: int, points: int) -> RaceScores:
    """The scores once `seat` has scored `points` (CribRaceSim._score): a boxed peg scores
    nothing, a peg landing in a box joins its queue."""
    pegs, boxes = scores
    node = pegs[seat]
    if points <= 0 or node >= track.first_box:
        return scores
    node = track.moves[node * STRIDE + points]
    if node >= track.first_box:
        box = node - track.first_box
        boxes = (*boxes[:box], (*boxes[box], seat), *boxes[box + 1:])
    return ((node, pegs[1]) if seat == 0 else (pegs[0], node)), boxes


def chance_after(track: _Track, scores: RaceScores, counts: Sequence[tuple[int, int]],
                 seat: int) -> float:
    """`seat`'s chance of winning (percent) once the show's `counts` (seat, points) are scored
    in order and each penalty box has let out its first peg if every peg outside it is past
    it (`release_boxes`)."""
    for owner, points in counts:
        scores = scored(track, scores, owner, points)
        if scores[0][owner] == track.finish:
            return 100.0 if owner == seat else 0.0
    pegs = list(scores[0])
    release_boxes(track, pegs, [list(queue) for queue in scores[1]])
    return win_chance(track, pegs, seat)


def exact(sim: CribRaceSim, seat: int) -> float | None:
    """With two players in the play, the lead the rest of the deal leaves when both seats
    play it best on this deal's cards (`RacePlaySearch`; a game won in the play: the win's
    value); else None (the rollout is used)."""
    if sim.players != 2 or (sim.phase != PLAYING and sim.winners() is None):
        return None
    return RacePlaySearch(seat, sim).value_of(sim)
