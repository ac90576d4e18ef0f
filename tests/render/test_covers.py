"""Nothing drawn over a picture covers its text: no token (a peg, a chip, a die's letter) and
no pasted piece (a card, a die) lands on a text drawn on the same canvas, in any picture the
gallery makes. A token's own letter, inside it, is its label, not a text it covers."""

from __future__ import annotations

from PIL import Image, ImageDraw

import render
from render.gallery import Sample, draw
from render.kit import layout, text

SLACK = 1  # pixels two boxes may share at their edges (anti-aliasing)


def _inside(inner: text.Box, outer: text.Box) -> bool:
    return (inner[0] >= outer[0] - SLACK and inner[1] >= outer[1] - SLACK
            and inner[2] <= outer[2] + SLACK and inner[3] <= outer[3] + SLACK)


def _meet(a: text.Box, b: text.Box) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > SLACK
            and min(a[3], b[3]) - max(a[1], b[1]) > SLACK)


def covered_texts(drawn: list[text.Drawn]) -> list[tuple[str, str, str]]:
    """(text, what covers it, its label) for every text that a cover drawn later on the same
    canvas meets (a text drawn after a cover is on top of it, not under it)."""
    found = []
    for index, cover in enumerate(drawn):
        if cover.kind not in ("token", "piece") or cover.box is None:
            continue
        for piece in drawn[:index]:
            if piece.kind != "text" or piece.box is None:
                continue
            if piece.surface != cover.surface or _inside(piece.box, cover.box):
                continue
            if _meet(piece.box, cover.box):
                found.append((piece.text, cover.kind, cover.text))
    return found


def test_the_check_finds_a_token_on_a_word() -> None:
    image = Image.new("RGB", (600, 100))
    canvas = ImageDraw.Draw(image)
    with text.recording(covers=True) as drawn:
        text.draw(canvas, (10, 50), "Extra Decay", 20, fill=(255, 255, 255), anchor="lm")
        layout.token(canvas, (30, 50), 12, 0)
        layout.token(canvas, (300, 50), 12, 1)
    assert covered_texts(drawn) == [("Extra Decay", "token", "A")]


def test_no_cover_lands_on_a_text_in_any_picture(samples: list[Sample]) -> None:
    for sample in samples:
        with text.recording(covers=True) as drawn:
            draw(sample)
        assert covered_texts(drawn) == [], sample.filename


def test_no_pip_die_covers_a_space_name_on_any_space(samples: list[Sample]) -> None:
    """Dice stand on every space in turn, alone and both on one space."""
    base = next(s.view for s in samples if s.game == "pip-cribbage" and s.kind == "table")
    for space in range(1, 10):
        for other in (10 - space, space):
            dice = [{"owner": 0, "space": space, "face": 3, "direction": 1, "piece": "P3"},
                    {"owner": 1, "space": other, "face": 5, "direction": -1, "piece": "P5"}]
            with text.recording(covers=True) as drawn:
                render.draw_table("pip-cribbage", {**base, "dice": dice})
            assert covered_texts(drawn) == [], (space, other)
