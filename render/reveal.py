"""A finished game's table with every hand face up, for the replay's Show hands.

The view is the public view of the table with "revealed": each seat's own view (as its hand
was drawn live, "playable" included). The picture is the table exactly as drawn live, with
each seat's hand picture below it, in seat order."""

from __future__ import annotations

from PIL import Image

from render.kit import palette
from render.kit.png import encode
from render.registry import View, renderer_for

GAP = 12


def draw_revealed(game_name: str, view: View, *, four_colour: bool = False) -> bytes:
    renderer = renderer_for(game_name)
    hands = [h for h in view.get("revealed") or [] if isinstance(h, dict)]
    table = {k: v for k, v in view.items() if k != "revealed"}
    pictures = [renderer.table(table, four_colour)]
    pictures += [renderer.hand(hand, four_colour) for hand in hands]
    width = max(p.width for p in pictures)
    height = sum(p.height for p in pictures) + GAP * (len(pictures) - 1)
    image = Image.new("RGB", (width, height), palette.FELT_DARK)
    y = 0
    for picture in pictures:
        image.paste(picture, ((width - picture.width) // 2, y))
        y += picture.height + GAP
    return encode(image)
