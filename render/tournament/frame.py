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
SIZE = text.floor_size(WIDTH)  # the smallest rows and boxes: a big field's
HEAD_SIZE = 20
#: Larger text for a smaller field, largest first: (at most this many rows or boxes, size).
#: A phone shows 22 px at 14 px, 18 px (the floor) at 11 px; a big field keeps the floor so
#: more of it fits.
LARGER = ((8, 22), (16, 20))


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


def _status_fits_the_bar(data: Data) -> bool:
    title, status = str(data.get("title", "")), str(data.get("status", ""))
    return text.width(text.clean(title, True), layout.TITLE_SIZE, bold=True) \
        + text.width(text.clean(status), layout.BODY_SIZE) + 64 <= WIDTH


def head_height(data: Data) -> int:
    """The title bar, and under it the status when the bar has no room for both."""
    below = 0 if _status_fits_the_bar(data) else round(HEAD_SIZE * 1.5)
    return layout.TITLE_BAR_HEIGHT + below + 10


def heading(canvas: ImageDraw.ImageDraw, data: Data) -> None:
    title, status = str(data.get("title", "Tournament")), str(data.get("status", ""))
    if _status_fits_the_bar(data):
        layout.title_bar(canvas, WIDTH, title, status)
        return
    layout.title_bar(canvas, WIDTH, title)
    text.draw(canvas, (MARGIN, layout.TITLE_BAR_HEIGHT + 6), status, HEAD_SIZE,
              fill=palette.HIGHLIGHT, bold=True, max_width=WIDTH - 2 * MARGIN)
