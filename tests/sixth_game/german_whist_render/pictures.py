"""German Whist's table: trumps and the stock's face-up card (the next trick's prize), the
trick in play (or the last one, with its winner), and a row per seat with its total, the
tricks that count this deal, its cards in hand and the face-up cards it took and still holds.

Reads the view documented in tests/sixth_game/german_whist/__init__.py.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.alt_text import SUIT_WORDS
from render.kit import cards, layout, palette, seats, text, tricks
from render.kit.hand import SYMBOLS, CardWriting, HandPicture, draw_hand_picture
from render.kit.safe import integer, listed
from render.registry import View

WIDTH = 600
PRIMARY = text.lower_floor_size(WIDTH)  # its words are in lower case: the floor for those
MARGIN = 8
CARD = 70
ROW_H = 60


def seat_facts(view: View, seat: int) -> tuple[int, int, int, list[str]]:
    """(total, tricks that count this deal, cards in hand, face-up cards it took)."""
    def at(key: str) -> Any:
        values = listed(view.get(key))
        return values[seat] if seat < len(values) else None

    known = [str(c) for c in listed(at("known")) if isinstance(c, str)]
    return integer(at("scores")), integer(at("tricks")), integer(at("hand_sizes")), known


def _stock_line(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: float,
                four_colour: bool) -> float:
    trump = SUIT_WORDS.get(str(view.get("trump")), "-")
    text.draw(draw, (MARGIN, y), f"Trumps: {trump}", PRIMARY, fill=palette.WHITE, bold=True)
    top = view.get("stock_top")
    if isinstance(top, str):
        words = f"Up for grabs ({integer(view.get('stock_count'))} in the stock)"
        text.draw(draw, (MARGIN, y + PRIMARY + 8), words, PRIMARY, fill=palette.SOFT_WHITE)
        layout.paste(image, cards.card_face(top, CARD, four_colour), (WIDTH - MARGIN - CARD, y))
        return y + cards.card_height(CARD) + 8
    text.draw(draw, (MARGIN, y + PRIMARY + 8), "The stock is gone: these tricks count",
              PRIMARY, fill=palette.HIGHLIGHT, bold=True)
    return y + 2 * PRIMARY + 20


def _seat_row(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int, y: float,
              four_colour: bool) -> None:
    turn = view.get("turn") == seat and view.get("outcome") is None
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H - 4), radius=10,
                           fill=palette.FELT_DARK,
                           outline=palette.HIGHLIGHT if turn else palette.FELT_DARK, width=3)
    total, tricks, held, known = seat_facts(view, seat)
    right = WIDTH - MARGIN - 6
    if known:  # the face-up cards it took, at the row's right end
        step = min(cards.MINI_W + 3, 200 / len(known))
        left = right - cards.MINI_W - step * (len(known) - 1)
        for i, notation in enumerate(known):
            layout.paste(image, cards.mini_card(notation, four_colour),
                         (left + i * step, y + (ROW_H - 4 - cards.MINI_H) / 2))
        right = left - 8
    name = seats.label(view, seat) + (" · dealer" if view.get("dealer") == seat else "")
    text.draw(draw, (MARGIN + 12, y + 17), f"{name} · total {total}", PRIMARY,
              fill=palette.WHITE, bold=True, anchor="lm", max_width=right - MARGIN - 12)
    words = f"{tricks} tricks that count · {held} in hand"
    text.draw(draw, (MARGIN + 12, y + 41), ("to play · " if turn else "") + words, PRIMARY,
              fill=palette.SOFT_WHITE, anchor="lm", max_width=right - MARGIN - 12)


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    over = isinstance(view.get("outcome"), dict)
    height = 120 + (44 + 3 * PRIMARY + 14 if over else 0) + 2 * cards.card_height(CARD) \
        + 4 * PRIMARY + 60 + 2 * ROW_H
    image, draw = layout.canvas(WIDTH, height)
    deal = f"Deal {integer(view.get('deal'), 1)}/{integer(view.get('deals'), 1)}"
    y = layout.title_bar(draw, WIDTH, "German Whist", deal) + 8
    y = layout.winners_banner(draw, view, y, WIDTH, MARGIN)
    y = _stock_line(image, draw, view, y, four_colour)
    y = tricks.draw_trick(image, draw, view, y, width=WIDTH, margin=MARGIN, card_width=CARD,
                          size=PRIMARY, four_colour=four_colour)
    for seat in range(2):
        _seat_row(image, draw, view, seat, y, four_colour)
        y += ROW_H
    return image.crop((0, 0, WIDTH, min(height, round(y + 4))))


def hand_picture(view: View, writing: CardWriting = SYMBOLS) -> HandPicture:
    """The seat's cards (those it may play outlined), trumps and the card up for grabs."""
    hand = [str(c) for c in listed(view.get("hand")) if isinstance(c, str)]
    playable = {str(c) for c in listed(view.get("playable"))}
    seat = view.get("seat")
    who = seats.label(view, seat) if isinstance(seat, int) else None
    top = view.get("stock_top")
    lines = [f"Trumps: {SUIT_WORDS.get(str(view.get('trump')), '-')}"
             + (" · up for grabs: " + writing.one(top) if isinstance(top, str) else "")]
    if view.get("outcome") is not None:
        status = "Game over"
    elif view.get("turn") == seat and seat is not None:
        status = "Your turn: play a card"
    else:
        status = "Waiting for the other player"
    items = [layout.HandItem(c, c in playable) for c in hand]
    return HandPicture("German Whist", who, status, items, lines)


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    return draw_hand_picture(hand_picture(view), four_colour)
