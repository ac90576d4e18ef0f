"""Pip Pip: 3-8 seats round a table, each with the card it played to the trick, its face-up
king-queen calls, score and captured points; trump, the draw pile and whose turn it is.

Reads the view documented in engine/pip_pip/__init__.py: trump, next_trump, trick,
last_trick, declared, pile_count, drawing_stopped, hand_sizes, round_points, scores, turn,
dealer, led_suit, round, rounds, trick_number, outcome, hand.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from render.kit import cards, layout, palette, seats, text
from render.kit.safe import integer, listed
from render.kit.shapes import paste_suit
from render.registry import View, register

SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
HEIGHT = 820
CENTRE = (layout.WIDTH / 2, 400)
PLATE_RADII = (420, 300)  # where the name plates sit
CARD_RADII = (235, 165)  # where each seat's trick card sits
TABLE_RADII = (330, 215)
PLATE_W, PLATE_H = 236, 84
TRICK_CARD = 72
TABLE_FELT = palette.hex_rgb("#2a6b4e")



def _suit(value: Any) -> str | None:
    return value if isinstance(value, str) and value in SUIT_WORDS else None


def _angle(seat: int, players: int) -> float:
    """Seat 0 at the bottom, the others clockwise round the table (play passes left)."""
    return math.pi / 2 + 2 * math.pi * seat / players


def _at(radii: tuple[float, float], angle: float) -> tuple[float, float]:
    return (CENTRE[0] + radii[0] * math.cos(angle), CENTRE[1] + radii[1] * math.sin(angle))


def _list(view: View, key: str) -> list[Any]:
    value = view.get(key)
    return value if isinstance(value, list) else []


def _trick_to_show(view: View) -> tuple[list[dict[str, Any]], int | None, str]:
    """The trick in progress, or between tricks the last one with its winner."""
    trick = [c for c in _list(view, "trick") if isinstance(c, dict)]
    if trick:
        return trick, None, ""
    last = view.get("last_trick")
    if isinstance(last, dict):
        played = [c for c in listed(last.get("cards")) if isinstance(c, dict)]
        winner = last.get("winner") if isinstance(last.get("winner"), int) else None
        caption = f"Last trick: {seats.label(view, winner)} +{integer(last.get('points'))}" \
            if winner is not None else "Last trick"
        return played, winner, caption
    return [], None, ""


def _plate(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int,
           centre: tuple[float, float], four_colour: bool) -> None:
    x0, y0 = centre[0] - PLATE_W / 2, centre[1] - PLATE_H / 2
    turn = view.get("turn") == seat and view.get("outcome") is None
    draw.rounded_rectangle((x0, y0, x0 + PLATE_W, y0 + PLATE_H), radius=12,
                           fill=palette.FELT_DARK,
                           outline=palette.HIGHLIGHT if turn else palette.DIM,
                           width=4 if turn else 2)
    name_max = PLATE_W - 24
    if view.get("dealer") == seat:
        draw.ellipse((x0 + PLATE_W - 34, y0 + 6, x0 + PLATE_W - 8, y0 + 32),
                     fill=palette.WHITE)
        text.draw(draw, (x0 + PLATE_W - 21, y0 + 19), "D", 17, fill=palette.INK, bold=True,
                  anchor="mm")
        name_max -= 30
    text.draw(draw, (x0 + 12, y0 + 19), seats.label(view, seat), 19, fill=palette.WHITE,
              bold=True, anchor="lm", max_width=name_max)
    scores, gained, sizes = _list(view, "scores"), _list(view, "round_points"), \
        _list(view, "hand_sizes")
    score = integer(scores[seat]) if seat < len(scores) else 0
    got = integer(gained[seat]) if seat < len(gained) else 0
    held = integer(sizes[seat]) if seat < len(sizes) else 0
    text.draw(draw, (x0 + 12, y0 + 44), f"Score {score} · round +{got}", 17,
              fill=palette.SOFT_WHITE, anchor="lm", max_width=PLATE_W - 24)
    text.draw(draw, (x0 + 12, y0 + 66), f"{held} card{'s' if held != 1 else ''} in hand", 17,
              fill=palette.SOFT_WHITE, anchor="lm", max_width=PLATE_W - 24)
    all_declared = _list(view, "declared")
    own = all_declared[seat] if seat < len(all_declared) else None
    declared = [c for c in own if isinstance(c, str)] if isinstance(own, list) else []
    if declared:
        # Face-up calls sit on the side of the plate away from the table's centre.
        below = centre[1] >= CENTRE[1] - 10
        y = y0 + PLATE_H + 4 if below else y0 - cards.MINI_H - 4
        step = min(cards.MINI_W + 4, (PLATE_W - cards.MINI_W) / max(1, len(declared) - 1))
        x = centre[0] - (cards.MINI_W + step * (len(declared) - 1)) / 2
        for notation in declared:
            layout.paste(image, cards.mini_card(notation, four_colour), (x, y))
            x += step


def _centre(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, four_colour: bool,
            caption: str) -> None:
    cx, cy = CENTRE
    trump = _suit(view.get("trump"))
    # Trump: a big suit on a white disc, named in words as well (never colour alone).
    draw.ellipse((cx - 130, cy - 44, cx - 50, cy + 36), fill=palette.WHITE, outline=palette.INK,
                 width=2)
    if trump:
        paste_suit(image, trump, (round(cx - 116), round(cy - 30)), 52,
                   palette.suit_colour(trump, four_colour))
    text.draw(draw, (cx - 90, cy + 42), f"Trump: {SUIT_WORDS.get(trump or '', '-')}", 17,
              fill=palette.WHITE, bold=True, anchor="ma")
    next_trump = _suit(view.get("next_trump"))
    if next_trump and next_trump != trump:
        text.draw(draw, (cx - 90, cy + 64), f"next: {SUIT_WORDS[next_trump]}", 17,
                  fill=palette.HIGHLIGHT, anchor="ma")
    # The draw pile.
    back = cards.card_back(54)
    layout.paste(image, back, (cx + 58, cy - 44))
    pile = integer(view.get("pile_count"))
    words = "No drawing" if view.get("drawing_stopped") else f"Pile: {pile}"
    text.draw(draw, (cx + 85, cy + 42), words, 17, fill=palette.WHITE, bold=True, anchor="ma")
    if caption:
        text.draw(draw, (cx, cy - 70), caption, 17, fill=palette.HIGHLIGHT, bold=True,
                  anchor="mm", max_width=300)


def _status(view: View) -> str:
    if isinstance(view.get("outcome"), dict):
        return ""
    turn = view.get("turn")
    if not isinstance(turn, int):
        return ""
    led = _suit(view.get("led_suit"))
    follow = f" · follow {SUIT_WORDS[led]}" if led else " · leads"
    return f"{seats.short_label(view, turn, 20, 300)} to play{follow}"


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    players = max(1, min(8, seats.player_count(view)))
    over = isinstance(view.get("outcome"), dict)
    image, draw = layout.canvas(layout.WIDTH, HEIGHT + (100 if over else 0))
    right = (f"Round {integer(view.get('round'), 1)}/{integer(view.get('rounds'), players)} · "
             f"Trick {integer(view.get('trick_number'), 1)}")
    layout.title_bar(draw, layout.WIDTH, "Pip Pip", right)
    cx, cy = CENTRE
    rx, ry = TABLE_RADII
    draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=TABLE_FELT, outline=palette.FELT_DARK,
                 width=6)
    trick, winner, caption = _trick_to_show(view)
    _centre(image, draw, view, four_colour, caption)
    card_h = cards.card_height(TRICK_CARD)
    led_at: tuple[float, float] | None = None
    for order, played in enumerate(trick):
        seat = played.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < players:
            continue
        x, y = _at(CARD_RADII, _angle(seat, players))
        if winner == seat:
            draw.rounded_rectangle((x - TRICK_CARD / 2 - 5, y - card_h / 2 - 5,
                                    x + TRICK_CARD / 2 + 4, y + card_h / 2 + 4), radius=10,
                                   outline=palette.HIGHLIGHT, width=4)
        face = cards.card_face(str(played.get("card", "")), TRICK_CARD, four_colour)
        layout.paste(image, face, (x - TRICK_CARD / 2, y - card_h / 2))
        if order == 0:
            led_at = (x, y + card_h / 2 - 14)  # drawn last, on the card, so nothing covers it
    for seat in range(players):
        _plate(image, draw, view, seat, _at(PLATE_RADII, _angle(seat, players)), four_colour)
    if led_at:
        layout.pill(draw, led_at, "led", 16, palette.HIGHLIGHT, palette.INK)
    status = _status(view)
    if status:
        layout.pill(draw, (layout.WIDTH / 2, HEIGHT - 22), status, 20, palette.HIGHLIGHT,
                    palette.INK, max_width=layout.WIDTH - 60)
    if over:
        _outcome(draw, view, HEIGHT - 20)
    return image


def _outcome(draw: ImageDraw.ImageDraw, view: View, y: int) -> None:
    outcome = view["outcome"]
    winners = [s for s in listed(outcome.get("winners")) if isinstance(s, int)]
    names = " & ".join(seats.label(view, s) for s in winners) or "Nobody"
    headline = f"{names} win{'' if len(winners) > 1 else 's'}!"
    draw.rounded_rectangle((24, y, layout.WIDTH - 24, y + 104), radius=14, fill=palette.HIGHLIGHT)
    text.draw(draw, (layout.WIDTH / 2, y + 30), headline, 28, fill=palette.INK, bold=True,
              anchor="mm", max_width=layout.WIDTH - 80)
    detail = seats.fill_names(outcome.get("detail", ""), view)
    lines = text.wrap(detail, 18, layout.WIDTH - 80, 2)
    text.draw_lines(draw, (layout.WIDTH / 2, y + 56), lines, 18, fill=palette.INK, anchor="ma")


def playable_cards(view: View, hand: list[str]) -> set[str]:
    """The view's "playable" if given; else on this seat's turn, the cards that follow the
    led suit (or every card when none can)."""
    given = view.get("playable")
    if isinstance(given, list):
        return {str(c) for c in given}
    if view.get("turn") != view.get("seat") or view.get("outcome") is not None:
        return set()
    led = view.get("led_suit")
    following = {c for c in hand if c[-1:] == led}
    return following or set(hand)


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    hand = [str(c) for c in _list(view, "hand") if isinstance(c, str)]
    allowed = playable_cards(view, hand)
    seat = view.get("seat")
    names = seats.names(view)
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Your"
    trump = SUIT_WORDS.get(str(view.get("trump")), "-")
    led = _suit(view.get("led_suit"))
    lines = [f"Trump: {trump}" + (f" · led: {SUIT_WORDS[led]}" if led else "")]
    declared = _list(view, "declared")
    mine = listed(declared[seat]) if isinstance(seat, int) and 0 <= seat < len(declared) else []
    if mine:
        lines.append("Face up (called): " + " ".join(str(c) for c in mine))
    if view.get("outcome") is not None:
        status = "Game over"
    elif view.get("turn") == seat and seat is not None:
        status = "Your turn: play a card"
    else:
        status = _status(view)
    items = [layout.HandItem(c, c in allowed) for c in hand]
    return layout.draw_hand(f"Pip Pip — {who}'s hand", status, items, four_colour, lines)


register("pip-pip", table=draw_table, hand=draw_hand)
