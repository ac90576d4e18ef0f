"""Cribbage: the board with two lettered pegs per side, the sides and their names, dealer
and crib, the starter, the current count with who laid each card, whose turn it is, the show
with each count's total, and the winner with any skunk.

Drawn for a phone: 600 px wide, so text at 20 px reads as about 12.7 px on a 380 px screen;
nothing is drawn under the kit's floor (tests/render/test_floor.py). What is too long for
that (each count's breakdown, in words) goes into the table message instead: `details`.

Reads the view documented in engine/cribbage/game.py. The table is a stack of sections
(functions drawing downwards from a y); PIP Cribbage and Crib Race reuse `compose` and add
or swap sections, so a variant adds one module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import card_symbol
from render.kit import board, cards, layout, palette, seats, text
from render.kit.safe import integer, listed
from render.registry import View, register

Section = Callable[[Image.Image, ImageDraw.ImageDraw, View, int, bool], int]
TITLES = {"cribbage": "Cribbage", "pip-cribbage": "PIP Cribbage", "crib-race": "Crib Race"}
KIND_WORDS = {"fifteen": "15s", "pair": "pairs", "run": "runs", "flush": "flush",
              "nobs": "nobs", "heels": "heels"}
WIDTH = 600
MARGIN = 12
BODY = 20  # names, scores, status: the floor at 600 px is 18
SMALL = 16  # labels and legends (secondary): the floor is 15
TABLE_CARD = 72  # starter, crib and the count's cards: a 19 px corner index
SHOW_CARD = 72
SHOW_STEP = 28  # a fanned show hand: each card's corner index stays visible
MAX_SHOW_WITH_CARDS = 5  # more counts than this (6 or 8 players): totals only


def side_lists(view: View) -> list[list[int]]:
    raw = view.get("sides")
    if isinstance(raw, list) and raw and all(isinstance(s, list) for s in raw):
        return [[seat for seat in s if isinstance(seat, int)] for s in raw]
    return [[seat] for seat in range(seats.player_count(view))]


def side_of_seat(view: View, seat: int) -> int:
    for index, members in enumerate(side_lists(view)):
        if seat in members:
            return index
    return 0


def side_name(view: View, side: int) -> str:
    members = side_lists(view)[side] if side < len(side_lists(view)) else []
    return " & ".join(seats.label(view, s) for s in members) or f"Side {side + 1}"


def _seat_name(view: View, seat: Any) -> str:
    return seats.label(view, seat) if isinstance(seat, int) else "?"


def _target(view: View) -> int:
    return 61 if integer(view.get("target"), 121) == 61 else 121


# ---- sections ------------------------------------------------------------------------------


def board_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                  four_colour: bool) -> int:
    sides = side_lists(view)
    count = max(1, min(4, len(sides)))
    target = _target(view)
    lay = board.board_layout(count, target, WIDTH - 2 * MARGIN)
    origin = (MARGIN, y)
    image.paste(board.board_tile(count, target, WIDTH - 2 * MARGIN), origin)
    scores = view.get("scores") if isinstance(view.get("scores"), list) else []
    backs = view.get("previous_scores") if isinstance(view.get("previous_scores"), list) else []
    for side in range(count):
        front = integer(scores[side]) if side < len(scores) else 0
        back = integer(backs[side]) if side < len(backs) else 0
        board.draw_pegs(draw, lay, origin, side, max(0, front), max(0, min(back, front)))
    return y + lay.height + 10


def seat_tag(view: View, seat: int) -> str:
    """The letter a seat's cards carry: its side's letter, numbered within a team ("A2")."""
    side = side_of_seat(view, seat)
    members = side_lists(view)[side] if side < len(side_lists(view)) else [seat]
    letter = palette.side_letter(side)
    if len(members) > 1 and seat in members:
        return f"{letter}{members.index(seat) + 1}"
    return letter


def side_names(view: View, side: int) -> str:
    """The side's names as its panel shows them: each partner with their tag ("A1 Ann")."""
    members = side_lists(view)[side] if side < len(side_lists(view)) else []
    if len(members) <= 1:
        return side_name(view, side)
    return " · ".join(f"{seat_tag(view, s)} {seats.label(view, s)}" for s in members)


def side_tags(view: View, members: list[int]) -> list[str]:
    """What the side is doing now: dealing, and whether the game waits for it."""
    tags = []
    if view.get("dealer") in members:
        tags.append("Dealer")
    if view.get("outcome") is None and set(seats.to_act(view)) & set(members):
        tags.append("To act")
    return tags


def sides_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                  four_colour: bool, extra: Callable[[int], str] | None = None) -> int:
    """One row per side: its lettered token, names, what it is doing, score and last points.
    When the names would be cut short, they get a line of their own above the rest.
    `extra(side)` may add a few words after the score (a Crib Race peg's place)."""
    scores = view.get("scores") if isinstance(view.get("scores"), list) else []
    backs = view.get("previous_scores") if isinstance(view.get("previous_scores"), list) else []
    line_h = 40
    left = MARGIN + 42
    for index, members in enumerate(side_lists(view)):
        score = integer(scores[index]) if index < len(scores) else 0
        gained = score - (integer(backs[index]) if index < len(backs) else score)
        words = f"{score}" + (f" +{gained}" if gained > 0 else "")
        if extra is not None and extra(index):
            words += f" · {extra(index)}"
        tags = " · ".join(side_tags(view, members))
        tag_w = text.width(tags, 18, bold=True) + 28 if tags else 0.0
        names = side_names(view, index)
        score_x = WIDTH - MARGIN - 10
        names_room = score_x - text.width(words, BODY, bold=True) - 10 - tag_w - left
        two_lines = text.width(text.clean(names), BODY) > names_room
        row_h = line_h + (28 if two_lines else 0)
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + row_h), radius=10,
                               fill=palette.FELT_DARK)
        layout.token(draw, (MARGIN + 20, y + line_h / 2), 14, index)
        if two_lines:
            text.draw(draw, (left, y + line_h / 2), names, BODY, fill=palette.WHITE,
                      anchor="lm", max_width=score_x - left)
            names_room = 0
        mid = y + row_h - line_h / 2 + (4 if two_lines else 0)
        right = score_x - text.draw(draw, (score_x, mid), words, BODY, fill=palette.WHITE,
                                    bold=True, anchor="rm", max_width=WIDTH * 0.5) - 10
        if tags:
            layout.pill(draw, (right - (tag_w - 8) / 2, mid), tags, 18, palette.HIGHLIGHT,
                        palette.INK)
        if not two_lines:
            text.draw(draw, (left, mid), names, BODY, fill=palette.WHITE, anchor="lm",
                      max_width=names_room)
        y += row_h + 4
    return y + 8


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
    text.draw(draw, (x + TABLE_CARD / 2, y), label, SMALL, fill=palette.SOFT_WHITE, bold=True,
              anchor="ma", max_width=TABLE_CARD + 20, secondary=True)
    top = y + 22
    if notation:
        layout.paste(image, cards.card_face(notation, TABLE_CARD, four_colour), (x, top))
    elif face_down:
        layout.paste(image, cards.card_back(TABLE_CARD), (x, top))
    else:
        draw.rounded_rectangle((x, top, x + TABLE_CARD, top + cards.card_height(TABLE_CARD)),
                               radius=8, outline=palette.DIM, width=2)
        text.draw(draw, (x + TABLE_CARD / 2, top + cards.card_height(TABLE_CARD) / 2), "empty",
                  SMALL, fill=palette.DIM, anchor="mm", secondary=True)


def count_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                  four_colour: bool) -> int:
    """During the play: the count, and the count's cards, each with who laid it."""
    if view.get("phase") != "play":
        return y
    card_h = cards.card_height(TABLE_CARD)
    chip = 13
    pile = [str(c) for c in listed(view.get("pile")) if isinstance(c, str)]
    top = y + (2 * chip + 4 if pile else 0)
    box_w = 84
    draw.rounded_rectangle((MARGIN, top, MARGIN + box_w, top + card_h), radius=12,
                           fill=palette.FELT_DARK)
    text.draw(draw, (MARGIN + box_w / 2, top + 8), "count", SMALL, fill=palette.SOFT_WHITE,
              anchor="ma", secondary=True)
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


def last_play_words(view: View) -> str:
    """"Last: Bob laid QD" during the play, from the newest card of the count."""
    pile = [str(c) for c in listed(view.get("pile")) if isinstance(c, str)]
    if view.get("phase") != "play" or not pile:
        return ""
    seat = pile_owners(view, pile)[-1]
    return f"Last: {_seat_name(view, seat)} laid {pile[-1]}" if seat is not None else ""


def play_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                 four_colour: bool) -> int:
    """The starter and the crib, and beside them what is happening and whose turn it is."""
    starter = view.get("starter") if isinstance(view.get("starter"), str) else None
    crib_size = integer(view.get("crib_size"))
    _card_slot(image, draw, starter, "Starter", (MARGIN, y), True, four_colour)
    _card_slot(image, draw, None, f"Crib {crib_size}", (MARGIN + TABLE_CARD + 12, y),
               crib_size > 0, four_colour)
    x = MARGIN + 2 * TABLE_CARD + 30
    room = WIDTH - MARGIN - x
    line_y = y + 22
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
    return max(y + 22 + cards.card_height(TABLE_CARD), line_y) + 12


def _phase_words(view: View) -> str:
    phase = view.get("phase")
    if phase == "discard":
        return f"Deal {integer(view.get('deal_number'), 1)}: discarding to the crib"
    if phase == "show":
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
    if phase in ("show", "crux") and names:
        return f"Waiting for {names}"
    return ""


def breakdown_words(record: dict[str, Any]) -> str:
    """"15s 6 · pairs 2 · runs 3 = 11", from the breakdown's items grouped by kind."""
    breakdown = record.get("breakdown") if isinstance(record.get("breakdown"), dict) else None
    if breakdown is None:
        claimed = record.get("claimed")
        return f"claimed {claimed}" if claimed is not None else ""
    totals: dict[str, int] = {}
    for item in listed(breakdown.get("items")):
        if isinstance(item, dict):
            kind = KIND_WORDS.get(str(item.get("kind")), str(item.get("kind")))
            totals[kind] = totals.get(kind, 0) + integer(item.get("points"))
    total = integer(breakdown.get("total"), sum(totals.values()))
    words = (" · ".join(f"{kind} {points}" for kind, points in totals.items()) + f" = {total}"
             if totals else "nineteen (no score) = 0")
    claimed = record.get("claimed")
    if isinstance(claimed, int) and claimed != total:
        words += f" (claimed {claimed})"  # muggins: a short claim, shown once settled
    return words


def _show_records(view: View) -> tuple[str, list[dict[str, Any]]]:
    """The show to display: this deal's counts so far, or between deals the last deal's."""
    records = [r for r in listed(view.get("show")) if isinstance(r, dict)]
    if not records and view.get("phase") in ("discard", "over"):
        return "Last deal's show", [r for r in listed(view.get("last_show"))
                                    if isinstance(r, dict)]
    return "The show", records


def _record_points(record: dict[str, Any]) -> str:
    scored = record.get("scored")
    return str(scored) if isinstance(scored, int) else "…"


def _record_who(view: View, record: dict[str, Any], room: float, bold: bool) -> str:
    """"Ann's hand" or "Ann's crib", the name shortened so the whole fits `room`."""
    suffix = "'s crib" if record.get("kind") == "crib" else "'s hand"
    name = text.fit(_seat_name(view, record.get("seat")), BODY,
                    room - text.width(suffix, BODY, bold), bold)
    return name + suffix


def show_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                 four_colour: bool) -> int:
    """Each count of the show: whose hand or crib, its cards and starter, and its points,
    two counts to a row. The breakdown in words is in the message (`details`), and so are
    the cards when there are too many counts to draw them (six or more players)."""
    heading, records = _show_records(view)
    if not records:
        return y
    text.draw(draw, (MARGIN, y), heading + " (details in the message)", SMALL,
              fill=palette.SOFT_WHITE, bold=True, secondary=True)
    y += 24
    if len(records) > MAX_SHOW_WITH_CARDS:
        return _show_totals(draw, view, records, y)
    pieces_of = [[str(c) for c in listed(r.get("cards")) if isinstance(c, str)] for r in records]
    die = round(SHOW_CARD * 0.6)
    widths = []
    for pieces in pieces_of:
        hand = [p for p in pieces if p[:1] != "P"]
        dice = len(pieces) - len(hand)
        widths.append(SHOW_CARD + SHOW_STEP * max(0, len(hand) - 1) + dice * (die + 6)
                      + 10 + SHOW_CARD)
    cell_w = (WIDTH - 2 * MARGIN - 12) / 2
    columns = 2 if max(widths) <= cell_w else 1
    cell_w = (WIDTH - 2 * MARGIN - 12 * (columns - 1)) / columns
    card_h = cards.card_height(SHOW_CARD)
    row_h = card_h + 34
    for index, (record, pieces) in enumerate(zip(records, pieces_of, strict=True)):
        row, col = divmod(index, columns)
        x = MARGIN + col * (cell_w + 12)
        top = y + row * row_h
        # PIP dice are drawn whole after the fanned cards: a fan would hide their pips.
        hand = [p for p in pieces if p[:1] != "P"]
        right = layout.card_row(image, hand, (x, top), SHOW_CARD, four_colour, step=SHOW_STEP)
        for piece in pieces:
            if piece[:1] == "P":
                face = int(piece[1:2]) if piece[1:2].isdigit() else 1
                layout.paste(image, cards.die_face(face, die),
                             (right + 6, top + (card_h - die) / 2))
                right += 6 + die
        starter = record.get("starter") if isinstance(record.get("starter"), str) else None
        if starter:
            layout.card_row(image, [starter], (right + 10, top), SHOW_CARD, four_colour)
        points_w = text.draw(draw, (x + cell_w, top + card_h + 4), _record_points(record), BODY,
                             fill=palette.HIGHLIGHT, bold=True, anchor="ra")
        who = _record_who(view, record, cell_w - points_w - 10, bold=True)
        text.draw(draw, (x, top + card_h + 4), who, BODY, fill=palette.WHITE, bold=True)
    rows = -(-len(records) // columns)
    return y + rows * row_h + 6


def _show_totals(draw: ImageDraw.ImageDraw, view: View, records: list[dict[str, Any]],
                 y: int) -> int:
    """The show as whose count scored what, two to a row, without the cards."""
    cell_w = (WIDTH - 2 * MARGIN - 12) / 2
    for index, record in enumerate(records):
        row, col = divmod(index, 2)
        x = MARGIN + col * (cell_w + 12)
        top = y + row * 30
        points_w = text.draw(draw, (x + cell_w, top), _record_points(record), BODY,
                             fill=palette.HIGHLIGHT, bold=True, anchor="ra")
        text.draw(draw, (x, top), _record_who(view, record, cell_w - points_w - 10, False), BODY,
                  fill=palette.WHITE)
    return y + -(-len(records) // 2) * 30 + 6


def outcome_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                    four_colour: bool) -> int:
    outcome = view.get("outcome")
    if not isinstance(outcome, dict):
        return y
    winners = [s for s in listed(outcome.get("winners")) if isinstance(s, int)]
    if winners:
        side = side_of_seat(view, winners[0])
        headline = f"{side_name(view, side)} win" + ("s" if len(side_lists(view)[side]) == 1
                                                        else "")
    else:
        headline = "Game over"
    skunk = outcome.get("skunk") or {2: "skunk", 3: "double skunk"}.get(
        integer(outcome.get("win_points"), 1))
    headline += f" with a {skunk}!" if skunk else "!"
    detail = seats.fill_names(outcome.get("detail", ""), view)
    lines = text.wrap(detail, BODY, WIDTH - 2 * MARGIN - 24, 3)
    heads = text.wrap(headline, 24, WIDTH - 2 * MARGIN - 24, 2, bold=True)
    height = 16 + 32 * len(heads) + 26 * len(lines)
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + height), radius=14,
                           fill=palette.HIGHLIGHT)
    line_y = text.draw_lines(draw, (WIDTH / 2, y + 10), heads, 24, fill=palette.INK, bold=True,
                             anchor="ma", spacing=32 / 24)
    text.draw_lines(draw, (WIDTH / 2, line_y), lines, BODY, fill=palette.INK, anchor="ma")
    return y + height + 12


DEFAULT_SECTIONS: tuple[Section, ...] = (
    board_section, sides_section, outcome_section, count_section, play_section, show_section,
)


def compose(view: View, four_colour: bool, sections: Sequence[Section],
            title: str | None = None) -> Image.Image:
    """Draw the title bar and then each section below the last; crop to what was drawn."""
    image, draw = layout.canvas(WIDTH, 1700)  # tallest real table: ~1300 px (8 players)
    game = str(view.get("game", "cribbage"))
    name = title or TITLES.get(game, "Cribbage")
    right = f"Deal {integer(view.get('deal_number'), 1)} · to {_target(view)}"
    y = layout.title_bar(draw, WIDTH, name, right) + 10
    for section in sections:
        y = section(image, draw, view, y, four_colour)
    return image.crop((0, 0, WIDTH, min(image.height, y + 4)))


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    return compose(view, four_colour, DEFAULT_SECTIONS)


def show_details(view: View) -> list[str]:
    """Each count of the show in words, for the table message: "Ann's hand 3♥ 3♦ J♦ K♥ +
    Q♠: pairs 2 · runs 3 = 5", the cards written as the hand picture and the buttons write them."""
    heading, records = _show_records(view)
    lines = []
    for record in records:
        kind = "crib" if record.get("kind") == "crib" else "hand"
        who = f"{_seat_name(view, record.get('seat'))}'s {kind}"
        pieces = " ".join(card_symbol(c) for c in listed(record.get("cards"))
                          if isinstance(c, str))
        starter = record.get("starter")
        with_starter = f" + {card_symbol(starter)}" if isinstance(starter, str) else ""
        lines.append(f"{who} {pieces}{with_starter}: {breakdown_words(record)}")
    return [f"{heading}:", *lines] if lines else []


def details(view: View) -> list[str]:
    return show_details(view)


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


def hand_lines(view: View) -> list[str]:
    lines = []
    if view.get("phase") == "play":
        lines.append(f"Count {integer(view.get('count'))}" + (
            f" · starter {card_symbol(view['starter'])}"
            if isinstance(view.get("starter"), str) else ""))
    discards = [card_symbol(c) for c in listed(view.get("discards")) if isinstance(c, str)]
    if discards:
        lines.append("Your discards to the crib: " + " ".join(discards))
    return lines


def hand_status(view: View) -> str:
    seat = view.get("seat")
    if view.get("outcome") is not None:
        return "Game over"
    if isinstance(seat, int) and seat in seats.to_act(view):
        return {"discard": "Your turn: discard to the crib", "play": "Your turn: play a card",
                "show": "Your turn: the show", "crux": "Your turn: choose Crux"
                }.get(str(view.get("phase")), "Your turn")
    return _status(view)


def hand_title(view: View) -> str:
    """"Cribbage — Ann's hand", a long name shortened so "'s hand" always shows."""
    game = TITLES.get(str(view.get("game")), "Cribbage")
    seat = view.get("seat")
    names = seats.names(view)
    if not (isinstance(seat, int) and 0 <= seat < len(names)):
        return f"{game} — your hand"
    frame = f"{game} — 's hand"
    room = layout.HAND_WIDTH - 60 - text.width(frame, layout.TITLE_SIZE, bold=True)
    name = text.fit(names[seat], layout.TITLE_SIZE, room, bold=True)
    return f"{game} — {name}'s hand"


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    return layout.draw_hand(hand_title(view), hand_status(view), hand_items(view), four_colour,
                            hand_lines(view))


register("cribbage", table=draw_table, hand=draw_hand, details=details)
