"""Every text on every picture stands out from what it is drawn on by at least 4.5:1 (WCAG's
AA for text of this size), measured on the pixels drawn: the darkest or lightest ink in the
text's box against the colour most of that box has. Grey text on the felt, letters on a
side's colour and cards greyed out as not playable now are where it was lost."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from render import profile, tournament
from render.gallery import Sample, draw, profile_samples
from render.kit import cards, layout, palette, text
from render.kit.png import encode
from tables.tournaments.picture import picture_data
from tests.render.conftest import open_png
from tests.render.test_tournament import knockout, swiss

AA = 4.5


def ink_contrast(image: Image.Image, box: text.Box) -> float:
    left, top = max(0, int(box[0])), max(0, int(box[1]))
    right, bottom = min(image.width, int(box[2])), min(image.height, int(box[3]))
    crop = image.crop((left, top, right, bottom))
    colours = crop.getcolors(crop.width * crop.height) or []
    ground = max(colours)[1]
    return max(palette.contrast(colour, ground) for _, colour in colours)


def faint_texts(draw_png: Callable[[], bytes]) -> list[tuple[str, float]]:
    with text.recording() as drawn:
        image = open_png(draw_png()).convert("RGB")
    boxed = [d for d in drawn if d.kind == "text" and d.box is not None
             and d.box[2] - d.box[0] >= 2 and d.box[3] - d.box[1] >= 2]
    assert boxed
    shown = [(d.text, round(ink_contrast(image, d.box), 2)) for d in boxed if d.box]
    return [low for low in shown if low[1] < AA]


def test_the_measure_finds_grey_text_on_the_felt() -> None:
    def faint() -> bytes:
        image, canvas = layout.canvas(600, 100)
        text.draw(canvas, (10, 10), "grey", 20, fill=palette.DIM)
        text.draw(canvas, (10, 50), "quiet", 20, fill=palette.QUIET)
        return encode(image)
    assert [low[0] for low in faint_texts(faint)] == ["grey"]


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_text_of_the_gallery_stands_out(samples: list[Sample], four_colour: bool) -> None:
    for sample in samples:
        assert faint_texts(lambda s=sample: draw(s, four_colour)) == [], sample.filename


def test_every_text_of_the_profiles_and_tournaments_stands_out() -> None:
    for _, data in profile_samples():
        assert faint_texts(lambda d=data: profile.profile_picture(d)[0]) == []
    standings, bracket = picture_data(swiss(12, 3)), picture_data(knockout(16, 2))
    assert faint_texts(lambda: tournament.standings_picture(standings)[0]) == []
    assert faint_texts(lambda: tournament.bracket_picture(bracket)[0]) == []


@pytest.mark.parametrize("suit", "SHDC")
def test_a_card_greyed_out_keeps_its_index_readable(suit: str) -> None:
    """Red keeps 4.5:1 in two colours; four colours' green and blue keep the 3:1 of large
    text (the index is bold and at least 17 px on a phone)."""
    for four_colour, least in ((False, AA), (True, 3.0)):
        face = layout.dimmed_face(f"8{suit}", 100, four_colour).convert("RGB")
        size = cards.index_size(100)
        assert ink_contrast(face, (4, 4, 4 + size, 4 + size)) >= least, (suit, four_colour)
