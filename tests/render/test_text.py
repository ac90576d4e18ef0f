from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from render.kit import text

HOSTILE = [
    "",
    "   ",
    "Ann",
    "🃏🦊👨‍👩‍👧‍👦 emoji family",
    "שרה כהן",
    "فاطمة الزهراء",
    "mixed English עברית and العربية 123",
    "x" * 5000,
    "tab\tnew\nline\rnull\x00bell\x07",
    "zalgo ẑ̷̛̖a̸͚̍l̵̰̆g̶̱̈o̴̩͝",
    "\u202eright-to-left override\u202c",
    "\ud800 lone surrogate",
    "中文名字 한국어 日本語",
]


def test_clean_keeps_plain_text_and_drops_controls() -> None:
    assert text.clean("Ann") == "Ann"
    assert text.clean("a\tb\nc\x00d") == "a b cd"
    assert text.clean("   ") == ""
    assert "\u202e" not in text.clean("\u202eabc")


def test_missing_glyphs_become_one_visible_box() -> None:
    # The CJK ideographs are not in DejaVu Sans: each run becomes a single box.
    assert text.clean("中文 Ann") == f"{text.MISSING} Ann"
    assert text.clean("A\U000e0041B") == "AB"  # a tag character: nothing to draw
    assert text.clean("A\U0010fffdB") == "AB"  # private use


@pytest.mark.parametrize("bold", [False, True])
def test_names_in_a_fancy_font_read_as_their_plain_letters(bold: bool) -> None:
    """Styled letters the fonts lack (mathematical script and bold, full-width, circled) are
    a name in another style, not missing glyphs: drawn plain, never as a box."""
    for fancy, plain in [("𝓐𝓷𝓷", "Ann"), ("𝐁𝐨𝐛 🦊", "Bob 🦊"), ("Ｍａｘ　Ｗ１", "Max W1"),
                         ("Ⓔⓥⓔ", "Eve"), ("𝔊𝔲𝔰", "Gus"), ("𝙹𝚘𝚎", "Joe")]:
        assert text.clean(fancy, bold) == plain
    assert text.clean("中文", bold) == text.MISSING  # no plain form: still one box
    assert text.clean("ﬁ", bold) == "ﬁ"  # a glyph the font has is kept as it is


def _ink(line: str, size: int = 24) -> Image.Image:
    image = Image.new("L", (300, 60), 0)
    text.draw(ImageDraw.Draw(image), (10, 30), line, size, fill=255, anchor="lm")
    return image


def test_emoji_draw_from_the_shipped_emoji_font() -> None:
    assert text.clean("Bob 🦊") == "Bob 🦊"
    assert text.clean("👍🏽 ok") == "👍 ok"  # a skin tone cannot tint a one-colour glyph
    fox, box = _ink("🦊"), _ink(text.MISSING)
    assert fox.getbbox() is not None and ImageChops.difference(fox, box).getbbox() is not None
    # "Bob 🦊" is "Bob " and then the fox, set on one baseline at the same place.
    bob = _ink("Bob ")
    both = _ink("Bob 🦊")
    assert ImageChops.difference(both.crop((0, 0, 55, 60)), bob.crop((0, 0, 55, 60))).getbbox() \
        is None
    assert both.crop((60, 0, 300, 60)).getbbox() is not None
    assert text.width("Bob 🦊", 24) > text.width("Bob ", 24) + 12


def test_a_code_point_no_shipped_font_has_is_still_a_box() -> None:
    assert text.clean("Ann 中") == f"Ann {text.MISSING}"
    assert ord("中") not in text._emoji_coverage()
    assert ImageChops.difference(_ink("中"), _ink(text.MISSING)).getbbox() is None


def test_emoji_in_a_centred_line_stay_centred() -> None:
    image = Image.new("L", (300, 60), 0)
    text.draw(ImageDraw.Draw(image), (150, 30), "🦊 Bob 🦊", 24, fill=255, anchor="mm")
    left, top, right, bottom = image.getbbox()
    assert abs((left + right) / 2 - 150) <= 3 and abs((top + bottom) / 2 - 30) <= 5


def test_coverage_comes_from_the_font() -> None:
    covered = text._coverage(False)
    assert ord("A") in covered and ord("ש") in covered and ord("…") in covered
    assert ord("中") not in covered


def test_sizes_never_go_below_the_floor() -> None:
    assert text.font(8).size == text.MIN_SIZE
    assert text.font(24).size == 24


def test_fit_truncates_with_an_ellipsis_and_fits() -> None:
    long = "Dmitri the Unreasonably Long-Named Player of Cards"
    fitted = text.fit(long, 20, 200)
    assert fitted.endswith(text.ELLIPSIS)
    assert text.width(fitted, 20) <= 200
    assert long.startswith(fitted[:-1].rstrip())
    assert text.fit("Ann", 20, 200) == "Ann"


def test_every_hostile_string_draws() -> None:
    image = Image.new("RGB", (400, 60))
    draw = ImageDraw.Draw(image)
    for line in HOSTILE:
        for bold in (False, True):
            used = text.draw(draw, (5, 30), line, 20, fill=(255, 255, 255), bold=bold,
                             max_width=300, anchor="lm")
            assert used <= 300


def test_right_to_left_names_are_drawn_right_to_left() -> None:
    # Logical "אב" (alef, bet) must look like the visual order "בא" laid left to right.
    logical = Image.new("L", (200, 60), 0)
    text.draw(ImageDraw.Draw(logical), (10, 10), "אב", 40, fill=255)
    visual = Image.new("L", (200, 60), 0)
    ImageDraw.Draw(visual).text((10, 10), "בא", font=text.font(40), fill=255)
    assert logical.getbbox() is not None
    assert logical.tobytes() == visual.tobytes()


@settings(max_examples=60)
@given(st.text(max_size=200), st.integers(16, 40), st.integers(20, 600))
def test_fit_never_overflows(line: str, size: int, max_width: int) -> None:
    fitted = text.fit(line, size, max_width)
    assert text.width(fitted, size) <= max_width or fitted == text.ELLIPSIS


@settings(max_examples=40)
@given(st.text(max_size=300), st.integers(60, 500), st.integers(1, 4))
def test_wrap_respects_width_and_line_count(line: str, max_width: int, lines: int) -> None:
    wrapped = text.wrap(line, 18, max_width, lines)
    assert len(wrapped) <= lines
    for part in wrapped:
        assert text.width(part, 18) <= max_width or part == text.ELLIPSIS


def test_numbers_after_a_right_to_left_name_stay_after_it() -> None:
    # "שרה +4" must show the name first (on the left), then "+4": the name's pixels are the
    # same as when it is drawn alone, and there is ink to the right of it.
    alone = Image.new("L", (300, 60), 0)
    text.draw(ImageDraw.Draw(alone), (10, 10), "שרה", 30, fill=255)
    line = Image.new("L", (300, 60), 0)
    text.draw(ImageDraw.Draw(line), (10, 10), "שרה +4", 30, fill=255)
    name_box = alone.getbbox()
    assert name_box is not None
    assert line.crop(name_box).tobytes() == alone.crop(name_box).tobytes()
    assert line.crop((name_box[2] + 4, 0, 300, 60)).getbbox() is not None


def test_without_a_bidi_engine_right_to_left_runs_are_reversed(monkeypatch: Any) -> None:
    monkeypatch.setattr(text, "HAS_RAQM", False)
    text._font_for.cache_clear()
    text.width.cache_clear()
    try:
        line = Image.new("L", (300, 60), 0)
        text.draw(ImageDraw.Draw(line), (10, 10), "Go שרה +4", 30, fill=255)
        visual = Image.new("L", (300, 60), 0)
        ImageDraw.Draw(visual).text((10, 10), "Go הרש +4", font=text.font(30), fill=255)
        assert line.tobytes() == visual.tobytes()
    finally:
        text._font_for.cache_clear()
        text.width.cache_clear()
