"""Every picture asks for text at or above the readability floor for its own width.

The kit raises any size asked below the floor (render/kit/text.py), so a picture can never
show unreadable text; this test checks that no layout relies on that: every text drawn and
every card index placed asks for at least `floor_size(final image width, secondary)`, i.e.
11 px (primary) or 9 px (secondary) once a phone shows the picture 380 px wide.
"""

from __future__ import annotations

import pytest

import render
from render.gallery import Sample
from render.kit import text
from render.registry import renderer_for

# The games whose every gallery picture is held to the floor. PIP Rush and Pip Pip join here
# once their pictures are redesigned for phones.
FLOOR_GAMES = ("cribbage", "pip-cribbage", "crib-race")


def _too_small(drawn: list[text.Drawn], width: int) -> list[tuple[str, int, int]]:
    return [(d.text, d.asked, text.floor_size(width, d.secondary)) for d in drawn
            if d.asked < text.floor_size(width, d.secondary)]


def _check(draw_fn, view: dict, four_colour: bool) -> None:  # type: ignore[no-untyped-def]
    with text.recording() as drawn:
        image = draw_fn(view, four_colour)
    assert drawn, "nothing was recorded: the recorder is not wired"
    assert _too_small(drawn, image.width) == [], f"{image.width} px wide"


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_table_and_hand_meets_the_floor(samples: list[Sample], four_colour: bool) -> None:
    checked = set()
    for sample in samples:
        renderer = renderer_for(sample.game)
        if sample.kind == "hand":  # the hand picture is shared by every game
            _check(renderer.hand, sample.view, four_colour)
        elif sample.game in FLOOR_GAMES:
            _check(renderer.table, sample.view, four_colour)
            checked.add(sample.game)
    assert checked == set(FLOOR_GAMES)


def test_an_empty_hand_and_a_crowded_hand_meet_the_floor() -> None:
    base = {"game": "cribbage", "players": 2, "seat": 0, "to_act": [0], "phase": "discard"}
    for hand in ([], ["AS", "2H", "3D", "4C", "5S", "6H", "7D", "8C", "9S", "TH", "JD", "QC",
                      "KS"]):
        _check(renderer_for("cribbage").hand, {**base, "hand": hand}, False)


def test_the_floor_test_catches_a_small_text() -> None:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (600, 100))
    with text.recording() as drawn:
        text.draw(ImageDraw.Draw(image), (0, 0), "tiny", 12, fill=(255, 255, 255))
    assert _too_small(drawn, image.width) == [("tiny", 12, 18)]


def test_pictures_still_encode(samples: list[Sample]) -> None:
    for sample in samples:
        if sample.game in FLOOR_GAMES and sample.kind == "table":
            assert render.draw_table(sample.game, sample.view)[:4] == b"\x89PNG"
