"""PIP Cribbage: the Cribbage table plus the nine-space PIP Track with both dice (faces drawn
as pips, in their owners' colours and with their letters), their directions, and the
dealer's effect this deal (named here; its full text goes into the table message).

Reads Cribbage's view keys plus those documented in engine/pip_cribbage/__init__.py: dice
[{owner, space, face, direction, piece}], effect {seat, space, name, text, active},
crux_choice, turn_choice, pip_plays.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import card_symbol
from render.cribbage import pictures as cribbage
from render.cribbage import play as cribbage_play
from render.cribbage.sizes import Section
from render.kit import cards, layout, palette, seats, text
from render.kit.hand import SYMBOLS, CardWriting, HandPicture, draw_hand_picture
from render.kit.safe import integer, listed, mapping
from render.registry import View

# The printed track (docs/RULES.md PC-10..PC-15): each space's name, and for the spaces that act
# when a die enters them, what they do (the others act during their owner's deal).
SPACE_NAMES = {1: "Crib Bonus", 2: "Extra Decay", 3: "Double PIP", 4: "Rise", 5: "Crux",
               6: "Rise", 7: "Turn", 8: "Extra Decay", 9: "Borrowed PIP"}
ENTRY_WORDS = {2: "−1 pip", 4: "+1 pip", 6: "+1 pip", 8: "−1 pip"}  # when a die enters
TITLE = "PIP Cribbage"
COLUMNS = 5
BAND = 44  # the top of a space: its number, and the dice on it with their owners' tokens
DIE = 38
LINE = 21  # a line of a space's words
SMALL = cribbage.SMALL
# What the outline and the entry words mean, in the tenth place of the track's grid.
LEGEND_LINES = ["outlined:", "dealer's", "space", "±1 pip:", "on entry"]
# A space that acts only on entry, as the deal's narration says it: short enough that the
# headline keeps to one line, and the table to the height that keeps the play's words.
NO_EFFECT = " (no effect this deal)"


def _dice(view: View) -> list[dict[str, Any]]:
    return [d for d in listed(view.get("dice")) if isinstance(d, dict)]


def _owner_side(view: View, owner: int) -> int:
    return cribbage.side_of_seat(view, owner)


def _row_heights(view: View) -> tuple[int, int]:
    """Each row of spaces: a band per die sharing a space (two dice may meet; only their row
    grows), then the space's words: its name (two lines at most) and what it does on entry."""
    def height(spaces: range) -> int:
        crowd = max([sum(1 for d in _dice(view) if integer(d.get("space")) == space)
                     for space in spaces] + [1])
        return 6 + BAND * min(2, crowd) + 2 * LINE + LINE + 6

    return height(range(1, COLUMNS + 1)), height(range(COLUMNS + 1, 10))


def _space_box(space: int, y: int, heights: tuple[int, int]
               ) -> tuple[float, float, float, float]:
    """Spaces 1-5 on the first row, 6-9 on the second, both left to right."""
    width = (cribbage.WIDTH - 2 * cribbage.MARGIN) / COLUMNS
    row, col = divmod(space - 1, COLUMNS)
    x = cribbage.MARGIN + col * width
    top = y + row * (heights[0] + 6)
    return x + 2, top, x + width - 2, top + heights[row]


def _arrow(draw: ImageDraw.ImageDraw, centre: tuple[float, float], rightwards: bool) -> None:
    """Which way a die moves: right towards space 9, left towards space 1."""
    cx, cy = centre
    tip, back = (cx + 6, cx - 6) if rightwards else (cx - 6, cx + 6)
    draw.polygon([(tip, cy), (back, cy - 7), (back, cy + 7)], fill=palette.INK)


def pip_track_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                      four_colour: bool) -> int:
    """The track (`_spaces`), then the dealer's space this deal in a headline."""
    y = _spaces(image, draw, view, y)
    line = effect_headline(view)
    if line:
        for part in text.wrap(line, cribbage.BODY, cribbage.WIDTH - 2 * cribbage.MARGIN, 2):
            text.draw(draw, (cribbage.MARGIN, y), part, cribbage.BODY, fill=palette.HIGHLIGHT)
            y += 27
    return y + 8


def plain_track_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                        four_colour: bool) -> int:
    """The track without its headline, for a table short of room: the outline still marks
    the dealer's space, and the message says what it does this deal."""
    return _spaces(image, draw, view, y) + 8


def _spaces(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """The nine spaces with their names (as printed on the track), the dice on them, each
    with its owner's token and an arrow for the way it moves, above the words so that no
    die covers them; the dealer's space outlined. The dice in words are in the message."""
    dice = _dice(view)
    effect = mapping(view.get("effect"))
    dealer_space = integer(effect.get("space"), 0)
    heights = _row_heights(view)
    for space in range(1, 10):
        left, top, right, bottom = _space_box(space, y, heights)
        current = space == dealer_space
        draw.rounded_rectangle((left, top, right, bottom), radius=10, fill=palette.PANEL,
                               outline=palette.HIGHLIGHT if current else palette.INK,
                               width=5 if current else 2)
        text.draw(draw, (left + 8, top + 4), str(space), cribbage.BODY, fill=palette.INK,
                  bold=True)
        here = [d for d in dice if integer(d.get("space")) == space][:2]
        for i, die in enumerate(here):
            band_mid = top + 6 + i * BAND + DIE / 2
            dx = right - 22 - DIE
            side = _owner_side(view, integer(die.get("owner")))
            face = max(1, min(6, integer(die.get("face"), 1)))
            colour = palette.side_colour(side)
            layout.paste(image, cards.die_face(face, DIE, colour, palette.WHITE),
                         (dx, band_mid - DIE / 2))
            layout.token(draw, (dx - layout.TOKEN_R + 1, band_mid), layout.TOKEN_R, side)
            _arrow(draw, (right - 11, band_mid), integer(die.get("direction"), 1) >= 0)
        name, room = SPACE_NAMES[space], right - left - 8
        # A word too wide for the space in bold ("Borrowed") is set in regular, never cut.
        bold = all(text.width(word, SMALL, bold=True) <= room for word in name.split(" "))
        lines = text.wrap(name, SMALL, room, 2, bold=bold)
        entry = [ENTRY_WORDS[space]] if space in ENTRY_WORDS else []
        line_y = bottom - 6 - LINE * (len(lines) + len(entry))
        line_y = text.draw_lines(draw, ((left + right) / 2, line_y), lines, SMALL,
                                 fill=palette.INK, bold=bold, anchor="ma", spacing=LINE / SMALL)
        text.draw_lines(draw, ((left + right) / 2, line_y), entry, SMALL,
                        fill=palette.MUTED_INK, anchor="ma", spacing=LINE / SMALL)
    # The tenth place explains what is outlined, and the entry words.
    left, top, right, bottom = _space_box(10, y, heights)
    draw.rounded_rectangle((left, top, right, bottom), radius=10, outline=palette.HIGHLIGHT,
                           width=5)
    text.draw_lines(draw, ((left + right) / 2, top + 6), LEGEND_LINES, SMALL,
                    fill=palette.SOFT_WHITE, anchor="ma", spacing=LINE / SMALL)
    return y + sum(heights) + 14


def dice_words(view: View) -> list[str]:
    """Each die in words, for the table message: "Ann's die: PIP 2 on space 7, moving 9→1",
    written as the hand picture and the buttons write it."""
    return [f"{seats.label(view, integer(die.get('owner')))}'s die: "
            f"{card_symbol('P' + str(integer(die.get('face'), 1)))} on space "
            f"{integer(die.get('space'), 1)}, moving "
            f"{'1→9' if integer(die.get('direction'), 1) >= 0 else '9→1'}"
            for die in _dice(view)]


def effect_headline(view: View) -> str:
    """The dealer's space this deal in a few words, with any choice already made; the
    space's full text is in the message (`details`)."""
    effect = mapping(view.get("effect"))
    if not effect:
        return ""
    name = str(effect.get("name") or SPACE_NAMES.get(integer(effect.get("space")), ""))
    words = f"This deal: {name}"
    if effect.get("active") is False:
        words += NO_EFFECT
    made = [f", {choice[0].lower()}{choice[1:]}" for choice in space_choices(view)]
    return "".join([words, *made])


def space_choices(view: View) -> list[str]:
    """The choices already made on the dealer's space this deal, each in a few words."""
    made = []
    crux = view.get("crux_choice")
    if isinstance(crux, str):
        made.append(f"Chosen: {crux.capitalize()}")
    turn = mapping(view.get("turn_choice"))
    if turn.get("choice") == "flip":
        made.append(f"Flipped {turn.get('from_face')}→{turn.get('to_face')}")
    elif turn.get("choice") == "keep_die":
        made.append("Die kept as it was")
    return made


def effect_words(view: View) -> str:
    """The dealer's effect this deal in words, with any choice already made."""
    effect = mapping(view.get("effect"))
    if not effect:
        return ""
    dealer = seats.label(view, integer(effect.get("seat"), 0))
    name = str(effect.get("name") or SPACE_NAMES.get(integer(effect.get("space")), ""))
    words = f"This deal: {dealer} on space {integer(effect.get('space'))}, {name}"
    if effect.get("active") is False:
        words += NO_EFFECT
    elif effect.get("text"):
        words += f": {effect['text']}"
    return "".join([words, *(f" {choice}." for choice in space_choices(view))])


def details(view: View) -> list[str]:
    words = effect_words(view)
    return dice_words(view) + ([words] if words else []) + cribbage.show_details(view)


SECTIONS = (cribbage.board_section, cribbage.sides_section, cribbage.outcome_section,
            pip_track_section, cribbage.count_section, cribbage.play_section,
            cribbage.show_section)


def _headline_before_play_words(shorter: tuple[tuple[Section, Section], ...]
                                ) -> tuple[tuple[Section, Section], ...]:
    """Cribbage's swaps for a table short of room, with the track's headline (its words are
    in the message) going just before the first section that would go altogether: whose
    turn it is and the starter outlast it."""
    at = next(i for i, (_, new) in enumerate(shorter) if new is cribbage.no_section)
    return (*shorter[:at], (pip_track_section, plain_track_section), *shorter[at:])


SHORTER = _headline_before_play_words(cribbage.SHORTER)


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    return cribbage.compose(view, four_colour, SECTIONS, title=TITLE, shorter=SHORTER)


def hand_picture(view: View, writing: CardWriting = SYMBOLS) -> HandPicture:
    """Cribbage's hand with the seat's die, shown even while it cannot be played."""
    seat = view.get("seat")
    picture = cribbage.hand_picture(view, TITLE, writing)
    items, lines = list(picture.items), list(picture.lines)
    own = next((d for d in _dice(view) if d.get("owner") == seat), None)
    if own is not None:
        piece = f"P{max(1, min(6, integer(own.get('face'), 1)))}"
        if all(item.notation != piece for item in items):
            items.append(layout.HandItem(piece, False))  # the die, shown though not playable now
        plays = listed(view.get("pip_plays"))
        twice = isinstance(seat, int) and seat < len(plays) and integer(plays[seat]) > 1
        lines.append(f"Your die: {writing.one(piece)} on space {integer(own.get('space'), 1)}"
                     + (" (Double PIP: 2 plays left)" if twice else ""))  # why two dice show
    return replace(picture, items=items, lines=lines, status=_choosing(view) or picture.status)


def _choosing(view: View) -> str | None:
    """The dealer's status while it chooses on its space, in the words of its buttons: Crux
    before the discards, Turn just before its hand is counted (where Cribbage's status would
    say to count the hand, with no claim to make yet)."""
    seat = view.get("seat")
    dealer = mapping(view.get("effect")).get("seat")
    if seat != dealer or seat not in seats.to_act(view) or view.get("outcome") is not None:
        return None
    if view.get("phase") == "crux":
        return "Your turn: choose Renew or Priority"
    if cribbage_play.turn_pending(view):
        return "Your turn: flip your die or keep it"
    return None


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    return draw_hand_picture(hand_picture(view), four_colour)
