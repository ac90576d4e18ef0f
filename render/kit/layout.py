"""Building blocks shared by the game images: the canvas, the title bar, rows of cards,
pills, a side's lettered token, and the whole hand image (every game's hand looks alike,
600 px wide so a phone shows its text at 12-13 px)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import card_symbol
from render.kit import cards, palette, seats, text
from render.kit.safe import listed

TITLE_SIZE = 26
BODY_SIZE = 20
TITLE_BAR_HEIGHT = 48


def canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), palette.FELT)
    return image, ImageDraw.Draw(image)


def title_bar(draw: ImageDraw.ImageDraw, width: int, title: str, right: str = "") -> int:
    """A dark strip with the game's title (left) and a status (right); returns its height.
    The status is drawn first and the title gets the room left, so neither overlaps."""
    height = TITLE_BAR_HEIGHT
    draw.rectangle((0, 0, width, height), fill=palette.FELT_DARK)
    used = 0.0
    if right:
        used = text.draw(draw, (width - 16, height // 2), right, BODY_SIZE,
                         fill=palette.SOFT_WHITE, anchor="rm", max_width=width * 0.5)
    text.draw(draw, (16, height // 2), title, TITLE_SIZE, fill=palette.WHITE, bold=True,
              anchor="lm", max_width=width - used - 56)
    return height


def paste(image: Image.Image, tile: Image.Image, xy: tuple[float, float]) -> None:
    left, top = round(xy[0]), round(xy[1])
    text.note_cover("piece", "", (left, top, left + tile.width, top + tile.height), image.im)
    image.paste(tile, (left, top), tile)


DIM_VEIL = 35  # percent of the felt laid over a card that cannot be played now


@lru_cache(maxsize=512)
def dimmed_face(notation: str, width: int, four_colour: bool) -> Image.Image:
    """A card greyed out (not playable now), still readable: a red index keeps 4.5:1 on it."""
    face = cards.card_face(notation, width, four_colour).copy()
    veil = Image.new("RGBA", face.size, (*palette.FELT, 0))
    alpha = face.getchannel("A").point(lambda a: a * DIM_VEIL // 100)
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


# The smallest token whose letter (1.25 times its radius) is at the floor on a 600 px picture.
TOKEN_R = 15


def token(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, side: int,
          *, hollow: bool = False, label: str | None = None) -> None:
    """A side's marker (peg, seat dot, chip): its colour with its letter inside, so colour
    is never the only cue. A hollow token (a back peg) is a ring around the letter."""
    colour = palette.side_colour(side)
    cx, cy = centre
    box = (cx - radius, cy - radius, cx + radius, cy + radius)
    text.note_cover("token", palette.side_letter(side) if label is None else label, box, draw.im)
    if hollow:
        draw.ellipse(box, fill=palette.WHITE, outline=colour, width=max(3, round(radius / 3)))
        ink = colour
    else:
        draw.ellipse(box, fill=colour, outline=palette.WHITE, width=2)
        ink = palette.text_on(colour)
    shown = palette.side_letter(side) if label is None else label
    if shown:  # an empty label: a plain marker, too small for a letter
        text.draw(draw, (cx, cy + 1), shown, round(radius * 1.25), fill=ink, bold=True,
                  anchor="mm")


HAND_WIDTH = 600  # a phone shows it at ~380 px: text at 20 px reads as 12.7 px there
HAND_TEXT = 20
HAND_GAP = 10
HAND_MAX_CARD = 104


@dataclass(frozen=True)
class HandItem:
    notation: str  # "5H" or "P4": drawn as a card or a die, and written under it
    playable: bool


def _hand_rows(count: int, img_w: int) -> tuple[int, int]:
    """(cards per row, card width): one row while the cards stay wide enough to read their
    corner index at the floor, else as many rows as that takes."""
    narrowest = cards.min_card_width(img_w)
    room = img_w - 32
    per_row = max(1, min(count, (room + HAND_GAP) // (narrowest + HAND_GAP)))
    rows = -(-count // per_row)
    per_row = -(-count // rows)  # balance the rows
    card_w = int(min(HAND_MAX_CARD, (room - (per_row - 1) * HAND_GAP) / per_row))
    return per_row, max(narrowest, card_w)


def hand_title(game: str, name: str | None) -> str:
    """ "Cribbage — Ann's hand", a long name shortened so "'s hand" always shows."""
    if name is None:
        return f"{game} — your hand"
    room = HAND_WIDTH - 60 - text.width(f"{game} — 's hand", TITLE_SIZE, bold=True)
    return f"{game} — {text.fit(name, TITLE_SIZE, room, bold=True)}'s hand"


def draw_hand(
    title: str, status: str, items: Sequence[HandItem], four_colour: bool,
    extra_lines: Sequence[str] = (),
) -> Image.Image:
    """The hand image: each card with its name underneath as the bot's buttons write it
    ("5♥", "PIP 4").
    Playable cards are raised and outlined; the others are dimmed. The status (whose turn)
    has its own line under the title, and every line wraps rather than shrinking."""
    img_w = HAND_WIDTH
    size = HAND_TEXT
    per_row, card_w = _hand_rows(max(1, len(items)), img_w)
    card_h = cards.card_height(card_w)
    lift = 12
    pill_h = round(size * 1.5)
    status_lines = text.wrap(status, size, img_w - 40, 2, bold=True) if status else []
    lines = [part for line in extra_lines for part in text.wrap(line, size, img_w - 40, 2)]
    line_h = round(size * 1.35)
    head = TITLE_BAR_HEIGHT + 10 + line_h * (len(status_lines) + len(lines))
    rows = -(-len(items) // per_row) if items else 1
    row_h = lift + card_h + pill_h + 16
    height = head + 6 + rows * row_h + 6
    image, draw = canvas(img_w, height)
    title_bar(draw, img_w, title)
    y = TITLE_BAR_HEIGHT + 8
    for line in status_lines:
        text.draw(draw, (20, y), line, size, fill=palette.HIGHLIGHT, bold=True)
        y += line_h
    for line in lines:
        text.draw(draw, (20, y), line, size, fill=palette.SOFT_WHITE)
        y += line_h
    top = head + 6
    if not items:
        text.draw(draw, (img_w / 2, top + row_h / 2), "No cards in hand", TITLE_SIZE,
                  fill=palette.SOFT_WHITE, anchor="mm")
    for index, item in enumerate(items):
        row, col = divmod(index, per_row)
        in_row = min(per_row, len(items) - row * per_row)
        row_w = in_row * card_w + (in_row - 1) * HAND_GAP
        x = (img_w - row_w) / 2 + col * (card_w + HAND_GAP)
        row_top = top + row * row_h
        y = row_top if item.playable else row_top + lift
        if item.playable:
            draw.rounded_rectangle((x - 5, y - 5, x + card_w + 4, y + card_h + 4),
                                   radius=card_w // 9, outline=palette.HIGHLIGHT, width=4)
            paste(image, cards.card_face(item.notation, card_w, four_colour), (x, y))
        else:
            paste(image, dimmed_face(item.notation, card_w, four_colour), (x, y))
        fill = palette.HIGHLIGHT if item.playable else palette.FELT_DARK
        ink = palette.INK if item.playable else palette.SOFT_WHITE
        pill(draw, (x + card_w / 2, row_top + lift + card_h + 8 + pill_h / 2),
             card_symbol(item.notation), size, fill, ink, max_width=card_w + HAND_GAP)
    return image


def banner_headline(who: str, verb: str, width: int, margin: int) -> str:
    """ "Ann wins!" for `outcome_banner`, the names cut to leave room for the verb: a long
    name must not push out what happened."""
    size = text.lower_floor_size(width) + 6
    room = width - 4 * margin - text.width(verb, size, bold=True)
    return text.fit(who, size, room, bold=True) + verb


def outcome_banner(draw: ImageDraw.ImageDraw, y: float, width: int, margin: int,
                   headline: str, detail: str) -> float:
    """The game-over banner across the picture: the headline, then up to two lines of
    detail; returns the y below it."""
    size = text.lower_floor_size(width)
    lines = text.wrap(detail, size, width - 4 * margin, 2)
    height = 44 + len(lines) * size * 1.25 + 6
    draw.rounded_rectangle((margin, y, width - margin, y + height), radius=12,
                           fill=palette.HIGHLIGHT)
    text.draw(draw, (width / 2, y + 22), headline, size + 6, fill=palette.INK, bold=True,
              anchor="mm", max_width=width - 4 * margin)
    text.draw_lines(draw, (width / 2, y + 42), lines, size, fill=palette.INK, anchor="ma",
                    spacing=1.25)
    return y + height + 8


def winners_banner(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float, width: int,
                   margin: int) -> float:
    """`outcome_banner` for a finished game's view: its winners by name ("Ann & Bob win!"),
    then the outcome's detail with names filled in; returns the y below it (`y` while the
    game runs)."""
    outcome = view.get("outcome")
    if not isinstance(outcome, dict):
        return y
    winners = [s for s in listed(outcome.get("winners")) if isinstance(s, int)]
    who = " & ".join(seats.label(view, s) for s in winners) or "Nobody"
    headline = banner_headline(who, f" win{'' if len(winners) > 1 else 's'}!", width, margin)
    return outcome_banner(draw, y, width, margin, headline,
                          seats.fill_names(outcome.get("detail", ""), view))
