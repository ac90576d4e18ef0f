"""Fonts and text that never crash: any Unicode in, something readable out.

Player names are hostile input: emoji, right-to-left scripts, control characters, and names
far too long for their box. Every string drawn goes through `clean`, which maps what the
shipped fonts cannot draw to a visible stand-in, and through `fit`, which truncates with an
ellipsis to the width available. Fonts are the DejaVu Sans files shipped in render/fonts
(never a system font), loaded once per size; emoji come from the monochrome Noto Emoji font
shipped beside them (render/fonts/LICENSE-NotoEmoji.txt), so "Bob 🦊" draws the fox.
"""

from __future__ import annotations

import contextlib
import math
import unicodedata
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, features

from render.kit.budget import Placed, masks_within
from render.kit.cmap import covered_code_points

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
EMOJI = FONT_DIR / "NotoEmoji-Regular.woff"
# Skin-tone modifiers only tint the emoji before them: a one-colour font can show no tint.
SKIN_TONES = range(0x1F3FB, 0x1F400)

MIN_SIZE = 9  # below this no glyph is legible at any scale

# The readability floor. A phone shows a picture about 380 px wide, whatever its real width:
# every text (names, scores, card indices, legends, board numbers alike) must be set at 11 px
# or more there, the smallest size phone makers count as readable: a capital or a digit is
# then 8 px tall on the screen (`GLYPH_FLOOR`).
PHONE_WIDTH = 380
FLOOR_RATIO = 11 / PHONE_WIDTH  # 0.029 of the image width
# A phone shows a picture at full width only up to one and a half times as tall: a taller one
# is shrunk until it fits, and every glyph in it with it.
PHONE_MAX_HEIGHT = PHONE_WIDTH * 3 // 2
# A word in lower case reads by its x-height, a quarter below a capital's: text with a
# lower-case letter is set where an "x" is X_FLOOR px tall on the phone (`lower_floor_size`).
X_FLOOR = 6.9
ELLIPSIS = "…"
MISSING = "□"  # drawn in place of any character the font has no glyph for
MAX_CHARS = 400  # longer input is cut before measuring, so a huge string costs nothing
HAS_RAQM = features.check("raqm")
LRM = "\u200e"

Font = ImageFont.FreeTypeFont


def floor_size(image_width: int) -> int:
    """The smallest font size text may have on an image `image_width` pixels wide."""
    return max(MIN_SIZE, math.ceil(image_width * FLOOR_RATIO - 1e-9))


def phone_scale(width: int, height: int) -> float:
    """How much a phone shrinks a picture `width` x `height` px: to PHONE_WIDTH wide, or
    narrower when it would then be taller than PHONE_MAX_HEIGHT."""
    return min(PHONE_WIDTH / max(1, width), PHONE_MAX_HEIGHT / max(1, height))


@lru_cache(maxsize=1)
def cap_ratio() -> float:
    """A capital's height (as tall as a digit) over the font size, measured on the font."""
    top, bottom = font(1000).getbbox("H")[1::2]
    return (bottom - top) / 1000


@lru_cache(maxsize=1)
def x_ratio() -> float:
    """An "x"'s height over the font size, measured on the font as `cap_ratio` is."""
    top, bottom = font(1000).getbbox("x")[1::2]
    return (bottom - top) / 1000


def lower_floor_size(image_width: int) -> int:
    """`floor_size` for text with lower-case letters (at the phone's full width)."""
    return math.ceil(X_FLOOR / x_ratio() * image_width / PHONE_WIDTH - 1e-9)


def smallest_lower_shown(drawn: list[Drawn], width: int, height: int
                         ) -> tuple[float, Drawn] | None:
    """`smallest_shown` of the texts with a lower-case letter, by the height of an "x" (the
    figure `X_FLOOR` holds); None when no text has one."""
    lower = [piece for piece in drawn if any(ch.islower() for ch in piece.shown or piece.text)]
    if not lower:
        return None
    smallest = min(lower, key=lambda piece: piece.asked)
    return smallest.asked * x_ratio() * phone_scale(width, height), smallest


def shown_glyph_height(size: int, width: int, height: int) -> float:
    """How tall, in px on a phone's screen, a capital or digit of text set at `size` is on a
    picture `width` x `height` px: what the reader sees, not what was asked for."""
    return size * cap_ratio() * phone_scale(width, height)


def smallest_shown(drawn: list[Drawn], width: int, height: int) -> tuple[float, Drawn]:
    """The text a phone shows smallest of those `drawn` on a picture `width` x `height` px,
    and how tall its capitals are there (px): the figure `glyph_floor` holds. Measured at the
    size the layout asked for, so a layout leaning on `draw` raising it still shows."""
    if not drawn:
        raise ValueError("no text was drawn")
    smallest = min(drawn, key=lambda piece: piece.asked)
    return shown_glyph_height(smallest.asked, width, height), smallest


def glyph_floor() -> float:
    """The smallest shown glyph height that reads: a capital of 11 px text on the phone."""
    return FLOOR_RATIO * PHONE_WIDTH * cap_ratio()


Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Drawn:
    """One piece of text as drawn: the size asked for and the size used. `kind` says what
    it is: "text" (drawn by `draw`), "index" (a card's corner index), or a shape that covers
    what is under it ("token", "piece": a pasted card or die), which has a box and no size.
    `box` is where it landed on the canvas `surface` (an id shared by all drawn on one
    canvas), so the tests can check that nothing covers a text. `shown` is the line as it
    reached the canvas: cleaned and, when it had to fit a width, perhaps cut."""

    text: str
    asked: int
    size: int
    kind: str = "text"
    box: Box | None = None
    surface: int | None = None
    shown: str = ""


_recorder: ContextVar[list[Drawn] | None] = ContextVar("text_recorder", default=None)
_cover_recorder: ContextVar[list[Drawn] | None] = ContextVar("cover_recorder", default=None)


@contextlib.contextmanager
def recording(covers: bool = False) -> Iterator[list[Drawn]]:
    """Collect every text drawn (and every card index placed) inside the block; the tests
    use it to hold every picture to the floor. With `covers`, the shapes that cover what is
    under them (tokens, pasted cards and dice) are collected too."""
    drawn: list[Drawn] = []
    token = _recorder.set(drawn)
    cover_token = _cover_recorder.set(drawn if covers else None)
    try:
        yield drawn
    finally:
        _cover_recorder.reset(cover_token)
        _recorder.reset(token)


def note(label: str, size: int, asked: int | None = None, kind: str = "index") -> None:
    """Record text that reaches the image some other way (a card's corner index)."""
    drawn = _recorder.get()
    if drawn is not None:
        drawn.append(Drawn(label, size if asked is None else asked, size, kind))


COVERS = ("token", "piece")  # the kinds of Drawn that cover what is under them


def note_cover(kind: str, label: str, box: Box, surface: object) -> None:
    """Record a shape drawn over the canvas `surface` (a token, a pasted die or card)."""
    drawn = _cover_recorder.get()
    if drawn is not None:
        drawn.append(Drawn(label, 0, 0, kind, box, id(surface)))


def replay(drawn: tuple[Drawn, ...], offset: tuple[float, float], image: Image.Image) -> None:
    """Record again what was recorded while a tile was drawn (once, then cached) or while a
    picture was drawn in one of several tries, as it lands on `image` with the tile pasted
    at `offset`: a cached tile's text is still held to the floor and still seen by what may
    cover it."""
    dx, dy = offset
    for piece in drawn:
        recorder = _cover_recorder.get() if piece.kind in COVERS else _recorder.get()
        if recorder is None:
            continue
        box = piece.box
        if box is None:
            recorder.append(piece)
            continue
        moved = (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
        recorder.append(replace(piece, box=moved, surface=id(image.im)))


@lru_cache(maxsize=2)
def _coverage(bold: bool) -> frozenset[int]:
    return covered_code_points((BOLD if bold else REGULAR).read_bytes())


@lru_cache(maxsize=1)
def _emoji_coverage() -> frozenset[int]:
    return covered_code_points(EMOJI.read_bytes()) - frozenset(SKIN_TONES)


@lru_cache(maxsize=32)
def emoji_font(size: int) -> Font:
    size = max(MIN_SIZE, int(size))
    return ImageFont.truetype(str(EMOJI), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> Font:
    """The basic-layout font: fast, and enough for every left-to-right script we draw."""
    size = max(MIN_SIZE, int(size))
    return ImageFont.truetype(
        str(BOLD if bold else REGULAR), size, layout_engine=ImageFont.Layout.BASIC
    )


def fonts_load() -> tuple[bool, str]:
    """Whether both fonts load, and a line for the admin saying so (`bot.py --check`)."""
    try:
        for bold in (False, True):
            font(12, bold)
    except OSError as error:
        return False, f"The fonts in {FONT_DIR} do not load ({error}): restore that folder."
    return True, f"The fonts in {FONT_DIR} load."


@lru_cache(maxsize=64)
def _bidi_font(size: int, bold: bool) -> Font:
    """Complex layout (bidirectional reordering, Arabic joining), used only for RTL text."""
    size = max(MIN_SIZE, int(size))
    path = str(BOLD if bold else REGULAR)
    return ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.RAQM)


def _is_rtl_char(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


def has_rtl(text: str) -> bool:
    return any(_is_rtl_char(ch) for ch in text)


def clean(text: object, bold: bool = False) -> str:
    """One line of drawable text (see `_clean`); cached, as names recur on every image."""
    return _clean(text if isinstance(text, str) else str(text), bold)


@lru_cache(maxsize=4096)
def _clean(text: str, bold: bool) -> str:
    """One line of drawable text: controls and invisible format characters dropped,
    whitespace collapsed, glyphs the font lacks replaced by a visible box."""
    raw = unicodedata.normalize("NFC", str(text))[: MAX_CHARS * 2]
    covered = _coverage(bold)
    out: list[str] = []
    for ch in raw:
        category = unicodedata.category(ch)
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
        elif category in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue  # controls, joiners, bidi marks, surrogates: nothing to draw
        elif ord(ch) in covered:
            out.append(ch)
        elif category.startswith("M"):
            continue  # a combining mark we cannot draw (variation selector...)
        elif ord(ch) in _emoji_coverage():
            out.append(ch)
        elif ord(ch) in SKIN_TONES:
            continue
        elif plain := _plain_letters(ch, covered):
            out.append(plain)
        elif not out or out[-1] != MISSING:
            out.append(MISSING)  # one box per run of missing glyphs (an emoji sequence)
    line = "".join(out).strip()
    return line if len(line) <= MAX_CHARS else line[: MAX_CHARS - 1] + ELLIPSIS


def _plain_letters(ch: str, covered: frozenset[int]) -> str:
    """A styled letter or digit the font lacks in the plain form it has, or "": the "fancy
    font" names (𝓐𝓷𝓷, 𝐁𝐨𝐛, Ｍａｘ, Ⓐ) are letters set in another style, which compatibility
    normalisation undoes, so they read as names and not as a row of boxes."""
    plain = unicodedata.normalize("NFKC", ch)
    if plain == ch or not all(ord(c) in covered for c in plain):
        return ""
    return plain


def _visual_order(text: str) -> str:
    """Without a bidi engine: reverse each right-to-left run so it reads correctly."""
    out: list[str] = []
    run: list[str] = []
    for ch in text:
        if _is_rtl_char(ch) or (run and not ch.isascii() and not ch.isalnum()):
            run.append(ch)
        else:
            out.extend(reversed(run))
            run = []
            out.append(ch)
    out.extend(reversed(run))
    return "".join(out)


def _close_rtl_runs(text: str) -> str:
    """Put a left-to-right mark where each right-to-left run ends, so the numbers and
    punctuation after a Hebrew or Arabic name stay after it ("שרה +4", not "4+ שרה")."""
    out: list[str] = []
    for index, ch in enumerate(text):
        out.append(ch)
        if _is_rtl_char(ch):
            rest = text[index + 1:].lstrip()
            if rest and not _is_rtl_char(rest[0]):
                out.append(LRM)
    return "".join(out)


@lru_cache(maxsize=4096)
def _font_for(text: str, size: int, bold: bool) -> tuple[Font, str]:
    if has_rtl(text):
        if HAS_RAQM:
            return _bidi_font(size, bold), _close_rtl_runs(text)
        return font(size, bold), _visual_order(text)
    return font(size, bold), text


def _direction(face: Font) -> str | None:
    # Our layout reads left to right: a name in Hebrew or Arabic is one right-to-left run
    # inside it, so the paragraph direction is pinned (auto-detection would flip the line).
    return "ltr" if face.layout_engine == ImageFont.Layout.RAQM else None


@lru_cache(maxsize=4096)
def _runs(line: str, bold: bool) -> tuple[tuple[str, bool], ...]:
    """The line cut into runs of text and of emoji (True): characters the text font lacks
    that the emoji font has."""
    covered, emoji = _coverage(bold), _emoji_coverage()
    runs: list[tuple[str, bool]] = []
    for ch in line:
        is_emoji = ord(ch) not in covered and ord(ch) in emoji
        if runs and runs[-1][1] == is_emoji:
            runs[-1] = (runs[-1][0] + ch, is_emoji)
        else:
            runs.append((ch, is_emoji))
    return tuple(runs)


def _run_face(run: str, is_emoji: bool, size: int, bold: bool) -> tuple[Font, str]:
    return (emoji_font(size), run) if is_emoji else _font_for(run, size, bold)


@lru_cache(maxsize=8192)
def width(text: str, size: int, bold: bool = False) -> float:
    runs = _runs(text, bold)
    if any(is_emoji for _, is_emoji in runs):
        total = 0.0
        for run, is_emoji in runs:
            face, shaped = _run_face(run, is_emoji, size, bold)
            total += face.getlength(shaped, direction=_direction(face))
        return total
    face, shaped = _font_for(text, size, bold)
    return face.getlength(shaped, direction=_direction(face))


def fit(text: object, size: int, max_width: float, bold: bool = False) -> str:
    """`text` cleaned and cut to fit (see `_fit`); cached."""
    return _fit(text if isinstance(text, str) else str(text), int(size), float(max_width), bold)


@lru_cache(maxsize=4096)
def _fit(text: str, size: int, max_width: float, bold: bool) -> str:
    """`text` cleaned and, if wider than max_width, cut to the longest prefix that fits
    with an ellipsis."""
    line = clean(text, bold)
    if width(line, size, bold) <= max_width:
        return line
    low, high = 0, len(line)
    while low < high:  # longest prefix whose ellipsised form fits
        mid = (low + high + 1) // 2
        if width(line[:mid].rstrip() + ELLIPSIS, size, bold) <= max_width:
            low = mid
        else:
            high = mid - 1
    return (line[:low].rstrip() + ELLIPSIS) if low else ELLIPSIS


def draw(
    canvas: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: object,
    size: int,
    *,
    fill: str | tuple[int, ...],
    bold: bool = False,
    max_width: float | None = None,
    anchor: str = "la",
) -> float:
    """Draw one line; returns the width drawn. `anchor` is Pillow's (la, ma, mm, rs...).
    No text goes under the floor for the canvas it is drawn on (`floor_size`): a size asked
    below it is raised to it."""
    asked = int(size)
    size = max(asked, floor_size(canvas.im.size[0]))
    line = fit(text, size, max_width, bold) if max_width is not None else clean(text, bold)
    if not line:
        note(str(text), size, asked, kind="text")
        return 0.0
    (dx, dy), mask = _text_mask(line, size, bold, anchor)
    left, top = round(xy[0]) + dx, round(xy[1]) + dy
    drawn = _recorder.get()
    if drawn is not None:
        drawn.append(Drawn(str(text), asked, size, "text",
                           (left, top, left + mask.width, top + mask.height), id(canvas.im),
                           line))
    canvas.bitmap((left, top), mask, fill=fill)
    return width(line, size, bold)


@masks_within(pixels=4 << 20, entries=2048)  # the text of every gallery picture: 1.6 MiB
def _text_mask(line: str, size: int, bold: bool, anchor: str) -> Placed:
    """The line rendered once as a coverage mask, with its offset from the anchor point.
    Names, labels and headings recur on every image of a game; rasterising text is the
    costliest part of a table, so each distinct line is rasterised only once."""
    runs = _runs(line, bold)
    if any(is_emoji for _, is_emoji in runs):
        return _mixed_mask(runs, size, bold, anchor)
    face, shaped = _font_for(line, size, bold)
    direction = _direction(face)
    left, top, right, bottom = face.getbbox(shaped, anchor=anchor, direction=direction)
    left, top = math.floor(left), math.floor(top)
    mask = Image.new("L", (max(1, math.ceil(right) - left), max(1, math.ceil(bottom) - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), shaped, font=face, fill=255, anchor=anchor,
                              direction=direction)
    return (left, top), mask


def _mixed_mask(runs: tuple[tuple[str, bool], ...], size: int, bold: bool, anchor: str
                ) -> Placed:
    """A line of text and emoji runs, each from its own font, set on one baseline. The anchor
    is placed as Pillow places it for the text font (its ascender and descender)."""
    placed = []
    x = left = top = bottom = 0.0
    for run, is_emoji in runs:
        face, shaped = _run_face(run, is_emoji, size, bold)
        direction = _direction(face)
        box = face.getbbox(shaped, anchor="ls", direction=direction)
        placed.append((x, face, shaped, direction))
        left, top, bottom = min(left, x + box[0]), min(top, box[1]), max(bottom, box[3])
        x += face.getlength(shaped, direction=direction)
    left, top = math.floor(left), math.floor(top)
    mask = Image.new("L", (max(1, math.ceil(x) - left + 2), max(1, math.ceil(bottom) - top)), 0)
    draw = ImageDraw.Draw(mask)
    for run_x, face, shaped, direction in placed:
        draw.text((run_x - left, -top), shaped, font=face, fill=255, anchor="ls",
                  direction=direction)
    ascent, descent = font(size, bold).getmetrics()
    shift_x = {"l": 0.0, "m": -x / 2, "r": -x}.get(anchor[0], 0.0)
    baseline = {"a": ascent, "t": ascent, "m": math.ceil((ascent - descent) / 2), "s": 0,
                "d": -descent, "b": -descent}.get(anchor[1], 0)
    return (round(shift_x + left), round(baseline + top)), mask


def wrap(text_in: object, size: int, max_width: float, max_lines: int, bold: bool = False
         ) -> list[str]:
    """Greedy word wrap into at most `max_lines` lines; the last one ellipsised if cut.
    A word longer than a line is cut by `fit`, so nothing ever overflows."""
    words = clean(text_in, bold).split(" ")
    lines: list[str] = []
    current = ""
    for index, word in enumerate(words):
        candidate = f"{current} {word}" if current else word
        if width(candidate, size, bold) <= max_width:
            current = candidate
            continue
        if current:
            lines.append(fit(current, size, max_width, bold))  # a lone over-long word is cut
        current = word
        if len(lines) == max_lines - 1:
            rest = " ".join([current, *words[index + 1:]])
            lines.append(fit(rest, size, max_width, bold))
            return lines
    if current:
        lines.append(fit(current, size, max_width, bold))
    return lines[:max_lines]


def draw_lines(
    canvas: ImageDraw.ImageDraw, xy: tuple[float, float], lines: list[str], size: int, *,
    fill: str | tuple[int, ...], bold: bool = False, anchor: str = "la", spacing: float = 1.3,
) -> float:
    """Draw pre-wrapped lines downwards from xy; returns the y below the last line."""
    x, y = xy
    for line in lines:
        draw(canvas, (x, y), line, size, fill=fill, bold=bold, anchor=anchor)
        y += size * spacing
    return y


def plural(count: int, word: str) -> str:
    """ "1 pip", "4 pips"."""
    return f"{count} {word}{'' if count == 1 else 's'}"
