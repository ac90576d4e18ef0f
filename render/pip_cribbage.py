"""PIP Cribbage: the Cribbage table plus the nine-space PIP Track with both dice (faces drawn
as pips, in their owners' colours), their directions, and the dealer's effect this deal.

Reads Cribbage's view keys plus those documented in engine/pip_cribbage/__init__.py: dice
[{owner, space, face, direction, piece}], effect {seat, space, name, text, active},
crux_choice, turn_choice, pip_plays.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render import cribbage
from render.kit import cards, layout, palette, seats, text
from render.kit.safe import integer, listed, mapping
from render.registry import View, register

# The printed track (seeds/pip-cribbage.txt): what each space is called.
SPACE_NAMES = {1: "Crib Bonus", 2: "Extra Decay", 3: "Double PIP", 4: "Rise", 5: "Crux",
               6: "Rise", 7: "Turn", 8: "Extra Decay", 9: "Borrowed PIP"}
ENTRY_SPACES = {2, 4, 6, 8}  # act when a die enters, not during a deal
SPACE_W, SPACE_H = 112, 132
DIE = 44
ACTIVE_TINT = palette.PANEL
ENTRY_TINT = palette.hex_rgb("#d9e7f5")


def _dice(view: View) -> list[dict[str, Any]]:
    return [d for d in listed(view.get("dice")) if isinstance(d, dict)]


def _owner_colour(view: View, owner: int) -> palette.RGB:
    return palette.side_colour(cribbage.side_of_seat(view, owner))


def _arrow(draw: ImageDraw.ImageDraw, x: float, y: float, direction: int,
           colour: palette.RGB) -> None:
    """A small filled arrow pointing the way the die travels (right: 1 to 9)."""
    tip = 10 if direction >= 0 else -10
    draw.polygon([(x + tip, y), (x - tip, y - 8), (x - tip, y + 8)], fill=colour,
                 outline=palette.WHITE)


def pip_track_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                      four_colour: bool) -> int:
    dice = _dice(view)
    effect = mapping(view.get("effect"))
    dealer_space = integer(effect.get("space"), 0)
    left = (layout.WIDTH - 9 * SPACE_W) / 2
    for space in range(1, 10):
        x = left + (space - 1) * SPACE_W
        box = (x + 3, y, x + SPACE_W - 3, y + SPACE_H)
        tint = ENTRY_TINT if space in ENTRY_SPACES else ACTIVE_TINT
        current = space == dealer_space
        draw.rounded_rectangle(box, radius=10, fill=tint,
                               outline=palette.HIGHLIGHT if current else palette.INK,
                               width=5 if current else 2)
        text.draw(draw, (x + 12, y + 6), str(space), 20, fill=palette.INK, bold=True)
        lines = text.wrap(SPACE_NAMES[space], 16, SPACE_W - 16, 2)
        text.draw_lines(draw, (x + SPACE_W / 2, y + SPACE_H - 40), lines, 16,
                        fill=palette.INK, anchor="ma", spacing=1.15)
        here = [d for d in dice if integer(d.get("space")) == space]
        for i, die in enumerate(here[:2]):
            dx = x + SPACE_W / 2 - DIE / 2 + (i - (len(here[:2]) - 1) / 2) * (DIE + 6)
            owner = integer(die.get("owner"))
            colour = _owner_colour(view, owner)
            face = max(1, min(6, integer(die.get("face"), 1)))
            layout.paste(image, cards.die_face(face, DIE, colour, palette.WHITE), (dx, y + 32))
    y += SPACE_H + 8
    # The legend: whose die is which colour, which way it moves, and its face in words.
    x = 24.0
    for die in dice:
        owner = integer(die.get("owner"))
        colour = _owner_colour(view, owner)
        direction = integer(die.get("direction"), 1)
        draw.rounded_rectangle((x, y + 4, x + 22, y + 26), radius=5, fill=colour)
        _arrow(draw, x + 44, y + 15, direction, colour)
        words = (f"{seats.label(view, owner)}: P{integer(die.get('face'), 1)} on space "
                 f"{integer(die.get('space'), 1)}, moving {'1→9' if direction >= 0 else '9→1'}")
        x += 64 + text.draw(draw, (x + 64, y + 15), words, 18, fill=palette.WHITE, anchor="lm",
                            max_width=layout.WIDTH / 2 - 100) + 10
    y += 36
    line = effect_words(view)
    if line:
        for part in text.wrap(line, 19, layout.WIDTH - 48, 3):
            text.draw(draw, (24, y), part, 19, fill=palette.HIGHLIGHT)
            y += 26
    return y + 8


def effect_words(view: View) -> str:
    """The dealer's effect this deal in words, with any choice already made."""
    effect = mapping(view.get("effect"))
    if not effect:
        return ""
    dealer = seats.label(view, integer(effect.get("seat"), 0))
    name = str(effect.get("name") or SPACE_NAMES.get(integer(effect.get("space")), ""))
    words = f"This deal: {dealer} on space {integer(effect.get('space'))}, {name}"
    if effect.get("active") is False:
        words += " (acts only on entry: nothing this deal)"
    elif effect.get("text"):
        words += f": {effect['text']}"
    crux = view.get("crux_choice")
    if isinstance(crux, str):
        words += f" Chosen: {crux}."
    turn = mapping(view.get("turn_choice"))
    if turn.get("choice") == "flip":
        words += f" Flipped {turn.get('from_face')}→{turn.get('to_face')}."
    elif turn.get("choice") == "keep_die":
        words += " Kept the die as it was."
    return words


SECTIONS = (cribbage.board_section, cribbage.sides_section, cribbage.outcome_section,
            pip_track_section, cribbage.play_section, cribbage.show_section)


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    return cribbage.compose(view, four_colour, SECTIONS, title="PIP Cribbage")


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    seat = view.get("seat")
    items = cribbage.hand_items(view)
    own = next((d for d in _dice(view) if d.get("owner") == seat), None)
    lines = cribbage.hand_lines(view)
    if own is not None:
        piece = f"P{max(1, min(6, integer(own.get('face'), 1)))}"
        if all(item.notation != piece for item in items):
            items.append(layout.HandItem(piece, False))  # the die, shown though not playable now
        lines.append(f"Your die: {piece} on space {integer(own.get('space'), 1)}")
    names = seats.names(view)
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Your"
    return layout.draw_hand(f"PIP Cribbage — {who}'s hand", cribbage.hand_status(view), items,
                            four_colour, lines)


register("pip-cribbage", table=draw_table, hand=draw_hand)
