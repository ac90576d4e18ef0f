"""PIP Rush's chart: each racer's space after each trick."""

from __future__ import annotations

from render.chart import Chart, Line, Rule, Tick
from render.kit import seats as seat_facts
from render.kit.safe import mapping
from render.kit.text import plural
from render.registry import Moves
from render.series import LETTERS, Points, close, ending, number


def chart(title: str, moves: Moves) -> Chart:
    final = moves[-1][0]
    names = seat_facts.names(final)
    teams = final.get("teams") or [[s] for s in range(len(names))]
    racers = [r for r in final.get("racers") or [] if isinstance(r, dict)]
    keys = [(int(number(r.get("team"))), int(number(r.get("index")))) for r in racers]
    points: list[Points] = [[] for _ in keys]
    for view, _ in moves:
        trick = number(view.get("tricks_played"))
        for racer in view.get("racers") or []:
            key = (int(number(racer.get("team"))), int(number(racer.get("index"))))
            if key in keys:
                line = points[keys.index(key)]
                space = number(racer.get("space"))
                if line and line[-1][0] == trick:
                    line[-1] = (trick, space)  # the space a trick ended on
                elif not line or line[-1][1] != space:
                    line.append((trick, space))
    last = number(final.get("tricks_played"))
    close(points, last)
    lines = []
    for i, (team, index) in enumerate(keys):
        team_name = " & ".join(names[s] for s in teams[team] if 0 <= s < len(names)) \
            if team < len(teams) else f"Team {team + 1}"
        label = str(racers[i].get("label") or LETTERS[index])
        # Marked as on the table ("1A"): team letters would make "AB" and "BA" look alike.
        lines.append(Line(f"{team_name}'s racer {label}", f"{team + 1}{label}", team,
                          tuple(points[i]), shape=index))
    per_cycle = max(1, int(number(final.get("max_tricks")) // max(1, int(number(
        final.get("cycles")) or 1))))
    ticks = tuple(Tick(t, str(t)) for t in range(0, int(last) + 1, per_cycle))
    track = mapping(final.get("track"))
    finish = number(track.get("finish"))
    tricks = plural(int(last), "trick")
    after = tricks if int(last) == 1 else f"each of {tricks}"
    return Chart(title, f"each racer's space after {after}", "Trick",
                 "Space", tuple(lines), ticks, (Rule(finish, "finish"),) if finish else (),
                 steps=False, ending=ending(final), y_top=finish)
