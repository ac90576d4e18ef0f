"""Crib Race: Cribbage's table with the race track in place of the board: the track drawn
from the board data in the view (slides, green advances, blue traps, penalty boxes), one
lettered peg per side, a legend whose marks differ in shape as well as colour, and the
latest zone event in words (every zone event of the deal goes into the table message).

Reads Cribbage's view keys plus those documented in engine/crib_race/__init__.py: board
{size, holes, track, slides, advances, traps, boxes}, pegs [{side, hole, boxed}],
penalty_boxes, zone_events, last_zone_events.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.cribbage import pictures as cribbage
from render.kit import layout, palette, seats, text
from render.kit.hand import SYMBOLS, CardWriting, HandPicture, draw_hand_picture
from render.kit.safe import integer, listed, mapping
from render.registry import View

TITLE = "Crib Race"
#: The board's height at most: the tallest table (eight players, the game over) must stay
#: within MAX_HEIGHT (render/cribbage/sizes.py), one and a half times its width.
BOARD_W, BOARD_MAX_H = cribbage.WIDTH - 2 * cribbage.MARGIN, 374
SMALL = cribbage.SMALL
NUMBER = text.floor_size(cribbage.WIDTH)  # a hole's number: digits read at the floor
PEG_R = layout.TOKEN_R
SLIDE_RED = palette.hex_rgb("#c0392b")
ADVANCE_GREEN = palette.hex_rgb("#1e8449")
TRAP_BLUE = palette.hex_rgb("#1f5fbf")
BOX_DARK = palette.hex_rgb("#5b2c2c")
BOX_FILL = palette.hex_rgb("#e8d2c8")
TRACK_LINE = palette.hex_rgb("#b98e58")
LAST_DEAL = "Last deal: "  # before a landing of the deal before this one
BORDER = 4  # the board's frame line
#: Room between the outer holes and the frame: beside them for a peg, above and below them
#: for a hole's label clear of the peg in that hole.
SIDE_ROOM = PEG_R + BORDER + 4
LABEL_GAP = PEG_R + 1
LABEL_ROOM = LABEL_GAP + NUMBER + 2 + BORDER + 2
#: How far a hole's label may move off its hole to clear a box, a hole or another label:
#: sideways by up to half a hole, and a little further from it.
NUDGES, LIFTS = (0, -3, 3, -6, 6, -9, 9, -12, 12), (0, 6)

Point = tuple[float, float]
Rect = tuple[float, float, float, float]


def _points(board: dict[str, Any]) -> dict[str, tuple[float, float]]:
    holes = mapping(board.get("holes"))
    out = {}
    for hole, xy in holes.items():
        if (isinstance(xy, list) and len(xy) == 2
                and all(isinstance(v, int | float) and not isinstance(v, bool) for v in xy)):
            out[str(hole)] = (float(xy[0]), float(xy[1]))
    return out


def _frame(board: dict[str, Any]) -> tuple[float, float, float, int]:
    """(scale, x shift, y shift, height): the holes' bounding box fitted to the image width
    (the board's own drawing area may have empty space), with room inside the frame beside
    the holes for a peg and above and below them for a hole's label over its peg."""
    points = list(_points(board).values()) or [(0.0, 0.0)]
    left, top = min(x for x, _ in points), min(y for _, y in points)
    width = max(1.0, max(x for x, _ in points) - left)
    height = max(1.0, max(y for _, y in points) - top)
    scale = min((BOARD_W - 2 * SIDE_ROOM) / width, (BOARD_MAX_H - 2 * LABEL_ROOM) / height)
    shift_x = (BOARD_W - width * scale) / 2 - left * scale
    return scale, shift_x, LABEL_ROOM - top * scale, int(height * scale + 2 * LABEL_ROOM)


def _placed(board: dict[str, Any]) -> dict[str, Point]:
    """Every hole's position in the board tile."""
    scale, dx, dy, _ = _frame(board)
    return {hole: (x * scale + dx, y * scale + dy) for hole, (x, y) in _points(board).items()}


def _ids(value: Any) -> list[str]:
    return [str(v) for v in listed(value) if isinstance(v, str | int)]


@lru_cache(maxsize=8)
def _board_tile(board_json: str) -> tuple[Image.Image, tuple[text.Drawn, ...]]:
    """The empty track, drawn once per board (the data never changes during a game), with
    the text it drew (for `text.replay`)."""
    with text.recording() as drawn:
        tile = _draw_board(json.loads(board_json))
    return tile, tuple(drawn)


def _draw_board(board: dict[str, Any]) -> Image.Image:
    height = _frame(board)[3]
    at = _placed(board)
    tile = Image.new("RGB", (BOARD_W, height), palette.WOOD)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle((0, 0, BOARD_W - 1, height - 1), radius=18, outline=palette.WOOD_DARK,
                           width=BORDER)

    def line(ids: list[str], colour: palette.RGB, width: int) -> None:
        points = [at[h] for h in ids if h in at]
        if len(points) >= 2:
            draw.line(points, fill=colour, width=width, joint="curve")

    track = _ids(board.get("track"))
    line(track, TRACK_LINE, 9)
    for advance in (mapping(a) for a in listed(board.get("advances"))):
        line([str(advance.get("entry")), *_ids(advance.get("path")), str(advance.get("rejoin"))],
             ADVANCE_GREEN, 6)
    for trap in (mapping(t) for t in listed(board.get("traps"))):
        zone = _ids(trap.get("holes"))
        dashed(draw, [at[h] for h in [*zone[:1], *_ids(trap.get("path")), str(trap.get("rejoin"))]
                      if h in at], TRAP_BLUE, 6)
        line(zone, TRAP_BLUE, 14)
    for slide in (mapping(s) for s in listed(board.get("slides"))):
        start, end = at.get(str(slide.get("from"))), at.get(str(slide.get("to")))
        if start and end:
            draw.line((start, end), fill=SLIDE_RED, width=5)
            _arrow_head(draw, start, end, SLIDE_RED)
    for entry, rect in _box_rects(board, at):
        draw.rounded_rectangle(rect, radius=6, fill=BOX_FILL, outline=BOX_DARK, width=3)
        if entry:  # straight down (or up) to the box where it lies under its hole
            x = min(max(entry[0], rect[0] + 12), rect[2] - 12)
            draw.line((entry, (x, rect[1] if rect[1] > entry[1] else rect[3])), fill=BOX_DARK,
                      width=3)
    on_track = {hole: index for index, hole in enumerate(track)}
    for hole, (x, y) in at.items():
        if hole in on_track:
            r = 3.5 if on_track[hole] % 5 == 0 else 2.2  # every fifth hole stands out
            draw.ellipse((x - r, y - r, x + r, y + r), fill=palette.HOLE)
        else:  # a hole on a path or in a box: a ring, so a peg there sits on a visible hole
            draw.ellipse((x - 4.5, y - 4.5, x + 4.5, y + 4.5), fill=palette.WHITE,
                         outline=palette.HOLE, width=2)
    return tile


def _box_rects(board: dict[str, Any], at: dict[str, Point]) -> list[tuple[Point | None, Rect]]:
    """Each penalty box as drawn: (its hole on the track, the rectangle around its cells)."""
    rects = []
    for box in (mapping(b) for b in listed(board.get("boxes"))):
        cells = [at[c] for c in _ids(box.get("cells")) if c in at]
        if cells:
            xs, ys = [c[0] for c in cells], [c[1] for c in cells]
            rects.append((at.get(str(box.get("hole"))),
                          (min(xs) - 10, min(ys) - 10, max(xs) + 10, max(ys) + 10)))
    return rects


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@lru_cache(maxsize=8)
def _hole_labels(board_json: str) -> tuple[tuple[str, Point, bool, bool, Rect], ...]:
    """(label, its anchor, below, bold, its patch): Start, Finish and every tenth hole's
    number, above its hole, or below when above it would cover a box, another hole or label,
    or leave the frame."""
    board = json.loads(board_json)
    at = _placed(board)
    track = _ids(board.get("track"))
    inside = (BORDER + 1, BORDER + 1, BOARD_W - BORDER - 1, _frame(board)[3] - BORDER - 1)
    holes = {hole: (x - 6, y - 6, x + 6, y + 6) for hole, (x, y) in at.items()}
    boxes = [rect for _, rect in _box_rects(board, at)]
    labels: list[tuple[str, Point, bool, bool, Rect]] = []
    last = len(track) - 1
    for index, hole in enumerate(track):
        if hole not in at or not (index == last or (index % 10 == 0 and index < last - 4)):
            continue
        label = "Start" if index == 0 else ("Finish" if index == last else hole)
        bold = index in (0, last)
        size = SMALL if bold else NUMBER
        half = text.width(label, size, bold) / 2 + 3
        x = min(max(at[hole][0], inside[0] + half), inside[2] - half)  # inside the frame
        y = at[hole][1]
        taken = [*boxes, *(rect for other, rect in holes.items() if other != hole),
                 *(placed[4] for placed in labels)]
        spots = [_label_spot(x + dx, y, half, size, below, lift) for _, below, dx, lift in sorted(
            (abs(dx) + lift, below, dx, lift) for dx in NUDGES for lift in LIFTS
            for below in (False, True))]
        spot = next((spot for spot in spots if inside[1] <= spot[2][1]
                     and spot[2][3] <= inside[3] and not any(_overlap(spot[2], other)
                                                             for other in taken)), spots[0])
        labels.append((label, spot[0], spot[1], bold, spot[2]))
    return tuple(labels)


def _label_spot(x: float, y: float, half: float, size: int, below: bool,
                lift: float) -> tuple[Point, bool, Rect]:
    """(anchor, below, patch) of a label centred on x, above or below the hole at y."""
    if below:
        top = y + LABEL_GAP + lift - 1
        return (x, top + 1), True, (x - half, top, x + half, top + size + 2)
    bottom = y - LABEL_GAP - lift + 1
    return (x, bottom - 1), False, (x - half, bottom - size - 2, x + half, bottom)


def _draw_hole_labels(draw: ImageDraw.ImageDraw, board_json: str, origin: tuple[int, int],
                      pegs: list[Point]) -> None:
    """The hole labels, clear of a peg in their own hole; a label that a peg off the track
    (on a path, in a box) would cover is left out: the peg is there, and covers no text."""
    ox, oy = origin
    for label, (x, y), below, bold, patch in _hole_labels(board_json):
        box = (patch[0] + ox, patch[1] + oy, patch[2] + ox, patch[3] + oy)
        if any(box[0] - PEG_R < px < box[2] + PEG_R and box[1] - PEG_R < py < box[3] + PEG_R
               for px, py in pegs):
            continue
        # A patch of wood behind the number keeps it readable over a path drawn there.
        draw.rounded_rectangle(box, radius=4, fill=palette.WOOD)
        text.draw(draw, (x + ox, y + oy), label, SMALL if bold else NUMBER, fill=palette.HOLE,
                  bold=bold,
                  anchor="ma" if below else "md")


def dashed(draw: ImageDraw.ImageDraw, points: list[Point], colour: palette.RGB, width: int,
           dash: float = 7.0) -> None:
    """A polyline drawn in dashes: the blue trap paths differ from the green shortcuts in
    pattern as well as colour."""
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
        steps = max(1, int(length // dash))
        for i in range(0, steps, 2):
            a, b = i / steps, min(1.0, (i + 1) / steps)
            draw.line((x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * b,
                       y1 + (y2 - y1) * b), fill=colour, width=width)


def _arrow_head(draw: ImageDraw.ImageDraw, start: Point, end: Point,
                colour: palette.RGB) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    tip = (end[0] - ux * 4, end[1] - uy * 4)
    back = (tip[0] - ux * 12, tip[1] - uy * 12)
    draw.polygon([tip, (back[0] - uy * 7, back[1] + ux * 7), (back[0] + uy * 7,
                                                               back[1] - ux * 7)], fill=colour)


def race_board_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                       four_colour: bool) -> int:
    board = mapping(view.get("board"))
    key = json.dumps(board, sort_keys=True, default=str)
    tile, drawn = _board_tile(key)
    origin = (round((cribbage.WIDTH - BOARD_W) / 2), y)
    image.paste(tile, origin)
    text.replay(drawn, origin, image)
    placed = [((px + origin[0], py + origin[1]), side)
              for (px, py), side in _peg_spots(board, view, tile.height)]
    _draw_hole_labels(draw, key, origin, [xy for xy, _ in placed])
    for xy, side in placed:
        layout.token(draw, xy, PEG_R, side)
    return _legend(draw, y + tile.height + 8)


def _peg_spots(board: dict[str, Any], view: View, height: int) -> list[tuple[Point, int]]:
    """Where each side's peg is drawn on the board tile. Pegs sharing a hole stand side by
    side around it, two to a row, so every side's letter stays visible; a crowd at the edge
    of the board moves in as one, so no peg hangs over the frame."""
    at = _placed(board)
    crowds: dict[str, list[int]] = {}
    for peg in (mapping(p) for p in listed(view.get("pegs"))):
        if str(peg.get("hole")) in at:
            crowds.setdefault(str(peg.get("hole")), []).append(integer(peg.get("side")))
    low, high = BORDER + PEG_R + 1, (BOARD_W - BORDER - PEG_R - 1, height - BORDER - PEG_R - 1)
    placed = []
    for hole, sides in crowds.items():
        spots = []
        for nth in range(len(sides)):
            row, col = divmod(nth, 2)
            in_row = min(2, len(sides) - row * 2)
            spots.append((at[hole][0] + (col - (in_row - 1) / 2) * (2 * PEG_R + 1),
                          at[hole][1] + row * (2 * PEG_R + 1)))
        shift = [max(0.0, low - min(xy[axis] for xy in spots))
                 - max(0.0, max(xy[axis] for xy in spots) - high[axis]) for axis in (0, 1)]
        placed += [((x + shift[0], y + shift[1]), side)
                   for (x, y), side in zip(spots, sides, strict=True)]
    return placed


def _legend(draw: ImageDraw.ImageDraw, y: int) -> int:
    """What the marks mean, each mark drawn as on the board: shape tells them apart too."""
    cell = (cribbage.WIDTH - 2 * cribbage.MARGIN) / 2
    marks = ("slide", "green advance", "time trap", "penalty box")  # as the rules name them
    for index, words in enumerate(marks):
        row, col = divmod(index, 2)
        x = cribbage.MARGIN + col * cell
        mid = y + row * 24 + 10
        if index == 0:
            draw.line((x, mid, x + 30, mid), fill=SLIDE_RED, width=5)
            _arrow_head(draw, (x, mid), (x + 40, mid), SLIDE_RED)
        elif index == 1:
            draw.line((x, mid, x + 36, mid), fill=ADVANCE_GREEN, width=6)
            for dot in (x + 12, x + 26):
                draw.ellipse((dot - 4.5, mid - 4.5, dot + 4.5, mid + 4.5), fill=palette.WHITE,
                             outline=palette.HOLE, width=2)
        elif index == 2:
            dashed(draw, [(x, mid), (x + 36, mid)], TRAP_BLUE, 6, dash=6)
        else:
            draw.rounded_rectangle((x, mid - 8, x + 36, mid + 8), radius=5, fill=BOX_FILL,
                                   outline=BOX_DARK, width=3)
        text.draw(draw, (x + 46, mid), words, SMALL, fill=palette.SOFT_WHITE, anchor="lm",
                  max_width=cell - 50)
    return y + 2 * 24 + 8


def peg_place(view: View, side: int) -> str:
    """Where a side's peg is when not simply on the numbered track."""
    for peg in (mapping(p) for p in listed(view.get("pegs"))):
        if integer(peg.get("side"), -1) != side:
            continue
        path = str(peg.get("path") or "main")
        if peg.get("boxed") or path.startswith("box"):
            return "in a box"
        if path.startswith("green"):
            return "green advance"
        if path.startswith("blue"):
            return "time trap"
    return ""


def sides_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                  four_colour: bool) -> int:
    return cribbage.sides_section(image, draw, view, y, four_colour,
                                  extra=lambda side: peg_place(view, side))


def one_line_sides_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                           four_colour: bool) -> int:
    return cribbage.sides_section(image, draw, view, y, four_colour,
                                  extra=lambda side: peg_place(view, side), own_line=False)


def zone_lines(view: View) -> list[str]:
    """Who is boxed, and the zone events of this deal (or, between deals, the last)."""
    lines = []
    holes = {mapping(b).get("name"): mapping(b).get("hole")
             for b in listed(mapping(view.get("board")).get("boxes"))}
    for box, sides in mapping(view.get("penalty_boxes")).items():
        boxed = [cribbage.side_name(view, s) for s in listed(sides)
                 if isinstance(s, int) and 0 <= s < len(cribbage.side_lists(view))]
        if boxed:
            lines.append(f"In the penalty box at {holes.get(box, '?')}: " + ", ".join(boxed)
                         + ("" if view.get("outcome") else " (playing, but scoring nothing)"))
    # Written as the game's log wrote them (no "Last deal: "): the message says a landing
    # already among its latest events once, matching it word for word.
    events, _ = deal_landings(view)
    # A peg may land on one zone again in a deal (a trap's path leads back to it): that is
    # said once, with how often, as a line said twice would read as a mistake.
    times = Counter(seats.fill_names(event["text"], view) for event in events)
    for line, count in times.items():
        often = "twice" if count == 2 else f"{count} times"
        lines.append(line if count == 1 else f"{line.removesuffix('.')} ({often}).")
    return lines


def deal_landings(view: View) -> tuple[list[dict[str, Any]], str]:
    """This deal's zone events; or, before any this deal, the last deal's, with the words
    that say so ("Last deal: "), as pegs may have moved on since."""
    for key, lead in (("zone_events", ""), ("last_zone_events", LAST_DEAL)):
        events = [e for e in map(mapping, listed(view.get(key))) if e.get("text")]
        if events:
            return events, lead
    return [], ""


def latest_landing(view: View) -> str:
    """The zone event the table shows: the latest, its deal said when it is the last one."""
    events, lead = deal_landings(view)
    return lead + seats.fill_names(events[-1]["text"], view) if events else ""


def zone_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                 four_colour: bool) -> int:
    """The latest zone event; the others are in the message (`details`)."""
    return _landing_lines(draw, view, y, 2)


def zone_line_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                      four_colour: bool) -> int:
    """The latest zone event on one line, its end cut, for a table short of room."""
    return _landing_lines(draw, view, y, 1)


def _landing_lines(draw: ImageDraw.ImageDraw, view: View, y: int, lines: int) -> int:
    words = latest_landing(view)
    if not words:
        return y
    room = cribbage.WIDTH - 2 * cribbage.MARGIN
    for part in text.wrap(words, cribbage.BODY, room, lines) if lines > 1 else [words]:
        text.draw(draw, (cribbage.MARGIN, y), part, cribbage.BODY, fill=palette.HIGHLIGHT,
                  max_width=room)
        y += 27
    return y + 8


def details(view: View) -> list[str]:
    return zone_lines(view) + cribbage.show_details(view)


SECTIONS = (race_board_section, sides_section, cribbage.outcome_section, zone_section,
            cribbage.count_section, cribbage.play_section, cribbage.show_section)


# The latest zone event is the first to go when the table is short of room (a line first):
# the message lists every zone event of the deal.
SHORTER = ((zone_section, zone_line_section), (zone_line_section, cribbage.no_section),
           *cribbage.SHORTER,
           (sides_section, one_line_sides_section))


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    return cribbage.compose(view, four_colour, SECTIONS, title=TITLE, shorter=SHORTER)


def hand_picture(view: View, writing: CardWriting = SYMBOLS) -> HandPicture:
    """Cribbage's hand; with six players the dealing team's discards go under the deck, and
    its hand says so where Cribbage's says "to the crib"."""
    picture = cribbage.hand_picture(view, TITLE, writing)
    seat, dealer = view.get("seat"), view.get("dealer")
    if view.get("players") == 6 and any(seat in listed(side) and dealer in listed(side)
                                        for side in listed(view.get("sides"))):
        status = picture.status.replace("discard to the crib", "discard under the deck")
        lines = [line.replace("Your discards to the crib:", "Your discard under the deck:")
                 for line in picture.lines]
        picture = replace(picture, status=status, lines=lines)
    return picture


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    return draw_hand_picture(hand_picture(view), four_colour)
