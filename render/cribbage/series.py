"""Cribbage's chart: each side's score through the deals, with the skunk lines. PIP Cribbage
draws the same one."""

from __future__ import annotations

from render.chart import Chart, Rule
from render.cribbage.pictures import finish_words
from render.kit.text import plural
from render.registry import Moves, View
from render.series import Points, add, close, lines, number, side_names, ticks


def finish(view: View) -> str:
    """A finished game as its table says it: "Bob pegged out, 121–97"."""
    headline, detail = finish_words(view)
    words = ". ".join(part for part in (headline, detail) if part)
    return f"{words}." if words else ""


def chart(title: str, moves: Moves) -> Chart:
    first, final = moves[0][0], moves[-1][0]
    count = len(side_names(final))
    target = int(number(final.get("target") or first.get("target") or 121))
    points: list[Points] = [[] for _ in range(count)]
    for x, (view, _) in enumerate(moves):
        scores = view.get("scores") or []
        for side in range(min(count, len(scores))):
            # A game ends in the game hole: points past the target do not count.
            add(points[side], x, min(number(scores[side]), target))
    close(points, len(moves) - 1)
    # The target drawn as a line too: a 61-point game's axis runs on to 80, past its finish.
    rules = [Rule(target, "finish"), Rule(target - 30, "skunk line")]
    if target >= 121:
        rules.append(Rule(target - 60, "double skunk line"))
    deals = int(number(final.get("deal_number")))
    return Chart(title, f"each side's points through {plural(deals, 'deal')}", "Deal", "Points",
                 lines(side_names(final), points), ticks(moves, "deal_number"),
                 tuple(rules), ending=finish(final), y_top=target)
