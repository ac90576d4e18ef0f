"""Pegs on a Crib Race board: where a peg is, how points move it, and what a landing does.

A peg is on a `path` at an `index`: on the main track ("main") the index is the hole number;
on a green or blue side path it is the position along that path's route (its own holes, then
the rejoin hole, where the peg is back on the track); in a penalty box it is the cell.

Points move a peg hole by hole along its path (`move`), and only the track hole where a move
ends sets a zone off (docs/RULES.md CR-3 to CR-8; the game keeps a box's queue and release).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.crib_race.board import BOX, MAIN, SLIDE, TRAP, Board, Zone


@dataclass(frozen=True)
class Peg:
    path: str = MAIN
    index: int = 0

    def hole(self, board: Board) -> str:
        """The hole id the peg sits in."""
        if self.path == MAIN:
            return str(self.index)
        zone = board.by_name[self.path]
        return zone.cells[self.index] if zone.kind == BOX else zone.route[self.index]

    def is_boxed(self, board: Board) -> bool:
        return self.path != MAIN and board.by_name[self.path].kind == BOX

    def finished(self, board: Board) -> bool:
        return self.path == MAIN and self.index == board.finish

    def to_json(self, board: Board) -> dict[str, object]:
        return {"hole": self.hole(board), "path": self.path, "index": self.index,
                "boxed": self.is_boxed(board),
                "position": position(board, self), "to_finish": to_finish(board, self)}


@dataclass(frozen=True)
class Move:
    """One scoring move: `landed` is where the steps ended, `after` where the peg is once the
    landing hole's zone (if any) has acted."""

    landed: Peg
    after: Peg
    zone: Zone | None


def step(board: Board, peg: Peg) -> Peg:
    """One hole forward along the peg's path; a side path's last hole is back on the track."""
    if peg.path == MAIN:
        return Peg(MAIN, min(peg.index + 1, board.finish))
    route = board.by_name[peg.path].route
    if peg.index + 1 == len(route) - 1:
        return Peg(MAIN, int(route[-1]))
    return Peg(peg.path, peg.index + 1)


def move(board: Board, peg: Peg, points: int) -> Move:
    """Move a peg that is not boxed `points` holes; stops at the finish. Boxes are entered at
    cell 0 here; the game puts a peg behind any already boxed."""
    if points <= 0:
        raise ValueError("a move scores at least one point")
    return moves(board, peg, points)[-1]


def moves(board: Board, peg: Peg, most: int) -> list[Move]:
    """move(board, peg, n) for every n from 1 to `most`, in that order."""
    if peg.is_boxed(board):
        raise ValueError("a boxed peg does not move")
    made = []
    landed = peg
    for _ in range(most):
        landed = step(board, landed)  # stays on the finish, which sets no zone off
        zone = board.trigger_at.get(landed.index) if landed.path == MAIN else None
        after = landed if zone is None else _zone_destination(zone)
        made.append(Move(landed, after, zone))
    return made


def _zone_destination(zone: Zone) -> Peg:
    if zone.kind == SLIDE:
        return Peg(MAIN, int(zone.target))
    return Peg(zone.name, 0)  # the first hole of the side path, or the box's first cell


def position(board: Board, peg: Peg) -> int:
    """A track number for comparing pegs (docs/RULES.md CR-11): the hole on the track, a green
    path's entry, a blue path's rejoin hole, a box's hole."""
    if peg.path == MAIN:
        return peg.index
    zone = board.by_name[peg.path]
    return zone.rejoin if zone.kind == TRAP else zone.triggers[0]


def to_finish(board: Board, peg: Peg) -> int:
    """Holes still to travel to the finish along the peg's path."""
    if peg.path == MAIN:
        return board.finish - peg.index
    zone = board.by_name[peg.path]
    if zone.kind == BOX:
        return board.finish - zone.triggers[0]
    return (len(zone.route) - 1 - peg.index) + board.finish - zone.rejoin
