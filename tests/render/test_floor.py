"""Every picture the gallery makes is readable on a phone: every text (names, scores, legends,
board numbers, card indices alike) asks for at least `floor_size` of the picture's own
width, i.e. 11 px once a phone shows the picture 380 px wide; and no table is taller than
1.5 times its width, which a phone would show smaller still.

The kit raises any size asked below the floor (render/kit/text.py), so a picture can never
show unreadable text; this test checks that no layout relies on that.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

import render
from render.gallery import Sample, draw
from render.kit import board, text
from render.registry import renderer_for
from tests.render.conftest import open_png

MAX_RATIO = 1.5


def _too_small(drawn: list[text.Drawn], width: int) -> list[tuple[str, int, int]]:
    return [(d.text, d.asked, text.floor_size(width)) for d in drawn
            if d.asked < text.floor_size(width)]


def _check(draw_fn, view: dict, four_colour: bool) -> None:  # type: ignore[no-untyped-def]
    with text.recording() as drawn:
        image = draw_fn(view, four_colour)
    assert drawn, "nothing was recorded: the recorder is not wired"
    assert _too_small(drawn, image.width) == [], f"{image.width} px wide"


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_picture_of_the_gallery_meets_the_floor(samples: list[Sample],
                                                      four_colour: bool) -> None:
    for sample in samples:
        with text.recording() as drawn:
            png = draw(sample, four_colour)
        width = open_png(png).width
        assert drawn, sample.filename
        assert _too_small(drawn, width) == [], sample.filename
    assert {s.game for s in samples if s.kind == "table"} >= {"cribbage", "pip-pip"}


def test_no_table_is_taller_than_one_and_a_half_times_its_width(
        samples: list[Sample]) -> None:
    for sample in samples:
        image = open_png(draw(sample))
        assert image.height <= MAX_RATIO * image.width, (sample.filename, image.size)


def test_a_table_short_of_room_moves_the_show_into_the_message(samples: list[Sample]) -> None:
    """The tallest tables keep within the ratio by leaving to the message what it has."""
    crowded = next(s for s in samples if s.filename == "crib-race_game-over-8p_table")
    with text.recording() as drawn:
        render.draw_table(crowded.game, crowded.view)
    assert "Starter" not in [d.text for d in drawn]
    assert render.details(crowded.game, crowded.view)  # the show and zone events, in words


def test_an_empty_hand_and_a_crowded_hand_meet_the_floor() -> None:
    base = {"game": "cribbage", "players": 2, "seat": 0, "to_act": [0], "phase": "discard"}
    for hand in ([], ["AS", "2H", "3D", "4C", "5S", "6H", "7D", "8C", "9S", "TH", "JD", "QC",
                      "KS"]):
        _check(renderer_for("cribbage").hand, {**base, "hand": hand}, False)


def test_the_floor_test_catches_a_small_text() -> None:
    image = Image.new("RGB", (600, 100))
    with text.recording() as drawn:
        text.draw(ImageDraw.Draw(image), (0, 0), "tiny", 12, fill=(255, 255, 255))
    assert _too_small(drawn, image.width) == [("tiny", 12, 18)]


def test_the_cached_board_still_reports_its_text(samples: list[Sample]) -> None:
    """The empty board is drawn once and cached: its numbers must still be checked."""
    sample = next(s for s in samples if s.filename == "cribbage_mid-play-2p_table")
    board.board_tile(2, 121)  # cached before the recording starts
    for _ in range(2):
        with text.recording() as drawn:
            draw(sample)
        assert {"Start", "60", "skunk 91", "Game 121"} <= {d.text for d in drawn}
