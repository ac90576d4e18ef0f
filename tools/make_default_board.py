"""Regenerate engine/crib_race/boards/default.json, the default Crib Race board.

    .venv/bin/python -m tools.make_default_board

The track snakes across six rows of 21 holes (0-20 left to right, 21-41 right to left, ...);
the gaps between rows hold the green shortcuts, the blue loops and the penalty boxes, so the
whole race reads on one image. Zone holes were placed and sized by simulation so that a game
lasts about as long as a 121-point cribbage game (see benchmarks/crib_race.py).
"""

from __future__ import annotations

import json
from pathlib import Path

OUTPUT = Path(__file__).parents[1] / "engine" / "crib_race" / "boards" / "default.json"
FINISH = 121
PER_ROW = 21
LEFT, RIGHT, TOP, ROW_GAP, SPACING = 100, 1100, 80, 120, 50
SIZE = [1200, 760]


def track_xy(number: int) -> list[int]:
    row, k = divmod(number, PER_ROW)
    x = LEFT + k * SPACING if row % 2 == 0 else RIGHT - k * SPACING
    return [x, TOP + row * ROW_GAP]


def build() -> dict:
    holes: dict[str, list[int]] = {str(n): track_xy(n) for n in range(FINISH + 1)}

    def side(prefix: str, points: list[tuple[int, int]]) -> list[str]:
        ids = [f"{prefix}{i + 1}" for i in range(len(points))]
        holes.update({hole: [x, y] for hole, (x, y) in zip(ids, points, strict=True)})
        return ids

    advances = [
        {"name": "green-1", "entry": "36", "path": side("g1-", [(375, 245), (425, 282)]),
         "rejoin": "49"},
        {"name": "green-2", "entry": "99", "path": side("g2-", [(830, 605), (790, 645)]),
         "rejoin": "112"},
    ]
    traps = [
        {"name": "blue-1", "holes": ["56", "57", "58"],
         "path": side("b1-", [(785, 368), (750, 400), (700, 405), (662, 372)]),
         "rejoin": "54"},
        {"name": "blue-2", "holes": ["88", "89", "90"],
         "path": side("b2-", [(285, 608), (250, 640), (200, 645), (162, 612)]),
         "rejoin": "86"},
    ]
    boxes = [
        {"name": "box-1", "hole": "30",
         "cells": side("p1-", [(575, 145), (625, 145), (675, 145), (725, 145)])},
        {"name": "box-2", "hole": "68",
         "cells": side("p2-", [(775, 500), (825, 500), (875, 500), (925, 500)])},
    ]
    return {
        "name": "default",
        "title": "The Twisting Track",
        "description": "Two red slides, two green shortcuts, two blue time traps and two "
                       "penalty boxes on the way from 0 to 121.",
        "size": SIZE,
        "holes": holes,
        "track": [str(n) for n in range(FINISH + 1)],
        "slides": [{"name": "red-1", "from": "15", "to": "27"},
                   {"name": "red-2", "from": "74", "to": "86"}],
        "advances": advances,
        "traps": traps,
        "boxes": boxes,
    }


def render() -> str:
    return json.dumps(build(), indent=1) + "\n"


if __name__ == "__main__":
    OUTPUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUTPUT}")
