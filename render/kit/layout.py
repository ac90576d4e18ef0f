"""Building blocks shared by the game images: the canvas, the title bar, name plates,
rows of cards, and the whole hand image (every game's hand looks alike)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.kit import cards, palette, text

WIDTH = 1100  # every table image; under the 1200 px limit with room to spare
TITLE_SIZE = 26
BODY_SIZE = 20


def canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), palette.FELT)
    return image, ImageDraw.Draw(image)


def title_bar(draw: ImageDraw.ImageDraw, width: int, title: str, right: str = "") -> int:
    """A dark strip with the game's title (left) and a status (right); returns its height.
    The status is drawn first and the title gets the room left, so neither overlaps."""
    height = 48
    draw.rectangle((0, 0, width, height), fill=palette.FELT_DARK)
    used = 0.0
    if right:
        used = text.draw(draw, (width - 16, height // 2), right, BODY_SIZE,
                         fill=palette.SOFT_WHITE, anchor="rm", max_width=width * 0.5)
    text.draw(draw, (16, height // 2), title, TITLE_SIZE, fill=palette.WHITE, bold=True,
              anchor="lm", max_width=width - used - 56)
    return height


def paste(image: Image.Image, tile: Image.Image, xy: tuple[float, float]) -> None:
    image.paste(tile, (round(xy[0]), round(xy[1])), tile)


@lru_cache(maxsize=512)
def dimmed_face(notation: str, width: int, four_colour: bool) -> Image.Image:
    """A card greyed out (not playable now), still readable."""
    face = cards.card_face(notation, width, four_colour).copy()
    veil = Image.new("RGBA", face.size, (*palette.FELT, 0))
    alpha = face.getchannel("A").point(lambda a: a * 45 // 100)
    veil.putalpha(alpha)
    return Image.alpha_composite(face, veil)


def card_row(
    image: Image.Image, notations: Sequence[str], xy: tuple[float, float], width: int,
    four_colour: bool, step: float | None = None,
) -> float:
    """Cards left to right (overlapping when `step` < width); returns the right edge."""
    x, y = xy
    step = step if step is not None else width + 10
    for notation in notations:
        paste(image, cards.card_face(notation, width, four_colour), (x, y))
        x += step
    return x - step + width if notations else xy[0]


def pill(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], label: str, size: int,
    fill: palette.RGB, ink: palette.RGB, max_width: float | None = None,
) -> None:
    """A rounded label, centred on `centre`."""
    shown = text.fit(label, size, max_width - 16, bold=True) if max_width else text.clean(label)
    half = text.width(shown, size, bold=True) / 2 + 10
    cx, cy = centre
    draw.rounded_rectangle((cx - half, cy - size * 0.75, cx + half, cy + size * 0.75),
                           radius=size // 2, fill=fill)
    text.draw(draw, (cx, cy), shown, size, fill=ink, bold=True, anchor="mm")


@dataclass(frozen=True)
class HandItem:
    notation: str  # "5H" or "P4": drawn as a card or a die, and written under it
    playable: bool


def draw_hand(
    title: str, status: str, items: Sequence[HandItem], four_colour: bool,
    extra_lines: Sequence[str] = (),
) -> Image.Image:
    """The hand image: each card with its notation underneath, matching the bot's buttons.
    Playable cards are raised and outlined; the others are dimmed."""
    count = max(1, len(items))
    card_w = max(cards.MIN_WIDTH, int(min(130, (WIDTH - 40) / count - 14)))
    gap = 14
    row_w = count * card_w + (count - 1) * gap
    img_w = max(800, min(WIDTH, row_w + 48))
    card_h = cards.card_height(card_w)
    lift = 14
    top = 48 + 14 + (len(extra_lines) * 28)
    height = top + lift + card_h + 56
    image, draw = canvas(img_w, height)
    title_bar(draw, img_w, title, status)
    y = 48 + 8
    for line in extra_lines:
        text.draw(draw, (24, y), line, BODY_SIZE, fill=palette.SOFT_WHITE, max_width=img_w - 48)
        y += 28
    if not items:
        text.draw(draw, (img_w / 2, top + (card_h + lift) / 2), "No cards in hand", TITLE_SIZE,
                  fill=palette.SOFT_WHITE, anchor="mm")
    x = (img_w - row_w) / 2
    for item in items:
        y = top if item.playable else top + lift
        if item.playable:
            draw.rounded_rectangle((x - 5, y - 5, x + card_w + 4, y + card_h + 4),
                                   radius=card_w // 9, outline=palette.HIGHLIGHT, width=4)
            paste(image, cards.card_face(item.notation, card_w, four_colour), (x, y))
        else:
            paste(image, dimmed_face(item.notation, card_w, four_colour), (x, y))
        fill = palette.HIGHLIGHT if item.playable else palette.FELT_DARK
        ink = palette.INK if item.playable else palette.SOFT_WHITE
        pill(draw, (x + card_w / 2, top + lift + card_h + 26), item.notation, 20, fill, ink,
             max_width=card_w + gap)
        x += card_w + gap
    return image
