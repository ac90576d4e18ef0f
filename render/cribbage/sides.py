"""Cribbage's table: the board with two lettered pegs per side, a row per side (its names, what
it is doing, its score and last points), and the finish with any skunk."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

from render.cribbage.sizes import BODY, MARGIN, SMALL, WIDTH
from render.kit import board, layout, palette, seats, text
from render.kit.safe import integer, listed
from render.registry import View


def side_lists(view: View) -> list[list[int]]:
    raw = view.get("sides")
    if isinstance(raw, list) and raw and all(isinstance(s, list) for s in raw):
        return [[seat for seat in s if isinstance(seat, int)] for s in raw]
    return [[seat] for seat in range(seats.player_count(view))]


def side_of_seat(view: View, seat: int) -> int:
    for index, members in enumerate(side_lists(view)):
        if seat in members:
            return index
    return 0


def side_name(view: View, side: int) -> str:
    members = side_lists(view)[side] if side < len(side_lists(view)) else []
    return " & ".join(seats.label(view, s) for s in members) or f"Side {side + 1}"


def seat_name(view: View, seat: Any) -> str:
    return seats.label(view, seat) if isinstance(seat, int) else "?"


def target_score(view: View) -> int:
    return 61 if integer(view.get("target"), 121) == 61 else 121


def board_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                  four_colour: bool) -> int:
    sides = side_lists(view)
    count = max(1, min(4, len(sides)))
    target = target_score(view)
    lay = board.board_layout(count, target, WIDTH - 2 * MARGIN)
    origin = (MARGIN, y)
    tile, drawn = board.board_tile(count, target, WIDTH - 2 * MARGIN)
    image.paste(tile, origin)
    text.replay(drawn, origin, image)
    scores = listed(view.get("scores"))
    backs = listed(view.get("previous_scores"))
    for side in range(count):
        front = integer(scores[side]) if side < len(scores) else 0
        back = integer(backs[side]) if side < len(backs) else 0
        board.draw_pegs(draw, lay, origin, side, max(0, front), max(0, min(back, front)))
    return y + lay.height + 8


def seat_tag(view: View, seat: int) -> str:
    """The letter a seat's cards carry: its side's letter, numbered within a team ("A2")."""
    side = side_of_seat(view, seat)
    members = side_lists(view)[side] if side < len(side_lists(view)) else [seat]
    letter = palette.side_letter(side)
    if len(members) > 1 and seat in members:
        return f"{letter}{members.index(seat) + 1}"
    return letter


def side_names(view: View, side: int, room: float | None = None) -> str:
    """The side's names as its panel shows them: each partner with their tag ("A1 Ann").
    Given the `room` (px at BODY size), partners' names too long for it share it fairly."""
    members = side_lists(view)[side] if side < len(side_lists(view)) else []
    if len(members) <= 1:
        return side_name(view, side)
    tags = [f"{seat_tag(view, s)} " for s in members]
    labels = [seats.label(view, s) for s in members]
    if room is not None:
        fixed = text.width(" · ".join(tags), BODY)
        labels = _fair_cuts(labels, room - fixed - NAME_SLACK)
    return " · ".join(tag + label for tag, label in zip(tags, labels, strict=True))


NAME_SLACK = 4  # px: a line measured in pieces may come out a little wider whole


def _fair_cuts(labels: list[str], room: float) -> list[str]:
    """Each label cut to its share of `room`: a short one keeps its whole name and leaves
    what it does not use to the longer ones, so no partner is cut to nothing for another."""
    widths = [text.width(text.clean(label), BODY) for label in labels]
    if sum(widths) <= room:
        return labels
    shares = [0.0] * len(labels)
    left = room
    for done, index in enumerate(sorted(range(len(labels)), key=widths.__getitem__)):
        shares[index] = min(widths[index], left / (len(labels) - done))
        left -= shares[index]
    return [text.fit(label, BODY, share) for label, share in zip(labels, shares, strict=True)]


def side_tags(view: View, members: list[int]) -> list[str]:
    """What the side is doing now: dealing, and whether the game waits for it."""
    tags = []
    if view.get("dealer") in members:
        tags.append("Dealer")
    if view.get("outcome") is None and set(seats.to_act(view)) & set(members):
        tags.append("To act")
    return tags


def sides_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                  four_colour: bool, extra: Callable[[int], str] | None = None,
                  own_line: bool = True) -> int:
    """One row per side: its lettered token, names, what it is doing, score and last points.
    When the names would be cut short, they get a line of their own above the rest, unless
    `own_line` is off (a table short of room: the names are cut, the message has them whole).
    `extra(side)` may add a few words after the score (a Crib Race peg's place)."""
    scores = shown_scores(view)
    backs = listed(view.get("previous_scores"))
    line_h = 40
    left = MARGIN + 42
    for index, members in enumerate(side_lists(view)):
        score = scores[index]
        gained = score - (integer(backs[index]) if index < len(backs) else score)
        # The back peg's move, named: a bare "+2" beside a score says nothing.
        score_words = f"{score}" + (f" (last +{gained})" if gained > 0 else "")
        place = extra(index) if extra is not None else ""
        words = score_words + (f" · {place}" if place else "")
        tags = " · ".join(side_tags(view, members))
        tag_w = text.width(tags, SMALL, bold=True) + 28 if tags else 0.0
        names = side_names(view, index)  # whole, to tell whether it needs a line of its own
        score_x = WIDTH - MARGIN - 10
        names_room = score_x - text.width(words, BODY, bold=True) - 10 - tag_w - left
        two_lines = own_line and text.width(text.clean(names), BODY) > names_room
        row_h = line_h + (28 if two_lines else 0)
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + row_h), radius=10,
                               fill=palette.FELT_DARK)
        layout.token(draw, (MARGIN + 20, y + line_h / 2), layout.TOKEN_R, index)
        words_room = WIDTH * 0.5
        if two_lines:
            beside = 0.0
            words_room = score_x - left - tag_w - 10
            if place and text.width(words, BODY, bold=True) > words_room:
                # No room after the score: the place goes up, at the end of the names' line.
                words = score_words
                beside = text.draw(draw, (score_x, y + line_h / 2), place, BODY,
                                   fill=palette.WHITE, bold=True, anchor="rm") + 12
            room = score_x - left - beside
            text.draw(draw, (left, y + line_h / 2), side_names(view, index, room), BODY,
                      fill=palette.WHITE, anchor="lm", max_width=room)
            names_room = 0
        mid = y + row_h - line_h / 2 + (4 if two_lines else 0)
        right = score_x - text.draw(draw, (score_x, mid), words, BODY, fill=palette.WHITE,
                                    bold=True, anchor="rm", max_width=words_room) - 10
        if tags:
            layout.pill(draw, (right - (tag_w - 8) / 2, mid), tags, SMALL, palette.HIGHLIGHT,
                        palette.INK)
        if not two_lines:
            text.draw(draw, (left, mid), side_names(view, index, names_room), BODY,
                      fill=palette.WHITE, anchor="lm", max_width=names_room)
        y += row_h + 4
    return y + 8


def one_line_sides_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                           four_colour: bool) -> int:
    """The sides, each on one line whatever its names' length."""
    return sides_section(image, draw, view, y, four_colour, own_line=False)


def shown_scores(view: View) -> list[int]:
    """Each side's score as the board shows it: a game ends in the game hole, so the points
    that carried a side past the target do not count (a win at 132 reads 121)."""
    scores = listed(view.get("scores"))
    count = len(side_lists(view))
    return [max(0, min(integer(scores[side]) if side < len(scores) else 0, target_score(view)))
            for side in range(count)]


def finish_words(view: View) -> tuple[str, str]:
    """(headline, detail) of a finished game, as the rules say it: the winner "pegged out"
    (reached the target in the play) or "counted out" (in the show, where the view then
    holds this deal's counts), with the final score; the detail names each loser's score
    and any skunk. ("", "") while the game goes on."""
    outcome = view.get("outcome")
    if not isinstance(outcome, dict):
        return "", ""
    scores = shown_scores(view)
    winners = [s for s in listed(outcome.get("winners")) if isinstance(s, int)]
    if not winners or not scores:
        return "Game over", ""
    winner = side_of_seat(view, winners[0])
    losers = sorted((side for side in range(len(scores)) if side != winner),
                    key=lambda side: -scores[side])
    how = "counted out" if listed(view.get("show")) else "pegged out"
    final = "–".join(str(scores[side]) for side in [winner, *losers])
    headline = f"{side_name(view, winner)} {how}, {final}"
    skunk_line = board.skunk_hole(target_score(view))
    double_line = skunk_line - 30 if target_score(view) >= 121 else -1

    def lost(side: int) -> str:
        skunk = ("double skunk" if scores[side] < double_line
                 else "skunk" if scores[side] < skunk_line else "")
        verb = "ends" if len(side_lists(view)[side]) == 1 else "end"
        return f"{side_name(view, side)} {verb} on {scores[side]}" + (f" ({skunk})" if skunk
                                                                      else "")

    return headline, " · ".join(lost(side) for side in losers)


def outcome_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int,
                    four_colour: bool) -> int:
    headline, detail = finish_words(view)
    if not headline:
        return y
    lines = text.wrap(detail, BODY, WIDTH - 2 * MARGIN - 24, 3)
    heads = text.wrap(headline, 24, WIDTH - 2 * MARGIN - 24, 2, bold=True)
    height = 16 + 32 * len(heads) + 26 * len(lines)
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + height), radius=14,
                           fill=palette.HIGHLIGHT)
    line_y = text.draw_lines(draw, (WIDTH / 2, y + 10), heads, 24, fill=palette.INK, bold=True,
                             anchor="ma", spacing=32 / 24)
    text.draw_lines(draw, (WIDTH / 2, line_y), lines, BODY, fill=palette.INK, anchor="ma")
    return y + height + 12

