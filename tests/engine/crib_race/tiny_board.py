"""A small board built in code, so track tests do not depend on the default board's layout.

    track 0..40; slide "red" 5 -> 12; advance "green" entry 15, path a1 a2, rejoin 22;
    trap "blue" holes 25 26 27, path b1 b2 b3, rejoin 23; box "box" at 32, cells c1..c4.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.crib_race.board import Board, parse_board

FINISH = 40


def tiny_board_data() -> dict[str, Any]:
    holes: dict[str, list[float]] = {str(n): [10 + n * 10, 50] for n in range(FINISH + 1)}
    extra = ["a1", "a2", "b1", "b2", "b3", "c1", "c2", "c3", "c4"]
    holes.update({hole: [20 + i * 20, 80] for i, hole in enumerate(extra)})
    return {
        "name": "tiny",
        "title": "Tiny",
        "description": "A test board.",
        "size": [500, 100],
        "holes": holes,
        "track": [str(n) for n in range(FINISH + 1)],
        "slides": [{"name": "red", "from": "5", "to": "12"}],
        "advances": [{"name": "green", "entry": "15", "path": ["a1", "a2"], "rejoin": "22"}],
        "traps": [{"name": "blue", "holes": ["25", "26", "27"], "path": ["b1", "b2", "b3"],
                   "rejoin": "23"}],
        "boxes": [{"name": "box", "hole": "32", "cells": ["c1", "c2", "c3", "c4"]}],
    }


def tiny_board() -> Board:
    return parse_board(copy.deepcopy(tiny_board_data()), "tiny")
