"""PIP Cribbage: the Cribbage table plus the nine-space PIP Track with both dice (faces drawn
as pips, in their owners' colours and with their letters), their directions, and the
dealer's effect this deal (named here; its full text goes into the table message).

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

# The printed track (docs/RULES.md PC-10..PC-15): each space's name, and for the spaces that act
# when a die enters them, what they do (the others act during their owner's deal).
SPACE_NAMES = {1: "Crib Bonus", 2: "Extra Decay", 3: "Double PIP", 4: "Rise", 5: "Crux",
               6: "Rise", 7: "Turn", 8: "Extra Decay", 9: "Borrowed PIP"}
ENTRY_WORDS = {2: "−1 pip", 4: "+1 pip", 6: "+1 pip", 8: "−1 pip"}
COLUMNS = 5
SPACE_H = 118
DIE = 40
SMALL = cribbage.SMALL


def _dice(view: View) -> list[dict[str, Any]]:
    return [d for d in listed(view.get("dice")) if isinstance(d, dict)]


def _owner_side(view: View, owner: int) -> int:
    return cribbage.side_of_seat(view, owner)


def _space_box(space: int, y: int) -> tuple[float, float, float, float]:
    """Spaces 1-5 on the first row, 6-9 on the second, both left to right."""
    width = (cribbage.WIDTH - 2 * cribbage.MARGIN) / COLUMNS
    row, col = divmod(space - 1, COLUMNS)
    x = cribbage.MARGIN + col * width
    top = y + row * (SPACE_H + 6)
    return x + 2, top, x + width - 2, top + SPACE_H


def pip_track_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                      four_colour: bool) -> int:
    """The nine spaces with their names (as printed on the track), the dice on them, each
    with its owner's letter, and the dealer's space outlined; then one line per die."""
    dice = _dice(view)
    effect = mapping(view.get("effect"))
    dealer_space = integer(effect.get("space"), 0)
    for space in range(1, 10):
        left, top, right, bottom = _space_box(space, y)
        current = space == dealer_space
        draw.rounded_rectangle((left, top, right, bottom), radius=10, fill=palette.PANEL,
                               outline=palette.HIGHLIGHT if current else palette.INK,
                               width=5 if current else 2)
        text.draw(draw, (left + 8, top + 4), str(space), cribbage.BODY, fill=palette.INK,
                  bold=True)
        lines = text.wrap(SPACE_NAMES[space], SMALL, right - left - 10, 2, bold=True)
        entry = [ENTRY_WORDS[space], "on entry"] if space in ENTRY_WORDS else []
        line_y = bottom - 6 - 19 * (len(lines) + len(entry))
        line_y = text.draw_lines(draw, ((left + right) / 2, line_y), lines, SMALL,
                                 fill=palette.INK, bold=True, anchor="ma", spacing=19 / SMALL,
                                 secondary=True)
        text.draw_lines(draw, ((left + right) / 2, line_y), entry, SMALL,
                        fill=palette.MUTED_INK, anchor="ma", spacing=19 / SMALL, secondary=True)
        here = [d for d in dice if integer(d.get("space")) == space][:2]
        for i, die in enumerate(here):
            dx = right - 6 - DIE - i * (DIE + 30)
            side = _owner_side(view, integer(die.get("owner")))
            face = max(1, min(6, integer(die.get("face"), 1)))
            colour = palette.side_colour(side)
            layout.paste(image, cards.die_face(face, DIE, colour, palette.WHITE), (dx, top + 6))
            layout.token(draw, (dx - 13, top + 6 + DIE / 2), 12, side)
    # The tenth place explains what is outlined.
    left, top, right, bottom = _space_box(10, y)
    draw.rounded_rectangle((left, top, right, bottom), radius=10, outline=palette.HIGHLIGHT,
                           width=5)
    legend = text.wrap("dealer's space this deal", SMALL, right - left - 14, 3)
    text.draw_lines(draw, ((left + right) / 2, top + 14), legend, SMALL, fill=palette.SOFT_WHITE,
                    anchor="ma", spacing=19 / SMALL, secondary=True)
    y += 2 * SPACE_H + 14
    for die in dice:
        owner = integer(die.get("owner"))
        direction = integer(die.get("direction"), 1)
        layout.token(draw, (cribbage.MARGIN + 14, y + 14), 13, _owner_side(view, owner))
        words = (f"P{integer(die.get('face'), 1)} on space {integer(die.get('space'), 1)}, "
                 f"moving {'1→9' if direction >= 0 else '9→1'}")
        used = text.draw(draw, (cribbage.WIDTH - cribbage.MARGIN, y + 14), words,
                         cribbage.BODY, fill=palette.WHITE, anchor="rm")
        text.draw(draw, (cribbage.MARGIN + 36, y + 14), seats.label(view, owner), cribbage.BODY,
                  fill=palette.WHITE, bold=True, anchor="lm",
                  max_width=cribbage.WIDTH - 2 * cribbage.MARGIN - 46 - used)
        y += 32
    line = effect_headline(view)
    if line:
        for part in text.wrap(line, cribbage.BODY, cribbage.WIDTH - 2 * cribbage.MARGIN, 2):
            text.draw(draw, (cribbage.MARGIN, y), part, cribbage.BODY, fill=palette.HIGHLIGHT)
            y += 27
    return y + 8


def effect_headline(view: View) -> str:
    """The dealer's space this deal in a few words, with any choice already made; the
    space's full text is in the message (`details`)."""
    effect = mapping(view.get("effect"))
    if not effect:
        return ""
    name = str(effect.get("name") or SPACE_NAMES.get(integer(effect.get("space")), ""))
    words = f"This deal: {name}"
    if effect.get("active") is False:
        words += " (acts only on entry: nothing this deal)"
    crux = view.get("crux_choice")
    if isinstance(crux, str):
        words += f", chosen: {crux}"
    turn = mapping(view.get("turn_choice"))
    if turn.get("choice") == "flip":
        words += f", flipped {turn.get('from_face')}→{turn.get('to_face')}"
    elif turn.get("choice") == "keep_die":
        words += ", die kept as it was"
    return words


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


def details(view: View) -> list[str]:
    words = effect_words(view)
    return ([words] if words else []) + cribbage.show_details(view)


SECTIONS = (cribbage.board_section, cribbage.sides_section, cribbage.outcome_section,
            pip_track_section, cribbage.count_section, cribbage.play_section,
            cribbage.show_section)


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
    return layout.draw_hand(cribbage.hand_title(view), cribbage.hand_status(view), items,
                            four_colour, lines)


register("pip-cribbage", table=draw_table, hand=draw_hand, details=details)
