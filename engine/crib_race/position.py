"""Crib Race's computer players, their measures of the track: the ground a move of so many
points gains a peg (holes at easy and normal; at hard a position value, `points_to_go`, with
a box costing the lead it throws away), for the cards (engine/crib_race/ai.py) and the
search's nodes (`node_costs`)."""


from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.contract import View
from engine.crib_race.board import BOARDS, BOX, MAIN, Board
from engine.crib_race.sim import _Track
from engine.crib_race.track import Move, Peg, move, to_finish
from engine.cribbage import ai as crib_ai

#: Points a side can expect to miss while boxed (roughly a deal's scoring).
BOX_COST = 10.0


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


@lru_cache(maxsize=65536)
def gain(board_name: str, path: str, index: int, points: int) -> float:
    """The ground a move of `points` gains for a peg at (path, index), in holes; a boxed peg
    gains nothing, and landing in a box costs BOX_COST more."""
    board = BOARDS[board_name]
    peg = Peg(path, index)
    if points <= 0 or peg.is_boxed(board):
        return 0.0
    result = move(board, peg, points)
    if result.finished:
        return 1000.0 + points  # the game is won: nothing else matters
    ground = float(to_finish(board, peg) - to_finish(board, result.after))
    if result.zone is not None and result.zone.kind == BOX:
        ground -= BOX_COST
    return ground


def peg_gain(board: Board, peg: Peg, points: int) -> float:
    return gain(board.name, peg.path, peg.index, points)


# ----- hard: a position value instead of holes gained ---------------------------------------
#: How many points one scoring move makes, roughly (pegging ones and twos, fifteens, pairs,
#: hand and crib counts): the steps of the position value's random walk.
STEP_POINTS = ((1, 0.2), (2, 0.35), (3, 0.1), (4, 0.1), (6, 0.1), (8, 0.1), (12, 0.05))
#: What a box costs beyond the lead it takes away: the rest of the deal scores nothing.
BOX_BASE_COST = 4.0


@lru_cache(maxsize=8)
def points_to_go(board_name: str) -> dict[Peg, float]:
    """For every place a peg can stand (a box counts as its hole), the points it can expect
    to still need to finish, moving in typical scoring steps: a slide or green path ahead
    makes a place worth more than its holes to go, a trap ahead (landed in again and again)
    less. Worked out by value iteration (traps loop back)."""
    board = BOARDS[board_name]
    places = [Peg(MAIN, hole) for hole in range(board.finish + 1)]
    for zone in board.zones:
        if zone.kind != BOX:
            places += [Peg(zone.name, index) for index in range(len(zone.route) - 1)]
    moves = {place: [(move(board, place, points), points, share)
                     for points, share in STEP_POINTS] for place in places}
    # Nearest the finish first, so one sweep mostly settles each place from settled ones.
    places.sort(key=lambda place: to_finish(board, place))
    cost = {place: float(to_finish(board, place)) for place in places}

    def cost_after(result: Move) -> float:
        after = result.after
        if after.is_boxed(board):
            return cost[Peg(MAIN, board.by_name[after.path].triggers[0])]
        return cost[after]

    for _ in range(200):
        changed = 0.0
        for place in places:
            if place.finished(board):
                continue
            new = sum(share * (min(points, to_finish(board, place))
                               + (0.0 if result.finished else cost_after(result)))
                      for result, points, share in moves[place])
            changed = max(changed, abs(new - cost[place]))
            cost[place] = new
        if changed < 1e-3:
            break
    return cost


def place_cost(board: Board, peg: Peg) -> float:
    """points_to_go for any peg: a boxed one as at its box's hole."""
    if peg.is_boxed(board):
        peg = Peg(MAIN, board.by_name[peg.path].triggers[0])
    return points_to_go(board.name)[peg]


@lru_cache(maxsize=65536)
def position_gain(board_name: str, path: str, index: int, points: int,
                  rival_cost: float) -> float:
    """What a move of `points` gains a peg at (path, index), in points of position value.
    Landing in a box costs the lead over the rival that it throws away (`rival_cost`: the
    slowest rival's position value; a boxed peg waits until every rival is past the box) and
    the rest of the deal."""
    board = BOARDS[board_name]
    peg = Peg(path, index)
    if points <= 0 or peg.is_boxed(board):
        return 0.0
    result = move(board, peg, points)
    if result.finished:
        return 1000.0 + points
    before = place_cost(board, peg)
    after = place_cost(board, result.after)
    ground = before - after
    if result.after.is_boxed(board):
        ground -= BOX_BASE_COST + max(0.0, rival_cost - after)
    return ground


Ground = Callable[[Peg, int], float]


def ground_for(view: View, board: Board, level: str, side: int) -> Ground:
    """How a level weighs a move of `side`'s peg: holes gained (easy, normal), or the gain in
    position value with a box costing the lead it throws away (hard)."""
    if level != "hard":
        return lambda peg, points: peg_gain(board, peg, points)
    rivals = round(rival_cost(view, board, side), 1)  # rounded: cache hits
    return lambda peg, points: position_gain(board.name, peg.path, peg.index, points, rivals)


def rival_cost(view: View, board: Board, side: int) -> float:
    """The position value of the slowest of `side`'s rivals (what a box makes it wait for)."""
    costs = [place_cost(board, peg_of(view, other)) for other in range(len(view["pegs"]))
             if other != side]
    return max(costs) if costs else 0.0


def node_pegs(track: _Track) -> list[Peg]:
    """The peg of every node of the simulation's track (engine/crib_race/sim.py), in order."""
    pegs = [Peg(MAIN, hole) for hole in range(track.finish + 1)]
    starts = sorted((start, name) for name, start in track.path_start.items())
    for number, (start, name) in enumerate(starts):
        end = starts[number + 1][0] if number + 1 < len(starts) else track.first_box
        pegs += [Peg(name, node - start) for node in range(start, end)]
    return pegs + [Peg(box.name, 0) for box in track.board.zones_of(BOX)]


@lru_cache(maxsize=8)
def node_costs(track: _Track) -> tuple[float, ...]:
    """points_to_go of every node of the simulation's track; a penalty box's as its hole."""
    return tuple(place_cost(track.board, peg) for peg in node_pegs(track))


def ahead(board: Board, peg: Peg, holes: int) -> Peg:
    """Where a peg ends after `holes` holes of plain moves (zones ignored: a rough guess of
    where the play leaves it). A guess that reaches the finish is dropped for the peg as it
    stands: the hand's worth is only wanted where the hand still matters."""
    if holes <= 0 or peg.is_boxed(board):
        return peg
    landed = move(board, peg, holes).landed
    return peg if landed.finished(board) else landed
