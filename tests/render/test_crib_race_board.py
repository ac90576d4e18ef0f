"""Crib Race's board as a phone shows it: every peg inside the frame, even four to a hole, and
hole labels that cover no penalty box, no other hole and no other label."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine.crib_race.board import BOARDS
from render.crib_race import pictures
from render.kit import text

Rect = tuple[float, float, float, float]
ORIGIN_X = round((pictures.cribbage.WIDTH - pictures.BOARD_W) / 2)


def _view(*pegs: tuple[int, str], board: str = "default") -> dict[str, Any]:
    return {"board": BOARDS[board].drawable(),
            "pegs": [{"side": side, "hole": hole} for side, hole in pegs]}


def _drawn(view: dict[str, Any]) -> list[text.Drawn]:
    image = Image.new("RGB", (pictures.cribbage.WIDTH, 800))
    with text.recording(covers=True) as drawn:
        pictures.race_board_section(image, ImageDraw.Draw(image), view, 0, False)
    return drawn


def _inside_frame(view: dict[str, Any]) -> Rect:
    """The board tile within its frame line, on the image."""
    height = pictures._frame(view["board"])[3]
    line = pictures.BORDER
    return (ORIGIN_X + line, line, ORIGIN_X + pictures.BOARD_W - line, height - line)


def _within(box: Rect, frame: Rect) -> bool:
    return frame[0] <= box[0] and frame[1] <= box[1] and box[2] <= frame[2] and box[3] <= frame[3]


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _on_image(rect: Rect) -> Rect:
    return (rect[0] + ORIGIN_X, rect[1], rect[2] + ORIGIN_X, rect[3])


@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("sides", [3, 4])
def test_a_crowd_on_any_track_hole_stays_inside_the_frame(board: str, sides: int) -> None:
    """Eight players race four pegs: all four on the bottom row or in a corner once hung
    over the frame and onto the legend below."""
    for hole in BOARDS[board].drawable()["track"]:
        view = _view(*((side, hole) for side in range(sides)), board=board)
        pegs = [d for d in _drawn(view) if d.kind == "token"]
        assert len(pegs) == sides
        frame = _inside_frame(view)
        for peg in pegs:
            assert peg.box is not None and _within(peg.box, frame), (hole, peg)


@pytest.mark.parametrize("board", list(BOARDS))
def test_hole_labels_cover_no_box_no_other_hole_and_no_other_label(board: str) -> None:
    """The label of hole 100 once hid half of the penalty box at 68 (the box then read as
    "penalty box 100"), and the top row's labels sat on the frame."""
    view = _view(board=board)
    data = view["board"]
    at = {hole: (x + ORIGIN_X, y) for hole, (x, y) in pictures._placed(data).items()}
    finish = data["track"][-1]
    own_hole = {"Start": "0", "Finish": finish}
    frame = _inside_frame(view)
    labels = [d for d in _drawn(view) if d.kind == "text" and d.box is not None
              and d.box[1] < frame[3] and (d.text in own_hole or d.text.isdigit())]
    assert {d.text for d in labels} >= {"Start", "Finish", "10", "100"}
    boxes = []
    for box in data["boxes"]:
        xs = [at[cell][0] for cell in box["cells"]]
        ys = [at[cell][1] for cell in box["cells"]]
        boxes.append((min(xs) - 10, min(ys) - 10, max(xs) + 10, max(ys) + 10))
    for label in labels:
        assert label.box is not None
        assert _within(label.box, frame), label
        mine = own_hole.get(label.text, label.text)
        for hole, (x, y) in at.items():
            if hole != mine:
                assert not _overlap(label.box, (x - 4, y - 4, x + 4, y + 4)), (label, hole)
        for box in boxes:
            assert not _overlap(label.box, box), (label, box)
        for other in labels:
            if other is not label:
                assert other.box is not None and not _overlap(label.box, other.box), label
