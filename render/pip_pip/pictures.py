"""Pip Pip: trump, the draw pile and whose turn it is; the trick as a row of cards in play
order, each under its player's seat number and name (on two lines taking turns when a card's
width is too narrow for the names); then one row per seat with its score, this
round's card and call points, cards in hand and face-up king-queen calls.

Reads the view documented in engine/pip_pip/__init__.py: trump, next_trump, trick,
last_trick, declared, pile_count, drawing_stopped, hand_sizes, round_points, scores, turn,
dealer, led_suit, round, rounds, trick_number, outcome, hand.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.kit import cards, layout, palette, seats, text
from render.kit.hand import SYMBOLS, CardWriting, HandPicture, draw_hand_picture
from render.kit.safe import integer, listed
from render.kit.shapes import paste_suit
from render.registry import View

SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
STRENGTH = "3456789TJQKA2"  # Pip Pip's rank order, low to high (docs/RULES.md PP-1)
CALL_POINTS = 50  # a Pip Pip; a double is two
Span = tuple[float, float]  # a label's left and right

# Phone first: a narrow picture; the seats are a list, the trick a row in play order.
WIDTH = 600
PRIMARY = text.lower_floor_size(WIDTH)  # names and words: an "x" 6.9 px tall on a phone
NUMBER = text.floor_size(WIDTH)  # a seat's number: digits read at the floor
MARGIN = 8
TRICK_CARD = 70
TRICK_SLOT = 150  # at most, per card of the trick: room for its player's name
LINE = PRIMARY + 4  # the second line of names over a crowded trick
RECOGNISED = 6  # letters of a name that tell a player who it is
GAP = 7  # px between a name on it and the line down from an upper name beside it
ROW_H = 58  # two lines of 20 px text: 8 rows keep the table within a phone's height
STATUS_SIZE = PRIMARY + 2  # the whose-turn pill
STATUS_ROOM = WIDTH - 2 * MARGIN - 16  # its text's room: layout.pill keeps 8 px a side


def _suit(value: Any) -> str | None:
    return value if isinstance(value, str) and value in SUIT_WORDS else None


def _list(view: View, key: str) -> list[Any]:
    value = view.get(key)
    return value if isinstance(value, list) else []


def seat_number(seat: int) -> str:
    """The number that marks a seat on its row and on every card it played."""
    return str(seat + 1)


def winning_so_far(trick: list[dict[str, Any]], trump: str | None) -> int | None:
    """Index of the card winning the trick so far: the highest trump, else the highest card
    of the led suit; of two identical cards the later one."""
    best: tuple[str, str] | None = None
    best_index = None
    for index, played in enumerate(trick):
        parsed = cards.parse(played.get("card", ""))
        if parsed is None or parsed[0] not in STRENGTH:
            continue
        rank, suit = parsed
        if suit is None:
            continue
        if best is None:
            best, best_index = (rank, suit), index
            continue
        trumps = suit == trump and best[1] != trump
        higher = suit == best[1] and STRENGTH.index(rank) >= STRENGTH.index(best[0])
        if trumps or higher:
            best, best_index = (rank, suit), index
    return best_index


def trick_number(view: View) -> int:
    """The trick the picture is about: the one in play or about to be led, or once the game
    is over its last trick (the view's own number has gone on to the next)."""
    last = view.get("last_trick")
    if view.get("outcome") is not None and isinstance(last, dict):
        return integer(last.get("trick_number"), 1)
    return integer(view.get("trick_number"), 1)


def trick_of_round(view: View) -> str:
    """The trick as a watcher counts it, "13/34": which one, of how many the round has (its
    cards, wherever they are now, shared out among the players); the number alone where the
    view does not add up."""
    number = trick_number(view)
    players = seats.player_count(view)
    sizes = [integer(size) for size in listed(view.get("hand_sizes"))]
    cards = sum(sizes) + integer(view.get("pile_count")) + len(listed(view.get("played"))) \
        + len(listed(view.get("trick"))) + integer(view.get("set_aside_count"))
    tricks = cards // players if players and len(sizes) == players else 0
    return f"{number}/{tricks}" if tricks >= number else str(number)


def trick_to_show(view: View) -> tuple[list[dict[str, Any]], int | None, str, bool]:
    """The trick in progress with the card winning so far, or between tricks the last one
    with its winner; and a heading. The flag says whether the trick is finished."""
    trick = [c for c in _list(view, "trick") if isinstance(c, dict)]
    if trick:
        heading = f"Trick {integer(view.get('trick_number'), 1)}"
        return trick, winning_so_far(trick, _suit(view.get("trump"))), heading, False
    last = view.get("last_trick")
    if isinstance(last, dict):
        played = [c for c in listed(last.get("cards")) if isinstance(c, dict)]
        winner = last.get("winner") if isinstance(last.get("winner"), int) else None
        index = next((i for i, c in enumerate(played) if c.get("seat") == winner), None)
        points = integer(last.get("points"))
        heading = (f"Last trick: {seats.label(view, winner)} took {text.plural(points, 'point')}"
                   if winner is not None else "Last trick")
        return played, index, heading, True
    return [], None, f"Trick {integer(view.get('trick_number'), 1)}", False


def call_points(view: View, seat: int) -> int:
    """Points `seat` scored by calls this round (the view lists this round's calls)."""
    return sum(CALL_POINTS * (2 if call.get("double") else 1) for call in _list(view, "calls")
               if isinstance(call, dict) and call.get("seat") == seat)


def seat_facts(view: View, seat: int) -> tuple[int, int, int, int]:
    """(total score, card points this round, call points this round, cards in hand)."""
    scores, gained, sizes = _list(view, "scores"), _list(view, "round_points"), \
        _list(view, "hand_sizes")
    score = integer(scores[seat]) if seat < len(scores) else 0
    got = integer(gained[seat]) if seat < len(gained) else 0
    held = integer(sizes[seat]) if seat < len(sizes) else 0
    return score, got, call_points(view, seat), held


def _badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], seat: int,
           strong: bool = False) -> None:
    fill, ink = (palette.HIGHLIGHT, palette.INK) if strong else (palette.WHITE, palette.INK)
    layout.pill(draw, centre, seat_number(seat), NUMBER, fill, ink)


def _seat_row(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int, y: float,
              four_colour: bool) -> None:
    turn = view.get("turn") == seat and view.get("outcome") is None
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H - 4), radius=10,
                           fill=palette.FELT_DARK,
                           outline=palette.HIGHLIGHT if turn else palette.FELT_DARK, width=3)
    all_declared = _list(view, "declared")
    own = all_declared[seat] if seat < len(all_declared) else None
    declared = [c for c in own if isinstance(c, str)] if isinstance(own, list) else []
    right: float = WIDTH - MARGIN - 6
    if declared:  # the face-up calls, at the row's right end
        step = min(cards.MINI_W + 3, 160 / len(declared))
        left = right - cards.MINI_W - step * (len(declared) - 1)
        for i, notation in enumerate(declared):
            layout.paste(image, cards.mini_card(notation, four_colour),
                         (left + i * step, y + (ROW_H - 4 - cards.MINI_H) / 2))
        right = left - 8
    score, got, calls, held = seat_facts(view, seat)
    _badge(draw, (MARGIN + 22, y + 16), seat, turn)
    used = text.draw(draw, (right, y + 16), f"Score {score}", PRIMARY, fill=palette.WHITE,
                     bold=True, anchor="rm")
    name = seats.label(view, seat) + (" · dealer" if view.get("dealer") == seat else "")
    text.draw(draw, (MARGIN + 42, y + 16), name, PRIMARY, fill=palette.WHITE, bold=True,
              anchor="lm", max_width=right - used - 12 - MARGIN - 42)
    words = f"cards +{got} · calls +{calls} · {held} in hand"
    lead = "to play · " if turn else ""
    room = right - MARGIN - 42
    # Two calls' face-up cards leave less room: the numbers matter more than the words
    # around them (the row's outline already says whose turn it is).
    line = next((candidate for candidate in (f"{lead}this round: {words}", lead + words)
                 if text.width(candidate, PRIMARY) <= room), words)
    text.draw(draw, (MARGIN + 42, y + 39), line, PRIMARY, fill=palette.SOFT_WHITE,
              anchor="lm", max_width=room)


def _info_line(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: float,
               four_colour: bool) -> None:
    """Trump as a big suit on a white disc and in words (never colour alone); the pile."""
    trump = _suit(view.get("trump"))
    disc = 34
    draw.ellipse((MARGIN, y, MARGIN + disc, y + disc), fill=palette.WHITE, outline=palette.INK,
                 width=2)
    if trump:
        paste_suit(image, trump, (MARGIN + 7, round(y + 7)), disc - 14,
                   palette.suit_colour(trump, four_colour))
    x: float = MARGIN + disc + 8
    x += text.draw(draw, (x, y + disc / 2), f"Trump: {SUIT_WORDS.get(trump or '', '-')}",
                   PRIMARY, fill=palette.WHITE, bold=True, anchor="lm")
    next_trump = _suit(view.get("next_trump"))
    if next_trump and next_trump != trump:
        x += text.width(" ", PRIMARY, bold=True)  # a drawn text loses its leading space
        x += text.draw(draw, (x, y + disc / 2), f"· next: {SUIT_WORDS[next_trump]}", PRIMARY,
                       fill=palette.HIGHLIGHT, bold=True, anchor="lm")
    pile = integer(view.get("pile_count"))
    words = "No drawing" if view.get("drawing_stopped") else f"Pile {pile}"
    used = text.draw(draw, (WIDTH - MARGIN, y + disc / 2), words, PRIMARY, fill=palette.WHITE,
                     bold=True, anchor="rm", max_width=WIDTH - MARGIN - x - 40)
    back = cards.card_back(24)
    layout.paste(image, back, (WIDTH - MARGIN - used - 30, y + disc / 2 - back.height / 2))


def _badge_width(seat: int) -> float:
    """A snug badge for a trick card's seat number: it leaves the name room."""
    return text.width(seat_number(seat), NUMBER, bold=True) + 10


def _label_width(seat: int, name: str) -> float:
    return _badge_width(seat) + 4 + text.width(text.clean(name, True), PRIMARY, bold=True)


def _placed(centre: float, need: float, span: Span) -> Span:
    """A label `need` px wide centred on `centre`, as far as `span` allows."""
    width = min(need, span[1] - span[0])
    left = min(max(centre - width / 2, span[0]), span[1] - width)
    return left, left + width


def staggered_spans(centres: list[float], needs: list[float], upper: int) -> list[Span]:
    """Where each trick card's label may go when the names take turns on two lines: those at
    indices of parity `upper` on the upper line, a line down from each to its card. A lower
    label keeps clear of the lines beside it; an upper one has its share of its line, and a
    name longer than that the room its upper neighbours' names leave unused."""
    count = len(centres)
    slot = centres[1] - centres[0] if count > 1 else WIDTH
    share = [_placed(c, need, (max(MARGIN, c - slot + GAP), min(WIDTH - MARGIN, c + slot - GAP)))
             for c, need in zip(centres, needs, strict=True)]
    spans: list[Span] = []
    for index, centre in enumerate(centres):
        if index % 2 != upper:
            spans.append((centres[index - 1] + GAP if index else MARGIN,
                          centres[index + 1] - GAP if index + 1 < count else WIDTH - MARGIN))
        elif share[index][1] - share[index][0] >= needs[index]:
            spans.append(share[index])
        else:
            spans.append(_placed(centre, needs[index], (
                share[index - 2][1] + 2 * GAP if index >= 2 else MARGIN,
                share[index + 2][0] - 2 * GAP if index + 2 < count else WIDTH - MARGIN)))
    return spans


def _cut_short(seat: int, name: str, room: float) -> bool:
    """Whether a name beside its number in `room` px keeps too little to be recognised."""
    whole = text.clean(name, True)
    shown = text.fit(whole, PRIMARY, room - _badge_width(seat) - 4, bold=True)
    return len(shown.removesuffix(text.ELLIPSIS)) < min(len(whole), RECOGNISED)


def _fill(needs: list[float], spans: list[Span]) -> float:
    """How much of its name the worst-served label shows (1: every name whole)."""
    return min(min(1.0, (span[1] - span[0]) / need) for need, span in zip(needs, spans,
                                                                             strict=True))


def _trick_label(draw: ImageDraw.ImageDraw, centre: tuple[float, float], seat: int, name: str,
                 span: Span) -> None:
    """Its seat's number (as its row shows it) and as much of the name as fits `span` (left
    and right), centred on `centre` as far as the span allows."""
    badge = _badge_width(seat)
    room = span[1] - span[0]
    shown = text.width(text.fit(name, PRIMARY, room - badge - 4, bold=True), PRIMARY,
                       bold=True)
    left = _placed(centre[0], badge + 4 + shown, span)[0]
    cy = centre[1]
    draw.rounded_rectangle((left, cy - NUMBER * 0.75, left + badge, cy + NUMBER * 0.75),
                           radius=NUMBER // 2, fill=palette.WHITE)
    text.draw(draw, (left + badge / 2, cy), seat_number(seat), NUMBER, fill=palette.INK,
              bold=True, anchor="mm")
    text.draw(draw, (left + badge + 4, cy), name, PRIMARY, fill=palette.WHITE, bold=True,
              anchor="lm", max_width=room - badge - 4)


def _trick_row(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: float,
                four_colour: bool) -> float:
    """The trick in play order: each card under its player's number and name (as the seat
    rows below write them), the led card and the card winning so far marked beneath it."""
    trick, winner, heading, finished = trick_to_show(view)
    if not trick:
        text.draw(draw, (MARGIN, y), f"{heading}: no card played yet", PRIMARY,
                  fill=palette.WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
        return y + PRIMARY + 16
    text.draw(draw, (MARGIN, y), heading, PRIMARY, fill=palette.HIGHLIGHT if finished
              else palette.WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
    y += PRIMARY + 10
    players = max(1, seats.player_count(view))
    # One slot per player, so a card's name has the slot's whole width.
    slot = min(TRICK_SLOT, (WIDTH - 2 * MARGIN) / max(len(trick), players))
    all_names = seats.names(view)
    labels = [(seat, all_names[seat] if 0 <= seat < len(all_names) else seat_number(seat))
              for seat in (integer(played.get("seat"), 0) for played in trick)]
    # A slot is a card wide at eight players: too narrow for most names. Then the names
    # take turns on two lines, each up to two slots wide, and a line from each upper name
    # down to its card passes between the lower names beside it.
    centres = [MARGIN + (index + 0.5) * slot for index in range(len(trick))]
    needs = [_label_width(seat, name) for seat, name in labels]
    stagger = any(_cut_short(seat, name, slot - 4) for seat, name in labels)
    spans = [(c - slot / 2 + 2, c + slot / 2 - 2) for c in centres]
    upper = 0
    if stagger:  # the upper line for the cards whose names it serves best
        upper = max((0, 1), key=lambda u: _fill(needs, staggered_spans(centres, needs, u)))
        spans = staggered_spans(centres, needs, upper)
    card_y = y + PRIMARY + 14 + (LINE if stagger else 0)
    card_h = cards.card_height(TRICK_CARD)
    for index, (played, (seat, name)) in enumerate(zip(trick, labels, strict=True)):
        centre = centres[index]
        x = centre - TRICK_CARD / 2
        above = stagger and index % 2 == upper
        label_y = y + PRIMARY / 2 + 2 + (LINE if stagger and not above else 0)
        _trick_label(draw, (centre, label_y), seat, name, spans[index])
        if above:
            draw.line((centre, label_y + NUMBER * 0.75 + 3, centre, card_y - 2),
                      fill=palette.DIM, width=2)
        if index == winner:
            draw.rounded_rectangle((x - 3, card_y - 3, x + TRICK_CARD + 2, card_y + card_h + 2),
                                   radius=9, outline=palette.HIGHLIGHT, width=4)
        layout.paste(image, cards.card_face(str(played.get("card", "")), TRICK_CARD,
                                            four_colour), (x, card_y))
        tag = " · ".join((["led"] if index == 0 else [])
                         + ([("won" if finished else "winning")] if index == winner else []))
        if tag:  # one line: the led card winning says both, reaching under the next card
            half = text.width(tag, PRIMARY, bold=True) / 2
            mid = min(max(centre, MARGIN + half), WIDTH - MARGIN - half)
            text.draw(draw, (mid, card_y + card_h + 6), tag, PRIMARY,
                      fill=palette.HIGHLIGHT if index == winner else palette.SOFT_WHITE,
                      bold=True, anchor="ma")
    return card_y + card_h + 12 + PRIMARY + 4


def status_line(view: View) -> str:
    """"Ann to play · follow hearts", the name shortened so that the whole line fits the
    table's pill: the suit to follow matters more than the end of a long name."""
    if isinstance(view.get("outcome"), dict):
        return ""
    turn = view.get("turn")
    if not isinstance(turn, int):
        return ""
    led = _suit(view.get("led_suit"))
    rest = " to play" + (f" · follow {SUIT_WORDS[led]}" if led else " · leads")
    room = STATUS_ROOM - text.width(rest, STATUS_SIZE, bold=True)
    return seats.short_label(view, turn, STATUS_SIZE, room) + rest


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    players = max(1, min(8, seats.player_count(view)))
    over = isinstance(view.get("outcome"), dict)
    # Tall enough for every part (the picture is cropped to what was drawn): filling and
    # cropping a taller canvas costs time on every table.
    height = 100 + (44 + 3 * PRIMARY + 14 if over else 40) + 2 * PRIMARY + 24 + LINE \
        + cards.card_height(TRICK_CARD) + 2 * PRIMARY + 16 + players * ROW_H + 4
    image, draw = layout.canvas(WIDTH, height)
    right = (f"Round {integer(view.get('round'), 1)}/{integer(view.get('rounds'), players)} · "
             f"Trick {trick_of_round(view)}")
    y: float = layout.title_bar(draw, WIDTH, "Pip Pip", right) + 8
    _info_line(image, draw, view, y, four_colour)
    y += 44
    if over:
        y = layout.winners_banner(draw, view, y, WIDTH, MARGIN)
    status = status_line(view)
    if status:
        layout.pill(draw, (WIDTH / 2, y + 16), status, STATUS_SIZE, palette.HIGHLIGHT,
                    palette.INK, max_width=WIDTH - 2 * MARGIN)
        y += 40
    y = _trick_row(image, draw, view, y, four_colour)
    for seat in range(players):
        _seat_row(image, draw, view, seat, y, four_colour)
        y += ROW_H
    return image.crop((0, 0, WIDTH, min(height, round(y + 4))))


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


def hand_picture(view: View, writing: CardWriting = SYMBOLS) -> HandPicture:
    """The seat's cards (those that follow the led suit playable), trump and the led suit,
    and the seat's face-up calls."""
    hand = [str(c) for c in _list(view, "hand") if isinstance(c, str)]
    allowed = playable_cards(view, hand)
    seat = view.get("seat")
    names = seats.names(view)
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None
    trump = SUIT_WORDS.get(str(view.get("trump")), "-")
    led = _suit(view.get("led_suit"))
    lines = [f"Trump: {trump}" + (f" · led: {SUIT_WORDS[led]}" if led else "")]
    declared = _list(view, "declared")
    mine = listed(declared[seat]) if isinstance(seat, int) and 0 <= seat < len(declared) else []
    if mine:
        lines.append("Face up (called): " + writing.many(mine))
    if view.get("outcome") is not None:
        status = "Game over"
    elif view.get("turn") == seat and seat is not None:
        status = "Your turn: play a card"
    else:
        status = status_line(view)
    items = [layout.HandItem(c, c in allowed) for c in hand]
    return HandPicture("Pip Pip", who, status, items, lines)


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    return draw_hand_picture(hand_picture(view), four_colour)
