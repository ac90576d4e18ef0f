"""What each game's chart shows, read from the public views (and events) of a game played
move by move: `chart_for(game_name, title, moves)` -> render.chart.Chart.

    moves: one (public view, public events) per step, the deal first (tables/replay.py)

The cribbage games: each side's score through the deals, with the skunk lines. Crib Race:
each side's track position, the slides and traps marked. PIP Rush: each racer's space per
trick. Pip Pip: each player's score through the rounds. Another game with "scores" in its
view gets those, move by move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from render.chart import Chart, Line, Note, Rule, Tick, describe, draw
from render.kit import seats as seat_facts

View = dict[str, Any]
Moves = Sequence[tuple[View, Sequence[dict[str, Any]]]]

LETTERS = "ABCDEFGH"


def chart_for(game_name: str, title: str, moves: Moves) -> Chart:
    return _SERIES.get(game_name, _scores)(title, moves)


def chart_picture(game_name: str, title: str, moves: Moves) -> tuple[bytes, str]:
    """The chart's PNG and its alt text."""
    chart = chart_for(game_name, title, moves)
    return draw(chart), describe(chart)


def _ending(view: View) -> str:
    outcome = view.get("outcome")
    if not isinstance(outcome, dict):
        return ""
    return seat_facts.fill_names(outcome.get("detail") or "", view)


def _number(value: Any) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


def _side_names(view: View) -> list[str]:
    names = seat_facts.names(view)
    sides = view.get("sides")
    if isinstance(sides, list) and sides and all(isinstance(s, list) for s in sides):
        return [" & ".join(names[s] for s in side if 0 <= s < len(names)) for side in sides]
    return names


def _lines(names: Sequence[str], points: Sequence[list[tuple[float, float]]]) -> tuple[Line, ...]:
    return tuple(Line(name, LETTERS[i % len(LETTERS)], i, tuple(pts), shape=i)
                 for i, (name, pts) in enumerate(zip(names, points, strict=True)))


def _add(points: list[tuple[float, float]], x: float, y: float) -> None:
    """A point where the value moved (a run of equal values is one step)."""
    if not points or points[-1][1] != y:
        points.append((x, y))


def _close(points: list[list[tuple[float, float]]], x: float) -> None:
    """Every line carried to the last move, so all end where the game ended."""
    for line in points:
        if line and line[-1][0] < x:
            line.append((x, line[-1][1]))


def _ticks(moves: Moves, key: str, prefix: str = "") -> tuple[Tick, ...]:
    """A tick where the view's `key` (the deal or round number) moves on."""
    ticks, last = [], None
    for x, (view, _) in enumerate(moves):
        value = view.get(key)
        if isinstance(value, int) and value != last and value > 0:
            ticks.append(Tick(x, f"{prefix}{value}"))
            last = value
    return tuple(ticks)


def _cribbage(title: str, moves: Moves) -> Chart:
    first, final = moves[0][0], moves[-1][0]
    count = len(_side_names(final))
    points: list[list[tuple[float, float]]] = [[] for _ in range(count)]
    for x, (view, _) in enumerate(moves):
        scores = view.get("scores") or []
        for side in range(min(count, len(scores))):
            _add(points[side], x, _number(scores[side]))
    _close(points, len(moves) - 1)
    target = int(_number(final.get("target") or first.get("target") or 121))
    rules = [Rule(target - 30, "skunk line")]
    if target >= 121:
        rules.append(Rule(target - 60, "double skunk line"))
    deals = int(_number(final.get("deal_number")))
    return Chart(title, f"each side's points through {deals} deals", "Deal", "Points",
                 _lines(_side_names(final), points), _ticks(moves, "deal_number"),
                 tuple(rules), ending=_ending(final), y_top=target)


def _crib_race(title: str, moves: Moves) -> Chart:
    final = moves[-1][0]
    names = _side_names(final)
    points: list[list[tuple[float, float]]] = [[] for _ in names]
    notes: list[Note] = []
    for x, (view, events) in enumerate(moves):
        for event in events:
            if event.get("type") == "zone" and event.get("kind") in ("slide", "trap"):
                side = event.get("side")
                landed, now = str(event.get("landed", "")), str(event.get("hole", ""))
                if isinstance(side, int) and 0 <= side < len(points) and landed.isdigit():
                    back = float(now) if now.isdigit() else _position(view, side)
                    _add(points[side], x, float(landed))
                    _add(points[side], x, back)
                    notes.append(Note(side, x, float(landed), back, str(event["kind"])))
        for side in range(len(points)):
            _add(points[side], x, _position(view, side))
    _close(points, len(moves) - 1)
    finish = _number(final.get("finish") or final.get("target") or 121)
    deals = int(_number(final.get("deal_number")))
    return Chart(title, f"each side's track position through {deals} deals, with the moves "
                 "back", "Deal", "Hole", _lines(names, points), _ticks(moves, "deal_number"),
                 (Rule(finish, "finish"),), tuple(n for n in notes if n.y_to < n.y_from),
                 ending=_ending(final), y_top=finish)


def _position(view: View, side: int) -> float:
    for peg in view.get("pegs") or []:
        if isinstance(peg, dict) and peg.get("side") == side:
            return _number(peg.get("position"))
    scores = view.get("scores") or []
    return _number(scores[side]) if side < len(scores) else 0.0


def _pip_rush(title: str, moves: Moves) -> Chart:
    final = moves[-1][0]
    names = seat_facts.names(final)
    teams = final.get("teams") or [[s] for s in range(len(names))]
    racers = [r for r in final.get("racers") or [] if isinstance(r, dict)]
    keys = [(int(_number(r.get("team"))), int(_number(r.get("index")))) for r in racers]
    points: list[list[tuple[float, float]]] = [[] for _ in keys]
    for view, _ in moves:
        trick = _number(view.get("tricks_played"))
        for racer in view.get("racers") or []:
            key = (int(_number(racer.get("team"))), int(_number(racer.get("index"))))
            if key in keys:
                line = points[keys.index(key)]
                space = _number(racer.get("space"))
                if line and line[-1][0] == trick:
                    line[-1] = (trick, space)  # the space a trick ended on
                elif not line or line[-1][1] != space:
                    line.append((trick, space))
    last = _number(final.get("tricks_played"))
    _close(points, last)
    lines = []
    for i, (team, index) in enumerate(keys):
        team_name = " & ".join(names[s] for s in teams[team] if 0 <= s < len(names)) \
            if team < len(teams) else f"Team {team + 1}"
        label = str(racers[i].get("label") or LETTERS[index])
        lines.append(Line(f"{team_name}'s racer {label}", f"{LETTERS[team]}{label}", team,
                          tuple(points[i]), shape=index))
    per_cycle = max(1, int(_number(final.get("max_tricks")) // max(1, int(_number(
        final.get("cycles")) or 1))))
    ticks = tuple(Tick(t, str(t)) for t in range(0, int(last) + 1, per_cycle))
    track = final.get("track") if isinstance(final.get("track"), dict) else {}
    finish = _number(track.get("finish"))
    return Chart(title, f"each racer's space after each of {int(last)} tricks", "Trick",
                 "Space", tuple(lines), ticks, (Rule(finish, "finish"),) if finish else (),
                 steps=False, ending=_ending(final), y_top=finish)


def _pip_pip(title: str, moves: Moves) -> Chart:
    chart = _scores(title, moves)
    rounds = int(_number(moves[-1][0].get("round")))
    return Chart(title, f"each player's score through {rounds} rounds", "Round", "Points",
                 chart.lines, _ticks(moves, "round"), ending=chart.ending)


def _scores(title: str, moves: Moves) -> Chart:
    final = moves[-1][0]
    names = seat_facts.names(final)
    points: list[list[tuple[float, float]]] = [[] for _ in names]
    for x, (view, _) in enumerate(moves):
        scores = view.get("scores") or []
        for seat in range(min(len(names), len(scores))):
            _add(points[seat], x, _number(scores[seat]))
    _close(points, len(moves) - 1)
    return Chart(title, "each player's score move by move", "Move", "Points",
                 _lines(names, points), ending=_ending(final))


_SERIES: dict[str, Callable[[str, Moves], Chart]] = {
    "cribbage": _cribbage,
    "pip-cribbage": _cribbage,
    "crib-race": _crib_race,
    "pip-rush": _pip_rush,
    "pip-pip": _pip_pip,
}
