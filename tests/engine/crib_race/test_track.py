"""Pegs on a board: steps along paths, landing exactly on a zone triggers it, passing over
does not, side paths rejoin, the finish stops a move."""

from __future__ import annotations

import pytest

from engine.crib_race.track import Peg, move, position, step, to_finish
from tests.engine.crib_race.tiny_board import FINISH, tiny_board

BOARD = tiny_board()


def main(n: int) -> Peg:
    return Peg("main", n)


@pytest.mark.parametrize(
    ("start", "points", "zone", "after"),
    [
        (3, 2, "red", main(12)),            # lands on the slide's first box: to its end
        (11, 4, "green", Peg("green", 0)),  # lands on the green entry: onto the shortcut
        (24, 1, "blue", Peg("blue", 0)),    # each of the trap's three holes diverts
        (24, 2, "blue", Peg("blue", 0)),
        (20, 7, "blue", Peg("blue", 0)),
        (29, 3, "box", Peg("box", 0)),      # lands on the box: into its first cell
    ],
)
def test_landing_exactly_on_a_zone_triggers_it(start: int, points: int, zone: str,
                                                after: Peg) -> None:
    result = move(BOARD, main(start), points)
    assert result.landed == main(start + points)
    assert result.zone is not None and result.zone.name == zone
    assert result.after == after


@pytest.mark.parametrize(("start", "points"), [(3, 3), (4, 8), (14, 2), (13, 15), (30, 4)])
def test_passing_over_a_zone_does_nothing(start: int, points: int) -> None:
    result = move(BOARD, main(start), points)
    assert result.zone is None
    assert result.after == result.landed == main(start + points)


def test_slide_end_is_not_a_new_trigger_and_the_peg_continues_from_it() -> None:
    slid = move(BOARD, main(4), 1).after
    assert slid == main(12)
    assert move(BOARD, slid, 2).after == main(14)


def test_shortcut_path_is_followed_and_rejoins_the_track() -> None:
    on_path = move(BOARD, main(13), 2).after
    assert on_path.hole(BOARD) == "a1"
    assert move(BOARD, on_path, 1).after.hole(BOARD) == "a2"
    rejoined = move(BOARD, on_path, 2).after
    assert rejoined == main(22)
    # Three steps from the entry reach 22: seven holes saved against the track.
    assert to_finish(BOARD, on_path) == 2 + (FINISH - 22)


def test_time_trap_loops_back_behind_the_trap_and_rejoins() -> None:
    trapped = move(BOARD, main(23), 3).after
    assert trapped == Peg("blue", 0) and trapped.hole(BOARD) == "b1"
    assert [step(BOARD, trapped).hole(BOARD), step(BOARD, step(BOARD, trapped)).hole(BOARD)] \
        == ["b2", "b3"]
    assert move(BOARD, trapped, 3).after == main(23)  # back on the track behind the trap
    assert move(BOARD, trapped, 4).after == main(24)
    # Landing in the trap again on the way round sends the peg down the loop again.
    assert move(BOARD, trapped, 5).after == Peg("blue", 0)
    assert position(BOARD, trapped) == 23


def test_a_move_from_a_side_path_can_land_on_a_track_zone() -> None:
    on_path = Peg("green", 0)  # a1: two steps to 22, then 23, 24, 25 (the trap)
    assert move(BOARD, on_path, 5).zone is not None
    assert move(BOARD, on_path, 5).after == Peg("blue", 0)


def test_the_finish_stops_a_move_and_wins() -> None:
    result = move(BOARD, main(FINISH - 3), 10)
    assert result.after == main(FINISH) and result.after.finished(BOARD)
    assert not move(BOARD, main(FINISH - 3), 2).after.finished(BOARD)


def test_a_boxed_peg_does_not_move() -> None:
    with pytest.raises(ValueError):
        move(BOARD, Peg("box", 0), 2)




def test_to_finish_counts_the_holes_left_on_every_path() -> None:
    assert to_finish(BOARD, main(0)) == FINISH
    assert to_finish(BOARD, Peg("blue", 0)) == 3 + FINISH - 23
    assert to_finish(BOARD, Peg("box", 3)) == FINISH - 32
