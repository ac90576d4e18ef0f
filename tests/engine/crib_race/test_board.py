"""Board files: the packaged boards load and are drawable; a malformed board is a clear error
naming the fault."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from engine import data_files
from engine.crib_race.board import (
    ADVANCE,
    BOARDS,
    BOX,
    MAX_SIDES,
    SLIDE,
    TRAP,
    BoardError,
    load_board,
    parse_board,
)
from tests.engine.crib_race.tiny_board import tiny_board_data

BOARDS_FOLDER = resources.files("engine.crib_race").joinpath("boards")


def test_default_board_follows_the_rulings() -> None:
    board = BOARDS["default"]
    assert board.finish == 121
    assert len(board.zones_of(SLIDE)) == 2
    assert len(board.zones_of(ADVANCE)) == 2
    assert len(board.zones_of(TRAP)) == 2
    assert len(board.zones_of(BOX)) == 2
    for slide in board.zones_of(SLIDE):
        assert 8 <= int(slide.target) - slide.triggers[0] <= 12  # "about +10"
    for trap in board.zones_of(TRAP):
        assert len(trap.triggers) == 3 and trap.rejoin < trap.triggers[0]
    for advance in board.zones_of(ADVANCE):
        assert len(advance.route) < advance.rejoin - advance.triggers[0]


def test_every_packaged_board_loads_and_every_hole_is_drawable() -> None:
    assert next(iter(BOARDS)) == "default"
    for name, board in BOARDS.items():
        assert load_board(name) == board
        data = board.drawable()
        width, height = data["size"]
        for x, y in data["holes"].values():
            assert 0 <= x <= width and 0 <= y <= height
        assert data == json.loads((BOARDS_FOLDER / f"{name}.json").read_text("utf-8"))


def test_a_missing_board_file_is_named() -> None:
    with pytest.raises(BoardError, match=r"boards/nowhere\.json: no such board file"):
        load_board("nowhere")


def test_the_tiny_board_is_valid() -> None:
    board = parse_board(tiny_board_data(), "tiny")
    assert board.finish == 40 and len(board.zones) == 4


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _drop_key(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.pop(key)


BROKEN: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("missing key", _drop_key("traps"), "missing key.*traps"),
    ("unknown key", _set(("colour",), "red"), "unknown key.*colour"),
    ("empty title", _set(("title",), " "), "title must be a non-empty string"),
    ("bad size", _set(("size",), [100]), "size must be"),
    ("hole without coordinates", _set(("holes", "7"), [1]), "hole '7' needs drawing"),
    ("hole off the drawing", _set(("holes", "7"), [9999, 1]), "outside the drawing area"),
    ("track misnamed", _set(("track", 3), "three"), "track hole 3 must be named '3'"),
    ("unknown hole on a path", _set(("advances", 0, "path"), ["a1", "zz"]),
     "uses hole 'zz', which is not in holes"),
    ("hole shared", _set(("traps", 0, "path"), ["a1", "b2", "b3"]),
     "hole 'a1' is used by both"),
    ("slide backwards", _set(("slides", 0, "to"), "3"), "must jump ahead"),
    ("slide off the track", _set(("slides", 0, "from"), "99"), "must be a track hole"),
    ("shortcut not shorter", _set(("advances", 0, "rejoin"), "17"), "fewer steps"),
    ("trap not consecutive", _set(("traps", 0, "holes"), ["25", "27"]), "consecutive"),
    ("trap rejoins ahead", _set(("traps", 0, "rejoin"), "30"), "rejoin behind the trap"),
    ("zone on the start", _set(("slides", 0, "from"), "0"), "start or the finish"),
    ("two zones on one hole", _set(("boxes", 0, "hole"), "26"),
     "both start on hole 26"),
    ("too few cells", _set(("boxes", 0, "cells"), ["c1"]), f"at least {MAX_SIDES} cells"),
    ("slide onto a zone", _set(("slides", 0, "to"), "15"), "ends on advance 'green'"),
    ("box inside a loop", _set(("boxes", 0, "hole"), "24"), "lies inside trap 'blue'"),
    ("orphan hole", _set(("holes", "lost"), [1, 1]), "lost belong to no track"),
    ("extra zone key", _set(("slides", 0, "speed"), 3), "slide 'red' must have exactly"),
    ("duplicate zone name", _set(("boxes", 0, "name"), "red"), "'red' is used twice"),
]


@pytest.mark.parametrize(("fault", "change", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_malformed_board_is_refused_naming_the_fault(
    fault: str, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = copy.deepcopy(tiny_board_data())
    change(data)
    with pytest.raises(BoardError, match=message) as caught:
        parse_board(data, "boards/broken.json")
    assert str(caught.value).startswith("boards/broken.json: ")


def test_not_an_object_is_refused() -> None:
    with pytest.raises(BoardError, match="must be a JSON object"):
        parse_board([1, 2], "x")


def test_invalid_json_is_refused_with_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    class Files:
        def joinpath(self, *parts: str) -> Files:
            return self

        def read_text(self, encoding: str) -> str:
            return '{"name": "x",\n oops}'

    monkeypatch.setattr(data_files.resources, "files", lambda package: Files())
    with pytest.raises(BoardError, match=r"not valid JSON .* line 2"):
        load_board("x")
