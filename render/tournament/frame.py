"""What the standings and the bracket share: the picture's shape, its heading, and the text
size a field of a given size gets."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import ImageDraw

from render.kit import layout, palette, text

Data = dict[str, Any]
WIDTH = 600
MAX_HEIGHT = WIDTH * 3 // 2
MARGIN = 16
#: The smallest rows and boxes, a big field's: names and words in lower case, at the kit's
#: floor for them (20 px, an "x" 6.9 px tall on a phone).
SIZE = text.lower_floor_size(WIDTH)
HEAD_SIZE = 20
#: Larger text for a smaller field, largest first: (at most this many rows or boxes, size).
#: A phone shows 22 px at 14 px, 21 px at 13.3 px; a big field keeps the floor so more fits.
LARGER = ((8, 22), (16, 21))


def text_size(count: int, fits: Callable[[int], bool],
              steps: tuple[tuple[int, int], ...] = LARGER) -> int:
    """The text size for `count` rows or boxes: the largest of `steps` that allows and that
    `fits`, else the floor's."""
    return next((size for most, size in steps if count <= most and fits(size)), SIZE)


def scaled(length: float, size: int) -> int:
    """A length laid out for the floor's text, grown in step with text of `size`."""
    return round(length * size / SIZE)


@lru_cache(maxsize=2048)
def measured(words: str, size: int, bold: bool = False) -> float:
    """`text.width`, kept: the same names, numbers and headers are measured at each size tried
    for a picture, and again in every picture of an event."""
    return text.width(words, size, bold=bold)


def line_height(size: int) -> int:
    return round(size * 1.3)


#: The room a title has in the bar: `layout.title_bar`'s, with no status beside it.
TITLE_ROOM = WIDTH - 56


@lru_cache(maxsize=256)
def _title_lines(title: str) -> tuple[int, tuple[str, ...]]:
    """The title's text size and lines: one line at the bar's size when it fits, else two,
    else as many as it takes at the heading's size. A member reads the event's game and
    shape there, so no word is ever cut off; a line breaks after a comma where it can
    ("Cribbage knockout," over "final best of three")."""
    whole = text.clean(title, True)
    for size, most in ((layout.TITLE_SIZE, 2), (HEAD_SIZE, len(whole.split(" ")))):
        lines = _by_clause(whole, size) or tuple(text.wrap(whole, size, TITLE_ROOM, most,
                                                           bold=True))
        if len(lines) <= most and " ".join(lines) == whole:
            return size, lines
    return HEAD_SIZE, lines  # a single word wider than the picture: cut, as nothing else fits


def _by_clause(whole: str, size: int) -> tuple[str, ...]:
    """The title's clauses packed into lines at `size`, or () when a clause alone is too
    wide for a line."""
    lines: list[str] = []
    for clause in whole.replace(", ", ",\n").split("\n"):
        if text.width(clause, size, bold=True) > TITLE_ROOM:
            return ()
        joined = f"{lines[-1]} {clause}" if lines else clause
        if lines and text.width(joined, size, bold=True) <= TITLE_ROOM:
            lines[-1] = joined
        else:
            lines.append(clause)
    return tuple(lines)


def _title_bar_height(title: str) -> int:
    size, lines = _title_lines(title)
    if len(lines) == 1:
        return layout.TITLE_BAR_HEIGHT
    return len(lines) * line_height(size) + 14


def _title(data: Data) -> str:
    return str(data.get("title", "Tournament"))


def _status_fits_the_bar(data: Data) -> bool:
    title, status = _title(data), str(data.get("status", ""))
    return len(_title_lines(title)[1]) == 1 \
        and text.width(text.clean(title, True), layout.TITLE_SIZE, bold=True) \
        + text.width(text.clean(status), layout.BODY_SIZE) + 64 <= WIDTH


def head_height(data: Data) -> int:
    """The title bar, and under it the status when the bar has no room for both."""
    below = 0 if _status_fits_the_bar(data) else round(HEAD_SIZE * 1.5)
    return _title_bar_height(_title(data)) + below + 10


def heading(canvas: ImageDraw.ImageDraw, data: Data) -> None:
    title, status = _title(data), str(data.get("status", ""))
    if _status_fits_the_bar(data):
        layout.title_bar(canvas, WIDTH, title, status)
        return
    size, lines = _title_lines(title)
    if len(lines) == 1:
        layout.title_bar(canvas, WIDTH, title)
    else:
        bar = _title_bar_height(title)
        canvas.rectangle((0, 0, WIDTH, bar), fill=palette.FELT_DARK)
        for index, line in enumerate(lines):
            middle = 7 + line_height(size) * index + line_height(size) / 2
            text.draw(canvas, (MARGIN, middle), line, size, fill=palette.WHITE, bold=True,
                      anchor="lm")
    text.draw(canvas, (MARGIN, _title_bar_height(title) + 6), status, HEAD_SIZE,
              fill=palette.HIGHLIGHT, bold=True, max_width=WIDTH - 2 * MARGIN)
