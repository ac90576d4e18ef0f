"""Every picture the gallery makes is readable on a phone, measured as the phone shows it: every
text (names, scores, legends, board numbers, card indices alike) has capitals and digits at
least `text.glyph_floor()` (8 px) tall once the picture is shrunk to a phone's width, 380 px,
or narrower still when it is taller than one and a half times that width, and every text with
lower-case letters an "x" at least `text.X_FLOOR` (6.9 px) tall there; and no table is that
tall.

The kit raises any size asked below the floor for the picture's width (render/kit/text.py),
so a picture can never show unreadable text; this test checks that no layout relies on that.
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


def _too_small(drawn: list[text.Drawn], size: tuple[int, int]) -> list[tuple[str, int, float]]:
    """(text, size asked, px a capital, or for text with lower-case letters an "x", is tall on
    a phone) for each text drawn on a picture of `size` that a phone shows too small."""
    low = []
    for piece in drawn:
        capital = text.shown_glyph_height(piece.asked, *size)
        if capital < text.glyph_floor() - 1e-9:
            low.append((piece.text, piece.asked, round(capital, 2)))
        elif (x := text.smallest_lower_shown([piece], *size)) and x[0] < text.X_FLOOR - 1e-9:
            low.append((piece.text, piece.asked, round(x[0], 2)))
    return low


def _check(draw_fn, view: dict, four_colour: bool) -> None:  # type: ignore[no-untyped-def]
    with text.recording() as drawn:
        image = draw_fn(view, four_colour)
    assert drawn, "nothing was recorded: the recorder is not wired"
    assert _too_small(drawn, image.size) == [], image.size


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_picture_of_the_gallery_meets_the_floor(samples: list[Sample],
                                                      four_colour: bool) -> None:
    for sample in samples:
        with text.recording() as drawn:
            png = draw(sample, four_colour)
        assert drawn, sample.filename
        assert _too_small(drawn, open_png(png).size) == [], sample.filename
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
        text.draw(ImageDraw.Draw(image), (0, 0), "TINY", 12, fill=(255, 255, 255))
        text.draw(ImageDraw.Draw(image), (0, 50), "ENOUGH 12", 18, fill=(255, 255, 255))
    assert _too_small(drawn, image.size) == [("TINY", 12, 5.54)]


def test_the_floor_test_catches_lower_case_whose_capitals_pass() -> None:
    """18 px on a 600 px picture gives a capital 8.3 px tall on the phone, but "crib" has
    no capital: its letters are an "x" tall, 6.2 px, and it is held to the x-height floor."""
    image = Image.new("RGB", (600, 100))
    with text.recording() as drawn:
        for y, (words, size) in enumerate((("CRIB 12", 18), ("crib", 18), ("crib", 20),
                                           ("שרה", 18))):
            text.draw(ImageDraw.Draw(image), (0, 20 * y), words, size, fill=(255, 255, 255))
    assert _too_small(drawn, image.size) == [("crib", 18, 6.24)]


def test_the_lower_case_floor_is_an_x_measured_on_the_phone() -> None:
    font = text.font(1000)
    assert text.x_ratio() == pytest.approx(
        (font.getbbox("x")[3] - font.getbbox("x")[1]) / 1000, abs=1e-3)
    assert text.glyph_floor() > text.X_FLOOR
    for width in (380, 600, 800, 1100):
        size = text.lower_floor_size(width)
        assert size >= text.floor_size(width)
        assert text.smallest_lower_shown([text.Drawn("x", size, size)], width, width)[0] \
            >= text.X_FLOOR
        assert text.smallest_lower_shown([text.Drawn("x", size - 1, size)], width, width)[0] \
            < text.X_FLOOR
    assert (text.lower_floor_size(600), text.lower_floor_size(800)) == (20, 27)


def test_the_floor_is_a_glyph_measured_on_the_phone() -> None:
    """A capital of the floor's size, on a picture shrunk to 380 px, is 8 px tall: the glyph
    of 11 px text, measured on the font's own outline."""
    font = text.font(1100)
    assert text.glyph_floor() == pytest.approx(
        11 * (font.getbbox("H")[3] - font.getbbox("H")[1]) / 1100, abs=0.01)
    assert 7.9 < text.glyph_floor() < 8.1
    for width in (380, 600, 800, 1100):
        assert text.shown_glyph_height(text.floor_size(width), width, width) \
            >= text.glyph_floor()
        assert text.shown_glyph_height(text.floor_size(width) - 1, width, width) \
            < text.glyph_floor()


def test_a_picture_taller_than_a_phone_shows_whole_shrinks_its_text_below_the_floor() -> None:
    """Up to one and a half times its width a picture is shown 380 px wide; a taller one is
    shrunk to fit, so the same text reads smaller."""
    assert text.shown_glyph_height(11, 380, 570) >= text.glyph_floor()
    assert text.shown_glyph_height(11, 380, 571) < text.glyph_floor()
    floor = text.floor_size(600)
    assert text.shown_glyph_height(floor, 600, 1800) == pytest.approx(
        text.shown_glyph_height(floor, 600, 900) / 2)
    lower = text.lower_floor_size(600)
    drawn = [text.Drawn("121", floor, floor), text.Drawn("Ann", lower, lower)]
    assert _too_small(drawn, (600, 900)) == []
    assert [low[0] for low in _too_small(drawn, (600, 1200))] == ["121", "Ann"]


def test_the_cached_board_still_reports_its_text(samples: list[Sample]) -> None:
    """The empty board is drawn once and cached: its numbers must still be checked."""
    sample = next(s for s in samples if s.filename == "cribbage_mid-play-2p_table")
    board.board_tile(2, 121)  # cached before the recording starts
    for _ in range(2):
        with text.recording() as drawn:
            draw(sample)
        assert {"Start", "60", "skunk 91", "Game 121"} <= {d.text for d in drawn}
