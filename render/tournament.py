"""A tournament's standings and knockout bracket: pictures and the same in words.

Pure like the rest of render/, and drawn from plain data, never from the event itself (render
may not import tables): the table layer builds it with `tables.tournaments.picture_data`,
whose docstring gives its shape.

    standings_picture(data, viewer=None) -> (PNG, alt text)
    bracket_picture(data, viewer=None)   -> (PNG, alt text)

`viewer` is an entry id: its row is kept when the standings are too long for the picture, and
its part of a bracket too big for one is the part shown. Phone-first: 600 px wide, never taller
than 1.5 times that, every text at the kit's floor or above; what does not fit is counted in
the picture and listed by the message text. Colour never carries meaning alone: a winner is
bold and ticked, a dropped entry greyed and marked "dropped out", the viewer's row says "you".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.alt_text import clip, plain_name
from render.kit import layout, palette, text
from render.kit.png import encode
from render.kit.safe import listed, mapping

Data = dict[str, Any]
WIDTH = 600
MAX_HEIGHT = WIDTH * 3 // 2
MARGIN = 16
SIZE = text.floor_size(WIDTH)  # rows and boxes: the floor itself, so more of them fit
HEAD_SIZE = 20
ROW = SIZE + 12
TICK = "✓"

# ============================================================== both


def _status_fits_the_bar(data: Data) -> bool:
    title, status = str(data.get("title", "")), str(data.get("status", ""))
    return text.width(text.clean(title, True), layout.TITLE_SIZE, bold=True) \
        + text.width(text.clean(status), layout.BODY_SIZE) + 64 <= WIDTH


def _head_height(data: Data) -> int:
    """The title bar, and under it the status when the bar has no room for both."""
    below = 0 if _status_fits_the_bar(data) else round(HEAD_SIZE * 1.5)
    return layout.TITLE_BAR_HEIGHT + below + 10


def _heading(canvas: ImageDraw.ImageDraw, data: Data) -> None:
    title, status = str(data.get("title", "Tournament")), str(data.get("status", ""))
    if _status_fits_the_bar(data):
        layout.title_bar(canvas, WIDTH, title, status)
        return
    layout.title_bar(canvas, WIDTH, title)
    text.draw(canvas, (MARGIN, layout.TITLE_BAR_HEIGHT + 6), status, HEAD_SIZE,
              fill=palette.HIGHLIGHT, bold=True, max_width=WIDTH - 2 * MARGIN)


# ============================================================== standings

HEADERS = {"points": "Pts", "buchholz": "Buchholz", "spread": "Spread", "won": "Won",
           "lost": "Lost"}
COLUMN_WIDTH = {"points": 64, "buchholz": 104, "spread": 84, "won": 64, "lost": 64}
KEYS = {"buchholz": "Buchholz: the points of everyone played, added up",
        "spread": "Spread: game points for minus against"}
#: At a table there is no one "against": each seat's points less the others' average.
TABLE_SPREAD = "Spread: game points less the others' average"


def standings_picture(data: Data, viewer: str | None = None) -> tuple[bytes, str]:
    return encode(draw_standings(data, viewer)), describe_standings(data, viewer)


def _cell(row: Data, column: str) -> str:
    value = row.get(column, 0)
    if column == "spread":
        return f"{float(value):+g}"
    return f"{value:g}" if isinstance(value, int | float) else str(value)


def _notes(row: Data, viewer: str | None) -> list[str]:
    notes = []
    if row.get("id") == viewer:
        notes.append("you")
    if row.get("byes"):
        notes.append("bye" if row["byes"] == 1 else f"{row['byes']} byes")
    if row.get("joined"):
        notes.append(f"joined round {row['joined']}")
    if row.get("forfeits"):
        notes.append("forfeit" if row["forfeits"] == 1 else f"{row['forfeits']} forfeits")
    if row.get("dropped"):
        notes.append("dropped out")
    return notes


def _footer_lines(data: Data, hidden: int) -> list[str]:
    lines = []
    if hidden:
        lines.append(f"{hidden} more {'entry' if hidden == 1 else 'entries'} not shown: "
                     "the message lists everyone.")
    keys = dict(KEYS)
    if data.get("tables"):
        lines.append("Pts: placement points, one for each seat placed below")
        keys["spread"] = TABLE_SPREAD
    target = data.get("target")
    past = f", none past {target}" if isinstance(target, int) else ""
    lines += [keys[c] + (past if c == "spread" else "") for c in _columns(data) if c in keys]
    return lines


def _columns(data: Data) -> list[str]:
    return [c for c in listed(data.get("columns")) if c in HEADERS] or ["points"]


def shown_rows(data: Data, viewer: str | None) -> tuple[list[Data | None], int]:
    """The rows the picture has room for, best first, None where rows are skipped before
    the viewer's own; and how many rows are left out."""
    rows = [mapping(r) for r in listed(data.get("rows"))]
    room = _room_for_rows(data, len(rows))
    if len(rows) <= room:
        return list(rows), 0
    own = next((i for i, r in enumerate(rows) if r.get("id") == viewer), None)
    if own is None or own < room:
        return list(rows[:room]), len(rows) - room
    return [*rows[:room - 2], None, rows[own]], len(rows) - room + 1


def _room_for_rows(data: Data, count: int) -> int:
    footer = len(_footer_lines(data, 1)) * _LINE
    fixed = _head_height(data) + ROW + 8 + 8 + footer + 8
    room = (MAX_HEIGHT - fixed) // ROW
    return count if count <= room else room


_LINE = round(SIZE * 1.3)


def draw_standings(data: Data, viewer: str | None = None) -> Image.Image:
    rows, hidden = shown_rows(data, viewer)
    footer = [part for line in _footer_lines(data, hidden)
              for part in text.wrap(line, SIZE, WIDTH - 2 * MARGIN, 2)]
    columns = _columns(data)
    top = _head_height(data)
    height = top + ROW + 8 + len(rows) * ROW + 8 + len(footer) * _LINE + 8
    image, canvas = layout.canvas(WIDTH, height)
    _heading(canvas, data)
    rights = _column_rights(columns)
    name_left, place_right = MARGIN + 48, MARGIN + 36
    name_room = rights[0] - COLUMN_WIDTH[columns[0]] - 8 - name_left
    y = top
    text.draw(canvas, (place_right, y + ROW / 2), "#", SIZE, fill=palette.QUIET, bold=True,
              anchor="rm")
    text.draw(canvas, (name_left, y + ROW / 2), "Name", SIZE, fill=palette.QUIET, bold=True,
              anchor="lm")
    for column, right in zip(columns, rights, strict=True):
        text.draw(canvas, (right, y + ROW / 2), HEADERS[column], SIZE, fill=palette.QUIET,
                  bold=True, anchor="rm")
    y += ROW + 8
    for index, row in enumerate(rows):
        if row is None:
            text.draw(canvas, (name_left, y + ROW / 2), "…", SIZE, fill=palette.QUIET,
                      anchor="lm")
            y += ROW
            continue
        mine = row.get("id") == viewer
        if mine:
            canvas.rectangle((0, y, WIDTH, y + ROW - 1), fill=palette.HIGHLIGHT)
        elif index % 2:
            canvas.rectangle((0, y, WIDTH, y + ROW - 1), fill=palette.FELT_DARK)
        ink = palette.INK if mine else palette.QUIET if row.get("dropped") else palette.WHITE
        middle = y + ROW / 2
        text.draw(canvas, (place_right, middle), str(row.get("place", "")), SIZE, fill=ink,
                  anchor="rm")
        _name_with_notes(canvas, (name_left, middle), row, name_room, ink, mine, viewer)
        for column, right in zip(columns, rights, strict=True):
            text.draw(canvas, (right, middle), _cell(row, column), SIZE, fill=ink,
                      bold=column == columns[0], anchor="rm")
        y += ROW
    y += 8
    text.draw_lines(canvas, (MARGIN, y), footer, SIZE, fill=palette.SOFT_WHITE)
    return image


def _column_rights(columns: Sequence[str]) -> list[float]:
    rights: list[float] = []
    right: float = WIDTH - MARGIN
    for column in reversed(columns):
        rights.append(right)
        right -= COLUMN_WIDTH[column]
    return rights[::-1]


def _name_with_notes(canvas: ImageDraw.ImageDraw, xy: tuple[float, float], row: Data,
                     room: float, ink: palette.RGB, mine: bool, viewer: str | None) -> None:
    """The name, cut to leave room for its notes ("bye", "dropped out") after it."""
    notes = ", ".join(_notes(row, viewer))
    note_width = text.width(notes, SIZE) + 10 if notes else 0
    name = str(row.get("name", ""))
    name_width = min(text.width(text.fit(name, SIZE, room, bold=True), SIZE, bold=True),
                     max(room * 0.45, room - note_width))
    drawn = text.draw(canvas, xy, name, SIZE, fill=ink, bold=True, anchor="lm",
                      max_width=name_width)
    if notes:
        text.draw(canvas, (xy[0] + drawn + 10, xy[1]), notes, SIZE,
                  fill=palette.INK if mine else palette.QUIET, anchor="lm",
                  max_width=room - drawn - 10)


def describe_standings(data: Data, viewer: str | None = None) -> str:
    """The standings picture in words: the same rows, numbers and notes."""
    rows, _ = shown_rows(data, viewer)
    columns = _columns(data)
    status = str(data.get("status", ""))
    head = f"Standings of {plain_name(data.get('title', 'the tournament'))}"
    parts = [f"{head}: {status}." if status else f"{head}."]
    own = "".join(_row_words(r, columns, viewer) for r in rows
                  if r is not None and r.get("id") == viewer)
    budget = 900 - len(own)  # the viewer's own row is always said
    said: list[str] = []
    cut = False
    for row in rows:
        if row is None:
            continue
        words = _row_words(row, columns, viewer)
        if row.get("id") == viewer:
            if not cut:
                said.append(words)
                own = ""
        elif not cut and len(" ".join([*parts, *said, words])) <= budget:
            said.append(words)
        else:
            cut = True
    parts += said
    left = len(listed(data.get("rows"))) - len(said) - (1 if own else 0)
    if left:
        parts.append(f"{left} more {'entry' if left == 1 else 'entries'} in the message.")
    parts.append(own)
    return clip(" ".join(parts))


def _row_words(row: Data, columns: Sequence[str], viewer: str | None) -> str:
    name = plain_name(row.get("name", ""))
    notes = _notes(row, viewer)
    cells = [f"{HEADERS[c] if c != 'points' else 'points'} {_cell(row, c)}" for c in columns]
    place = str(row.get("place", ""))
    place += "" if place.endswith("=") else "."  # "3=" reads as it is
    return f"{place} {name}{' (' + ', '.join(notes) + ')' if notes else ''}: " \
        + ", ".join(cells) + "."


# ============================================================== bracket

MAX_COLUMNS = 3
MAX_FIRST = 8  # boxes in the first column shown: more would not fit a phone at the floor
BOX_LINE = SIZE + 10
BOX = 2 * BOX_LINE + 6
BOX_GAP = 14
COLUMN_GAP = 14
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
                tuple(mapping(raw.get("forfeits")).items()))


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


def draw_bracket(data: Data, viewer: str | None = None) -> Image.Image:
    plan = bracket_plan(data, viewer)
    head = [part for line in (plan.summary, plan.part) if line
            for part in text.wrap(line, SIZE, WIDTH - 2 * MARGIN, 2)]
    tail = text.wrap(plan.after, SIZE, WIDTH - 2 * MARGIN, 1) if plan.after else []
    rows = len(plan.columns[0].slots) if plan.columns else 0
    top = _head_height(data) + len(head) * _LINE
    body_top = top + ROW + 4
    height = body_top + rows * (BOX + BOX_GAP) + len(tail) * _LINE + 12
    image, canvas = layout.canvas(WIDTH, height)
    _heading(canvas, data)
    text.draw_lines(canvas, (MARGIN, _head_height(data)), head, SIZE, fill=palette.SOFT_WHITE)
    count = max(1, len(plan.columns))
    column_width = (WIDTH - 2 * MARGIN - (count - 1) * COLUMN_GAP) / count
    previous: list[float] = []
    for depth, column in enumerate(plan.columns):
        left = MARGIN + depth * (column_width + COLUMN_GAP)
        text.draw(canvas, (left, top + ROW / 2), column.name, SIZE, fill=palette.QUIET,
                  bold=True, anchor="lm", max_width=column_width)
        span = (BOX + BOX_GAP) * (1 << depth)
        middles = []
        for index, slot in enumerate(column.slots):
            middle = body_top + span * index + span / 2 - BOX_GAP / 2
            _box(canvas, (left, middle - BOX / 2, left + column_width, middle + BOX / 2), slot)
            if depth and 2 * index + 1 < len(previous) + 1:
                _join(canvas, previous[2 * index:2 * index + 2], left - COLUMN_GAP, left,
                      middle)
            middles.append(middle)
        previous = middles
    text.draw_lines(canvas, (MARGIN, height - 12 - len(tail) * _LINE), tail, SIZE,
                    fill=palette.SOFT_WHITE)
    return image


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


def _box(canvas: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
         slot: Slot) -> None:
    left, top, right, _ = box
    canvas.rounded_rectangle(box, radius=8, fill=palette.FELT_DARK, outline=palette.DIM)
    games = dict(slot.games) or dict(slot.scores)
    forfeits = dict(slot.forfeits)
    if slot.entries == (None, None):
        text.draw(canvas, (left + 28, top + BOX / 2), "to come", SIZE, fill=palette.QUIET,
                  anchor="lm")
        return
    for line, entry in enumerate(slot.entries):
        middle = top + 3 + BOX_LINE * line + BOX_LINE / 2
        if entry is None:
            words = "bye" if slot.bye else "to come"
            text.draw(canvas, (left + 28, middle), words, SIZE, fill=palette.QUIET, anchor="lm")
            continue
        entry_id = str(entry.get("id"))
        won = entry_id == slot.winner and slot.winner is not None
        right_words = forfeits[entry_id] if entry_id in forfeits \
            else f"{games[entry_id]:g}" if entry_id in games else ""
        used = text.draw(canvas, (right - 8, middle), right_words, SIZE, fill=palette.WHITE,
                         bold=won, anchor="rm") + 8 if right_words else 0
        if won:
            text.draw(canvas, (left + 8, middle), TICK, SIZE, fill=palette.HIGHLIGHT,
                      bold=True, anchor="lm")
        ink = palette.QUIET if slot.winner is not None and not won else palette.WHITE
        seed = f"({entry.get('seed', '?')})"
        room = right - used - 8 - left - 28
        name, beside = str(entry.get("name", "")), text.width(seed, SIZE, bold=won) + 6
        # A seed beside a whole name, or a name cut anyway: never one cutting a name that fits.
        whole = text.width(name, SIZE, bold=won) <= room
        if room - beside >= (text.width(name, SIZE, bold=won) if whole else SHORTEST_NAME):
            room -= beside
        else:
            seed = ""  # beside "no-show" a name keeps its room; the words give the seed
        drawn = text.draw(canvas, (left + 28, middle), name, SIZE, fill=ink, bold=won,
                          anchor="lm", max_width=room)
        if seed:
            text.draw(canvas, (left + 28 + drawn + 6, middle), seed, SIZE, fill=ink,
                      bold=won, anchor="lm")


def describe_bracket(data: Data, viewer: str | None = None) -> str:
    """The bracket picture in words: the same rounds, matches and marks."""
    plan = bracket_plan(data, viewer)
    status = str(data.get("status", ""))
    head = f"Knockout bracket of {plain_name(data.get('title', 'the tournament'))}"
    parts = [f"{head}: {status}." if status else f"{head}.", plan.summary, plan.part]
    for column in plan.columns:
        if all(slot.entries == (None, None) for slot in column.slots) and len(column.slots) > 1:
            parts.append(f"{column.name}: {len(column.slots)} matches to come.")
            continue
        parts.append(f"{column.name}: " + "; ".join(_slot_words(s) for s in column.slots) + ".")
    parts.append(plan.after)
    return clip(" ".join(p for p in parts if p))


def _slot_words(slot: Slot) -> str:
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
    if slot.winner is None and not slot.playing:  # a later round's pair, known already
        return f"{first} v {second}, to come"
    if slot.winner is None:
        return f"{first} v {second}, playing{', games' + score if score else ''}"
    winner, loser = (first, second) if ids[0] == slot.winner else (second, first)
    if forfeits:
        gone = ", ".join(f"{plain_name(seeded(e))} {forfeits[str(e.get('id'))]}"
                         for e in slot.entries if e and str(e.get("id")) in forfeits)
        return f"{winner} through, {gone}"
    words = f"{winner} beat {loser}"
    if games:
        won = sorted((games.get(i, 0) for i in ids), reverse=True)
        words += " " + "–".join(f"{g:g}" for g in won)
    elif slot.scores:
        scores = dict(slot.scores)
        order = sorted(ids, key=lambda i: i != slot.winner)
        words += " " + "–".join(f"{scores.get(i, 0):g}" for i in order)
    return words
