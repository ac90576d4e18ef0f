"""A tournament's standings and knockout bracket: pictures and the same in words.

Pure like the rest of render/, and drawn from plain data, never from the event itself (render
may not import tables): the table layer builds it with `tables.tournaments.picture_data`,
whose docstring gives its shape.

    standings_picture(data, viewer=None) -> (PNG, alt text)
    bracket_picture(data, viewer=None)   -> (PNG, alt text)

`viewer` is an entry id: its row is kept when the standings are too long for the picture, and
its part of a bracket too big for one is the part shown. Phone-first: 600 px wide, never taller
than 1.5 times that, every text at the kit's floor or above, and larger for a small field
(`standings_size`, `bracket_size`); what does not fit is counted in the picture and listed by
the message text. The standings are here, the bracket in `bracket`, what both share in
`frame`. Colour never carries meaning alone: a winner is
bold and ticked, a dropped entry greyed and marked "dropped out", the viewer's row says "you".
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.alt_text import clip, plain_name
from render.kit import layout, palette, text
from render.kit.png import encode
from render.kit.safe import listed, mapping
from render.tournament.bracket import (
    MAX_FIRST,
    NAME_LETTERS,
    TICK,
    bracket_picture,
    bracket_plan,
    bracket_size,
    describe_bracket,
    draw_bracket,
    seeded,
)
from render.tournament.frame import (
    MARGIN,
    MAX_HEIGHT,
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

__all__ = ["MAX_FIRST", "SIZE", "TICK", "WIDTH", "bracket_picture", "bracket_plan",
           "bracket_size", "describe_bracket", "describe_standings", "draw_bracket",
           "draw_standings", "seeded", "shown_rows", "standings_picture", "standings_size"]

# ============================================================== standings

HEADERS = {"points": "Pts", "buchholz": "Buchholz", "spread": "Spread", "won": "Won",
           "lost": "Lost"}
COLUMN_GAP = 14
KEYS = {"buchholz": "Buchholz: the points of everyone played, added up",
        "spread": "Spread: game points for minus against"}
#: At a table there is no one "against": each seat's points less the others' average.
TABLE_SPREAD = "Spread: game points less the others' average"
#: A match the host set counts none of its games (tables/tournaments/standings.py).
RULED_SPREAD = "Spread leaves out the games of a match the host set"


def standings_picture(data: Data, viewer: str | None = None) -> tuple[bytes, str]:
    size = standings_size(data, viewer)
    return encode(draw_standings(data, viewer, size)), describe_standings(data, viewer, size)


def _cell(row: Data, column: str) -> str:
    value = row.get(column, 0)
    if column == "spread":
        return f"{float(value):+g}".replace("-", "−")  # the minus sign ratings are shown with
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
        lines.append(f"{hidden} more not shown: /tournament standings lists all.")
    keys = dict(KEYS)
    if data.get("tables"):
        lines.append("Pts: placement points, one for each seat placed below")
        keys["spread"] = TABLE_SPREAD
    target = data.get("target")
    past = f", none past {target}" if isinstance(target, int) else ""
    lines += [keys[c] + (past if c == "spread" else "") for c in _columns(data) if c in keys]
    return lines + _ruled_key(data)


def _ruled_key(data: Data) -> list[str]:
    return [RULED_SPREAD] if data.get("ruled") and "spread" in _columns(data) else []


def _columns(data: Data) -> list[str]:
    return [c for c in listed(data.get("columns")) if c in HEADERS] or ["points"]


def shown_rows(data: Data, viewer: str | None, size: int | None = None
               ) -> tuple[list[Data | None], int]:
    """The rows the picture has room for at text `size` (`standings_size` unless given),
    best first, None where rows are skipped before the viewer's own; and how many rows are
    left out."""
    rows = [mapping(r) for r in listed(data.get("rows"))]
    room = _room_for_rows(data, standings_size(data, viewer) if size is None else size)
    if len(rows) <= room:
        return list(rows), 0
    own = next((i for i, r in enumerate(rows) if r.get("id") == viewer), None)
    if own is None or own < room:
        return list(rows[:room]), len(rows) - room
    return [*rows[:room - 2], None, rows[own]], len(rows) - room + 1


def standings_size(data: Data, viewer: str | None = None) -> int:
    """The text size of the rows: larger for a small field, while every row still fits and
    every name keeps `NAME_LETTERS` letters (or all it shows at the floor's size) and its
    notes what they show there."""
    rows = [mapping(r) for r in listed(data.get("rows"))]

    def shown(size: int) -> list[tuple[int, bool]]:
        """Each row's letters of its name shown, and whether its notes show whole."""
        room = _name_room(data, size)
        return [(len(name.removesuffix(text.ELLIPSIS)), notes == ", ".join(_notes(row, viewer)))
                for row in rows
                for name, notes in [_name_and_notes(row, room, size, viewer)]]

    at_floor: list[tuple[int, bool]] = []

    def fits(size: int) -> bool:
        if len(rows) > _room_for_rows(data, size):
            return False
        at_floor[:] = at_floor or shown(SIZE)
        return all(letters >= min(NAME_LETTERS, least) and (notes_whole or not whole_at_floor)
                   for (letters, notes_whole), (least, whole_at_floor)
                   in zip(shown(size), at_floor, strict=True))
    return text_size(len(rows), fits)


def _row_height(size: int) -> int:
    return size + 12


def _footer(data: Data, hidden: int) -> list[str]:
    """The keys under the rows, at the floor's size whatever the rows': they are read once."""
    return [part for line in _footer_lines(data, hidden) for part in _wrapped(line)]


@lru_cache(maxsize=256)
def _wrapped(line: str) -> tuple[str, ...]:
    return tuple(text.wrap(line, SIZE, WIDTH - 2 * MARGIN, 2))


def _room_for_rows(data: Data, size: int) -> int:
    """How many rows fit at text `size`, with the footer that counts the rows left out."""
    row = _row_height(size)
    footer = len(_footer(data, 1)) * line_height(SIZE)
    fixed = head_height(data) + row + 8 + 8 + footer + 8
    return (MAX_HEIGHT - fixed) // row


def draw_standings(data: Data, viewer: str | None = None, size: int | None = None
                   ) -> Image.Image:
    """The standings at text `size`, `standings_size` unless given."""
    size = standings_size(data, viewer) if size is None else size
    rows, hidden = shown_rows(data, viewer, size)
    row_height = _row_height(size)
    footer = _footer(data, hidden)
    columns = _columns(data)
    top = head_height(data)
    height = top + row_height + 8 + len(rows) * row_height + 8 \
        + len(footer) * line_height(SIZE) + 8
    image, canvas = layout.canvas(WIDTH, height)
    heading(canvas, data)
    first_left, *rights = _column_edges(data, size)
    name_left, place_right = _name_left(size), MARGIN + scaled(36, size)
    name_room = first_left - 8 - name_left
    y = top
    half = row_height / 2
    text.draw(canvas, (place_right, y + half), "#", size, fill=palette.QUIET, bold=True,
              anchor="rm")
    text.draw(canvas, (name_left, y + half), "Name", size, fill=palette.QUIET, bold=True,
              anchor="lm")
    for column, right in zip(columns, rights, strict=True):
        text.draw(canvas, (right, y + half), HEADERS[column], size, fill=palette.QUIET,
                  bold=True, anchor="rm")
    y += row_height + 8
    for index, row in enumerate(rows):
        if row is None:
            text.draw(canvas, (name_left, y + half), "…", size, fill=palette.QUIET,
                      anchor="lm")
            y += row_height
            continue
        mine = row.get("id") == viewer
        if mine:
            canvas.rectangle((0, y, WIDTH, y + row_height - 1), fill=palette.HIGHLIGHT)
        elif index % 2:
            canvas.rectangle((0, y, WIDTH, y + row_height - 1), fill=palette.FELT_DARK)
        ink = palette.INK if mine else palette.QUIET if row.get("dropped") else palette.WHITE
        middle = y + half
        text.draw(canvas, (place_right, middle), str(row.get("place", "")), size, fill=ink,
                  anchor="rm")
        _name_with_notes(canvas, (name_left, middle), row, name_room, size,
                         (ink, palette.INK if mine else palette.QUIET), viewer)
        for column, right in zip(columns, rights, strict=True):
            text.draw(canvas, (right, middle), _cell(row, column), size, fill=ink,
                      bold=column == columns[0], anchor="rm")
        y += row_height
    y += 8
    text.draw_lines(canvas, (MARGIN, y), footer, SIZE, fill=palette.SOFT_WHITE)
    return image


def _column_edges(data: Data, size: int) -> list[float]:
    """Where the first number column begins, then where each ends: each is as wide as its
    header or its widest number, and a gap."""
    rows = [mapping(r) for r in listed(data.get("rows"))]
    columns = _columns(data)
    edges: list[float] = [WIDTH - MARGIN]
    for column in reversed(columns):
        bold = column == columns[0]
        edges.append(edges[-1] - scaled(COLUMN_GAP, size) - max(
            measured(HEADERS[column], size, True),
            *(measured(_cell(row, column), size, bold) for row in rows)))
    return edges[::-1]


def _name_room(data: Data, size: int) -> float:
    """The width a row's name and notes share, between its place and its first number."""
    return _column_edges(data, size)[0] - 8 - _name_left(size)


def _name_left(size: int) -> int:
    return MARGIN + scaled(48, size)


def _name_and_notes(row: Data, room: float, size: int, viewer: str | None) -> tuple[str, str]:
    """The name at `size` as it shows, cut to leave room for its notes ("bye", "dropped
    out") after it, and the notes as they show after it, at the floor's size: they are
    read once, the name is looked for."""
    notes = ", ".join(_notes(row, viewer))
    note_width = measured(notes, SIZE, False) + 10 if notes else 0
    name = text.fit(str(row.get("name", "")), size, room, bold=True)
    name = text.fit(name, size, min(measured(name, size, True),
                                    max(room * 0.45, room - note_width)), bold=True)
    left = room - measured(name, size, True) - 10
    return name, text.fit(notes, SIZE, left) if notes else ""


def _name_with_notes(canvas: ImageDraw.ImageDraw, xy: tuple[float, float], row: Data,
                     room: float, size: int, inks: tuple[palette.RGB, palette.RGB],
                     viewer: str | None) -> None:
    name, notes = _name_and_notes(row, room, size, viewer)
    drawn = text.draw(canvas, xy, str(row.get("name", "")), size, fill=inks[0], bold=True,
                      anchor="lm", max_width=text.width(name, size, bold=True))
    if notes:
        text.draw(canvas, (xy[0] + drawn + 10, xy[1]), ", ".join(_notes(row, viewer)), SIZE,
                  fill=inks[1], anchor="lm", max_width=room - drawn - 10)


def describe_standings(data: Data, viewer: str | None = None, size: int | None = None) -> str:
    """The standings picture in words: the same rows, numbers and notes."""
    rows, _ = shown_rows(data, viewer, size)
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
    parts += [line + "." for line in _ruled_key(data)]
    return clip(" ".join(parts))


def _row_words(row: Data, columns: Sequence[str], viewer: str | None) -> str:
    name = plain_name(row.get("name", ""))
    notes = _notes(row, viewer)
    cells = [f"{HEADERS[c] if c != 'points' else 'points'} {_cell(row, c)}" for c in columns]
    place = str(row.get("place", ""))
    place += "." if place[-1:].isdigit() else ""  # "3=", or "–" (nobody placed), read as they are
    return f"{place} {name}{' (' + ', '.join(notes) + ')' if notes else ''}: " \
        + ", ".join(cells) + "."


