"""Cribbage: the board with two pegs per side, the sides and their names, dealer and crib,
the starter, the current count, whose turn it is, the show with each score's breakdown, and
the winner with any skunk.

Reads the view documented in engine/cribbage/game.py. The table is a stack of sections
(functions drawing downwards from a y); PIP Cribbage and Crib Race reuse `compose` and add
or swap sections, so a variant adds one module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.kit import board, cards, layout, palette, seats, text
from render.kit.safe import integer, listed
from render.registry import View, register

Section = Callable[[Image.Image, ImageDraw.ImageDraw, View, int, bool], int]
TITLES = {"cribbage": "Cribbage", "pip-cribbage": "PIP Cribbage", "crib-race": "Crib Race"}
KIND_WORDS = {"fifteen": "15s", "pair": "pairs", "run": "runs", "flush": "flush",
              "nobs": "nobs", "heels": "heels"}
TABLE_CARD = 84  # cards on the table; their corner text stays above the 16 px floor
SHOW_CARD = 66



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
    lay = board.board_layout(count, target)
    origin = ((layout.WIDTH - lay.width) // 2, y)
    image.paste(board.board_tile(count, target), origin)
    scores = view.get("scores") if isinstance(view.get("scores"), list) else []
    backs = view.get("previous_scores") if isinstance(view.get("previous_scores"), list) else []
    for side in range(count):
        front = integer(scores[side]) if side < len(scores) else 0
        back = integer(backs[side]) if side < len(backs) else 0
        board.draw_pegs(draw, lay, origin, side, max(0, front), max(0, min(back, front)))
    return y + lay.height + 12


def sides_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                  four_colour: bool) -> int:
    """One line per side: colour, names, score and last points, dealer/crib, turn."""
    dealer = view.get("dealer")
    waiting = set(seats.to_act(view)) if view.get("outcome") is None else set()
    scores = view.get("scores") if isinstance(view.get("scores"), list) else []
    backs = view.get("previous_scores") if isinstance(view.get("previous_scores"), list) else []
    sides = side_lists(view)
    columns = 2 if len(sides) > 2 else len(sides)
    col_w = (layout.WIDTH - 48) / max(1, columns)
    for index, members in enumerate(sides):
        x = 24 + (index % columns) * col_w
        row_y = y + (index // columns) * 44
        colour = palette.side_colour(index)
        draw.rounded_rectangle((x, row_y, x + col_w - 12, row_y + 38), radius=10,
                               fill=palette.FELT_DARK)
        draw.ellipse((x + 8, row_y + 8, x + 30, row_y + 30), fill=colour, outline=palette.WHITE,
                     width=2)
        score = integer(scores[index]) if index < len(scores) else 0
        gained = score - (integer(backs[index]) if index < len(backs) else score)
        score_words = f"{score}" + (f" (+{gained})" if gained > 0 else "")
        score_w = text.draw(draw, (x + col_w - 24, row_y + 19), score_words, 22,
                            fill=palette.WHITE, bold=True, anchor="rm")
        tags = []
        if dealer in members:
            tags.append("Dealer")
        if waiting & set(members):
            tags.append("To act")
        tag_words = " · ".join(tags)
        tag_w = 0.0
        if tag_words:
            tag_w = text.width(tag_words, 17, bold=True) + 20
            layout.pill(draw, (x + col_w - 36 - score_w - tag_w / 2, row_y + 19), tag_words, 17,
                        palette.HIGHLIGHT, palette.INK)
        text.draw(draw, (x + 40, row_y + 19), side_name(view, index), 20, fill=palette.WHITE,
                  anchor="lm", max_width=col_w - 90 - score_w - tag_w)
    rows = (len(sides) + columns - 1) // columns
    return y + rows * 44 + 8


def _labelled_card(image: Image.Image, draw: ImageDraw.ImageDraw, notation: str | None,
                   label: str, xy: tuple[float, float], width: int, four_colour: bool) -> None:
    x, y = xy
    text.draw(draw, (x + width / 2, y), label, 18, fill=palette.SOFT_WHITE, bold=True,
              anchor="ma", max_width=width + 40)
    tile = cards.card_face(notation, width, four_colour) if notation else cards.card_back(width)
    layout.paste(image, tile, (x, y + 26))


def play_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                 four_colour: bool) -> int:
    """Starter, crib, the current count's cards with the count, and what happens next."""
    phase = view.get("phase")
    starter = view.get("starter") if isinstance(view.get("starter"), str) else None
    card_h = cards.card_height(TABLE_CARD)
    _labelled_card(image, draw, starter, "Starter", (24, y), TABLE_CARD, four_colour)
    crib_owner = view.get("crib_owner", view.get("dealer"))
    crib_size = integer(view.get("crib_size"))
    _labelled_card(image, draw, None, f"Crib ({crib_size})", (24 + TABLE_CARD + 30, y),
                   TABLE_CARD, four_colour)
    text.draw(draw, (24 + TABLE_CARD * 1.5 + 30, y + 26 + card_h + 6),
              _seat_name(view, crib_owner), 17, fill=palette.SOFT_WHITE, anchor="ma",
              max_width=TABLE_CARD + 50)
    x0 = 24 + 2 * TABLE_CARD + 90
    pile = [str(c) for c in listed(view.get("pile")) if isinstance(c, str)]
    if phase == "play":
        count = integer(view.get("count"))
        text.draw(draw, (x0, y), "The count", 18, fill=palette.SOFT_WHITE, bold=True)
        draw.rounded_rectangle((x0, y + 26, x0 + 96, y + 26 + card_h), radius=12,
                               fill=palette.FELT_DARK)
        text.draw(draw, (x0 + 48, y + 26 + card_h / 2), str(count), 44, fill=palette.HIGHLIGHT,
                  bold=True, anchor="mm")
        room = layout.WIDTH - 24 - (x0 + 116)
        step = min(TABLE_CARD + 8, (room - TABLE_CARD) / max(1, len(pile) - 1)) if pile else 0
        layout.card_row(image, pile, (x0 + 116, y + 26), TABLE_CARD, four_colour, step=step)
        if not pile:
            text.draw(draw, (x0 + 116, y + 26 + card_h / 2), "A new count starts", 20,
                      fill=palette.SOFT_WHITE, anchor="lm")
    else:
        lines = [_phase_words(view)]
        text.draw_lines(draw, (x0, y + 40), lines, 22, fill=palette.WHITE)
    y += 26 + card_h + 46
    status = _status(view)
    if status:
        layout.pill(draw, (layout.WIDTH / 2, y + 4), status, 20, palette.HIGHLIGHT, palette.INK,
                    max_width=layout.WIDTH - 48)
        y += 34
    return y


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
        return seats.short_label(view, seat, 20, 260)

    names = ", ".join(short(s) for s in seats.to_act(view)[:4])
    passed = [s for s in listed(view.get("passed")) if isinstance(s, int)]
    go_words = ("  ·  Go: " + ", ".join(short(s) for s in passed[:3])) if passed else ""
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


def show_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                 four_colour: bool) -> int:
    """Each count of the show: whose hand or crib, its cards and starter, the breakdown.
    Between deals the previous deal's complete show stays up so players can read it."""
    records = [r for r in listed(view.get("show")) if isinstance(r, dict)]
    heading = "The show"
    if not records and view.get("phase") in ("discard", "over"):
        records = [r for r in listed(view.get("last_show")) if isinstance(r, dict)]
        heading = "Last deal's show"
    if not records:
        return y
    text.draw(draw, (24, y), heading, 20, fill=palette.WHITE, bold=True)
    y += 30
    card_h = cards.card_height(SHOW_CARD)
    for record in records:
        who = _seat_name(view, record.get("seat"))
        kind = "crib" if record.get("kind") == "crib" else "hand"
        scored = record.get("scored")
        pieces = [str(c) for c in listed(record.get("cards")) if isinstance(c, str)]
        # PIP dice are drawn whole after the fanned cards: a fan would hide their pips.
        dice = [p for p in pieces if p[:1] == "P"]
        hand = [p for p in pieces if p[:1] != "P"]
        starter = record.get("starter") if isinstance(record.get("starter"), str) else None
        step = SHOW_CARD * 0.62
        right = layout.card_row(image, hand, (24, y), SHOW_CARD, four_colour, step=step)
        for die in dice:
            size = round(SHOW_CARD * 0.8)
            tile = cards.die_face(int(die[1:2]) if die[1:2].isdigit() else 1, size)
            layout.paste(image, tile, (right + 10, y + (card_h - size) / 2))
            right += 10 + size
        if starter:
            right = layout.card_row(image, [starter], (right + 14, y), SHOW_CARD, four_colour)
        x = right + 28
        title = f"{who}'s {kind}" + (f": {scored}" if isinstance(scored, int) else "")
        text.draw(draw, (x, y + 4), title, 20, fill=palette.HIGHLIGHT, bold=True,
                  max_width=layout.WIDTH - x - 24)
        lines = text.wrap(breakdown_words(record), 18, layout.WIDTH - x - 24, 2)
        text.draw_lines(draw, (x, y + 34), lines, 18, fill=palette.SOFT_WHITE)
        y += card_h + 12
    return y + 4


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
    if skunk:
        headline += f" with a {skunk}!"
    else:
        headline += "!"
    detail = seats.fill_names(outcome.get("detail", ""), view)
    lines = text.wrap(detail, 18, layout.WIDTH - 80, 2)
    height = 56 + 24 * len(lines)
    draw.rounded_rectangle((24, y, layout.WIDTH - 24, y + height), radius=14,
                           fill=palette.HIGHLIGHT)
    text.draw(draw, (layout.WIDTH / 2, y + 26), headline, 28, fill=palette.INK, bold=True,
              anchor="mm", max_width=layout.WIDTH - 80)
    text.draw_lines(draw, (layout.WIDTH / 2, y + 48), lines, 18, fill=palette.INK, anchor="ma")
    return y + height + 14


DEFAULT_SECTIONS: tuple[Section, ...] = (
    board_section, sides_section, outcome_section, play_section, show_section,
)


def compose(view: View, four_colour: bool, sections: Sequence[Section],
            title: str | None = None) -> Image.Image:
    """Draw the title bar and then each section below the last; crop to what was drawn."""
    image, draw = layout.canvas(layout.WIDTH, 1800)
    game = str(view.get("game", "cribbage"))
    name = title or TITLES.get(game, "Cribbage")
    right = f"Deal {integer(view.get('deal_number'), 1)} · game to {_target(view)}"
    y = layout.title_bar(draw, layout.WIDTH, name, right) + 14
    for section in sections:
        y = section(image, draw, view, y, four_colour)
    return image.crop((0, 0, layout.WIDTH, min(image.height, y + 10)))


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    return compose(view, four_colour, DEFAULT_SECTIONS)


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
            f" · starter {view['starter']}" if isinstance(view.get("starter"), str) else ""))
    discards = [str(c) for c in listed(view.get("discards")) if isinstance(c, str)]
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


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    seat = view.get("seat")
    names = seats.names(view)
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Your"
    title = f"{TITLES.get(str(view.get('game')), 'Cribbage')} — {who}'s hand"
    return layout.draw_hand(title, hand_status(view), hand_items(view), four_colour,
                            hand_lines(view))


register("cribbage", table=draw_table, hand=draw_hand)
