"""The trick on a trick game's table: the cards played to it with their players' names, or,
between tricks, the last trick with its winner's card outlined.

Reads the view keys a trick game without trumps on the table shows: "trick" ([{"seat",
"card"}], the trick in play) and "last_trick" ({"cards": [...as trick], "winner"}).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.kit import cards, layout, palette, seats, text
from render.kit.safe import integer, listed, mapping

View = dict[str, Any]
OUTLINE = 4  # the winner's outline, px


def trick_to_show(view: View) -> tuple[list[dict[str, Any]], int | None, str]:
    """The trick in progress, or between tricks the last one and its winner; a heading."""
    trick = [c for c in listed(view.get("trick")) if isinstance(c, dict)]
    if trick:
        return trick, None, "This trick"
    last = mapping(view.get("last_trick"))
    played = [c for c in listed(last.get("cards")) if isinstance(c, dict)]
    winner = last.get("winner") if isinstance(last.get("winner"), int) else None
    if not played or winner is None:
        return [], None, "No trick played yet"
    return played, winner, f"Last trick: {seats.label(view, winner)} won it"


def trick_height(size: int, card_width: int) -> int:
    """The height `draw_trick` takes with cards to show."""
    return 2 * size + 32 + cards.card_height(card_width)


def draw_trick(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: float, *,
               width: int, margin: int, card_width: int, size: int,
               four_colour: bool) -> float:
    """The heading, then one slot per seat of the table across `width`, each its player's
    name over the card played; returns the y below it."""
    trick, winner, heading = trick_to_show(view)
    text.draw(draw, (margin, y), heading, size, fill=palette.WHITE, bold=True,
              max_width=width - 2 * margin)
    y += size + 10
    if not trick:
        return y
    slot = (width - 2 * margin) / max(2, seats.player_count(view))
    for index, played in enumerate(trick):
        seat = integer(played.get("seat"))
        centre = margin + (index + 0.5) * slot
        text.draw(draw, (centre, y + size / 2), seats.label(view, seat), size,
                  fill=palette.WHITE, bold=True, anchor="mm", max_width=slot - 8)
        x, card_y = centre - card_width / 2, y + size + 10
        if seat == winner:
            draw.rounded_rectangle((x - 3, card_y - 3, x + card_width + 2,
                                    card_y + cards.card_height(card_width) + 2),
                                   radius=9, outline=palette.HIGHLIGHT, width=OUTLINE)
        layout.paste(image, cards.card_face(str(played.get("card", "")), card_width,
                                            four_colour), (x, card_y))
    return y + size + 10 + cards.card_height(card_width) + 12
