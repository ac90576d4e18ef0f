"""benchmarks.smallest_text: the figure it prints is the phone-size one the floor tests hold."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from benchmarks import smallest_text
from render.kit import text


def _picture(width: int, height: int) -> Image.Image:
    image = Image.new("RGB", (width, height))
    canvas = ImageDraw.Draw(image)
    text.draw(canvas, (0, 0), "SCORE 12", 24, fill=(255, 255, 255))
    text.draw(canvas, (0, 40), "count", 20, fill=(255, 255, 255))
    return image


def test_it_measures_the_smallest_capital_and_x_height_as_a_phone_shows_them() -> None:
    figure = smallest_text.measure("test", lambda: _picture(760, 200))
    # 760 px wide is shown at half size on a 380 px phone.
    assert figure.cap == pytest.approx(20 * text.cap_ratio() / 2)
    assert (figure.cap_text, figure.cap_font) == ("count", 20)
    assert figure.x_height == pytest.approx(20 * text.x_ratio() / 2)
    assert figure.x_height < figure.cap
    # Taller than one and a half times its width: shrunk further, to 570 px tall.
    tall = smallest_text.measure("tall", lambda: _picture(760, 2280))
    assert tall.cap == pytest.approx(figure.cap / 2)


def test_it_draws_every_kind_of_picture() -> None:
    names = [name for name, _ in smallest_text.gallery()]
    assert {"profile_veteran", "cribbage_crib-counted-2p_table"} <= set(names)
    assert any(name.endswith("_four-colour") for name in names)
    tournaments = dict(smallest_text.tournaments())
    assert {"bracket_64_round1", "standings_swiss_64", "standings_knockout_2_round0"} \
        <= set(tournaments)
    figure = smallest_text.measure("bracket", tournaments["bracket_64_round1"])
    assert figure.cap >= text.glyph_floor()
