"""The score chart of a finished game: what each game's series hold, the kit's readability
floor, colour never the only cue, and alt text."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from itertools import pairwise
from types import SimpleNamespace
from typing import Any

import pytest

from engine.registry import GAMES
from render import chart_picture
from render.chart import (
    ALT_LIMIT,
    SHAPES,
    WIDTH,
    Chart,
    Line,
    Rule,
    describe,
    draw,
    lead_changes,
)
from render.kit import palette, text
from render.series import chart_for
from tables.replay import Replay
from tests.render.conftest import open_png
from tests.render.test_floor import _too_small

NAMES = ["Ann", "Bob", "Cid", "Dee"]
GAMES_PLAYED = [("cribbage", 2), ("cribbage", 4), ("pip-cribbage", 2), ("crib-race", 2),
                ("crib-race", 3), ("pip-rush", 2), ("pip-rush", 4), ("pip-pip", 3)]


def easy_replay(game: str, players: int, seed: int, names: Sequence[str],
                ai: str | None = "easy") -> Replay:
    """A whole game between easy computer players, its seats named `names` (and shown as
    computers of level `ai`, or as members with None), as the replay sees it."""
    spec = GAMES[game]
    state = spec.new(players, {}, seed)
    rng = random.Random(seed)
    log = []
    while state.outcome is None:
        seat = state.to_act()[0]
        action = spec.ai(state.view(seat), state.legal_actions(seat), rng, "easy")
        state.apply(seat, action)
        log.append((seat, action))
    record = SimpleNamespace(
        id=7, game=game, options={}, seed=seed, guild_id=1, channel_id=1, host_id=1,
        settings={}, seats=[{"user_id": None, "name": n, "ai": ai} for n in names[:players]])
    return Replay(record, log)


@cache
def moves_of(game: str, players: int, seed: int = 11,
             names: tuple[str, ...] = tuple(NAMES)) -> list[tuple[dict[str, Any], list[Any]]]:
    """A whole game between easy computer players, as the replay sees it."""
    return easy_replay(game, players, seed, names).moves()


def chart_of(game: str, players: int, seed: int = 11) -> Chart:
    return chart_for(game, f"{GAMES[game].title} #7", moves_of(game, players, seed))


@pytest.mark.parametrize("game,players", GAMES_PLAYED)
def test_every_text_on_every_games_chart_keeps_the_readability_floor(game: str,
                                                                     players: int) -> None:
    with text.recording() as drawn:
        png, alt = chart_picture(game, f"{GAMES[game].title} #7", moves_of(game, players))
    image = open_png(png)
    assert image.width == WIDTH
    assert drawn
    assert _too_small(drawn, image.size) == []  # axis labels and legends too
    assert alt == describe(chart_of(game, players))


@pytest.mark.parametrize("game,players", GAMES_PLAYED)
def test_colour_is_never_the_only_cue(game: str, players: int) -> None:
    chart = chart_of(game, players)
    marks = [line.mark for line in chart.lines]
    assert len(set(marks)) == len(marks) and all(marks)
    looks = [(line.colour % len(palette.SIDE_COLOURS), line.shape % len(SHAPES))
             for line in chart.lines]
    assert len(set(looks)) == len(looks)  # lines of one colour differ in shape


@pytest.mark.parametrize("game,players", GAMES_PLAYED)
def test_alt_text_is_one_paragraph_naming_every_line(game: str, players: int) -> None:
    chart = chart_of(game, players)
    alt = describe(chart)
    assert len(alt) <= ALT_LIMIT and "\n" not in alt
    assert alt.startswith(f"Chart of {GAMES[game].title} #7: ")
    for line in chart.lines:
        ends = "end" if " & " in line.name and "'s racer" not in line.name else "ends"
        assert f"{line.name} (" in alt and f", {line.mark}) {ends} on " in alt
    assert chart.ending and alt.endswith(chart.ending)


def test_partners_sharing_a_line_end_on_their_score_in_the_plural() -> None:
    alt = describe(chart_of("cribbage", 4))
    assert "Ann & Cid (blue circle, A) end on " in alt
    assert "Bob & Dee (orange square, B) end on " in alt
    assert "Ann (blue circle, A) ends on " in describe(chart_of("cribbage", 2))


@pytest.mark.parametrize("game,players", GAMES_PLAYED)
def test_the_legend_shows_every_line_whole(game: str, players: int) -> None:
    # a 4-player PIP Rush's "Bob & Dee's racer A 6" does not fit half the width: one column
    names = {line.name for line in chart_of(game, players).lines}
    with text.recording() as drawn:
        chart_picture(game, f"{GAMES[game].title} #7", moves_of(game, players))
    entries = [d for d in drawn if any(d.text.startswith(name) for name in names)]
    assert len(entries) == len(names)
    assert all(d.shown == d.text and "…" not in d.shown for d in entries), entries


def test_a_teams_racer_ends_on_its_space_in_the_singular() -> None:
    chart = chart_of("pip-rush", 4)
    racers = [line.name for line in chart.lines if " & " in line.name]
    assert racers and all("'s racer " in name for name in racers)
    alt = describe(chart)
    for name in racers:
        assert re.search(re.escape(name) + r" \([^)]*\) ends on ", alt), (name, alt)


@pytest.mark.parametrize("game,players", [("cribbage", 2), ("cribbage", 4), ("pip-cribbage", 2),
                                          ("cribbage", 3)])
def test_cribbage_charts_follow_each_sides_score_through_the_deals_to_the_skunk_lines(
        game: str, players: int) -> None:
    moves = moves_of(game, players)
    chart = chart_of(game, players)
    final = moves[-1][0]
    # Each line ends on its side's score, the winner's in the game hole (at the target).
    assert [line.points[-1][1] for line in chart.lines] == [min(score, final["target"])
                                                            for score in final["scores"]]
    assert len(chart.lines) == len(final["sides"])
    assert [t.label for t in chart.ticks] == [str(d) for d in range(1, final["deal_number"] + 1)]
    assert [(r.y, r.label) for r in chart.rules] == [(121, "finish"), (91, "skunk line"),
                                                     (61, "double skunk line")]
    for line in chart.lines:  # scores only ever go up, one point per change
        ys = [y for _, y in line.points]
        assert ys == sorted(ys)
    if players == 4:
        assert [line.name for line in chart.lines] == ["Ann & Cid", "Bob & Dee"]


def test_a_61_point_game_has_its_finish_and_only_the_skunk_line() -> None:
    moves = [({**view, "target": 61}, events) for view, events in moves_of("cribbage", 2)]
    chart = chart_for("cribbage", "Cribbage #7", moves)
    assert [(r.y, r.label) for r in chart.rules] == [(61, "finish"), (31, "skunk line")]


def test_crib_race_marks_every_move_back_and_draws_the_drop() -> None:
    found = None
    for seed in range(11, 40):
        chart = chart_of("crib-race", 2, seed)
        if chart.notes:
            found = (seed, chart)
            break
    assert found is not None, "no slide or trap in 30 games"
    seed, chart = found
    moves = moves_of("crib-race", 2, seed)
    for note in chart.notes:
        assert note.label in ("slide", "trap") and note.y_to < note.y_from
        points = chart.lines[note.line].points
        at = [y for x, y in points if x == note.x]
        assert (note.y_from, note.y_to) in pairwise(at)  # landed, then sent back
        kinds = [e.get("kind") for e in moves[int(note.x)][1] if e.get("type") == "zone"]
        assert note.label in kinds
    final = moves[-1][0]
    assert [line.points[-1][1] for line in chart.lines] == [p["position"] for p in final["pegs"]]
    assert [(r.y, r.label) for r in chart.rules] == [(final["finish"], "finish")]
    alt = describe(chart)
    assert "holes back" in alt and chart.notes[0].label in alt


@pytest.mark.parametrize("players", [2, 4])
def test_pip_rush_follows_each_racer_trick_by_trick(players: int) -> None:
    moves = moves_of("pip-rush", players)
    chart = chart_of("pip-rush", players)
    final = moves[-1][0]
    assert len(chart.lines) == len(final["racers"])
    assert [line.points[-1][1] for line in chart.lines] == [r["space"] for r in final["racers"]]
    for line in chart.lines:
        xs = [x for x, _ in line.points]
        assert xs == sorted(set(xs)) and xs[-1] == final["tricks_played"]
    assert not chart.steps and chart.rules[0].y == final["track"]["finish"]
    # Marked as on the table, where "AB" and "BA" would look alike.
    assert [line.mark for line in chart.lines] == ["1A", "1B", "2A", "2B"]


def test_pip_pip_shows_scores_through_the_rounds() -> None:
    moves = moves_of("pip-pip", 3)
    chart = chart_of("pip-pip", 3)
    final = moves[-1][0]
    assert [t.label for t in chart.ticks] == [str(r) for r in range(1, final["round"] + 1)]
    assert [line.points[-1][1] for line in chart.lines] == final["scores"]
    assert chart.x_label == "Round"


def test_lead_changes_count_only_a_new_leader() -> None:
    ann = Line("Ann", "A", 0, ((0, 0), (1, 5), (3, 9), (5, 20)))
    bob = Line("Bob", "B", 1, ((0, 0), (2, 7), (4, 9), (6, 30)), shape=1)
    chart = Chart("Cribbage #1", "points", "Deal", "Points", (ann, bob))
    # Ann leads at 1, Bob at 2, Ann at 3, tie at 4, Ann at 5, Bob at 6
    assert lead_changes(chart) == 3


def test_lead_changes_count_sides_not_teammates() -> None:
    """One team's two racers (one colour) passing each other is no change of lead."""
    a1 = Line("Blue's racer A", "1A", 0, ((0, 0), (1, 3), (2, 3), (3, 6)))
    a2 = Line("Blue's racer B", "1B", 0, ((0, 0), (1, 1), (2, 5), (3, 5)), shape=1)
    b1 = Line("Orange's racer A", "2A", 1, ((0, 0), (1, 2), (2, 4), (3, 7)))
    chart = Chart("PIP Rush #1", "spaces", "Trick", "Space", (a1, a2, b1))
    # Blue leads at 1 (A) and at 2 (B overtakes A: still Blue); Orange at 3.
    assert lead_changes(chart) == 1


def test_a_level_no_line_reached_is_said_once_not_listed() -> None:
    lines = [Line(name, name[0], i, ((0, 0), (1, 4 + i))) for i, name in
             enumerate(("Ann", "Bob", "Cid"))]
    finish = (Rule(10, "finish"),)
    chart = Chart("PIP Rush #2", "spaces", "Trick", "Space", tuple(lines), rules=finish)
    assert "The finish is at 10; none reached it." in describe(chart)
    lines[0] = replace(lines[0], points=((0, 0), (1, 10)))
    chart = Chart("PIP Rush #3", "spaces", "Trick", "Space", tuple(lines), rules=finish)
    assert "The finish is at 10; Bob and Cid ended under it." in describe(chart)


def test_hostile_names_and_long_alt_text_stay_within_bounds() -> None:
    names = ("🂡" * 300, "שרה" * 50, "\u202e" + "x" * 500, "Zoë")
    moves = moves_of("pip-rush", 4, 11, names)
    chart = chart_for("pip-rush", "PIP Rush #7", moves)
    alt = describe(chart)
    assert len(alt) == ALT_LIMIT and alt.endswith("…")
    open_png(draw(chart))


def _first_view_where(game: str, players: int, reached: Any) -> dict[str, Any]:
    state = GAMES[game].new(players, {}, 3)
    rng = random.Random(3)
    while not reached(state.view(None)):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return {**state.view(None), "names": NAMES[:players]}


@pytest.mark.parametrize("game, subject", [
    ("cribbage", "each side's points through 1 deal"),
    ("crib-race", "each side's track position through 1 deal, with the moves back"),
    ("pip-rush", "each racer's space after 1 trick"),
])
def test_a_count_of_one_is_singular(game: str, subject: str) -> None:
    """A game that stopped early (a resignation) still reads right."""
    view = _first_view_where(game, 2, lambda v: v.get("tricks_played", 1) == 1)
    assert view.get("deal_number", 1) == 1
    assert chart_for(game, "#7", [(view, [])]).subject == subject


def test_counts_past_one_keep_their_words() -> None:
    assert chart_of("cribbage", 2).subject.startswith("each side's points through ")
    assert chart_of("cribbage", 2).subject.endswith(" deals")
    assert re.fullmatch(r"each racer's space after each of \d+ tricks",
                        chart_of("pip-rush", 2).subject)
