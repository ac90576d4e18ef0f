"""Crib Race's chart: each side's track position through the deals, the slides and traps that
moved it back marked."""

from __future__ import annotations

from render.chart import Chart, Note, Rule
from render.cribbage.series import finish
from render.kit.text import plural
from render.registry import Moves, View
from render.series import Points, add, close, lines, number, side_names, ticks


def _position(view: View, side: int) -> float:
    for peg in view.get("pegs") or []:
        if isinstance(peg, dict) and peg.get("side") == side:
            return number(peg.get("position"))
    scores = view.get("scores") or []
    return number(scores[side]) if side < len(scores) else 0.0


def chart(title: str, moves: Moves) -> Chart:
    final = moves[-1][0]
    names = side_names(final)
    points: list[Points] = [[] for _ in names]
    notes: list[Note] = []
    for x, (view, events) in enumerate(moves):
        for event in events:
            if event.get("type") == "zone" and event.get("kind") in ("slide", "trap"):
                side = event.get("side")
                landed, now = str(event.get("landed", "")), str(event.get("hole", ""))
                if isinstance(side, int) and 0 <= side < len(points) and landed.isdigit():
                    back = float(now) if now.isdigit() else _position(view, side)
                    add(points[side], x, float(landed))
                    add(points[side], x, back)
                    notes.append(Note(side, x, float(landed), back, str(event["kind"])))
        for side in range(len(points)):
            add(points[side], x, _position(view, side))
    close(points, len(moves) - 1)
    end = number(final.get("finish") or final.get("target") or 121)
    deals = int(number(final.get("deal_number")))
    return Chart(title, f"each side's track position through {plural(deals, 'deal')}, with the "
                 "moves back", "Deal", "Hole", lines(names, points), ticks(moves, "deal_number"),
                 (Rule(end, "finish"),), tuple(n for n in notes if n.y_to < n.y_from),
                 ending=finish(final), y_top=end)
