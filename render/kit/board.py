"""The cribbage board: a continuous track per side, laid out as on a real long board.

Each side's track is a loop: out along the upper half (holes 1..half, left to right), round
the right-hand end, and back along the lower half (right to left) to the game hole. Side 0
has the outermost loop. Holes come in groups of five, with numbers every ten in the strip
between the halves, and a skunk line. Two start holes per side hold the pegs before they
score. The empty board (and every hole's position) is computed once per (sides, target).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.kit import palette, text

BOARD_W = 1052
ROW_GAP = 26  # between the rows of neighbouring sides
CENTRE_STRIP = 54  # between the out and back halves: hole numbers live here
MARGIN_Y = 16
LEFT_RESERVE = 92  # start holes and game holes
RIGHT_RESERVE = 40  # the turn at the far end
HOLE_R = 3
SKUNK_LINE = palette.hex_rgb("#8b1e1e")


@dataclass(frozen=True)
class BoardLayout:
    sides: int
    target: int
    width: int
    height: int
    holes: dict[tuple[int, int], tuple[float, float]]  # (side, hole 1..target) -> centre
    starts: dict[tuple[int, int], tuple[float, float]]  # (side, 0 or 1) -> start hole centre
    out_rows: tuple[float, ...]  # y of each side's outbound row
    back_rows: tuple[float, ...]
    pitch: float


def _row_xs(count: int, left: float, right: float) -> tuple[list[float], float]:
    """x of `count` holes in groups of five between left and right; returns (xs, pitch)."""
    groups = (count + 4) // 5
    pitch = (right - left) / (count - 1 + (groups - 1) * 0.9)
    xs = []
    for i in range(count):
        xs.append(left + i * pitch + (i // 5) * pitch * 0.9)
    return xs, pitch


@lru_cache(maxsize=8)
def board_layout(sides: int, target: int) -> BoardLayout:
    half = (target - 1) // 2  # holes on the way out (60 of 121, 30 of 61)
    xs, pitch = _row_xs(half, LEFT_RESERVE, BOARD_W - RIGHT_RESERVE)
    out_rows = tuple(MARGIN_Y + 10 + i * ROW_GAP for i in range(sides))
    centre_top = out_rows[-1] + 10
    back_rows = tuple(centre_top + CENTRE_STRIP + (sides - 1 - i) * ROW_GAP for i in range(sides))
    height = int(max(back_rows) + 10 + MARGIN_Y)
    holes: dict[tuple[int, int], tuple[float, float]] = {}
    starts: dict[tuple[int, int], tuple[float, float]] = {}
    for side in range(sides):
        for i, x in enumerate(xs):
            holes[(side, i + 1)] = (x, out_rows[side])
            holes[(side, target - 1 - i)] = (x, back_rows[side])
        holes[(side, target)] = (LEFT_RESERVE - 40, back_rows[side])
        starts[(side, 0)] = (LEFT_RESERVE - 40, out_rows[side])
        starts[(side, 1)] = (LEFT_RESERVE - 60, out_rows[side])
    return BoardLayout(sides, target, BOARD_W, height, holes, starts, out_rows, back_rows, pitch)


def _tint(colour: palette.RGB, amount: float) -> palette.RGB:
    """Mix a colour with the wood: a light stripe that says whose track this is."""
    r, g, b = colour
    wr, wg, wb = palette.WOOD
    return (round(wr + (r - wr) * amount), round(wg + (g - wg) * amount),
            round(wb + (b - wb) * amount))


@lru_cache(maxsize=8)
def board_tile(sides: int, target: int) -> Image.Image:
    """The empty board: wood, coloured track stripes, holes, numbers, skunk line."""
    lay = board_layout(sides, target)
    tile = Image.new("RGB", (lay.width, lay.height), palette.WOOD)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle((0, 0, lay.width - 1, lay.height - 1), radius=22, fill=palette.WOOD,
                           outline=palette.WOOD_DARK, width=4)
    half = (target - 1) // 2
    first_x = lay.holes[(0, 1)][0]
    last_x = lay.holes[(0, half)][0]
    for side in range(sides):
        colour = _tint(palette.side_colour(side), 0.55)
        out_y, back_y = lay.out_rows[side], lay.back_rows[side]
        # The loop: two straight stripes joined by an arc at the far end.
        draw.rounded_rectangle((first_x - 9, out_y - 8, last_x + 9, out_y + 8), radius=8,
                               fill=colour)
        draw.rounded_rectangle((lay.holes[(side, target)][0] - 9, back_y - 8, last_x + 9,
                                back_y + 8), radius=8, fill=colour)
        arc_right = last_x + 14 + (sides - side) * 6
        draw.arc((last_x - (back_y - out_y) / 2 + 14, out_y, arc_right, back_y),
                 start=-90, end=90, fill=colour, width=8)
        start_left = lay.starts[(side, 1)][0]
        draw.rounded_rectangle((start_left - 9, out_y - 8, lay.starts[(side, 0)][0] + 9,
                                out_y + 8), radius=8, fill=colour)
    for (_side, hole), (x, y) in lay.holes.items():
        r = HOLE_R + 3 if hole == target else HOLE_R
        draw.ellipse((x - r, y - r, x + r, y + r), fill=palette.HOLE)
    for x, y in lay.starts.values():
        draw.ellipse((x - HOLE_R, y - HOLE_R, x + HOLE_R, y + HOLE_R), fill=palette.HOLE)
    # Numbers every ten holes, out along the top of the centre strip, back along its bottom.
    strip_top = lay.out_rows[-1] + 10
    strip_bottom = lay.back_rows[-1] - 10
    for hole in range(10, half + 1, 10):
        x = lay.holes[(0, hole)][0]
        text.draw(draw, (x, strip_top + 2), str(hole), 16, fill=palette.HOLE, anchor="ma")
    for hole in range(half + 10 - half % 10, target - 1, 10):
        x = lay.holes[(0, hole)][0]
        text.draw(draw, (x, strip_bottom - 1), str(hole), 16, fill=palette.HOLE, anchor="md")
    # The skunk line: a loser who has not passed it loses double.
    skunk = 91 if target == 121 else 31
    if skunk < target:
        x1 = lay.holes[(0, skunk - 1)][0]
        x2 = lay.holes[(0, skunk)][0]
        x = (x1 + x2) / 2
        draw.line((x, lay.back_rows[-1] - 12, x, lay.back_rows[0] + 12), fill=SKUNK_LINE, width=3)
    text.draw(draw, (14, strip_top + 2), "Start", 16, fill=palette.HOLE, anchor="la")
    text.draw(draw, (14, strip_bottom - 1), "Game", 16, fill=palette.HOLE, anchor="ld")
    return tile


def peg_position(lay: BoardLayout, side: int, score: int, back: bool) -> tuple[float, float]:
    """Where a peg stands: a start hole at 0, the game hole at or past the target."""
    if score <= 0:
        return lay.starts[(side, 1 if back else 0)]
    return lay.holes[(side, min(score, lay.target))]


def draw_pegs(draw: ImageDraw.ImageDraw, lay: BoardLayout, origin: tuple[float, float],
              side: int, front: int, back: int) -> None:
    """Both pegs of a side: the back peg (the score before the last points) is hollow, so
    players can see how far the last score moved."""
    colour = palette.side_colour(side)
    ox, oy = origin
    bx, by = peg_position(lay, side, back, back=True)
    fx, fy = peg_position(lay, side, front, back=False)
    r = 7
    draw.ellipse((ox + bx - r, oy + by - r, ox + bx + r, oy + by + r), fill=palette.WHITE,
                 outline=colour, width=4)
    draw.ellipse((ox + fx - r - 1, oy + fy - r - 1, ox + fx + r + 1, oy + fy + r + 1), fill=colour,
                 outline=palette.WHITE, width=2)
