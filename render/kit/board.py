"""A pegging board: a continuous track per side, laid out as two streets.

Like a real continuous board, the track snakes: street 1 runs left to right (holes 1-60 in a
game to 121, 1-30 in a game to 61), street 2 back right to left. Two streets, not four of
thirty holes, keep the board short enough that the whole table fits a phone screen. Every
street holds one lane per side (side 0 on top). Holes come in groups of five
with a clear gap between groups; numbers every ten sit above each street. The start holes
are left of street 1, the game hole left of the last street, and a labelled skunk line
crosses the turn where a loser's score stops counting double. The empty board (and every
hole's position) is computed once per (sides, target, width).

Sized for a phone: the board is drawn about 576 px wide in a 600 px picture, so holes are
7 to 15 px apart and a peg (its side's colour and its letter, at the readability floor)
stays readable at 380 px.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.kit import layout, palette, text

PEG_R = layout.TOKEN_R  # a peg's letter at the floor (18 px at 600 px): 30 px across
LANE = 2 * PEG_R + 1  # between the lanes of neighbouring sides
NUMBER_SIZE = 18  # hole numbers: the floor at 600 px
LABEL_SIZE = text.lower_floor_size(600)  # Start, Game, skunk: in lower case, a size up
NUMBER_ROOM = 15  # a hole number's height, clear of the pegs on either side
STREET_GAP = 2 * PEG_R + NUMBER_ROOM + 4  # between streets: the hole numbers live here
MARGIN_TOP = PEG_R + NUMBER_ROOM + LABEL_SIZE - NUMBER_SIZE  # "Start" is a size up
MARGIN_BOTTOM = PEG_R + NUMBER_ROOM + 11
#: Between a label and the pegs next to it; numbers and labels have no descenders, so they
#: sit on their baseline this far above a street's pegs.
PEG_CLEAR = 3
LEFT_RESERVE = 58  # start holes and game holes
RIGHT_RESERVE = 22  # the turn at the far end
GROUP_GAP = 0.8  # extra space between groups of five, in hole pitches
HOLE_R = 2.5
EDGE = 3  # the board's dark outline
CORNER = 16  # the radius of the board's corners
SKUNK_LINE = palette.hex_rgb("#8b1e1e")


@dataclass(frozen=True)
class BoardLayout:
    sides: int
    target: int
    width: int
    height: int
    street_holes: int  # holes in each street
    holes: dict[tuple[int, int], tuple[float, float]]  # (side, hole 1..target) -> centre
    starts: dict[tuple[int, int], tuple[float, float]]  # (side, 0 or 1) -> start hole centre
    street_tops: tuple[float, ...]  # y of each street's first lane
    xs: tuple[float, ...]  # x of the hole columns, left to right
    pitch: float


def _columns(left: float, right: float, holes: int) -> tuple[list[float], float]:
    """x of a street's hole columns in groups of five between left and right."""
    groups = holes // 5
    pitch = (right - left) / (holes - 1 + (groups - 1) * GROUP_GAP)
    return [left + i * pitch + (i // 5) * pitch * GROUP_GAP for i in range(holes)], pitch


STREETS = 2


def street_holes(target: int) -> int:
    """Holes in each of the two streets: 60 in a game to 121, 30 in a game to 61."""
    return max(5, (target - 1) // STREETS)


@lru_cache(maxsize=16)
def board_layout(sides: int, target: int, width: int = 576) -> BoardLayout:
    per_street = street_holes(target)
    xs, pitch = _columns(LEFT_RESERVE, width - RIGHT_RESERVE, per_street)
    count = STREETS
    street_h = (sides - 1) * LANE
    tops = tuple(MARGIN_TOP + i * (street_h + STREET_GAP) + 8 for i in range(count))
    height = int(tops[-1] + street_h + MARGIN_BOTTOM)
    holes: dict[tuple[int, int], tuple[float, float]] = {}
    starts: dict[tuple[int, int], tuple[float, float]] = {}
    for side in range(sides):
        for street, top in enumerate(tops):
            y = top + side * LANE
            for i in range(per_street):
                column = i if street % 2 == 0 else per_street - 1 - i
                holes[(side, street * per_street + i + 1)] = (xs[column], y)
        game_column = 0 if count % 2 == 0 else per_street - 1
        game_x = xs[game_column] + (-1 if count % 2 == 0 else 1) * (pitch * 2.2)
        holes[(side, target)] = (game_x, tops[-1] + side * LANE)
        starts[(side, 0)] = (LEFT_RESERVE - pitch * 1.6, tops[0] + side * LANE)
        starts[(side, 1)] = (LEFT_RESERVE - pitch * 2.9, tops[0] + side * LANE)
    return BoardLayout(sides, target, width, height, per_street, holes, starts, tops, tuple(xs),
                       pitch)


def _tint(colour: palette.RGB, amount: float) -> palette.RGB:
    """Mix a colour with the wood: a light stripe that says whose lane this is."""
    r, g, b = colour
    wr, wg, wb = palette.WOOD
    return (round(wr + (r - wr) * amount), round(wg + (g - wg) * amount),
            round(wb + (b - wb) * amount))


def skunk_hole(target: int) -> int:
    """A loser who has not passed this hole loses double (91 of 121, 31 of 61)."""
    return 91 if target == 121 else 31


@lru_cache(maxsize=16)
def board_tile(sides: int, target: int, width: int = 576) -> tuple[Image.Image,
                                                                   tuple[text.Drawn, ...]]:
    """The empty board: wood, lane stripes, holes in fives, numbers, the skunk line; drawn
    once per layout, and returned with the text it drew (for `text.replay`)."""
    with text.recording() as drawn:
        tile = _board_tile(sides, target, width)
    return tile, tuple(drawn)


def _board_tile(sides: int, target: int, width: int) -> Image.Image:
    lay = board_layout(sides, target, width)
    tile = Image.new("RGB", (lay.width, lay.height), palette.FELT)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle((0, 0, lay.width - 1, lay.height - 1), radius=CORNER,
                           fill=palette.WOOD, outline=palette.WOOD_DARK, width=EDGE)
    first_x, last_x = lay.xs[0], lay.xs[-1]
    count = len(lay.street_tops)
    for side in range(sides):
        colour = _tint(palette.side_colour(side), 0.35)
        for street, top in enumerate(lay.street_tops):
            y = top + side * LANE
            left = lay.starts[(side, 1)][0] if street == 0 else first_x
            if street == count - 1:
                left = min(left, lay.holes[(side, target)][0])
            draw.rounded_rectangle((left - 8, y - 7, last_x + 8, y + 7), radius=7, fill=colour)
    # Turns: where the track runs on from one street to the next.
    for street in range(count - 1):
        bottom_lane = lay.street_tops[street] + (sides - 1) * LANE
        next_top = lay.street_tops[street + 1]
        x = last_x + 12 if street % 2 == 0 else first_x - 12
        draw.line((x, bottom_lane + 8, x, next_top - 8), fill=palette.WOOD_DARK, width=3)
    for (_side, hole), (x, y) in lay.holes.items():
        r = HOLE_R + 2.5 if hole == target else HOLE_R
        draw.ellipse((x - r, y - r, x + r, y + r), fill=palette.HOLE)
    for x, y in lay.starts.values():
        draw.ellipse((x - HOLE_R, y - HOLE_R, x + HOLE_R, y + HOLE_R), fill=palette.HOLE)
    # Numbers every ten, above each street's first lane; the one over a street's last column
    # ends where the lanes end, out of the board's rounded corner.
    for hole in range(10, target, 10):
        x, _ = lay.holes[(0, hole)]
        street = (hole - 1) // lay.street_holes
        y = lay.street_tops[street] - PEG_R - PEG_CLEAR
        if x == last_x:
            text.draw(draw, (last_x + 8, y), str(hole), NUMBER_SIZE, fill=palette.HOLE,
                      anchor="rs")
        else:
            text.draw(draw, (x, y), str(hole), NUMBER_SIZE, fill=palette.HOLE, anchor="ms")
    text.draw(draw, (12, lay.street_tops[0] - PEG_R - PEG_CLEAR), "Start", LABEL_SIZE,
              fill=palette.HOLE, anchor="ls")
    game_x = lay.holes[(0, target)][0]
    last_lane = lay.street_tops[-1] + (sides - 1) * LANE
    text.draw(draw, (game_x, last_lane + PEG_R + PEG_CLEAR), f"Game {target}", LABEL_SIZE,
              fill=palette.HOLE, bold=True, anchor="lt" if count % 2 == 0 else "rt")
    _skunk_line(draw, lay)
    return tile


def _skunk_line(draw: ImageDraw.ImageDraw, lay: BoardLayout) -> None:
    """A red bar across the track between the skunk hole and the one before it, labelled."""
    skunk = skunk_hole(lay.target)
    if skunk >= lay.target:
        return
    before, at = lay.holes[(0, skunk - 1)], lay.holes[(0, skunk)]
    if before[1] != at[1]:  # the skunk hole starts a street: the line crosses the turn
        street = (skunk - 1) // lay.street_holes
        y = lay.street_tops[street] - PEG_R - 8
        right_end = street % 2 == 1
        x1 = at[0] - lay.pitch * 2 if right_end else 4
        x2 = lay.width - 4 if right_end else at[0] + lay.pitch * 2
        label_x = x1 - 6 if right_end else x2 + 6
        draw.line((x1, y, x2, y), fill=SKUNK_LINE, width=4)
        text.draw(draw, (label_x, y), "skunk", LABEL_SIZE, fill=SKUNK_LINE,
                  bold=True, anchor="rm" if right_end else "lm")
        return
    x = (before[0] + at[0]) / 2
    top = at[1] - 10
    bottom = at[1] + (lay.sides - 1) * LANE + 10
    draw.line((x, top, x, bottom), fill=SKUNK_LINE, width=4)
    text.draw(draw, (x + 4, bottom + 2), f"skunk {skunk}", LABEL_SIZE, fill=SKUNK_LINE,
              bold=True, anchor="lt")


def peg_position(lay: BoardLayout, side: int, score: int, back: bool) -> tuple[float, float]:
    """Where a peg stands: a start hole at 0, the game hole at or past the target."""
    if score <= 0:
        return lay.starts[(side, 1 if back else 0)]
    return lay.holes[(side, min(score, lay.target))]


def draw_pegs(draw: ImageDraw.ImageDraw, lay: BoardLayout, origin: tuple[float, float],
              side: int, front: int, back: int) -> None:
    """Both pegs of a side, each with the side's letter: the back peg (the score before the
    last points) is a ring, so players can see how far the last score moved."""
    ox, oy = origin
    bx, by = peg_position(lay, side, back, back=True)
    fx, fy = peg_position(lay, side, front, back=False)
    if math.dist((bx, by), (fx, fy)) > 2 * PEG_R:
        layout.token(draw, (ox + bx, oy + by), PEG_R, side, hollow=True)
    elif (bx, by) != (fx, fy):
        # Too close for a lettered peg beside the front one: a small ring, as on a real
        # board, which the front peg (with the letter) may partly hide.
        layout.token(draw, (ox + bx, oy + by), PEG_R // 2, side, hollow=True, label="")
    layout.token(draw, (ox + fx, oy + fy), PEG_R, side)
