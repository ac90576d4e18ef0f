"""PIP Rush and Pip Pip table pictures meet the readability floor: every text they draw (and
every card index they place) asks for a size at or above `floor_size` of the picture's own
width, so nothing has to be raised to it and a layout never overflows because it was."""

from __future__ import annotations

import pytest

from render.gallery import Sample, draw
from render.kit import text
from tests.render.conftest import open_png

GAMES = ("pip-rush", "pip-pip")


def _tables(samples: list[Sample]) -> list[Sample]:
    return [s for s in samples if s.game in GAMES and s.kind == "table"]


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_text_asks_for_at_least_the_floor(samples: list[Sample],
                                                four_colour: bool) -> None:
    tables = _tables(samples)
    assert {s.game for s in tables} == set(GAMES)
    for sample in tables:
        with text.recording() as drawn:
            png = draw(sample, four_colour)
        width = open_png(png).width
        assert drawn, sample.filename
        for piece in drawn:
            floor = text.floor_size(width, piece.secondary)
            assert piece.asked >= floor, (sample.filename, piece)
        primary = [p for p in drawn if not p.secondary]
        assert primary, sample.filename  # names, scores and turn are primary text


def test_the_cached_track_still_reports_its_text(samples: list[Sample]) -> None:
    """The empty track is drawn once and cached: its labels must still be checked."""
    sample = next(s for s in _tables(samples) if s.game == "pip-rush")
    for _ in range(2):
        with text.recording() as drawn:
            draw(sample)
        assert {"Start", "Finish", "Last Mile"} <= {p.text for p in drawn}


def test_a_trick_card_is_marked_with_its_players_seat(samples: list[Sample]) -> None:
    sample = next(s for s in _tables(samples) if s.filename == "pip-pip_mid-trick-8p_table")
    with text.recording() as drawn:
        draw(sample)
    written = [p.text for p in drawn]
    for played in sample.view["trick"]:
        assert str(played["seat"] + 1) in written
        assert played["card"] in written
    assert "led" in written and "winning" in written
