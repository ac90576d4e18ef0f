"""Crib Race: Cribbage's table with the race track in place of the board: the track drawn
from the board data in the view (slides, green advances, blue traps, penalty boxes), one peg
per side, and this deal's zone events in words.

Reads Cribbage's view keys plus those documented in engine/crib_race/__init__.py: board
{size, holes, track, slides, advances, traps, boxes}, pegs [{side, hole, boxed}],
penalty_boxes, zone_events, last_zone_events.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import cribbage
from render.kit import layout, palette, seats, text
from render.kit.safe import integer, listed, mapping
from render.registry import View, register

BOARD_W, BOARD_MAX_H = 1052, 500
SLIDE_RED = palette.hex_rgb("#c0392b")
ADVANCE_GREEN = palette.hex_rgb("#1e8449")
TRAP_BLUE = palette.hex_rgb("#1f5fbf")
BOX_DARK = palette.hex_rgb("#5b2c2c")
TRACK_LINE = palette.hex_rgb("#b98e58")

Point = tuple[float, float]


def _points(board: dict[str, Any]) -> dict[str, tuple[float, float]]:
    holes = mapping(board.get("holes"))
    out = {}
    for hole, xy in holes.items():
        if (isinstance(xy, list) and len(xy) == 2
                and all(isinstance(v, int | float) and not isinstance(v, bool) for v in xy)):
            out[str(hole)] = (float(xy[0]), float(xy[1]))
    return out


def _frame(board: dict[str, Any]) -> tuple[float, float, float, int]:
    """(scale, x shift, y shift, height): the holes' bounding box, with a margin, fitted to
    the image width (the board's own drawing area may have empty space)."""
    points = list(_points(board).values()) or [(0.0, 0.0)]
    margin = 40.0
    left = min(x for x, _ in points) - margin
    top = min(y for _, y in points) - margin
    width = max(1.0, max(x for x, _ in points) + margin - left)
    height = max(1.0, max(y for _, y in points) + margin - top)
    scale = min(BOARD_W / width, BOARD_MAX_H / height)
    shift_x = (BOARD_W - width * scale) / 2 - left * scale
    return scale, shift_x, -top * scale, int(height * scale) + 2


def _placed(board: dict[str, Any]) -> dict[str, Point]:
    """Every hole's position in the board tile."""
    scale, dx, dy, _ = _frame(board)
    return {hole: (x * scale + dx, y * scale + dy) for hole, (x, y) in _points(board).items()}


def _ids(value: Any) -> list[str]:
    return [str(v) for v in listed(value) if isinstance(v, str | int)]


@lru_cache(maxsize=8)
def _board_tile(board_json: str) -> Image.Image:
    """The empty track, drawn once per board (the data never changes during a game)."""
    board = json.loads(board_json)
    height = _frame(board)[3]
    at = _placed(board)
    tile = Image.new("RGB", (BOARD_W, height), palette.WOOD)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle((0, 0, BOARD_W - 1, height - 1), radius=18, outline=palette.WOOD_DARK,
                           width=4)

    def line(ids: list[str], colour: palette.RGB, width: int) -> None:
        points = [at[h] for h in ids if h in at]
        if len(points) >= 2:
            draw.line(points, fill=colour, width=width, joint="curve")

    track = _ids(board.get("track"))
    line(track, TRACK_LINE, 12)
    for advance in (mapping(a) for a in listed(board.get("advances"))):
        line([str(advance.get("entry")), *_ids(advance.get("path")), str(advance.get("rejoin"))],
             ADVANCE_GREEN, 8)
    for trap in (mapping(t) for t in listed(board.get("traps"))):
        zone = _ids(trap.get("holes"))
        line([*zone[:1], *_ids(trap.get("path")), str(trap.get("rejoin"))], TRAP_BLUE, 8)
        line(zone, TRAP_BLUE, 16)
    for slide in (mapping(s) for s in listed(board.get("slides"))):
        start, end = at.get(str(slide.get("from"))), at.get(str(slide.get("to")))
        if start and end:
            draw.line((start, end), fill=SLIDE_RED, width=6)
            _arrow_head(draw, start, end, SLIDE_RED)
    for box in (mapping(b) for b in listed(board.get("boxes"))):
        cells = [at[c] for c in _ids(box.get("cells")) if c in at]
        entry = at.get(str(box.get("hole")))
        if cells:
            xs, ys = [c[0] for c in cells], [c[1] for c in cells]
            draw.rounded_rectangle((min(xs) - 14, min(ys) - 14, max(xs) + 14, max(ys) + 14),
                                   radius=8, fill=palette.hex_rgb("#e8d2c8"), outline=BOX_DARK,
                                   width=3)
            if entry:
                draw.line((entry, (sum(xs) / len(xs), min(ys) - 14)), fill=BOX_DARK, width=3)
    for x, y in at.values():
        draw.ellipse((x - 3.5, y - 3.5, x + 3.5, y + 3.5), fill=palette.HOLE)
    for index, hole in enumerate(track):
        last = len(track) - 1
        if hole in at and (index == last or (index % 10 == 0 and index < last - 4)):
            x, y = at[hole]
            label = "Start" if index == 0 else ("Finish" if index == len(track) - 1 else hole)
            text.draw(draw, (x, y - 10), label, 16, fill=palette.HOLE, bold=index == 0
                      or index == len(track) - 1, anchor="md")
    return tile


def _arrow_head(draw: ImageDraw.ImageDraw, start: Point, end: Point,
                colour: palette.RGB) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    tip = (end[0] - ux * 6, end[1] - uy * 6)
    back = (tip[0] - ux * 16, tip[1] - uy * 16)
    draw.polygon([tip, (back[0] - uy * 9, back[1] + ux * 9), (back[0] + uy * 9,
                                                               back[1] - ux * 9)], fill=colour)


def race_board_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                       four_colour: bool) -> int:
    board = mapping(view.get("board"))
    key = json.dumps(board, sort_keys=True, default=str)
    tile = _board_tile(key)
    origin = ((layout.WIDTH - BOARD_W) / 2, y)
    image.paste(tile, (round(origin[0]), y))
    at = _placed(board)
    crowd: dict[str, int] = {}
    for peg in (mapping(p) for p in listed(view.get("pegs"))):
        hole = str(peg.get("hole"))
        if hole not in at:
            continue
        side = integer(peg.get("side"))
        nth = crowd.get(hole, 0)
        crowd[hole] = nth + 1
        # Pegs sharing a hole fan out so every side's colour stays visible.
        x = origin[0] + at[hole][0] + (nth % 2) * 12 - 6 * (nth > 0)
        py = origin[1] + at[hole][1] + (nth // 2) * 12
        colour = palette.side_colour(side)
        draw.ellipse((x - 9, py - 9, x + 9, py + 9), fill=colour, outline=palette.WHITE, width=3)
    legend_y = y + tile.height + 6
    x = 24.0
    for colour, words in ((SLIDE_RED, "slide"), (ADVANCE_GREEN, "advance (shortcut)"),
                          (TRAP_BLUE, "time trap"), (BOX_DARK, "penalty box")):
        draw.rounded_rectangle((x, legend_y + 4, x + 28, legend_y + 16), radius=4, fill=colour)
        x += 36 + text.draw(draw, (x + 36, legend_y + 10), words, 17, fill=palette.SOFT_WHITE,
                            anchor="lm") + 24
    return legend_y + 34


def zone_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                 four_colour: bool) -> int:
    """Who is boxed, and the zones pegs hit this deal (or last deal, between deals)."""
    lines = []
    for box, sides in mapping(view.get("penalty_boxes")).items():
        boxed = [cribbage.side_name(view, s) for s in listed(sides)
                 if isinstance(s, int) and 0 <= s < len(cribbage.side_lists(view))]
        if boxed:
            lines.append(f"In {box}: " + ", ".join(boxed) + " (playing, but scoring nothing)")
    events = listed(view.get("zone_events")) or listed(view.get("last_zone_events"))
    for event in (mapping(e) for e in events[-3:]):
        if event.get("text"):
            lines.append(seats.fill_names(event["text"], view))
    for line in lines:
        text.draw(draw, (24, y), line, 18, fill=palette.HIGHLIGHT, max_width=layout.WIDTH - 48)
        y += 26
    return y + (8 if lines else 0)


SECTIONS = (race_board_section, cribbage.sides_section, cribbage.outcome_section, zone_section,
            cribbage.play_section, cribbage.show_section)


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    return cribbage.compose(view, four_colour, SECTIONS, title="Crib Race")


register("crib-race", table=draw_table, hand=cribbage.draw_hand)
