"""Black Lady's table: the deal and what it passes, the trick in play (or the last one, with its
winner), and a row per seat with its total, the points and tricks it took this deal and its
cards in hand. The hand: the seat's cards, those it may pass or play outlined.

Reads the view documented in black_lady/__init__.py.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.kit import layout, palette, seats, text, tricks
from render.kit.hand import SYMBOLS, CardWriting, HandPicture, draw_hand_picture
from render.kit.safe import integer, listed, mapping
from render.registry import View

WIDTH = 600
PRIMARY = text.lower_floor_size(WIDTH)  # its words are in lower case: the floor for those
MARGIN = 8
CARD = 70
ROW_H = 60


def passing_words(view: View) -> str:
    offset, players = integer(view.get("pass_offset")), seats.player_count(view)
    if offset == 0:
        return "no passing this deal"
    way = {1: "left", players - 1: "right"}.get(offset, "across")
    return f"passing {way}"


def seat_facts(view: View, seat: int) -> tuple[int, int, int, int]:
    """(total, points taken this deal, tricks taken this deal, cards in hand)."""
    def at(key: str) -> Any:
        values = listed(view.get(key))
        return values[seat] if seat < len(values) else None

    return integer(at("scores")), integer(at("taken")), integer(at("tricks")), \
        integer(at("hand_sizes"))


def _seat_row(draw: ImageDraw.ImageDraw, view: View, seat: int, y: float) -> None:
    acting = seat in seats.to_act(view) and view.get("outcome") is None
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H - 4), radius=10,
                           fill=palette.FELT_DARK,
                           outline=palette.HIGHLIGHT if acting else palette.FELT_DARK, width=3)
    total, taken, won, held = seat_facts(view, seat)
    text.draw(draw, (MARGIN + 12, y + 17), f"{seats.label(view, seat)} · total {total}",
              PRIMARY, fill=palette.WHITE, bold=True, anchor="lm",
              max_width=WIDTH - 2 * MARGIN - 24)
    doing = ("to pass · " if view.get("passing") else "to play · ") if acting else ""
    words = f"{taken} points, {won} tricks this deal · {held} in hand"
    text.draw(draw, (MARGIN + 12, y + 41), doing + words, PRIMARY, fill=palette.SOFT_WHITE,
              anchor="lm", max_width=WIDTH - 2 * MARGIN - 24)


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    over = isinstance(view.get("outcome"), dict)
    players = seats.player_count(view)
    height = 120 + (44 + 3 * PRIMARY + 14 if over else 0) \
        + tricks.trick_height(PRIMARY, CARD) + 2 * PRIMARY + players * ROW_H
    image, draw = layout.canvas(WIDTH, height)
    y = layout.title_bar(draw, WIDTH, "Black Lady", f"Deal {integer(view.get('deal'), 1)}") + 8
    y = layout.winners_banner(draw, view, y, WIDTH, MARGIN)
    broken = "hearts broken" if view.get("broken") else "hearts not broken"
    text.draw(draw, (MARGIN, y), f"Game to {integer(view.get('points'))} · "
              f"{passing_words(view)} · {broken}", PRIMARY, fill=palette.WHITE, bold=True,
              max_width=WIDTH - 2 * MARGIN)
    y += PRIMARY + 12
    y = tricks.draw_trick(image, draw, view, y, width=WIDTH, margin=MARGIN, card_width=CARD,
                          size=PRIMARY, four_colour=four_colour)
    for seat in range(players):
        _seat_row(draw, view, seat, y)
        y += ROW_H
    return image.crop((0, 0, WIDTH, min(height, round(y + 4))))


def hand_picture(view: View, writing: CardWriting = SYMBOLS) -> HandPicture:
    """The seat's cards (those it may pass or play outlined), the cards it chose to pass and
    those it passed that their holder has not played."""
    hand = [str(c) for c in listed(view.get("hand")) if isinstance(c, str)]
    playable = {str(c) for c in listed(view.get("playable"))}
    seat = view.get("seat")
    who = seats.label(view, seat) if isinstance(seat, int) else None
    lines = []
    chosen = [c for c in listed(view.get("chosen")) if isinstance(c, str)]
    if chosen:
        lines.append("To pass: " + writing.many(chosen))
    known = mapping(view.get("known"))
    passed = [c for c in listed(known.get("cards")) if isinstance(c, str)]
    if passed and isinstance(known.get("seat"), int):
        lines.append(f"{seats.label(view, known['seat'])} holds your " + writing.many(passed))
    acting = isinstance(seat, int) and seat in seats.to_act(view)
    if view.get("outcome") is not None:
        status = "Game over"
    elif acting and view.get("passing"):
        way = passing_words(view).removeprefix("passing ")
        status = f"Your turn: pass {3 - len(chosen)} {way}"
    elif acting:
        status = "Your turn: play a card"
    else:
        status = "Waiting for the others"
    items = [layout.HandItem(c, c in playable) for c in hand]
    return HandPicture("Black Lady", who, status, items, lines)


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    return draw_hand_picture(hand_picture(view), four_colour)
