"""The chart of a finished game: a few series in, a PNG and its alt text out.

Pure like the rest of render/: `draw(chart)` -> PNG bytes, `describe(chart)` -> one paragraph
for screen readers. Which series a game has is worked out in render/series.py.

Phone-first: the picture is 800 px wide and every text keeps the kit's floor for that width;
each line has its side's colour, its own marker shape, and its letter at its end and in the
legend, so colour is never the only cue.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from engine.analysis import figure
from engine.seat_words import spoken_list
from render.kit import palette, text
from render.kit.png import encode

WIDTH = 800
TITLE_SIZE = 30
BODY_SIZE = 27
AXIS_SIZE = 27  # the lower-case floor at 800 px: 12.8 px on a 380 px screen
LINE_WIDTH = 5
MARKER = 9
#: Marker shapes, in the order lines take them (their names are used in the alt text).
SHAPES = ("circle", "square", "triangle", "diamond")
ALT_LIMIT = 1024  # Discord's longest attachment description
PLOT = (78, 84, WIDTH - 64, 396)  # the plotting area: left, top, right, bottom
LEGEND_TOP = 478
LEGEND_ROW = 36


@dataclass(frozen=True)
class Line:
    name: str  # who it is ("Ann", "Ann & Cid", "Ann's racer A")
    mark: str  # a letter or two drawn at its end and in the legend
    colour: int  # index into palette.SIDE_COLOURS
    points: tuple[tuple[float, float], ...]  # (x, y) in order of x; x may repeat (a drop)
    shape: int = 0  # index into SHAPES


@dataclass(frozen=True)
class Tick:
    x: float
    label: str


@dataclass(frozen=True)
class Rule:
    """A level worth seeing: the skunk line, the finish."""

    y: float
    label: str


@dataclass(frozen=True)
class Note:
    """A move back worth marking (a slide, a trap): line `line` went from y_from to y_to."""

    line: int
    x: float
    y_from: float
    y_to: float
    label: str


@dataclass(frozen=True)
class Chart:
    title: str  # the game's title and number: "<Title> #12"
    subject: str  # what is drawn, for the alt text: "points through 9 deals"
    x_label: str
    y_label: str
    lines: tuple[Line, ...]
    ticks: tuple[Tick, ...] = ()
    rules: tuple[Rule, ...] = ()
    notes: tuple[Note, ...] = ()
    steps: bool = True  # a value holds until the next point (scores), else straight lines
    ending: str = ""  # the last sentence of the alt text ("Bob pegged out, 121–97.")
    y_floor: float = 0
    y_top: float = field(default=0)  # at least this high (a target the scores aim at)


# ============================================================== drawing


def draw(chart: Chart) -> bytes:
    return encode(draw_image(chart))


def draw_image(chart: Chart) -> Image.Image:
    legend_rows = math.ceil(len(chart.lines) / _legend_columns(chart)) + (1 if chart.notes else 0)
    height = LEGEND_TOP + legend_rows * LEGEND_ROW + 12
    image = Image.new("RGB", (WIDTH, height), palette.PANEL)
    canvas = ImageDraw.Draw(image)
    canvas.rectangle((0, 0, WIDTH, 48), fill=palette.FELT_DARK)
    text.draw(canvas, (16, 24), chart.title, TITLE_SIZE, fill=palette.WHITE, bold=True,
              anchor="lm", max_width=WIDTH - 32)
    scale = _Scale(chart, PLOT)
    _grid(canvas, chart, scale, PLOT)
    for rule in chart.rules:
        _rule(canvas, rule, scale, PLOT)
    for line in chart.lines:
        _series(canvas, chart, line, scale)
    for note in chart.notes:
        _note(canvas, note, scale)
    for rule in chart.rules:
        _rule_label(canvas, rule, scale, PLOT)
    _end_labels(canvas, chart, scale)
    _legend(canvas, chart, LEGEND_TOP)
    return image


def draw_inset(canvas: ImageDraw.ImageDraw, chart: Chart, box: tuple[int, int, int, int],
               size: int, ink: palette.RGB) -> None:
    """A chart small enough to sit inside another picture (a player's rating over time), all
    its lines in one ink: the lines with a marker at each end, between gridlines at the lowest
    and the highest value, labelled at `size` on the left. No title, axis names or legend: the
    picture around it says what it shows."""
    ys = [y for line in chart.lines for _, y in line.points]
    if not ys:
        return
    low, high = min(ys), max(ys)
    if high == low:
        low, high = low - 1, high + 1
    left, top, right, bottom = box
    # As every rating figure reads elsewhere: one decimal, the true minus sign.
    labels = [figure(low), figure(high)]
    label_width = max(text.width(label, size) for label in labels) + 8
    plot = (round(left + label_width), round(top + size / 2 + 2), right - MARKER,
            round(bottom - size / 2 - 2))
    scale = _Scale(chart, plot)
    scale.y0, scale.y1 = low, high  # the data's own range: a small chart has no room to spare
    for value, label in zip((low, high), labels, strict=True):
        y = scale.y(value)
        canvas.line((plot[0], y, plot[2], y), fill=palette.DIM, width=1)
        text.draw(canvas, (plot[0] - 8, y), label, size, fill=palette.SOFT_WHITE, anchor="rm")
    for line in chart.lines:
        path = _path(chart, line, scale)
        if len(path) > 1:
            canvas.line(path, fill=ink, width=3, joint="curve")
        if path:
            marker(canvas, path[-1], line.shape, ink, MARKER - 3)


class _Scale:
    def __init__(self, chart: Chart, box: tuple[int, int, int, int]) -> None:
        xs = [x for line in chart.lines for x, _ in line.points] or [0.0]
        ys = [y for line in chart.lines for _, y in line.points] or [0.0]
        ys += [rule.y for rule in chart.rules]
        self.x0, self.x1 = min(xs), max(max(xs), min(xs) + 1)
        self.y0 = min(chart.y_floor, min(ys))
        self.y_step = _nice_step(max(max(ys), chart.y_top) - self.y0)
        self.y1 = self.y0 + self.y_step * math.ceil((max(max(ys), chart.y_top) - self.y0)
                                                    / self.y_step or 1)
        self.box = box

    def x(self, value: float) -> float:
        left, _, right, _ = self.box
        return left + (value - self.x0) / (self.x1 - self.x0) * (right - left)

    def y(self, value: float) -> float:
        _, top, _, bottom = self.box
        return bottom - (value - self.y0) / (self.y1 - self.y0) * (bottom - top)


def _nice_step(span: float) -> float:
    """A round step giving at most 6 gridlines over `span`."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 6:
            return step
    return 10 ** math.ceil(math.log10(max(span, 1) / 6))


def _grid(canvas: ImageDraw.ImageDraw, chart: Chart, scale: _Scale,
          box: tuple[int, int, int, int]) -> None:
    left, top, right, bottom = box
    value = scale.y0
    while value <= scale.y1 + 1e-9:
        y = scale.y(value)
        canvas.line((left, y, right, y), fill=palette.DIM, width=1)
        text.draw(canvas, (left - 8, y), f"{value:g}", AXIS_SIZE, fill=palette.MUTED_INK,
                  anchor="rm")
        value += scale.y_step
    last_label = -math.inf
    for tick in chart.ticks:
        x = scale.x(tick.x)
        canvas.line((x, top, x, bottom), fill=palette.DIM, width=1)
        if x - last_label >= 40:
            text.draw(canvas, (x, bottom + 8), tick.label, AXIS_SIZE, fill=palette.MUTED_INK,
                      anchor="ma")
            last_label = x
    canvas.line((left, bottom, right, bottom), fill=palette.INK, width=2)
    canvas.line((left, top, left, bottom), fill=palette.INK, width=2)
    text.draw(canvas, ((left + right) / 2, bottom + 40), chart.x_label, AXIS_SIZE,
              fill=palette.INK, anchor="ma")
    text.draw(canvas, (12, top - 16), chart.y_label, AXIS_SIZE, fill=palette.INK, anchor="ls")


def _rule(canvas: ImageDraw.ImageDraw, rule: Rule, scale: _Scale,
          box: tuple[int, int, int, int]) -> None:
    left, _, right, _ = box
    y = scale.y(rule.y)
    x = left
    while x < right:  # dashed, so it never reads as a player's line
        canvas.line((x, y, min(x + 14, right), y), fill=palette.INK, width=2)
        x += 22


def _rule_label(canvas: ImageDraw.ImageDraw, rule: Rule, scale: _Scale,
                box: tuple[int, int, int, int]) -> None:
    """Drawn over the lines, on a patch of background, so it stays readable."""
    left, y = box[0], scale.y(rule.y)
    size = AXIS_SIZE
    label_width = text.width(text.clean(rule.label), size)
    if y - 4 - size < box[1]:  # a rule at the top: its label goes under it, clear of the
        y += size + 6          # axis name above the plot
    canvas.rectangle((left + 4, y - 4 - size, left + 12 + label_width, y - 1),
                     fill=palette.PANEL)
    text.draw(canvas, (left + 8, y - 4), rule.label, AXIS_SIZE, fill=palette.INK, anchor="ls")


def _path(chart: Chart, line: Line, scale: _Scale) -> list[tuple[float, float]]:
    path: list[tuple[float, float]] = []
    for x, y in line.points:
        if chart.steps and path:
            path.append((scale.x(x), path[-1][1]))
        path.append((scale.x(x), scale.y(y)))
    return path


def _series(canvas: ImageDraw.ImageDraw, chart: Chart, line: Line, scale: _Scale) -> None:
    colour = palette.side_colour(line.colour)
    path = _path(chart, line, scale)
    if len(path) > 1:
        canvas.line(path, fill=colour, width=LINE_WIDTH, joint="curve")
    for tick in chart.ticks:  # the shape along the line, at each deal or round
        value = value_at(line, tick.x, chart.steps)
        if value is not None:
            marker(canvas, (scale.x(tick.x), scale.y(value)), line.shape, colour, MARKER - 2)


def marker(canvas: ImageDraw.ImageDraw, centre: tuple[float, float], shape: int,
           colour: palette.RGB, size: float) -> None:
    x, y = centre
    name = SHAPES[shape % len(SHAPES)]
    outline = palette.WHITE
    if name == "circle":
        canvas.ellipse((x - size, y - size, x + size, y + size), fill=colour, outline=outline,
                       width=2)
    elif name == "square":
        canvas.rectangle((x - size, y - size, x + size, y + size), fill=colour, outline=outline,
                         width=2)
    elif name == "triangle":
        canvas.polygon([(x, y - size * 1.2), (x + size * 1.1, y + size * 0.8),
                        (x - size * 1.1, y + size * 0.8)], fill=colour, outline=outline, width=2)
    else:
        canvas.polygon([(x, y - size * 1.3), (x + size * 1.3, y), (x, y + size * 1.3),
                        (x - size * 1.3, y)], fill=colour, outline=outline, width=2)


def value_at(line: Line, x: float, steps: bool = True) -> float | None:
    """The line's value at `x` (None before it starts): its last point at or before x, or,
    for straight lines, the value between that point and the next."""
    before: tuple[float, float] | None = None
    for px, py in line.points:
        if px > x:
            if before is None or steps or px == before[0]:
                break
            share = (x - before[0]) / (px - before[0])
            return before[1] + share * (py - before[1])
        before = (px, py)
    return before[1] if before is not None else None


def _note(canvas: ImageDraw.ImageDraw, note: Note, scale: _Scale) -> None:
    """A black arrowhead under the point a move back ended on (the legend says what it is)."""
    _arrowhead(canvas, (scale.x(note.x), scale.y(note.y_to) + 6))


def _arrowhead(canvas: ImageDraw.ImageDraw, tip_top: tuple[float, float]) -> None:
    x, y = tip_top
    canvas.polygon([(x - 8, y), (x + 8, y), (x, y + 13)], fill=palette.INK,
                   outline=palette.WHITE)


def _end_labels(canvas: ImageDraw.ImageDraw, chart: Chart, scale: _Scale) -> None:
    """Each line's marker and letter at its end, nudged apart where lines finish together."""
    ends = []
    for line in chart.lines:
        if line.points:
            x, y = line.points[-1]
            ends.append((scale.y(y), scale.x(x), line))
    ends.sort(key=lambda end: end[0])
    placed: list[float] = []
    for y, x, line in ends:
        label_y = max(y, placed[-1] + 30) if placed else y
        placed.append(label_y)
        colour = palette.side_colour(line.colour)
        marker(canvas, (x, y), line.shape, colour, MARKER)
        text.draw(canvas, (x + 14, label_y), line.mark, BODY_SIZE, fill=colour, bold=True,
                  anchor="lm")


def _legend_entry(line: Line) -> str:
    final = f" {line.points[-1][1]:g}" if line.points else ""
    return f"{line.name}{final}"


def _legend_room(column: int, mark: str) -> float:
    """How wide an entry's words may be in a legend column, after its marker and mark."""
    return column - 60 - text.width(mark, BODY_SIZE, bold=True)


def _legend_columns(chart: Chart) -> int:
    """Two columns where every entry fits in half the width; else one, so that no entry
    loses its name or its final figure (a 4-player PIP Rush's "Bob & Dee's racer A 6")."""
    fits = all(text.width(_legend_entry(line), BODY_SIZE)
               <= _legend_room(WIDTH // 2, line.mark) for line in chart.lines)
    return 2 if fits else 1


def _legend(canvas: ImageDraw.ImageDraw, chart: Chart, top: int) -> None:
    columns = _legend_columns(chart)
    column = WIDTH // columns
    for index, line in enumerate(chart.lines):
        x = 24 + (index % columns) * column
        y = top + (index // columns) * LEGEND_ROW + 18
        colour = palette.side_colour(line.colour)
        marker(canvas, (x + 8, y), line.shape, colour, MARKER)
        used = text.draw(canvas, (x + 26, y), line.mark, BODY_SIZE, fill=colour, bold=True,
                         anchor="lm")
        text.draw(canvas, (x + 34 + used, y), _legend_entry(line), BODY_SIZE,
                  fill=palette.INK, anchor="lm", max_width=_legend_room(column, line.mark))
    if chart.notes:
        y = top + math.ceil(len(chart.lines) / columns) * LEGEND_ROW + 18
        _arrowhead(canvas, (32, y - 7))
        kinds = " or ".join(sorted({note.label for note in chart.notes}))
        text.draw(canvas, (50, y), f"a move back ({kinds})", BODY_SIZE, fill=palette.INK,
                  anchor="lm", max_width=WIDTH - 74)


# ============================================================== alt text

COLOUR_NAMES = ("blue", "orange", "green", "purple")


def describe(chart: Chart) -> str:
    """One paragraph for screen readers: what is drawn, each line's course, the reference
    levels, the moves back and the ending; at most ALT_LIMIT characters."""
    parts = [f"Chart of {chart.title}: {chart.subject}."]
    for line in chart.lines:
        if not line.points:
            continue
        ys = [y for _, y in line.points]
        shape = SHAPES[line.shape % len(SHAPES)]
        colour = COLOUR_NAMES[line.colour % len(COLOUR_NAMES)]
        # A side's partners are one line named "Ann & Cid", as the ending names them; "Ann &
        # Cid's racer A" is one racer.
        ends = "end" if " & " in line.name.rsplit("'s ", 1)[-1] else "ends"
        parts.append(f"{line.name} ({colour} {shape}, {line.mark}) {ends} on {ys[-1]:g}"
                     + (f", highest {max(ys):g}" if max(ys) > ys[-1] else "") + ".")
    leads = lead_changes(chart)
    if len(chart.lines) > 1:
        times = {1: "once", 2: "twice"}.get(leads, f"{leads} times")
        parts.append(f"The lead changed hands {times}." if leads else
                     "The lead never changed hands.")
    for rule in chart.rules:
        drawn = [line for line in chart.lines if line.points]
        below = [line.name for line in drawn if line.points[-1][1] < rule.y]
        under = ("; none reached it" if len(below) == len(drawn) > 1
                 else f"; {spoken_list(below)} ended under it" if below else "")
        parts.append(f"The {rule.label} is at {rule.y:g}{under}.")
    moved: dict[tuple[str, str], list[float]] = {}
    for note in chart.notes:
        moved.setdefault((chart.lines[note.line].name, note.label), []).append(
            note.y_from - note.y_to)
    for (name, label), drops in moved.items():
        count = f"{len(drops)} {label}s" if len(drops) > 1 else f"a {label}"
        parts.append(f"{name}: {count}, {sum(drops):g} holes back in all.")
    if chart.ending:
        parts.append(chart.ending)
    paragraph = " ".join(parts)
    return paragraph if len(paragraph) <= ALT_LIMIT else paragraph[: ALT_LIMIT - 1] + "…"


def lead_changes(chart: Chart) -> int:
    """How often the side in front changed: lines of one colour are one side (a team's two
    racers passing each other change nothing), and a tie between sides changes nothing."""
    xs = sorted({x for line in chart.lines for x, _ in line.points})
    leader, changes = None, 0
    for x in xs:
        known = [(value, line.colour) for line in chart.lines
                 if (value := value_at(line, x)) is not None]
        if len({colour for _, colour in known}) < 2:
            continue
        best = max(value for value, _ in known)
        front = {colour for value, colour in known if value == best}
        if len(front) == 1:
            (side,) = front
            if leader is not None and side != leader:
                changes += 1
            leader = side
    return changes


