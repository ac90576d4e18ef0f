"""Pip Pip's chart: each player's score through the rounds."""

from __future__ import annotations

from render.chart import Chart
from render.kit.text import plural
from render.registry import Moves
from render.series import number, score_chart, ticks


def chart(title: str, moves: Moves) -> Chart:
    scores = score_chart(title, moves)
    rounds = int(number(moves[-1][0].get("round")))
    return Chart(title, f"each player's score through {plural(rounds, 'round')}", "Round",
                 "Points", scores.lines, ticks(moves, "round"), ending=scores.ending)
