"""A knockout's bracket: the round in play and the one after it, side by side, each match a
box of two lines: a tick for the winner, the name, its seed and the games or points won.

Two rounds, not more, so a name gets half the picture: a name of twelve letters shows whole
with its seed and score. A small field's boxes get larger text, but never at the cost of a
name's first twelve letters."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.alt_text import clip, plain_name
from render.kit import layout, palette, text
from render.kit.png import encode
from render.kit.safe import listed, mapping
from render.tournament.frame import (
    MARGIN,
    SIZE,
    WIDTH,
    Data,
    head_height,
    heading,
    line_height,
    measured,
    scaled,
    text_size,
)

TICK = "✓"
#: Beside the winner of a match whose result the host set (/tournament result), and its key.
RULED = "by host"
RULED_KEY = f"{RULED}: the host set the result"
MAX_COLUMNS = 2
MAX_FIRST = 8  # boxes in the first column shown: more would not fit a phone at the floor
#: Larger text for fewer boxes in the first column: (at most this many boxes, size).
LARGER = ((2, 22), (4, 20))
BOX_GAP = 14
COLUMN_GAP = 20
#: Letters of a name a box shows, whole or cut, at the floor's size and any larger one.
NAME_LETTERS = 12
SHORTEST_NAME = 60  # px: a name cut shorter than about five letters says nothing


@dataclass(frozen=True)
class Slot:
    entries: tuple[Data | None, Data | None]  # None: not decided yet
    bye: bool = False
    winner: str | None = None
    games: tuple[tuple[str, float], ...] = ()
    #: Each entry's points in the game that decided a one-game match.
    scores: tuple[tuple[str, float], ...] = ()
    playing: bool = False
    forfeits: tuple[tuple[str, str], ...] = ()
    ruled: bool = False


@dataclass(frozen=True)
class Column:
    name: str
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class Plan:
    columns: tuple[Column, ...]
    summary: str  # the rounds before the first column, in words
    part: str  # which part of the first column is shown, when not all of it
    after: str  # the rounds after the last column


def bracket_picture(data: Data, viewer: str | None = None) -> tuple[bytes, str]:
    return encode(draw_bracket(data, viewer)), describe_bracket(data, viewer)


def _slot(raw: Data) -> Slot:
    entries = [mapping(e) for e in listed(raw.get("entries"))][:2]
    pair = (entries[0] if entries else None, entries[1] if len(entries) > 1 else None)
    return Slot(pair, bool(raw.get("bye")), raw.get("winner"),
                tuple(mapping(raw.get("games")).items()),
                tuple(mapping(raw.get("scores")).items()), bool(raw.get("playing")),
                tuple(mapping(raw.get("forfeits")).items()), bool(raw.get("ruled")))


def _through(slot: Slot) -> Data | None:
    return next((e for e in slot.entries if e and e.get("id") == slot.winner), None)


def _all_columns(data: Data) -> list[Column]:
    """Every round of the bracket, played or not; a round to come holds whoever is through
    to it so far."""
    bracket = mapping(data.get("bracket"))
    total = int(bracket.get("rounds") or 0)
    played = [mapping(p) for p in listed(bracket.get("played"))]
    columns = [Column(str(p.get("name", "")), tuple(_slot(mapping(s))
                                                   for s in listed(p.get("slots"))))
               for p in played]
    while len(columns) < total:
        before = columns[-1].slots if columns else ()
        slots = tuple(Slot((_through(before[i]), _through(before[i + 1])
                            if i + 1 < len(before) else None))
                      for i in range(0, len(before), 2))
        number = len(columns) + 1
        columns.append(Column("Final" if number == total else f"Round {number}", slots))
    return columns


def bracket_plan(data: Data, viewer: str | None = None) -> Plan:
    """Which rounds and which part of them the picture shows: up to three rounds from the
    current one (or the last three once it is over), and of the first of them at most
    `MAX_FIRST` matches, the viewer's part when it is not all."""
    columns = _all_columns(data)
    if not columns:
        return Plan((), "", "", "")
    current = int(mapping(data.get("bracket")).get("current") or len(columns))
    count = min(MAX_COLUMNS, len(columns))
    start = min(current, len(columns) - count + 1) - 1
    shown = columns[start:start + count]
    first = len(shown[0].slots)
    part, parts = 0, max(1, first // MAX_FIRST)
    if parts > 1:
        for index, slot in enumerate(shown[0].slots):
            if any(e and e.get("id") == viewer for e in slot.entries):
                part = index // MAX_FIRST
    trimmed = []
    for depth, column in enumerate(shown):
        size = max(1, MAX_FIRST >> depth) if parts > 1 else len(column.slots)
        trimmed.append(Column(column.name, column.slots[part * size:(part + 1) * size]))
    summary = ""
    if start:
        done = "Round 1" if start == 1 else f"Rounds 1–{start}"
        left = sum(1 for s in columns[start].slots for e in s.entries if e)
        summary = f"{done} played: {left} still in."
    part_words = f"Part {part + 1} of {parts} of {shown[0].name}; the message lists every " \
        "match." if parts > 1 else ""
    rest = len(columns) - start - count
    after = "" if rest <= 0 else "Then the final." if rest == 1 \
        else f"Then {rest} more rounds to the final."
    return Plan(tuple(trimmed), summary, part_words, after)


@dataclass(frozen=True)
class Line:
    """One entry's line of a box as laid out at a text size: what stands right of the name
    (a forfeit's words or the games or points won), the seed or "" when it has no room, and
    the width the name may take."""

    right_words: str
    seed: str
    room: float


def _line(slot: Slot, entry: Data, size: int, width: float) -> Line:
    entry_id = str(entry.get("id"))
    won = entry_id == slot.winner and slot.winner is not None
    games = dict(slot.games) or dict(slot.scores)
    forfeits = dict(slot.forfeits)
    right_words = forfeits[entry_id] if entry_id in forfeits \
        else RULED if won and slot.ruled \
        else f"{games[entry_id]:g}" if entry_id in games else ""
    used = measured(text.clean(right_words), size, won) + 8 if right_words else 0
    room = width - used - 8 - scaled(28, size)
    seed = f"({entry.get('seed', '?')})"
    name, beside = str(entry.get("name", "")), measured(seed, size, won) + 6
    # A seed beside a whole name, or a name cut anyway: never one cutting a name that fits.
    whole = measured(text.clean(name, won), size, won) <= room
    if room - beside >= (measured(text.clean(name, won), size, won) if whole
                         else SHORTEST_NAME):
        return Line(right_words, seed, room - beside)
    return Line(right_words, "", room)  # beside "no-show" a name keeps its room


def _shown_letters(slot: Slot, entry: Data, size: int, width: float) -> int:
    won = str(entry.get("id")) == slot.winner and slot.winner is not None
    shown = text.fit(str(entry.get("name", "")), size, _line(slot, entry, size, width).room,
                     bold=won)
    return len(shown.removesuffix(text.ELLIPSIS))


def bracket_size(plan: Plan) -> int:
    """The boxes' text size: larger when the first column has few boxes, as long as every
    name still shows `NAME_LETTERS` letters, or all it shows at the floor's size."""
    width = _column_width(plan)
    lines = [(slot, entry) for column in plan.columns for slot in column.slots
             for entry in slot.entries if entry is not None]

    def keeps_the_names(size: int) -> bool:
        return all(_shown_letters(slot, entry, size, width)
                   >= min(NAME_LETTERS, _shown_letters(slot, entry, SIZE, width))
                   for slot, entry in lines)
    first = len(plan.columns[0].slots) if plan.columns else 0
    return text_size(first, keeps_the_names, LARGER)


def _column_width(plan: Plan) -> float:
    count = max(1, len(plan.columns))
    return (WIDTH - 2 * MARGIN - (count - 1) * COLUMN_GAP) / count


def draw_bracket(data: Data, viewer: str | None = None) -> Image.Image:
    plan = bracket_plan(data, viewer)
    size = bracket_size(plan)
    box_line = size + 10
    box = 2 * box_line + 6
    head = [part for line in (plan.summary, plan.part) if line
            for part in text.wrap(line, SIZE, WIDTH - 2 * MARGIN, 2)]
    tail = [part for line in (plan.after, _key(plan)) if line
            for part in text.wrap(line, SIZE, WIDTH - 2 * MARGIN, 1)]
    rows = len(plan.columns[0].slots) if plan.columns else 0
    top = head_height(data) + len(head) * line_height(SIZE)
    body_top = top + size + 16
    height = body_top + rows * (box + BOX_GAP) + len(tail) * line_height(SIZE) + 12
    image, canvas = layout.canvas(WIDTH, height)
    heading(canvas, data)
    text.draw_lines(canvas, (MARGIN, head_height(data)), head, SIZE, fill=palette.SOFT_WHITE)
    column_width = _column_width(plan)
    previous: list[float] = []
    for depth, column in enumerate(plan.columns):
        left = MARGIN + depth * (column_width + COLUMN_GAP)
        text.draw(canvas, (left, top + (size + 12) / 2), column.name, size,
                  fill=palette.QUIET, bold=True, anchor="lm", max_width=column_width)
        span = (box + BOX_GAP) * (1 << depth)
        middles = []
        for index, slot in enumerate(column.slots):
            middle = body_top + span * index + span / 2 - BOX_GAP / 2
            _box(canvas, (left, middle - box / 2, left + column_width, middle + box / 2),
                 slot, size)
            if depth and 2 * index + 1 < len(previous) + 1:
                _join(canvas, previous[2 * index:2 * index + 2], left - COLUMN_GAP, left,
                      middle)
            middles.append(middle)
        previous = middles
    text.draw_lines(canvas, (MARGIN, height - 12 - len(tail) * line_height(SIZE)), tail, SIZE,
                    fill=palette.SOFT_WHITE)
    return image


def _key(plan: Plan) -> str:
    """What a mark in the boxes shown means, under them."""
    shown = [slot for column in plan.columns for slot in column.slots]
    return RULED_KEY if any(slot.ruled and slot.winner is not None for slot in shown) else ""


def _join(canvas: ImageDraw.ImageDraw, feeders: Sequence[float], x0: float, x1: float,
          middle: float) -> None:
    elbow = (x0 + x1) / 2
    for y in feeders:
        canvas.line((x0, y, elbow, y), fill=palette.DIM, width=2)
    if feeders:
        canvas.line((elbow, min(*feeders, middle), elbow, max(*feeders, middle)),
                    fill=palette.DIM, width=2)
    canvas.line((elbow, middle, x1, middle), fill=palette.DIM, width=2)


def seeded(entry: Data) -> str:
    """A name and its seed, as the message's bracket lines write it: "Ann (1)"."""
    return f"{entry.get('name', '')} ({entry.get('seed', '?')})"


def _box(canvas: ImageDraw.ImageDraw, box: tuple[float, float, float, float], slot: Slot,
         size: int) -> None:
    left, top, right, bottom = box
    canvas.rounded_rectangle(box, radius=8, fill=palette.FELT_DARK, outline=palette.DIM)
    name_left = left + scaled(28, size)
    if slot.entries == (None, None):
        text.draw(canvas, (name_left, (top + bottom) / 2), "to come", size,
                  fill=palette.QUIET, anchor="lm")
        return
    box_line = size + 10
    for line, entry in enumerate(slot.entries):
        middle = top + 3 + box_line * line + box_line / 2
        if entry is None:
            words = "bye" if slot.bye else "to come"
            text.draw(canvas, (name_left, middle), words, size, fill=palette.QUIET,
                      anchor="lm")
            continue
        won = str(entry.get("id")) == slot.winner and slot.winner is not None
        laid = _line(slot, entry, size, right - left)
        if laid.right_words:
            text.draw(canvas, (right - 8, middle), laid.right_words, size, fill=palette.WHITE,
                      bold=won, anchor="rm")
        if won:
            text.draw(canvas, (left + 8, middle), TICK, size, fill=palette.HIGHLIGHT,
                      bold=True, anchor="lm")
        ink = palette.QUIET if slot.winner is not None and not won else palette.WHITE
        drawn = text.draw(canvas, (name_left, middle), str(entry.get("name", "")), size,
                          fill=ink, bold=won, anchor="lm", max_width=laid.room)
        if laid.seed:
            text.draw(canvas, (name_left + drawn + 6, middle), laid.seed, size, fill=ink,
                      bold=won, anchor="lm")


def describe_bracket(data: Data, viewer: str | None = None) -> str:
    """The bracket picture in words: the same rounds, matches and marks."""
    plan = bracket_plan(data, viewer)
    stopped = bool(mapping(data.get("bracket")).get("stopped"))
    status = str(data.get("status", ""))
    head = f"Knockout bracket of {plain_name(data.get('title', 'the tournament'))}"
    parts = [f"{head}: {status}." if status else f"{head}.", plan.summary, plan.part]
    for column in plan.columns:
        if all(slot.entries == (None, None) for slot in column.slots) and len(column.slots) > 1:
            parts.append(f"{column.name}: {len(column.slots)} matches to come.")
            continue
        parts.append(f"{column.name}: " + "; ".join(_slot_words(s, stopped)
                                                    for s in column.slots) + ".")
    parts.append(plan.after)
    return clip(" ".join(p for p in parts if p))


def _slot_words(slot: Slot, stopped: bool = False) -> str:
    """A box in words; `stopped`: the event was cancelled, so a pair without a winner was
    never played, not still to come."""
    first, second = (plain_name(seeded(e)) if e else None for e in slot.entries)
    if slot.bye:
        return f"{first} has a bye"
    if first is None or second is None:
        known = first or second
        return f"{known} v to come" if known else "to come"
    games = dict(slot.games)
    forfeits = dict(slot.forfeits)
    ids = [str(e.get("id")) if e else "" for e in slot.entries]
    score = ""
    if games:
        score = " " + "–".join(f"{games.get(i, 0):g}" for i in ids)
    gone = ", ".join(f"{plain_name(seeded(e))} {forfeits[str(e.get('id'))]}"
                     for e in slot.entries if e and str(e.get("id")) in forfeits)
    if slot.winner is None and not slot.playing and gone:  # a final nobody played
        return f"{gone}: nobody won"
    if slot.winner is None and not slot.playing:  # a later round's pair, known already
        return f"{first} v {second}, {'not played' if stopped else 'to come'}"
    if slot.winner is None:
        return f"{first} v {second}, playing{', games' + score if score else ''}"
    winner, loser = (first, second) if ids[0] == slot.winner else (second, first)
    ruled = ", set by the host" if slot.ruled else ""
    if forfeits:
        return f"{winner} through, {gone}{ruled}"
    words = f"{winner} beat {loser}{ruled}"
    if games:
        won = sorted((games.get(i, 0) for i in ids), reverse=True)
        words += " " + "–".join(f"{g:g}" for g in won)
    elif slot.scores:
        scores = dict(slot.scores)
        order = sorted(ids, key=lambda i: i != slot.winner)
        words += " " + "–".join(f"{scores.get(i, 0):g}" for i in order)
    return words
