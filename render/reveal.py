"""A finished game's hands face up, for the replay's Show hands.

The view is the public view of the table with "revealed": each seat's own view (its hand as
drawn live, "playable" included). The picture is the table exactly as drawn live with, under
it, a row per seat: its name and its cards written as the hand pictures write them, the
playable ones outlined. A phone shows a picture whole only up to one and a half times as tall
as it is wide (render/kit/text.py): when the table and the hands together would be taller, the
picture is the hands alone, every text still at the floor, and the table is one press away
(Hide hands). When no seat holds a card (a finished game's last frame), rows saying so would
show nothing: the picture is the table alone, and its words say the hands are empty.
`describe_revealed` says in words what the picture shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.cards import card_symbol
from render.alt_text import MAX_CHARS, clip, describe, hand_words
from render.kit import layout, palette, seats, text
from render.kit.cards import parse
from render.kit.png import encode
from render.registry import View, renderer_for

GAP = 12
SIZE = layout.BODY_SIZE
NAME_W = 176  # the names' column; the cards take the rest of the row
CHIP_H = 32
CHIP_GAP = 6
ROW_PAD = 6
MARGIN = 12
HEADING = "Every hand face up"
ALL_EMPTY = "Hands face up: no cards left in any hand."
MAX_RATIO = text.PHONE_MAX_HEIGHT / text.PHONE_WIDTH  # taller: a phone shrinks it


def draw_revealed(game_name: str, view: View, *, four_colour: bool = False) -> bytes:
    return encode(revealed_image(game_name, view, four_colour)[0])


def revealed_picture(game_name: str, view: View, *, four_colour: bool = False
                     ) -> tuple[bytes, str]:
    """The picture and its words, the table drawn once for both."""
    image, with_table = revealed_image(game_name, view, four_colour)
    return encode(image), _words(game_name, view, with_table)


def describe_revealed(game_name: str, view: View) -> str:
    """The picture in words: each hand, then the table when the picture shows it."""
    hands, table_view = _split(view)
    table = renderer_for(game_name).table(table_view, False)
    return _words(game_name, view, _shows_table(table.height, hands, table.width))


def _words(game_name: str, view: View, with_table: bool) -> str:
    """Each hand named as its row is, from the table's names: a seat's own view need not
    carry them (the engine's does not). Hands too long to say card by card within the limit
    are said suit by suit, so that every hand is said."""
    hands, table_view = _split(view)
    if not _any_cards(hands):
        return clip(f"{ALL_EMPTY} The table: {describe(game_name, table_view)}")
    for by_suit in (False, True):
        words = "Hands face up: " + " ".join(
            hand_words(hand, seat, table_view, by_suit=by_suit) for seat, hand in _seated(hands))
        if len(words) <= MAX_CHARS:
            break
    if with_table:
        words += " The table: " + describe(game_name, table_view)
    return clip(words)


def revealed_image(game_name: str, view: View, four_colour: bool = False
                   ) -> tuple[Image.Image, bool]:
    """The picture, and whether the table is in it."""
    hands, table_view = _split(view)
    with text.recording(covers=True) as drawn:  # kept only when the table is shown
        table = renderer_for(game_name).table(table_view, four_colour)
    if not _any_cards(hands):
        text.replay(tuple(drawn), (0, 0), table)
        return table, True
    width = table.width
    if not _shows_table(table.height, hands, width):
        panel, written = _hands_panel(table_view, hands, four_colour, True, width)
        text.replay(written, (0, 0), panel)
        return panel, False
    panel, written = _hands_panel(table_view, hands, four_colour, False, width)
    image = Image.new("RGB", (width, table.height + GAP + panel.height), palette.FELT_DARK)
    image.paste(table, (0, 0))
    text.replay(tuple(drawn), (0, 0), image)
    image.paste(panel, (0, table.height + GAP))
    text.replay(written, (0, table.height + GAP), image)
    return image, True


def _split(view: View) -> tuple[list[View], View]:
    hands = [h for h in view.get("revealed") or [] if isinstance(h, dict)]
    return hands, {k: v for k, v in view.items() if k != "revealed"}


def _seated(hands: Sequence[View]) -> list[tuple[int, View]]:
    return [(h["seat"] if isinstance(h.get("seat"), int) else index, h)
            for index, h in enumerate(hands)]


def _any_cards(hands: Sequence[View]) -> bool:
    return any(_cards(hand) for hand in hands)


def _shows_table(table_height: int, hands: Sequence[View], width: int) -> bool:
    if not _any_cards(hands):
        return True
    return table_height + GAP + _panel_height(hands, width, False) <= MAX_RATIO * width


def _cards(hand: View) -> list[str]:
    return [c for c in hand.get("hand") or [] if isinstance(c, str)]


CHIP_MAX = 120  # a card's name is a few characters: anything longer is cut


def _chip_label(notation: str) -> str:
    return text.fit(card_symbol(notation), SIZE, CHIP_MAX - 16, bold=True)


def _chip_width(notation: str) -> float:
    return text.width(_chip_label(notation), SIZE, bold=True) + 16


def _chip_lines(notations: Sequence[str], room: float) -> list[list[str]]:
    """The cards cut into lines of chips that fit `room` px."""
    lines: list[list[str]] = [[]]
    used = 0.0
    for notation in notations:
        wide = _chip_width(notation)
        if lines[-1] and used + wide > room:
            lines.append([])
            used = 0.0
        lines[-1].append(notation)
        used += wide + CHIP_GAP
    return lines


def _chip_room(width: int) -> float:
    return width - 2 * MARGIN - NAME_W - 8


def _row_height(hand: View, width: int) -> int:
    lines = len(_chip_lines(_cards(hand), _chip_room(width)))
    return max(1, lines) * (CHIP_H + CHIP_GAP) - CHIP_GAP + 2 * ROW_PAD


def _panel_height(hands: Sequence[View], width: int, heading: bool) -> int:
    top = layout.TITLE_BAR_HEIGHT + 8 if heading else 0
    return top + sum(_row_height(h, width) + 4 for h in hands) + 4


def _hands_panel(table_view: View, hands: Sequence[View], four_colour: bool, heading: bool,
                 width: int) -> tuple[Image.Image, tuple[text.Drawn, ...]]:
    """A row per hand, each named as the table names its seat, under a title bar when it is
    the whole picture; with what it wrote, for the picture it goes into to record where it
    lands."""
    image, draw = layout.canvas(width, _panel_height(hands, width, heading))
    with text.recording(covers=True) as drawn:
        y = layout.title_bar(draw, width, HEADING) + 8 if heading else 0
        for seat, hand in _seated(hands):
            y = _hand_row(image, draw, hand, seats.label(table_view, seat), y, four_colour)
    return image, tuple(drawn)


def _hand_row(image: Image.Image, draw: ImageDraw.ImageDraw, hand: View, name: str, y: int,
              four_colour: bool) -> int:
    width = image.width
    height = _row_height(hand, width)
    draw.rounded_rectangle((MARGIN, y, width - MARGIN, y + height), radius=10,
                           fill=palette.FELT_DARK)
    text.draw(draw, (MARGIN + 10, y + ROW_PAD + CHIP_H / 2), name, SIZE,
              fill=palette.WHITE, bold=True, anchor="lm", max_width=NAME_W - 18)
    playable = {c for c in hand.get("playable") or [] if isinstance(c, str)}
    notations = _cards(hand)
    if not notations:
        text.draw(draw, (MARGIN + NAME_W, y + ROW_PAD + CHIP_H / 2), "no cards", SIZE,
                  fill=palette.SOFT_WHITE, anchor="lm")
    chip_y = y + ROW_PAD
    for line in _chip_lines(notations, _chip_room(width)):
        x: float = MARGIN + NAME_W
        for notation in line:
            x = _chip(draw, (x, chip_y), notation, notation in playable, four_colour)
        chip_y += CHIP_H + CHIP_GAP
    return y + height + 4


def _chip(draw: ImageDraw.ImageDraw, xy: tuple[float, float], notation: str, playable: bool,
          four_colour: bool) -> float:
    """A card written on a white chip in its suit's colour; returns the x after it."""
    x, y = xy
    wide = _chip_width(notation)
    parsed = parse(notation)
    suit = parsed[1] if parsed is not None and parsed[0] != "P" else None
    ink = palette.suit_colour(suit, four_colour) if suit else palette.INK
    draw.rounded_rectangle((x, y, x + wide, y + CHIP_H), radius=6, fill=palette.CARD_FACE,
                           outline=palette.HIGHLIGHT if playable else palette.CARD_EDGE,
                           width=3 if playable else 1)
    text.draw(draw, (x + wide / 2, y + CHIP_H / 2), _chip_label(notation), SIZE, fill=ink,
              bold=True, anchor="mm")
    return x + wide + CHIP_GAP
