"""What a game's chart shows, read from the public views (and events) of a game played move by
move: `chart_for(game_name, title, moves)` -> render.chart.Chart.

    moves: one (public view, public events) per step, the deal first (tables/replay.py)

A game's own chart is the `series` of its render registration (render/registry.py), built
with the helpers below; a game without one gets each seat's "scores" from its view, move by
move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.chart import Chart, Line, Tick, describe, draw
from render.kit import seats as seat_facts
from render.registry import Moves, View, renderer_if_any

LETTERS = "ABCDEFGH"
Points = list[tuple[float, float]]


def chart_for(game_name: str, title: str, moves: Moves) -> Chart:
    renderer = renderer_if_any(game_name)
    build = renderer.series if renderer and renderer.series else score_chart
    return build(title, moves)


def chart_picture(game_name: str, title: str, moves: Moves) -> tuple[bytes, str]:
    """The chart's PNG and its alt text."""
    chart = chart_for(game_name, title, moves)
    return draw(chart), describe(chart)


def ending(view: View) -> str:
    """The outcome's detail with seat names put in."""
    outcome = view.get("outcome")
    if not isinstance(outcome, dict):
        return ""
    return seat_facts.fill_names(outcome.get("detail") or "", view)


def number(value: Any) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


def side_names(view: View) -> list[str]:
    """One name per side: the seats of a side joined with "&"."""
    names = seat_facts.names(view)
    sides = view.get("sides")
    if isinstance(sides, list) and sides and all(isinstance(s, list) for s in sides):
        return [" & ".join(names[s] for s in side if 0 <= s < len(names)) for side in sides]
    return names


def lines(names: Sequence[str], points: Sequence[Points]) -> tuple[Line, ...]:
    return tuple(Line(name, LETTERS[i % len(LETTERS)], i, tuple(pts), shape=i)
                 for i, (name, pts) in enumerate(zip(names, points, strict=True)))


def add(points: Points, x: float, y: float) -> None:
    """A point where the value moved (a run of equal values is one step)."""
    if not points or points[-1][1] != y:
        points.append((x, y))


def close(points: list[Points], x: float) -> None:
    """Every line carried to the last move, so all end where the game ended."""
    for line in points:
        if line and line[-1][0] < x:
            line.append((x, line[-1][1]))


def ticks(moves: Moves, key: str, prefix: str = "") -> tuple[Tick, ...]:
    """A tick where the view's `key` (the deal or round number) moves on."""
    found, last = [], None
    for x, (view, _) in enumerate(moves):
        value = view.get(key)
        if isinstance(value, int) and value != last and value > 0:
            found.append(Tick(x, f"{prefix}{value}"))
            last = value
    return tuple(found)


def score_chart(title: str, moves: Moves) -> Chart:
    """Each seat's "scores" move by move: the chart of a game without its own."""
    final = moves[-1][0]
    names = seat_facts.names(final)
    points: list[Points] = [[] for _ in names]
    for x, (view, _) in enumerate(moves):
        scores = view.get("scores") or []
        for seat in range(min(len(names), len(scores))):
            add(points[seat], x, number(scores[seat]))
    close(points, len(moves) - 1)
    return Chart(title, "each player's score move by move", "Move", "Points",
                 lines(names, points), ending=ending(final))
