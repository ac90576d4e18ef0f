"""Crib Race's simulation (engine/sim.py): `CribRaceSim`, the Cribbage simulation
(engine/cribbage/sim.py) with the seating's sides and deal plans (seating.py), points moving
the side's peg on the track (a boxed side scores nothing; the finish wins), and after each show
the penalty boxes' release (`release_boxes`). A peg is a node number of its board's `_Track`.
"""

from __future__ import annotations

import random
from typing import Any

from engine.crib_race.board import ADVANCE, BOARDS, BOX, DEFAULT_BOARD, MAIN, TRAP, Board
from engine.crib_race.seating import race_plan, race_sides
from engine.crib_race.track import Peg, position, to_finish
from engine.crib_race.track import moves as track_moves
from engine.cribbage.deal import DealPlan
from engine.cribbage.pieces import SCORED
from engine.cribbage.sides import Sides
from engine.cribbage.sim import CribbageSim

#: The journal's own entries (engine/cribbage/sim.py's Entry):
#:   (MOVED, side, node before, points, node after, box cell)   a side's peg moved (then the
#:                                  score's SCORED entry): the cell if it is now boxed
#:   (BOXED, seat, points, reason)  points a boxed side did not score
#:   (RELEASED, side, hole)         a penalty box let a peg out onto the track
MOVED, BOXED, RELEASED = 110, 111, 112
#: The most points one score can make (a 29 hand; claims and muggins points are at most a count).
MAX_POINTS = 29
STRIDE = MAX_POINTS + 1


class _Track:
    """One board as node tables. The nodes: the track's holes 0..finish, then each green or
    blue path's own holes, then one per penalty box in board order, from `first_box` on (a
    boxed peg's cell matters only for drawing). `moves[node * STRIDE + points]` is where a peg
    on `node` ends after scoring `points` (1..MAX_POINTS; its landing zone carried out);
    `position[node]` is the contract's track position, `to_finish[node]` the holes to go."""

    __slots__ = ("board", "box_holes", "box_names", "box_node", "finish", "first_box", "moves",
                 "node_at", "peg_at", "position", "to_finish")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.finish = board.finish
        pegs = [Peg(MAIN, hole) for hole in range(board.finish + 1)]
        for zone in board.zones:
            if zone.kind in (ADVANCE, TRAP):
                # The route's last hole is the rejoin, on the track.
                pegs += [Peg(zone.name, index) for index in range(len(zone.route) - 1)]
        self.first_box = len(pegs)
        boxes = board.zones_of(BOX)
        self.box_names = tuple(box.name for box in boxes)
        self.box_node = {box.name: self.first_box + number for number, box in enumerate(boxes)}
        self.box_holes = tuple(box.triggers[0] for box in boxes)
        pegs += [Peg(box.name, 0) for box in boxes]
        self.peg_at = tuple(pegs)
        self.node_at = {peg: node for node, peg in enumerate(pegs)}
        self.position = tuple(position(board, peg) for peg in pegs)
        self.to_finish = tuple(to_finish(board, peg) for peg in pegs)
        # track.move (the rules of a move and its landing) worked out for every node and score.
        moves = [0] * (len(pegs) * STRIDE)
        for node, peg in enumerate(pegs[:self.first_box]):
            for points, made in enumerate(track_moves(board, peg, MAX_POINTS), start=1):
                moves[node * STRIDE + points] = self.node_of(made.after)
        self.moves = moves

    def node_of(self, peg: Peg) -> int:
        return self.box_node[peg.path] if peg.path in self.box_node else self.node_at[peg]

    def peg_of(self, node: int, cell: int = 0) -> Peg:
        """The peg on `node` (a boxed one in that cell of its box)."""
        peg = self.peg_at[node]
        return peg if node < self.first_box else Peg(peg.path, cell)


_TRACKS: dict[str, _Track] = {}


def track_of(board: Board) -> _Track:
    track = _TRACKS.get(board.name)
    if track is None or track.board is not board:
        track = _TRACKS[board.name] = _Track(board)
    return track


class CribRaceSim(CribbageSim):
    """Crib Race with ints inside. Beside Cribbage's state: `pegs` (a node per side), `boxes`
    (the sides in each penalty box, first in first); `side_scores` are the pegs' positions."""

    __slots__ = ("boxes", "pegs", "teams", "track")
    name = "crib-race"

    def _setup(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        self.teams = bool(options.get("teams", True))
        self.track = track_of(BOARDS[options.get("board", DEFAULT_BOARD)])
        super()._setup(players, options, rng)
        self.target = self.track.finish
        self.pegs = [0] * len(self.side_seats)
        self.boxes: list[list[int]] = [[] for _ in self.track.box_holes]

    def _copy_into(self, new: CribbageSim) -> None:
        super()._copy_into(new)
        assert isinstance(new, CribRaceSim)
        new.teams, new.track = self.teams, self.track
        new.pegs = self.pegs[:]
        new.boxes = [queue[:] for queue in self.boxes]

    # ----- hooks ------------------------------------------------------------------------------
    def _make_sides(self) -> Sides:
        return race_sides(self.players, self.teams)

    def _deal_plan_for(self, dealer: int) -> DealPlan:
        return race_plan(self.players, dealer, race_sides(self.players, self.teams))

    def _score(self, seat: int, points: int, reason: str) -> None:
        side = self.side_of[seat]
        start = self.pegs[side]
        track = self.track
        journal = self.journal
        if start >= track.first_box:  # boxed: nothing scored
            if journal is not None:
                journal.append((BOXED, seat, points, reason))
            return
        self.points.append((seat, points))
        node = self.pegs[side] = track.moves[start * STRIDE + points]
        before = self.side_scores[side]
        after = self.side_scores[side] = track.position[node]
        if node >= track.first_box:
            self.boxes[node - track.first_box].append(side)
        if journal is not None:
            cell = len(self.boxes[node - track.first_box]) - 1 if node >= track.first_box else 0
            journal.append((MOVED, side, start, points, node, cell))
            journal.append((SCORED, seat, points, reason, before, after))
        if node == track.finish:
            self._finish(side)

    def _after_show(self) -> None:
        for side in release_boxes(self.track, self.pegs, self.boxes):
            self.side_scores[side] = self.track.position[self.pegs[side]]
            if self.journal is not None:
                self.journal.append((RELEASED, side, self.pegs[side]))


def release_boxes(track: _Track, pegs: list[int], boxes: list[list[int]]) -> list[int]:
    """After a show, each penalty box in board order releases its first peg onto its hole
    once every peg outside it is past the hole; `pegs` (nodes by side) and `boxes` (the sides
    queued in each) are changed in place. Returns the sides released."""
    position = track.position
    released = []
    for hole, queue in zip(track.box_holes, boxes, strict=True):
        if queue and all(position[pegs[side]] > hole
                         for side in range(len(pegs)) if side not in queue):
            side = queue.pop(0)
            pegs[side] = hole
            released.append(side)
    return released
