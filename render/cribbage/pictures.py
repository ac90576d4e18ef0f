"""Cribbage: the board with two lettered pegs per side, the sides and their names, dealer
and crib, the starter, the current count with who laid each card, whose turn it is, the show
with each count's total, and the winner with any skunk.

Drawn for a phone (the measures are in sizes.py); what is too long for that (each count's
breakdown, in words) goes into the table message instead: `details`.

Reads the view documented in engine/cribbage/game.py. The table is a stack of sections
(functions drawing downwards from a y): the board, the sides and the finish (sides.py), the
play and the hand picture (play.py), the show (show.py). This module stacks them; PIP Cribbage
and Crib Race reuse `compose` and these names and add or swap sections, so a variant draws
only what it adds.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.cribbage.play import (
    count_section,
    draw_hand,
    hand_items,
    hand_lines,
    hand_picture,
    hand_player,
    hand_status,
    pile_owners,
    play_line_section,
    play_section,
    playable_cards,
)
from render.cribbage.show import (
    details,
    show_details,
    show_note_section,
    show_section,
    show_totals_section,
)
from render.cribbage.sides import (
    board_section,
    finish_words,
    one_line_sides_section,
    outcome_section,
    seat_tag,
    side_lists,
    side_name,
    side_of_seat,
    sides_section,
    target_score,
)
from render.cribbage.sizes import (
    BODY,
    MARGIN,
    MAX_HEIGHT,
    SHOW_CARD,
    SMALL,
    TABLE_CARD,
    TITLE,
    WIDTH,
    Section,
)
from render.kit import layout, text
from render.kit.safe import integer
from render.registry import View

#: What the variants and the render registration read here, wherever it is drawn.
__all__ = [
    "BODY", "MARGIN", "SHORTER", "SHOW_CARD", "SMALL", "TABLE_CARD", "WIDTH", "board_section",
    "compose", "count_section", "details", "draw_hand", "draw_table", "finish_words",
    "hand_items", "hand_lines", "hand_picture", "hand_player", "hand_status", "no_section",
    "one_line_sides_section", "outcome_section",
    "pile_owners", "play_section", "playable_cards", "seat_tag", "show_details", "show_section",
    "side_lists", "side_name", "side_of_seat", "sides_section",
]


def no_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
               four_colour: bool) -> int:
    return y


# Sections swapped for shorter forms, one swap after another, while a table is taller than
# MAX_HEIGHT: what they leave out is in the table message (`details`) or the hand picture.
SHORTER: tuple[tuple[Section, Section], ...] = (
    (show_section, show_totals_section),
    (play_section, play_line_section),
    (show_totals_section, show_note_section),
    (play_line_section, no_section),
    (show_note_section, no_section),
    (sides_section, one_line_sides_section),
)


DEFAULT_SECTIONS: tuple[Section, ...] = (
    board_section, sides_section, outcome_section, count_section, play_section, show_section,
)


def compose(view: View, four_colour: bool, sections: Sequence[Section],
            title: str | None = None,
            shorter: Sequence[tuple[Section, Section]] = SHORTER) -> Image.Image:
    """Draw the title bar and then each section below the last; crop to what was drawn.
    A table taller than MAX_HEIGHT is drawn again with the `shorter` swaps made one after
    another, until it fits."""
    tries = [tuple(sections)]
    for old, new in shorter:
        if old in tries[-1]:
            tries.append(tuple(new if s is old else s for s in tries[-1]))
    for tried in tries:
        with text.recording(covers=True) as drawn:  # kept only for the form shown
            image, bottom = _compose(view, four_colour, tried, title)
        if bottom <= MAX_HEIGHT:
            break
    text.replay(tuple(drawn), (0, 0), image)
    return image.crop((0, 0, WIDTH, min(image.height, bottom)))


def _compose(view: View, four_colour: bool, sections: Sequence[Section],
             title: str | None) -> tuple[Image.Image, int]:
    image, draw = layout.canvas(WIDTH, 1700)  # tallest real table: ~1300 px (8 players)
    name = title or TITLE
    right = f"Deal {integer(view.get('deal_number'), 1)} · to {target_score(view)}"
    y = layout.title_bar(draw, WIDTH, name, right) + 10
    for section in sections:
        y = section(image, draw, view, y, four_colour)
    return image, y + 4


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    return compose(view, four_colour, DEFAULT_SECTIONS)

