"""Cribbage's play: the count with who laid each card, the starter and the crib, what is happening
and whose turn it is; and the hand picture, its playable cards marked."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.cards import card_symbol
from render.cribbage.sides import seat_name, seat_tag, side_of_seat
from render.cribbage.sizes import BODY, MARGIN, SMALL, TABLE_CARD, TITLE, WIDTH
from render.kit import cards, layout, palette, seats, text
from render.kit.hand import PLAYABLE, SYMBOLS, CardWriting, HandPicture, draw_hand_picture
from render.kit.safe import integer, listed
from render.registry import View


def pile_owners(view: View, pile: Sequence[str]) -> list[int | None]:
    """Who laid each card of the current count. The pile is the newest part of the seats'
    "played" lists, so, walking the pile from its newest card, each card belongs to a seat
    whose not yet matched cards end with it (the newest card: the view's last player). Only
    a PIP die face that two seats both played in this count can be ambiguous."""
    played = [[str(c) for c in listed(p) if isinstance(c, str)] if isinstance(p, list) else []
              for p in listed(view.get("played"))]
    left = [list(cards_of) for cards_of in played]
    owners: list[int | None] = [None] * len(pile)
    for index in range(len(pile) - 1, -1, -1):  # newest first: each seat's list ends with it
        card = pile[index]
        ends = [seat for seat, cards_of in enumerate(left) if cards_of and cards_of[-1] == card]
        holders = ends or [seat for seat, cards_of in enumerate(left) if card in cards_of]
        if not holders:
            continue
        seat = holders[0]
        if index == len(pile) - 1 and view.get("last_player") in holders:
            seat = view["last_player"]
        owners[index] = seat
        cards_of = left[seat]
        cards_of.pop(len(cards_of) - 1 - cards_of[::-1].index(card))
    return owners


def _card_slot(image: Image.Image, draw: ImageDraw.ImageDraw, notation: str | None,
               label: str, xy: tuple[float, float], face_down: bool, four_colour: bool) -> None:
    """A labelled card place: a face, a back, or (nothing there) an empty outline."""
    x, y = xy
    # Wider than its card ("Starter"), a label centred on a card at the margin would cross it.
    half = text.width(text.fit(label, SMALL, TABLE_CARD + 20, bold=True), SMALL, bold=True) / 2
    text.draw(draw, (max(x + TABLE_CARD / 2, MARGIN + half), y), label, SMALL,
              fill=palette.SOFT_WHITE, bold=True, anchor="ma", max_width=TABLE_CARD + 20)
    top = y + 22
    if notation:
        layout.paste(image, cards.card_face(notation, TABLE_CARD, four_colour), (x, top))
    elif face_down:
        layout.paste(image, cards.card_back(TABLE_CARD), (x, top))
    else:
        draw.rounded_rectangle((x, top, x + TABLE_CARD, top + cards.card_height(TABLE_CARD)),
                               radius=8, outline=palette.DIM, width=2)
        text.draw(draw, (x + TABLE_CARD / 2, top + cards.card_height(TABLE_CARD) / 2), "empty",
                  SMALL, fill=palette.QUIET, anchor="mm")


def count_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                  four_colour: bool) -> int:
    """During the play: the count, and the count's cards, each with who laid it."""
    if view.get("phase") != "play":
        return y
    card_h = cards.card_height(TABLE_CARD)
    chip = layout.TOKEN_R
    pile = [str(c) for c in listed(view.get("pile")) if isinstance(c, str)]
    top = y + (2 * chip + 4 if pile else 0)
    box_w = 84
    draw.rounded_rectangle((MARGIN, top, MARGIN + box_w, top + card_h), radius=12,
                           fill=palette.FELT_DARK)
    text.draw(draw, (MARGIN + box_w / 2, top + 8), "count", SMALL, fill=palette.SOFT_WHITE,
              anchor="ma")
    text.draw(draw, (MARGIN + box_w / 2, top + card_h / 2 + 10), str(integer(view.get("count"))),
              40, fill=palette.HIGHLIGHT, bold=True, anchor="mm")
    x0 = MARGIN + box_w + 14
    room = WIDTH - MARGIN - x0
    if not pile:
        text.draw(draw, (x0, top + card_h / 2), "A new count starts", BODY,
                  fill=palette.SOFT_WHITE, anchor="lm")
        return top + card_h + 10
    step = min(TABLE_CARD + 6, (room - TABLE_CARD) / max(1, len(pile) - 1))
    layout.card_row(image, pile, (x0, top), TABLE_CARD, four_colour, step=step)
    shown = min(step, TABLE_CARD)  # the part of each card not covered by the next
    for index, seat in enumerate(pile_owners(view, pile)):
        if seat is None:
            continue
        centre = (x0 + index * step + shown / 2, y + chip + 1)
        layout.token(draw, centre, chip, side_of_seat(view, seat), label=seat_tag(view, seat))
    return top + card_h + 10


def crib_turned_up(view: View) -> bool:
    """Whether this deal's crib has been counted: the show draws it face up, so a face-down
    pile beside it would show the same four cards twice, once as if still hidden."""
    return any(isinstance(record, dict) and record.get("kind") == "crib"
               for record in listed(view.get("show")))


def last_play_words(view: View) -> str:
    """"Last: Bob laid Q♦" during the play, from the newest card of the count."""
    pile = [str(c) for c in listed(view.get("pile")) if isinstance(c, str)]
    if view.get("phase") != "play" or not pile:
        return ""
    seat = pile_owners(view, pile)[-1]
    if seat is None:
        return ""
    return f"Last: {seat_name(view, seat)} laid {card_symbol(pile[-1])}"


def play_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                 four_colour: bool) -> int:
    """The starter and the crib, and beside them what is happening and whose turn it is."""
    starter = view.get("starter") if isinstance(view.get("starter"), str) else None
    crib_size = integer(view.get("crib_size"))
    _card_slot(image, draw, starter, "Starter", (MARGIN, y), True, four_colour)
    x = MARGIN + TABLE_CARD + 18
    if not crib_turned_up(view):
        # A card's gap further than the starter's own, so "Starter" and "Crib 4" above them
        # read as two labels.
        _card_slot(image, draw, None, f"Crib {crib_size}", (x + 4, y), crib_size > 0,
                   four_colour)
        x += TABLE_CARD + 22
    line_y = _play_words(draw, view, x, y + 22)
    return max(y + 22 + cards.card_height(TABLE_CARD), line_y) + 12


def play_line_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                      four_colour: bool) -> int:
    """The play section in words only, for a table short of room: the starter, the crib's
    size, what is happening and whose turn it is."""
    starter = view.get("starter") if isinstance(view.get("starter"), str) else None
    words = f"Starter {card_symbol(starter)}" if starter else "Starter not cut yet"
    if not crib_turned_up(view):
        words += f" · crib {integer(view.get('crib_size'))} cards"
    text.draw(draw, (MARGIN, y), words, BODY, fill=palette.WHITE, max_width=WIDTH - 2 * MARGIN)
    return _play_words(draw, view, MARGIN, y + 27) + 8


def _play_words(draw: ImageDraw.ImageDraw, view: View, x: float, line_y: float) -> int:
    """What is happening, the last card laid and whose turn it is, from (x, line_y) to the
    right edge; returns the y below."""
    room = WIDTH - MARGIN - x
    phase_words = _phase_words(view)
    if phase_words:
        for line in text.wrap(phase_words, BODY, room, 2):
            text.draw(draw, (x, line_y), line, BODY, fill=palette.WHITE)
            line_y += 27
    last = last_play_words(view)
    if last:
        text.draw(draw, (x, line_y), last, BODY, fill=palette.WHITE, max_width=room)
        line_y += 27
    status = _status(view)
    if status:
        for line in text.wrap(status, BODY, room, 3, bold=True):
            text.draw(draw, (x, line_y), line, BODY, fill=palette.HIGHLIGHT, bold=True)
            line_y += 27
    return round(line_y)


def count_waiting(view: View) -> tuple[int, str] | None:
    """(seat, "hand" or "crib") of the count waiting for a claim (muggins), if any."""
    upcoming = view.get("next_count")
    if isinstance(upcoming, dict) and isinstance(upcoming.get("seat"), int):
        return upcoming["seat"], "crib" if upcoming.get("kind") == "crib" else "hand"
    return None


def turn_pending(view: View) -> bool:
    """PIP Cribbage's Turn: the dealer flips its die or keeps it before its hand's count,
    which waits for that first."""
    turn = view.get("turn_choice")
    return isinstance(turn, dict) and bool(turn.get("pending"))


TURN_CHOICE = "to flip their die or keep it"


def muggins_chooser(view: View) -> int | None:
    muggins = view.get("muggins")
    chooser = muggins.get("chooser") if isinstance(muggins, dict) else None
    return chooser if isinstance(chooser, int) else None


def _phase_words(view: View) -> str:
    phase = view.get("phase")
    if phase == "discard":
        return f"Deal {integer(view.get('deal_number'), 1)}: discarding to the crib"
    if phase == "show":
        counting = count_waiting(view)
        if counting is not None:
            seat, kind = counting
            return f"The show: counting {seats.short_label(view, seat, BODY, 200)}'s {kind}"
        return "The show: counting hands and crib"
    return ""


def _status(view: View) -> str:
    """Who the game waits for; each name shortened so the sentence always ends readably."""
    if view.get("outcome") is not None:
        return ""
    phase = view.get("phase")

    def short(seat: int) -> str:
        return seats.short_label(view, seat, BODY, 220)

    names = ", ".join(short(s) for s in seats.to_act(view)[:4])
    passed = [s for s in listed(view.get("passed")) if isinstance(s, int)]
    go_words = (" · Go: " + ", ".join(short(s) for s in passed[:3])) if passed else ""
    if phase == "discard":
        return f"Waiting for {names} to discard" if names else ""
    if phase == "play" and isinstance(view.get("turn"), int):
        return f"{short(view['turn'])} to play{go_words}"
    if phase == "show" and names:
        # With muggins: what the game waits for, a claim or a choice about muggins points.
        if turn_pending(view):
            return f"Waiting for {names} {TURN_CHOICE}"
        if muggins_chooser(view) is not None:
            return f"Waiting for {names} to keep or give back the muggins points"
        if count_waiting(view) is not None:
            return f"Waiting for {names} to claim"
        if isinstance(view.get("muggins"), dict):  # the deal's last count, open to muggins
            return f"Waiting for {names}: Muggins or not"
    if phase in ("show", "crux") and names:
        return f"Waiting for {names}"
    return ""


def playable_cards(view: View, hand: Sequence[str]) -> set[str]:
    """The cards the seat may lay now: the view's "playable" if the table layer gave it,
    else, on this seat's turn in the play, those that keep the count at 31 or under; during
    the discard every card may go to the crib."""
    given = view.get("playable")
    if isinstance(given, list):
        return {str(c) for c in given}
    seat = view.get("seat")
    if not isinstance(seat, int) or seat not in seats.to_act(view):
        return set()
    if view.get("phase") == "discard":
        return set(hand)
    if view.get("phase") != "play":
        return set()
    count = integer(view.get("count"))
    values = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, "P": 0}

    def value(card: str) -> int:
        if card[:1] == "P":
            return int(card[1:2] or 0)
        return values.get(card[:1], int(card[:1]) if card[:1].isdigit() else 10)

    return {c for c in hand if count + value(c) <= 31}


def hand_items(view: View) -> list[layout.HandItem]:
    hand = [str(c) for c in listed(view.get("hand")) if isinstance(c, str)]
    allowed = playable_cards(view, hand)
    return [layout.HandItem(c, c in allowed) for c in hand]


def hand_lines(view: View, writing: CardWriting = SYMBOLS) -> list[str]:
    lines = []
    starter = view.get("starter")
    if view.get("phase") == "play":
        lines.append(f"Count {integer(view.get('count'))}" + (
            f" · starter {writing.one(starter)}" if isinstance(starter, str) else ""))
    elif view.get("phase") == "show" and isinstance(starter, str):
        # The starter counts with every hand; the crib being counted is face up by now.
        upcoming = view.get("next_count")
        if count_waiting(view) == (view.get("seat"), "crib") and isinstance(upcoming, dict):
            crib = writing.many(c for c in listed(upcoming.get("cards")) if isinstance(c, str))
            lines.append(f"Your crib: {crib} · starter {writing.one(starter)}")
        else:
            lines.append(f"Starter {writing.one(starter)}")
    discards = [c for c in listed(view.get("discards")) if isinstance(c, str)]
    if discards:
        lines.append("Your discards to the crib: " + writing.many(discards))
    return lines


def hand_status(view: View) -> str:
    seat = view.get("seat")
    if view.get("outcome") is not None:
        return "Game over"
    if isinstance(seat, int) and seat in seats.to_act(view):
        if view.get("phase") == "show":
            return _show_turn(view, seat)
        return {"discard": "Your turn: discard to the crib",
                "play": "Your turn: play a card"}.get(str(view.get("phase")), "Your turn")
    return _status(view)


def _show_turn(view: View, seat: int) -> str:
    """What the seat does in the show (with muggins): count its hand or crib, keep or give
    back muggins points, or press Muggins or not on the last count."""
    counting = count_waiting(view)
    if counting is not None and counting[0] == seat:
        return f"Your turn: count your {counting[1]}"
    if muggins_chooser(view) == seat:
        return "Your turn: keep the points or give them back"
    return "Your turn: Muggins or not" if view.get("muggins") else "Your turn: the show"


def hand_player(view: View) -> str | None:
    """The name the hand's title gives its player, or None ("your hand")."""
    seat = view.get("seat")
    names = seats.names(view)
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None


def hand_picture(view: View, game: str = TITLE, writing: CardWriting = SYMBOLS) -> HandPicture:
    """The hand: its cards, the seat's turn, the count and starter, its discards. During the
    discard every card is outlined, and the status says what for."""
    return HandPicture(game, hand_player(view), hand_status(view), hand_items(view),
                       hand_lines(view, writing),
                       marked="" if view.get("phase") == "discard" else PLAYABLE)


def draw_hand(view: View, four_colour: bool = False, title: str = TITLE) -> Image.Image:
    return draw_hand_picture(hand_picture(view, title), four_colour)
