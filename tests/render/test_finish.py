"""A finished cribbage-family table shows the score at the target and how the game was won,
in the rules' words, and its alt text says the same."""

from __future__ import annotations

import re
from typing import Any

import pytest

import render
from engine.registry import GAMES
from render.cribbage import pictures as cribbage
from render.gallery import Sample
from render.kit import text

FAMILY = ("cribbage", "pip-cribbage", "crib-race")


def _finished(**extra: Any) -> dict[str, Any]:
    view = {"game": "cribbage", "players": 2, "phase": "over", "target": 121, "dealer": 0,
            "scores": [97, 132], "previous_scores": [97, 118], "names": ["Ann", "Bob"],
            "show": [], "pile": ["5H", "KS"], "played": [["5H"], ["KS"]],
            "outcome": {"winners": [1], "win_points": 1, "skunk": None,
                        "detail": "{s1} won with 132; {s0} 97."}}
    return {**view, **extra}


def _texts(game: str, view: dict[str, Any]) -> list[str]:
    with text.recording() as drawn:
        render.draw_table(game, view)
    return [d.text for d in drawn if d.kind == "text"]


@pytest.mark.parametrize("game", FAMILY)
def test_a_win_in_the_play_reads_pegged_out_at_the_target(game: str) -> None:
    lines = _texts(game, _finished(game=game))
    assert "Bob pegged out, 121–97" in lines
    assert "Ann ends on 97" in lines
    assert not [line for line in lines if "132" in line or "won with" in line]
    alt = render.describe(game, _finished(game=game))
    assert "Bob pegged out, 121–97" in alt and "132" not in alt


def test_a_win_in_the_show_reads_counted_out_with_each_skunk() -> None:
    view = _finished(players=3, scores=[125, 88, 45], previous_scores=[110, 88, 45],
                     names=["Ann", "Bob", "Cy"], pile=[], played=[[], [], []],
                     show=[{"kind": "hand", "seat": 0, "cards": ["5H"], "scored": 15}],
                     outcome={"winners": [0], "win_points": 3, "skunk": "double skunk",
                              "detail": "{s0} won with 125; {s1} 88 (skunk), {s2} 45 (double"
                                        " skunk)."})
    assert cribbage.finish_words(view) == (
        "Ann counted out, 121–88–45", "Bob ends on 88 (skunk) · Cy ends on 45 (double skunk)")
    assert "121 (last +11)" in _texts("cribbage", view)  # the points that count: 121 - 110


def test_every_finished_gallery_table_shows_the_win_at_the_target(
        samples: list[Sample]) -> None:
    finished = [s for s in samples if s.kind == "table" and s.game in FAMILY
                and s.view["outcome"] is not None]
    assert {s.game for s in finished} == set(FAMILY) & set(GAMES)
    for sample in finished:
        target = sample.view["target"]
        lines = _texts(sample.game, sample.view)
        headline, _ = cribbage.finish_words(sample.view)
        assert re.fullmatch(rf".+ (pegged|counted) out, {target}(–\d+)+", headline)
        assert headline in " ".join(lines), sample.filename
        numbers = [int(n) for line in lines for n in re.findall(r"\d+", line)]
        assert max(numbers) <= max(target, 121), sample.filename


@pytest.mark.parametrize("game", FAMILY)
def test_the_chart_of_a_finished_game_ends_at_the_target_and_says_how(game: str) -> None:
    from render.series import chart_for
    from tests.render.test_chart import moves_of

    moves = moves_of(game, 2, seed=3)
    final = moves[-1][0]
    chart = chart_for(game, "Game #7", moves)
    assert max(y for line in chart.lines for _, y in line.points) <= final["target"]
    assert re.match(rf".+ (pegged|counted) out, {final['target']}–\d+", chart.ending)
    assert "won with" not in chart.ending
