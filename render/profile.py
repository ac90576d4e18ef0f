"""A player's profile card: the picture, the same in words for its alt text, and its text.

Pure like the rest of render/, and drawn from plain data (render may not import tables): the
table layer builds it with `tables.profiles.picture_data`, a `Profile` as dicts and lists.

    profile_picture(data) -> (PNG, alt text)
    profile_text(data)    -> the message's lines, everything the card has and more

Phone-first: 600 px wide, never taller than 1.5 times that, every text at the kit's floor or
above. A block per game played: its rating large, a chart of it over time, games, wins,
streaks, the places this season and last, and best moments. Then tournament placings and
achievements, newest first, as many as fit; the message lists the rest. Colour never carries
meaning alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.analysis import figure
from render import chart
from render.alt_text import clip, plain_name
from render.kit import layout, palette, text
from render.kit.png import encode
from render.kit.safe import integer
from render.profile_words import (
    achievement_words,
    items,
    moment_words,
    moments_of,
    placing_words,
    rating_figure,
    record_words,
    season_words,
    step_words,
    streak_words,
    summary,
)

Data = dict[str, Any]
WIDTH = 600
MAX_HEIGHT = WIDTH * 3 // 2
MARGIN = 16
SIZE = 20  # body text
SMALL = text.floor_size(WIDTH)  # the rating charts' numbers
HEAD = 22  # a game's title and rating, section headings
LINE = round(SIZE * 1.35)
BLOCK_PAD = 10
CHART_LEFT = 300  # a game block: words on the left, its rating chart from here
TICK = "✓"
ALT_LIMIT = 1024  # Discord's longest attachment description


def _points(line: Data) -> list[tuple[float, float]]:
    series = line.get("series")
    return [(float(point[0]), float(point[1]))
            for point in (series if isinstance(series, list | tuple) else ())
            if isinstance(point, list | tuple) and len(point) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in point)]


# ============================================================== the picture


def profile_picture(data: Data) -> tuple[bytes, str]:
    return encode(draw_profile(data)), describe_profile(data)


def _block_rows(data: Data, line: Data) -> list[str]:
    """The lines under a game's title: beside its chart, and its best moments under both. A
    line too wide to sit beside the chart is broken between its parts, the rest going on the
    next line, rather than cut short ("1st of 9 this season, seas…" hid the season's rating)."""
    rows = [record_words(line), *streak_words(line)]
    charted = len(_points(line)) >= 2  # a chart needs two points
    if not charted and len(rows) == 2:
        rows = [f"{rows[0]}; {rows[1][:1].lower()}{rows[1][1:]}"]
    seasons = [words for words in season_words(line).split("; ") if words]  # a row each
    rows = [*rows, *seasons, *_moment_rows(data, line)]
    if not charted:
        return rows
    beside: list[str] = []
    while rows and len(beside) < BESIDE_CHART:
        head, rest = _broken(rows.pop(0), CHART_LEFT - 12 - MARGIN)
        beside.append(head)
        if rest:
            rows.insert(0, rest)
    return [*beside, *rows]


BESIDE_CHART = 2  # lines of a game's block drawn beside its rating chart


def _broken(row: str, room: float) -> tuple[str, str]:
    """The row, or its longest first part that fits `room` and what follows it (broken after
    a "; " or ", ", the rest starting as a line does); the row whole when no part fits."""
    if text.width(row, SIZE) <= room:
        return row, ""
    cuts = [match.start() for match in re.finditer(r"[;,] ", row)]
    for cut in reversed(cuts):
        if text.width(row[:cut], SIZE) <= room:
            rest = row[cut + 2:]
            return row[:cut], rest[:1].upper() + rest[1:]
    return row, ""


def _block_height(data: Data, line: Data) -> int:
    return BLOCK_PAD + HEAD + 8 + len(_block_rows(data, line)) * LINE + BLOCK_PAD


def _moment_rows(data: Data, line: Data) -> list[str]:
    """The game's best moments, as many to a row as fit across the block: a moment cut short
    would say nothing."""
    rows: list[str] = []
    for words in (moment_words(m) for m in moments_of(data, line.get("game"))):
        joined = f"{rows[-1]}; {words}" if rows else words
        if rows and text.width(joined, SIZE) <= ROOM:
            rows[-1] = joined
        else:
            rows.append(words)
    return rows


CHIP_ROW = round(SIZE * 1.5) + 8  # a row of achievement chips
CHIP_GAP = 8
ROOM = WIDTH - 2 * MARGIN


def _chip_label(achievement: Data) -> str:
    return f"{TICK} {achievement.get('name', '')}"


def _chip_width(label: str) -> float:
    return min(text.width(text.clean(label, True), SIZE, bold=True) + 20, ROOM)


def chip_rows(achievements: list[Data]) -> list[list[tuple[str, float]]]:
    """Achievement names as chips, newest first, left to right and row after row."""
    rows: list[list[tuple[str, float]]] = []
    used = ROOM + 1.0
    for achievement in achievements:
        label = _chip_label(achievement)
        chip = _chip_width(label)
        if used + CHIP_GAP + chip > ROOM:
            rows.append([])
            used = -CHIP_GAP
        rows[-1].append((label, chip))
        used += CHIP_GAP + chip
    return rows


def _head_height(data: Data, games: list[Data]) -> int:
    below = 0 if games else len(newcomer_lines(data)) * LINE + 8
    return layout.TITLE_BAR_HEIGHT + 12 + LINE + 8 + below


class Plan:
    """How much the picture has room for: the games' blocks, most played first, leaving room
    for a line of placings and a row of achievements when there are any; then placings (two
    at most while there are achievements to show) and achievements, newest first, while they
    fit. What is left out is counted on the card and listed in the message."""

    def __init__(self, data: Data) -> None:
        games = sorted(items(data.get("games")), key=lambda g: -integer(g.get("games")))
        placings, achievements = items(data.get("placings")), items(data.get("achievements"))
        room = MAX_HEIGHT - 8 - _head_height(data, games) - LINE  # a line kept for "N more"
        kept = (2 * LINE + 6 if placings else 0) + (LINE + CHIP_ROW + 6 if achievements else 0)
        self.games: list[Data] = []
        for game in games:
            block = _block_height(data, game) + 10
            if block > room - kept:
                break
            self.games.append(game)
            room -= block
        chip_room = LINE + CHIP_ROW + 6 if achievements else 0
        fit = max(0, (room - chip_room - LINE - 6) // LINE)
        self.placings = placings[:min(fit, 2 if achievements else fit)]
        if self.placings:
            room -= LINE * (1 + len(self.placings)) + 6
        self.chips = chip_rows(achievements)[:max(0, (room - LINE - 6) // CHIP_ROW)]
        shown = sum(len(row) for row in self.chips)
        self.achievements = achievements[:shown]
        self.games_left_out = [str(g.get("title", "")) for g in games[len(self.games):]]
        self.placings_left_out = len(placings) - len(self.placings)
        self.achievements_left_out = len(achievements) - shown
        self.left_out = len(self.games_left_out) + self.placings_left_out \
            + self.achievements_left_out

    def left_out_words(self) -> str:
        """What the card had no room for, by kind: a bare "2 more" under the achievements
        reads as two more achievements when it was two games. The games by title where the
        line has room for them."""
        rest = [text.plural(count, word) for count, word in (
            (self.placings_left_out, "placing"), (self.achievements_left_out, "achievement"))
            if count]
        games = len(self.games_left_out)
        forms = [[*self.games_left_out, *rest], [text.plural(games, "game"), *rest]] \
            if games else [rest]
        # The card's last line is never cut: short of room it leads with fewer words.
        lines = [f"{lead} the message: {', '.join(form)}." for lead in ("More in", "In")
                 for form in forms]
        return next((line for line in lines if text.width(line, SIZE) <= ROOM), lines[-1])

    def height(self, data: Data) -> int:
        """The picture's height for what the plan shows."""
        height = _head_height(data, self.games)
        height += sum(_block_height(data, g) + 10 for g in self.games)
        if self.placings:
            height += LINE * (1 + len(self.placings)) + 6
        if self.chips:
            height += LINE + CHIP_ROW * len(self.chips) + 6
        return height + (LINE if self.left_out else 0) + 8


def draw_profile(data: Data) -> Image.Image:
    plan = Plan(data)
    image, canvas = layout.canvas(WIDTH, plan.height(data))
    layout.title_bar(canvas, WIDTH, str(data.get("name") or "Player"),
                     "🔒 Private: only you see it" if data.get("private") else "Profile")
    y = layout.TITLE_BAR_HEIGHT + 12
    text.draw(canvas, (MARGIN, y), summary(data), SIZE, fill=palette.WHITE, max_width=ROOM)
    y += LINE + 8
    if not plan.games:
        for number, row in enumerate(newcomer_lines(data)):
            y += 8 if number == 2 else 0
            text.draw(canvas, (MARGIN, y), row, SIZE, fill=palette.SOFT_WHITE, max_width=ROOM)
            y += LINE
    for line in plan.games:
        block = _block_height(data, line)
        _game_block(canvas, data, line, y, block)
        y += block + 10
    if plan.placings:
        y = _heading(canvas, y, "Tournaments")
        for placing in plan.placings:
            text.draw(canvas, (MARGIN + 8, y), placing_words(placing), SIZE,
                      fill=palette.WHITE, max_width=ROOM - 8)
            y += LINE
        y += 6
    if plan.chips:
        y = _heading(canvas, y, "Achievements, newest first")
        for chips in plan.chips:
            x: float = MARGIN
            for label, chip in chips:
                layout.pill(canvas, (x + chip / 2, y + CHIP_ROW / 2 - 4), label, SIZE,
                            palette.SOFT_WHITE, palette.INK, max_width=chip)
                x += chip + CHIP_GAP
            y += CHIP_ROW
        y += 6
    if plan.left_out:
        text.draw(canvas, (MARGIN, y), plan.left_out_words(), SIZE,
                  fill=palette.SOFT_WHITE, max_width=ROOM)
    return image


def newcomer_lines(data: Data) -> tuple[str, ...]:
    """What a card with no rated games says instead: to its member, how to fill it and who
    sees it; to another member (`own` False), not what the card's member should do."""
    if data.get("private"):
        return (*NEWCOMER, "Others see it once you choose", "/settings profile:public")
    if data.get("own") is False:
        return ("Their ratings, streaks and best moments", "show here once they finish a game.")
    return (*NEWCOMER, "To keep it to yourself:", "/settings profile:private")


NEWCOMER = ("Finish a game with /play: your ratings,", "streaks and best moments show here.")


def _heading(canvas: ImageDraw.ImageDraw, y: int, words: str) -> int:
    text.draw(canvas, (MARGIN, y), words, SIZE, fill=palette.HIGHLIGHT, bold=True,
              max_width=ROOM)
    return y + LINE


def _game_block(canvas: ImageDraw.ImageDraw, data: Data, line: Data, top: int,
                height: int) -> None:
    canvas.rounded_rectangle((MARGIN - 6, top, WIDTH - MARGIN + 6, top + height), radius=10,
                             fill=palette.FELT_DARK)
    y = top + BLOCK_PAD
    rating = f"Rating {rating_figure(line)}"
    used = text.draw(canvas, (WIDTH - MARGIN, y), rating, HEAD, fill=palette.HIGHLIGHT,
                     bold=True, anchor="ra")
    text.draw(canvas, (MARGIN, y), str(line.get("title", "")), HEAD, fill=palette.WHITE,
              bold=True, max_width=WIDTH - 2 * MARGIN - used - 12)
    y += HEAD + 8
    charted = len(_points(line)) >= 2  # a chart needs two points
    for number, row in enumerate(_block_rows(data, line)):
        beside_chart = charted and number < BESIDE_CHART
        right = CHART_LEFT - 12 if beside_chart else WIDTH - MARGIN
        text.draw(canvas, (MARGIN, y), row, SIZE, fill=palette.SOFT_WHITE,
                  max_width=right - MARGIN)
        y += LINE
    if charted:
        series = chart.Chart(title="", subject="", x_label="", y_label="", steps=False,
                             lines=(chart.Line("", "", 0, tuple(_points(line))),))
        chart_top = top + BLOCK_PAD + HEAD + 2
        chart.draw_inset(canvas, series, (CHART_LEFT, chart_top, WIDTH - MARGIN,
                                          chart_top + 2 * LINE + 6), SMALL, palette.HIGHLIGHT)


# ============================================================== in words


def _series_words(line: Data) -> str:
    points = _points(line)
    if len(points) < 2:
        return ""
    values = [round(y, 1) for _, y in points]
    words = f"rating over time from {figure(values[0])} to {figure(values[-1])}"
    low, high = min(values), max(values)
    between = [f"lowest {figure(low)}"] if low < min(values[0], values[-1]) else []
    between += [f"highest {figure(high)}"] if high > max(values[0], values[-1]) else []
    return words + (f" ({', '.join(between)})" if between else "")


def _game_words(data: Data, line: Data) -> str:
    parts = [f"rating {rating_figure(line)}", record_words(line)]
    parts += [words for words in season_words(line).split("; ") if words]
    parts += [words.replace("Streak", "streak") for words in streak_words(line)]
    parts += [moment_words(m).lower() for m in moments_of(data, line.get("game"))]
    series = _series_words(line)
    if series:
        parts.append(series)
    return f"{line.get('title', '')}: {', '.join(parts)}."


def describe_profile(data: Data) -> str:
    """The card in words: the same numbers, placings and achievements (those the picture
    shows, then how many more). Longer than Discord allows, it is said in whole sentences,
    what matters most to a member first (`_shortened`)."""
    plan = Plan(data)
    everything = _profile_words(data, plan, (len(plan.games), len(plan.placings),
                                             len(plan.achievements)))
    return everything if len(everything) <= ALT_LIMIT else _shortened(data, plan)


#: How many of the plan's games, placings and achievements the words say.
Said = tuple[int, int, int]


def _profile_words(data: Data, plan: Plan, said: Said, last: str | None = None) -> str:
    """The first `said` games, placings and achievements of the plan, then `last`: what
    the card leaves to the message unless given."""
    games, placings, achievements = said
    name = plain_name(data.get("name") or "Player")
    parts = [f"Profile of {name}" + (", private: only you see it." if data.get("private")
                                      else "."), summary(data).rstrip(".") + "."]
    parts += [_game_words(data, line) for line in plan.games[:games]] \
        if plan.games else list(newcomer_lines(data))
    if placings:
        parts.append("Tournaments: " + "; ".join(placing_words(p)
                                                 for p in plan.placings[:placings]) + ".")
    if achievements:
        parts.append("Achievements, newest first: " + "; ".join(
            achievement_words(a) for a in plan.achievements[:achievements]) + ".")
    parts.append(plan.left_out_words() if last is None and plan.left_out else last or "")
    return " ".join(" ".join(parts).split())


def _shortened(data: Data, plan: Plan) -> str:
    """The words within Discord's limit, never a sentence cut: the games, most played first,
    then the placings, then the achievements, newest first, as many as fit (a list ends
    between its items), and last a sentence on what the message has that they leave out."""
    said = [0, 0, 0]

    def words(counts: Sequence[int]) -> str:
        shown: Said = (counts[0], counts[1], counts[2])
        forms = [_profile_words(data, plan, shown, last) for last in _rest(data, plan, shown)]
        return next((form for form in forms if len(form) <= ALT_LIMIT), forms[-1])

    for kind, most in enumerate((len(plan.games), len(plan.placings), len(plan.achievements))):
        while said[kind] < most and len(words(
                [*said[:kind], said[kind] + 1, *said[kind + 1:]])) <= ALT_LIMIT:
            said[kind] += 1
        if said[kind] < most:
            break  # nothing that matters less is said in place of what did not fit
    # The name is capped and the summary short: clip is a guard that never cuts.
    return clip(words(said), ALT_LIMIT)


def _rest(data: Data, plan: Plan, said: Said) -> list[str]:
    """What the message has that the words leave out, the games by title, then by count."""
    games = [str(g.get("title", "")) for g in plan.games[said[0]:]] + plan.games_left_out
    rest = [text.plural(count, word) for count, word in (
        (len(items(data.get("placings"))) - said[1], "placing"),
        (len(items(data.get("achievements"))) - said[2], "achievement")) if count]
    forms = [[*games, *rest], [text.plural(len(games), "game"), *rest]] if games else [rest]
    return [f"More in the message: {', '.join(form)}." for form in forms]


def profile_text(data: Data) -> list[str]:
    """The message's lines: everything the card shows and what it had no room for, with each
    achievement's line on how it is earned. Plain text: the caller escapes it."""
    name = str(data.get("name") or "Player")
    lines = [f"{name}: {summary(data).rstrip('.')}"]
    lines += [_game_words(data, line) for line in items(data.get("games"))]
    placings = items(data.get("placings"))
    if placings:
        lines.append("Tournaments: " + "; ".join(placing_words(p) for p in placings))
    steps = items(data.get("next_milestones"))
    if steps:
        lines.append("Next milestones: " + " · ".join(step_words(step) for step in steps))
    achievements = items(data.get("achievements"))
    if achievements:
        lines.append(f"Achievements ({len(achievements)}), newest first:")
        lines += [f"{TICK} {achievement_words(a)}: {a.get('how', '')}" for a in achievements]
    return lines
