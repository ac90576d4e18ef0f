"""Card faces, card backs and PIP dice as cached RGBA tiles.

A face is drawn once per (card, width, palette) at twice the size and shrunk, so edges and
text are smooth; afterwards drawing a card is one paste. Cards are read from their notation
("5H", "TS", "P4") without importing the engine.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.kit import palette, text
from render.kit.shapes import paste_suit

RANKS = "A23456789TJQK"
FACE_LABEL = {"T": "10"}
CARD_RATIO = 1.4  # height / width, close to a poker card
SCALE = 2  # drawn at twice the size, then shrunk: cheap anti-aliasing, paid once per tile
INDEX_SIZE = 0.26  # corner rank font size / card width
MIN_WIDTH = 62  # the narrowest card drawn at all


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


def parse(notation: object) -> tuple[str, str | None] | None:
    """("5", "H") for "5H", ("P", "4") for a PIP die "P4", None for anything unreadable."""
    token = str(notation).strip().upper()
    if token.startswith("10"):
        token = "T" + token[2:]
    if len(token) == 2 and token[0] == "P" and token[1] in "123456":
        return "P", token[1]
    if len(token) == 2 and token[0] in RANKS and token[1] in "SHDC":
        return token[0], token[1]
    return None


def _rounded_card(w: int, h: int, fill: palette.RGB, edge: palette.RGB) -> Image.Image:
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(tile).rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=max(4, w // 11), fill=fill, outline=edge, width=max(2, w // 45)
    )
    return tile


def _index(tile: Image.Image, rank: str, suit: str, colour: palette.RGB, w: int) -> None:
    """Rank and a small suit in the top-left corner (the corner a fanned hand shows)."""
    draw = ImageDraw.Draw(tile)
    size = round(w * INDEX_SIZE)
    label = FACE_LABEL.get(rank, rank)
    margin = round(w * 0.07)
    draw.text((margin, margin - round(size * 0.08)), label, font=text.font(size, bold=True),
              fill=colour, anchor="la")
    pip = round(w * 0.2)
    paste_suit(tile, suit, (margin, margin + round(size * 1.02)), pip, colour)


def index_size(width: int) -> int:
    """The font size of the corner index on a card `width` pixels wide."""
    return round(width * INDEX_SIZE)


def min_card_width(image_width: int) -> int:
    """The narrowest card whose corner index meets the readability floor on an image
    `image_width` pixels wide."""
    floor = text.floor_size(image_width)
    width = math.floor((floor - 0.5) / INDEX_SIZE)  # index_size rounds half up from here
    while index_size(width) < floor:
        width += 1
    return width


def card_face(notation: str, width: int, four_colour: bool = False) -> Image.Image:
    """The face of a card (or a PIP die, drawn as a die) `width` pixels wide, RGBA."""
    text.note(str(notation), index_size(width))
    return _card_face(notation, width, four_colour)


@lru_cache(maxsize=512)
def _card_face(notation: str, width: int, four_colour: bool = False) -> Image.Image:
    parsed = parse(notation)
    if parsed is None:
        return unknown_card(width)
    rank, suit = parsed
    if rank == "P":
        side = width
        die = die_face(int(suit or 1), side)
        tile = Image.new("RGBA", (width, card_height(width)), (0, 0, 0, 0))
        tile.paste(die, (0, (tile.height - side) // 2), die)
        return tile
    assert suit is not None
    w, h = width * SCALE, card_height(width) * SCALE
    colour = palette.suit_colour(suit, four_colour)
    tile = _rounded_card(w, h, palette.CARD_FACE, palette.CARD_EDGE)
    draw = ImageDraw.Draw(tile)
    _index(tile, rank, suit, colour, w)
    # The bottom-right corner repeats the index upside down, as on a real card.
    corner = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    _index(corner, rank, suit, colour, w)
    corner = corner.rotate(180)
    tile.alpha_composite(corner)
    if rank in "JQK":
        inset = round(w * 0.3)
        box = (inset, round(h * 0.2), w - inset, h - round(h * 0.2))
        draw.rounded_rectangle(box, radius=w // 20, fill=palette.COURT_TINT, outline=colour,
                               width=max(2, w // 60))
        draw.text(((box[0] + box[2]) / 2, box[1] + (box[3] - box[1]) * 0.36), rank,
                  font=text.font(round(w * 0.34), bold=True), fill=colour, anchor="mm")
        pip = round(w * 0.2)
        paste_suit(tile, suit, (round((w - pip) / 2), round(box[1] + (box[3] - box[1]) * 0.62)),
                   pip, colour)
    else:
        pip = round(w * (0.5 if rank == "A" else 0.4))
        paste_suit(tile, suit, (round((w - pip) / 2), round((h - pip) / 2)), pip, colour)
    return tile.resize((width, card_height(width)), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def card_back(width: int) -> Image.Image:
    """A face-down card: a blue lattice inside a white margin."""
    w, h = width * SCALE, card_height(width) * SCALE
    tile = _rounded_card(w, h, palette.WHITE, palette.CARD_EDGE)
    inner = Image.new("RGB", (w, h), palette.CARD_BACK)
    draw = ImageDraw.Draw(inner)
    step = max(8, w // 7)
    for offset in range(-h, w + h, step):
        draw.line((offset, 0, offset + h, h), fill=palette.CARD_BACK_LINE, width=max(2, w // 50))
        draw.line((offset, h, offset + h, 0), fill=palette.CARD_BACK_LINE, width=max(2, w // 50))
    margin = round(w * 0.08)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((margin, margin, w - margin, h - margin),
                                           radius=w // 16, fill=255)
    tile.paste(inner, (0, 0), mask)
    return tile.resize((width, card_height(width)), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def unknown_card(width: int) -> Image.Image:
    """For a card string the renderer cannot read: a face with a question mark, not a crash."""
    w, h = width * SCALE, card_height(width) * SCALE
    tile = _rounded_card(w, h, palette.CARD_FACE, palette.CARD_EDGE)
    ImageDraw.Draw(tile).text((w / 2, h / 2), "?", font=text.font(round(w * 0.5), bold=True),
                              fill=palette.MUTED_INK, anchor="mm")
    return tile.resize((width, card_height(width)), Image.Resampling.LANCZOS)


# Pip positions on a die face, in a 3x3 grid of (column, row) from 0 to 2.
DIE_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


@lru_cache(maxsize=256)
def die_face(
    value: int, size: int, body: palette.RGB = palette.CARD_FACE, outline: palette.RGB | None = None
) -> Image.Image:
    """A die showing `value` (1-6) as pips drawn as dots; the pips contrast with `body`."""
    value = min(6, max(1, int(value)))
    s = size * SCALE
    tile = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    edge = outline or palette.INK
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=s // 6, fill=body, outline=edge,
                           width=max(2, s // 28))
    pip_colour = palette.text_on(body)
    radius = s * 0.09
    for col, row in DIE_PIPS[value]:
        cx, cy = s * (0.25 + 0.25 * col), s * (0.25 + 0.25 * row)
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=pip_colour)
    return tile.resize((size, size), Image.Resampling.LANCZOS)


MINI_W, MINI_H = 44, 58


def mini_card(notation: str, four_colour: bool = False) -> Image.Image:
    """A small complete card for tight spots (face-up calls): rank over suit, nothing else."""
    text.note(str(notation), 40 // SCALE)
    return _mini_card(notation, four_colour)


@lru_cache(maxsize=256)
def _mini_card(notation: str, four_colour: bool = False) -> Image.Image:
    parsed = parse(notation)
    w, h = MINI_W * SCALE, MINI_H * SCALE
    tile = _rounded_card(w, h, palette.CARD_FACE, palette.CARD_EDGE)
    draw = ImageDraw.Draw(tile)
    rank, suit = parsed if parsed is not None else ("?", None)
    if suit is None or rank == "P":
        label = str(notation)[:2] if parsed else "?"
        draw.text((w / 2, h / 2), label, font=text.font(40, bold=True), fill=palette.INK,
                  anchor="mm")
    else:
        colour = palette.suit_colour(suit, four_colour)
        draw.text((w / 2, h * 0.3), FACE_LABEL.get(rank, rank), font=text.font(40, bold=True),
                  fill=colour, anchor="mm")
        pip = round(w * 0.42)
        paste_suit(tile, suit, (round((w - pip) / 2), round(h * 0.55)), pip, colour)
    return tile.resize((MINI_W, MINI_H), Image.Resampling.LANCZOS)
