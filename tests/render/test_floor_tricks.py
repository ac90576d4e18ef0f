"""PIP Rush and Pip Pip tables: what their cached tiles and trick rows record (the floor itself
is checked for every picture in test_floor.py)."""

from __future__ import annotations

from render.gallery import Sample, draw
from render.kit import text

GAMES = ("pip-rush", "pip-pip")


def _tables(samples: list[Sample]) -> list[Sample]:
    return [s for s in samples if s.game in GAMES and s.kind == "table"]


def test_the_cached_track_still_reports_its_text(samples: list[Sample]) -> None:
    """The empty track is drawn once and cached: its labels must still be checked."""
    sample = next(s for s in _tables(samples) if s.game == "pip-rush")
    for _ in range(2):
        with text.recording() as drawn:
            draw(sample)
        assert {"Start", "Finish", "Last Mile"} <= {p.text for p in drawn}


def test_a_trick_card_is_marked_with_its_players_name(samples: list[Sample]) -> None:
    sample = next(s for s in _tables(samples) if s.filename == "pip-pip_mid-trick-8p_table")
    with text.recording() as drawn:
        draw(sample)
    written = [p.text for p in drawn]
    for played in sample.view["trick"]:
        assert sample.view["names"][played["seat"]] in written
        assert played["card"] in written
    assert "led" in written and "winning" in written
