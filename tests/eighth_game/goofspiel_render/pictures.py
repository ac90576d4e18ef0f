"""Goofspiel's table: the prizes up for bids (face up) beside the face-down pile, then a row
per seat with its total, whether it has bid (a face-down card), its bid of the last round
and the prizes it took; the hand is the seat's suit, its face-down bid named under it.

Reads the view documented in goofspiel/__init__.py.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.cards import RANKS, card_symbol
from render.kit import cards, layout, palette, seats, text
from render.kit.hand import SYMBOLS, CardWriting, HandPicture, draw_hand_picture
from render.kit.safe import integer, listed, mapping
from render.registry import View

WIDTH = 600
PRIMARY = text.lower_floor_size(WIDTH)  # its words are in lower case: the floor for those
MARGIN = 8
CARD = 70
ROW_H = 64
#: Room kept for the words left of the prizes.
TEXT_ROOM = 240


def strings(value: Any) -> list[str]:
    return [str(c) for c in listed(value) if isinstance(c, str)]


def cards_rank(notation: str) -> int:
    """A prize's points: its rank, ace 1 to king 13."""
    parsed = cards.parse(notation)
    return RANKS.index(parsed[0]) + 1 if parsed and parsed[0] in RANKS else 0


def seat_facts(view: View, seat: int) -> tuple[int, bool, str | None, list[str]]:
    """(total, has bid this round, its bid last round, prizes it took)."""
    def at(key: str) -> Any:
        values = listed(view.get(key))
        return values[seat] if seat < len(values) else None

    last = strings(mapping(view.get("last_round")).get("bids"))
    return (integer(at("scores")), bool(at("bid")), last[seat] if seat < len(last) else None,
            strings(at("won")))


def _pot(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: float,
         four_colour: bool) -> float:
    pot = strings(view.get("pot"))
    left = integer(view.get("prizes_left"))
    if view.get("outcome") is not None:
        return y
    worth = sum(cards_rank(c) for c in pot)
    x: float = WIDTH - MARGIN - CARD
    if left:
        layout.paste(image, cards.card_back(CARD), (x, y))
        x -= CARD + 10
    # Left to right, each card over the last, so every index shows; a long pot of carried
    # ties closes up rather than reach the words.
    step = min(CARD * 0.45, (x - TEXT_ROOM) / max(len(pot) - 1, 1))
    first = x - step * (len(pot) - 1)
    for i, notation in enumerate(pot):
        layout.paste(image, cards.card_face(notation, CARD, four_colour), (first + step * i, y))
    room = first - 2 * MARGIN
    prizes = f"{len(pot)} prizes, {worth} points" if len(pot) > 1 else f"{worth} points"
    for i, (words, colour) in enumerate((("Up for bids", palette.WHITE),
                                         (prizes, palette.WHITE),
                                         (f"{left} face down", palette.SOFT_WHITE))):
        text.draw(draw, (MARGIN, y + 4 + i * (PRIMARY + 10)), words, PRIMARY, fill=colour,
                  bold=i == 0, max_width=room)
    return y + cards.card_height(CARD) + 10


def _seat_row(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int, y: float,
              four_colour: bool) -> None:
    waiting = seat in listed(view.get("waiting_for")) and view.get("outcome") is None
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H - 4), radius=10,
                           fill=palette.FELT_DARK,
                           outline=palette.HIGHLIGHT if waiting else palette.FELT_DARK, width=3)
    total, has_bid, last, won = seat_facts(view, seat)
    right: float = WIDTH - MARGIN - 6
    mid = y + (ROW_H - 4 - cards.MINI_H) / 2
    if won:
        step = min(cards.MINI_W + 3, 170 / len(won))
        left = right - cards.MINI_W - step * (len(won) - 1)
        for i, notation in enumerate(won):
            layout.paste(image, cards.mini_card(notation, four_colour), (left + i * step, mid))
        right = left - 10
    room = right - MARGIN - 12
    text.draw(draw, (MARGIN + 12, y + 18), f"{seats.label(view, seat)} · total {total}",
              PRIMARY, fill=palette.WHITE, bold=True, anchor="lm", max_width=room)
    if view.get("outcome") is not None:
        words = f"took {len(won)} prizes"
    else:
        words = "has bid, face down" if has_bid else "to bid"
    if last:
        words += f" · last bid {card_symbol(last)}"
    text.draw(draw, (MARGIN + 12, y + 43), words, PRIMARY,
              fill=palette.HIGHLIGHT if waiting else palette.SOFT_WHITE, anchor="lm",
              max_width=room)


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    over = isinstance(view.get("outcome"), dict)
    players = seats.player_count(view)
    height = 120 + (44 + 3 * PRIMARY + 14 if over else cards.card_height(CARD)) \
        + players * ROW_H + 40
    image, draw = layout.canvas(WIDTH, height)
    y: float = layout.title_bar(draw, WIDTH, "Goofspiel",
                                f"Round {integer(view.get('round'), 1)}/13") + 8
    y = layout.winners_banner(draw, view, y, WIDTH, MARGIN)
    y = _pot(image, draw, view, y, four_colour)
    for seat in range(players):
        _seat_row(image, draw, view, seat, y, four_colour)
        y += ROW_H
    return image.crop((0, 0, WIDTH, min(height, round(y + 4))))


def hand_picture(view: View, writing: CardWriting = SYMBOLS) -> HandPicture:
    """The seat's cards (all of them biddable on its turn), the prizes up and its bid."""
    hand = strings(view.get("hand"))
    playable = set(strings(view.get("playable")))
    seat = view.get("seat")
    who = seats.label(view, seat) if isinstance(seat, int) else None
    lines = []
    pot = strings(view.get("pot"))
    if pot and view.get("outcome") is None:
        lines.append("Up for bids: " + writing.many(pot))
    bid = view.get("my_bid")
    if isinstance(bid, str):
        lines.append("Your bid, face down: " + writing.one(bid))
    if view.get("outcome") is not None:
        status = "Game over"
    elif seat in listed(view.get("waiting_for")):
        status = "Your turn: bid a card"
    else:
        status = "Waiting for the others to bid"
    items = [layout.HandItem(c, c in playable) for c in hand]
    return HandPicture("Goofspiel", who, status, items, lines)


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    return draw_hand_picture(hand_picture(view), four_colour)
