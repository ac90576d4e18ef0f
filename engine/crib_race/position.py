"""Crib Race's computer players, their measure of the track: the ground a move of so many
points gains a peg (`gain`), on the simulation's nodes (engine/crib_race/sim.py `_Track`), for
the cards (ai.py), the search of the rest of the deal (rest_of_deal.py) and the rollout."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from engine.contract import View
from engine.crib_race.board import Board
from engine.crib_race.sim import STRIDE, _Track, track_of
from engine.crib_race.track import Peg, move
from engine.cribbage import ai as crib_ai

#: Points a side can expect to miss while boxed (roughly a deal's scoring).
BOX_COST = 10.0
#: How many points one scoring move makes, roughly (pegging ones and twos, fifteens, pairs,
#: hand and crib counts): the steps of the position value's random walk.
STEP_POINTS = ((1, 0.2), (2, 0.35), (3, 0.1), (4, 0.1), (6, 0.1), (8, 0.1), (12, 0.05))
#: What a box costs beyond the lead it takes away: the rest of the deal scores nothing.
BOX_BASE_COST = 4.0
#: Reaching the finish wins the game: nothing else matters.
WON = 1000.0


def peg_of(view: View, side: int) -> Peg:
    peg = view["pegs"][side]
    return Peg(peg["path"], int(peg["index"]))


def my_side(view: View) -> int:
    return crib_ai.side_of(view, view["seat"])


def with_holes_to_go(view: View) -> View:
    """The view with "scores" such that target - score is the holes each peg still has to go,
    which is what the Cribbage player's end-game reckoning needs."""
    finish = int(view["finish"])
    return {**view, "target": finish,
            "scores": [finish - int(peg["to_finish"]) for peg in view["pegs"]]}


def gain(track: _Track, node: int, points: int, rival_cost: float | None = None) -> float:
    """The ground a move of `points` (at most a hand's 29) gains a peg on `node`; a boxed peg
    gains nothing. Easy and normal (`rival_cost` None) count holes, landing in a box costing
    BOX_COST more. Hard counts position value (`node_costs`), and a box costs the lead it
    throws away over the slowest rival (`rival_cost`: that rival's position value), since a
    boxed peg waits until every rival is past the box, and the rest of the deal."""
    if points <= 0 or node >= track.first_box:
        return 0.0
    after = track.moves[node * STRIDE + points]
    if after == track.finish:
        return WON + points
    boxed = after >= track.first_box
    if rival_cost is None:
        holes = track.to_finish
        return float(holes[node] - holes[after]) - (BOX_COST if boxed else 0.0)
    costs = node_costs(track)
    gained = costs[node] - costs[after]
    if boxed:
        gained -= BOX_BASE_COST + max(0.0, rival_cost - costs[after])
    return gained


@lru_cache(maxsize=8)
def node_costs(track: _Track) -> tuple[float, ...]:
    """The position value of every node: the points a peg there can expect to still need to
    finish, moving in typical scoring steps (a box counts as its hole). A slide or green path
    ahead makes a place worth more than its holes to go, a trap ahead (landed in again and
    again) less. Worked out by value iteration (traps loop back)."""
    finish, first_box, moves, holes = track.finish, track.first_box, track.moves, track.to_finish
    cost = [float(holes[node]) for node in range(first_box)]
    # Nearest the finish first, so one sweep mostly settles each place from settled ones.
    places = sorted(range(first_box), key=holes.__getitem__)

    def cost_after(node: int) -> float:
        if node == finish:
            return 0.0
        return cost[track.box_holes[node - first_box]] if node >= first_box else cost[node]

    for _ in range(200):
        changed = 0.0
        for place in places:
            if place == finish:
                continue
            new = sum(share * (min(points, holes[place])
                               + cost_after(moves[place * STRIDE + points]))
                      for points, share in STEP_POINTS)
            changed = max(changed, abs(new - cost[place]))
            cost[place] = new
        if changed < 1e-3:
            break
    return (*cost, *(cost[hole] for hole in track.box_holes))


def place_cost(board: Board, peg: Peg) -> float:
    """The position value of any peg (`node_costs`)."""
    track = track_of(board)
    return node_costs(track)[track.node_of(peg)]


def waiting_cost(costs: Sequence[float], track: _Track, node: int, rival_cost: float) -> float:
    """The points a peg on `node` can expect to still need; boxed, the box's base cost and the
    wait until the slowest rival (its position value `rival_cost`) has caught up are added."""
    if node < track.first_box:
        return costs[node]
    return costs[node] + BOX_BASE_COST + max(0.0, rival_cost - costs[node])


Ground = Callable[[Peg, int], float]


def ground_for(view: View, board: Board, level: str, side: int) -> Ground:
    """How a level weighs a move of `side`'s peg (`gain`)."""
    track = track_of(board)
    rival_cost = None
    if level == "hard":
        costs = [place_cost(board, peg_of(view, other)) for other in range(len(view["pegs"]))
                 if other != side]
        rival_cost = round(max(costs, default=0.0), 1)
    return lambda peg, points: gain(track, track.node_of(peg), points, rival_cost)


def ahead(board: Board, peg: Peg, holes: int) -> Peg:
    """Where a peg ends after `holes` holes of plain moves (zones ignored: a rough guess of
    where the play leaves it). A guess that reaches the finish is dropped for the peg as it
    stands: the hand's worth is only wanted where the hand still matters."""
    if holes <= 0 or peg.is_boxed(board):
        return peg
    landed = move(board, peg, holes).landed
    return peg if landed.finished(board) else landed
