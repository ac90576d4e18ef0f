"""PIP Rush: the three-lane track with its racers as dice, the trick and what each card did.

Reads the view documented in engine/pip_rush/__init__.py: track (lanes, finish, last_mile,
obstacles), racers (team, label, space, lane, pips), trick, resolution, last_trick, cycle,
trick_number, draw_pile, leader, phase, outcome, hand.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.kit import cards, layout, palette, seats, text
from render.kit.safe import integer, listed, mapping
from render.registry import View, register

TEAM_COLOURS = (palette.side_colour(0), palette.side_colour(1))
TEAM_WORDS = ("Blue", "Orange")
ACTION_WORDS = {"gain": "Gain", "decay": "Decay", "flip": "Flip", "swap": "Swap",
                "movement": "Movement"}

START_W = 150  # the shared Start box is wider: up to four racers wait there
CELL_W = 84
CELL_H = 84
DIE = 56
TRACK_LEFT = 24
HEADER_H = 34
LAST_MILE_TINT = palette.hex_rgb("#f3e2b3")
LANE_TINT = palette.hex_rgb("#e9eee6")
FINISH_TINT = palette.hex_rgb("#d9e7f5")
OBSTACLE = palette.hex_rgb("#5b5148")



def _team_of(view: View, seat: int) -> int:
    """The seat's team, 0 or 1: from the view's "sides", else seats alternate."""
    sides = listed(view.get("sides"))
    team = sides[seat] if 0 <= seat < len(sides) else None
    return integer(team, seat) % 2


def _track_geometry(track: dict[str, Any]) -> tuple[int, int, int]:
    lanes = max(1, min(6, integer(track.get("lanes"), 3)))
    finish = max(1, min(11, integer(track.get("finish"), 10)))
    last_mile = max(1, min(finish, integer(track.get("last_mile"), 7)))
    return lanes, finish, last_mile


def _cell_box(space: int, lane: int, top: int) -> tuple[int, int, int, int]:
    left = TRACK_LEFT + START_W + (space - 1) * CELL_W
    y = top + HEADER_H + (lane - 1) * CELL_H
    return (left, y, left + CELL_W, y + CELL_H)


@lru_cache(maxsize=16)
def _track_tile(lanes: int, finish: int, last_mile: int, obstacles: tuple[tuple[int, int], ...]
                ) -> Image.Image:
    """The empty track, drawn once per layout: it never changes during a race."""
    width = START_W + finish * CELL_W + 2
    height = HEADER_H + lanes * CELL_H + 2
    tile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    shift = -TRACK_LEFT  # _cell_box works in image coordinates; the tile starts at the track

    # Headers: Start, numbered spaces, the Last Mile band and Finish.
    draw.rounded_rectangle((0, HEADER_H, START_W - 6, height - 1), radius=12,
                           fill=palette.PANEL, outline=palette.INK, width=2)
    text.draw(draw, ((START_W - 6) / 2, HEADER_H / 2), "Start", 20, fill=palette.WHITE,
              bold=True, anchor="mm")
    for space in range(1, finish + 1):
        left, _, right, _ = _cell_box(space, 1, 0)
        left, right = left + shift, right + shift
        label = "Finish" if space == finish else str(space)
        colour = palette.HIGHLIGHT if space >= last_mile else palette.WHITE
        text.draw(draw, ((left + right) / 2, HEADER_H / 2), label, 18 if space == finish else 20,
                  fill=colour, bold=True, anchor="mm")
        for lane in range(1, lanes + 1):
            box = _cell_box(space, lane, 0)
            box = (box[0] + shift, box[1], box[2] + shift, box[3])
            if (space, lane) in obstacles:
                fill = OBSTACLE
            elif space == finish:
                fill = FINISH_TINT
            elif space >= last_mile:
                fill = LAST_MILE_TINT
            else:
                fill = LANE_TINT
            draw.rectangle(box, fill=fill, outline=palette.INK, width=2)
            if (space, lane) in obstacles:  # a printed obstacle: a bold cross, not a colour only
                pad = 18
                draw.line((box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad),
                          fill=palette.WHITE, width=6)
                draw.line((box[0] + pad, box[3] - pad, box[2] - pad, box[1] + pad),
                          fill=palette.WHITE, width=6)
    # The Last Mile band, labelled above its spaces.
    mile_left = _cell_box(last_mile, 1, 0)[0] + shift
    mile_right = _cell_box(finish - 1, 1, 0)[2] + shift
    if mile_right > mile_left:
        draw.line((mile_left + 4, HEADER_H - 3, mile_right - 4, HEADER_H - 3),
                  fill=palette.HIGHLIGHT, width=3)
    return tile


def _racer_die(racer: dict[str, Any], size: int) -> Image.Image:
    team = integer(racer.get("team"), 0) % 2
    return cards.die_face(max(1, min(6, integer(racer.get("pips"), 1))), size, TEAM_COLOURS[team],
                          palette.WHITE)


def _draw_racer(image: Image.Image, draw: ImageDraw.ImageDraw, racer: dict[str, Any],
                xy: tuple[float, float], size: int) -> None:
    layout.paste(image, _racer_die(racer, size), xy)
    # The racer's letter in a badge at the die's corner, so "racer A" on a button is findable.
    team = integer(racer.get("team"), 0) % 2
    cx, cy = xy[0] + size - 4, xy[1] + 4
    draw.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill=palette.WHITE,
                 outline=TEAM_COLOURS[team], width=3)
    text.draw(draw, (cx, cy + 1), str(racer.get("label", "?"))[:1], 17, fill=palette.INK,
              bold=True, anchor="mm")


def _draw_track(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, top: int) -> int:
    track = view.get("track") if isinstance(view.get("track"), dict) else {}
    lanes, finish, last_mile = _track_geometry(track)
    obstacles = tuple(sorted(
        (cell[0], cell[1]) for cell in listed(track.get("obstacles"))
        if isinstance(cell, list | tuple) and len(cell) == 2
    ))
    tile = _track_tile(lanes, finish, last_mile, obstacles)
    layout.paste(image, tile, (TRACK_LEFT, top))
    text.draw(draw, (TRACK_LEFT + START_W + (last_mile - 1) * CELL_W, top - 2), "Last Mile", 17,
              fill=palette.HIGHLIGHT, bold=True, anchor="ld")
    # Lane numbers sit in the Start box's right edge: players name lanes when they move.
    racers = [r for r in listed(view.get("racers")) if isinstance(r, dict)]
    at_start = [r for r in racers if integer(r.get("space"), 0) <= 0]
    for i, racer in enumerate(at_start[:4]):
        x = TRACK_LEFT + 10 + (i % 2) * (DIE + 10)
        y = top + HEADER_H + 14 + (i // 2) * (DIE + 22)
        _draw_racer(image, draw, racer, (x, y), DIE)
    for racer in racers:
        space, lane = integer(racer.get("space"), 0), integer(racer.get("lane"), 1)
        if space <= 0:
            continue
        space, lane = min(space, finish), max(1, min(lanes, lane))
        box = _cell_box(space, lane, top)
        _draw_racer(image, draw, racer, (box[0] + (CELL_W - DIE) / 2 - 4,
                                         box[1] + (CELL_H - DIE) / 2 + 2), DIE)
    # Lane numbers beside Finish: a move button names its lane.
    for lane in range(1, lanes + 1):
        box = _cell_box(finish, lane, top)
        text.draw(draw, (box[2] + 10, (box[1] + box[3]) / 2), f"Lane {lane}", 17,
                  fill=palette.SOFT_WHITE, bold=True, anchor="lm")
    return top + HEADER_H + lanes * CELL_H


def _teams_line(draw: ImageDraw.ImageDraw, view: View, y: int) -> None:
    x = 24.0
    for team in (0, 1):
        members = [seats.label(view, s) for s in range(seats.player_count(view))
                   if _team_of(view, s) == team]
        draw.rounded_rectangle((x, y, x + 22, y + 22), radius=5, fill=TEAM_COLOURS[team])
        x += 30
        words = f"{TEAM_WORDS[team]}: " + (" & ".join(members) or "-")
        x += text.draw(draw, (x, y + 11), words, 20, fill=palette.WHITE, anchor="lm",
                       max_width=layout.WIDTH / 2 - 70) + 30


def _trick_slots(view: View) -> tuple[str, list[dict[str, Any]], int | None]:
    """What to show in the trick area: the current trick (with any resolved results) or,
    between tricks, the last one with every result."""
    trick = [c for c in listed(view.get("trick")) if isinstance(c, dict)]
    resolution = view.get("resolution") if isinstance(view.get("resolution"), dict) else None
    if trick:
        results = {}
        winner = None
        if resolution:
            winner = resolution.get("winner")
            results = {r.get("index"): r for r in listed(resolution.get("results"))
                       if isinstance(r, dict)}
        resolving = resolution.get("resolving") if resolution else None
        now = resolving.get("index") if isinstance(resolving, dict) else None
        slots = [{**card, "result": results.get(i), "won": i == winner,
                  "now": ACTION_WORDS.get(str(resolving.get("action")), "")
                  if i == now and isinstance(resolving, dict) else ""}
                 for i, card in enumerate(trick)]
        return "This trick", slots, winner
    last = view.get("last_trick") if isinstance(view.get("last_trick"), dict) else None
    if last:
        slots = [c for c in listed(last.get("cards")) if isinstance(c, dict)]
        winner = next((i for i, c in enumerate(slots) if c.get("won")), None)
        number = last.get("number")
        return (f"Trick {number}, finished" if number else "Last trick"), slots, winner
    return "This trick", [], None


def _draw_trick(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, top: int,
                four_colour: bool) -> int:
    heading, slots, _winner = _trick_slots(view)
    text.draw(draw, (24, top), heading + " (in play order)", 20, fill=palette.WHITE, bold=True)
    slot_w = (layout.WIDTH - 48) / 4
    card_w = 96
    y0 = top + 34
    for i in range(4):
        x = 24 + i * slot_w
        cx = x + slot_w / 2
        if i >= len(slots):
            draw.rounded_rectangle((cx - card_w / 2, y0 + 28, cx + card_w / 2,
                                    y0 + 28 + cards.card_height(card_w)), radius=10,
                                   outline=palette.DIM, width=2)
            continue
        slot = slots[i]
        seat = integer(slot.get("seat"), 0)
        team = _team_of(view, seat)
        draw.ellipse((x + 8, y0 + 4, x + 24, y0 + 20), fill=TEAM_COLOURS[team % 2])
        text.draw(draw, (x + 30, y0 + 12), seats.label(view, seat), 18, fill=palette.WHITE,
                  anchor="lm", max_width=slot_w - 40)
        card_y = y0 + 28
        if slot.get("won"):
            draw.rounded_rectangle((cx - card_w / 2 - 5, card_y - 5, cx + card_w / 2 + 4,
                                    card_y + cards.card_height(card_w) + 4), radius=12,
                                   outline=palette.HIGHLIGHT, width=4)
        layout.paste(image, cards.card_face(str(slot.get("card", "")), card_w, four_colour),
                     (cx - card_w / 2, card_y))
        y = card_y + cards.card_height(card_w) + 10
        result = slot.get("result") if isinstance(slot.get("result"), dict) else None
        if slot.get("won"):
            text.draw(draw, (cx, y), "Wins: Movement", 18, fill=palette.HIGHLIGHT, bold=True,
                      anchor="ma")
            y += 24
        if slot.get("now"):
            layout.pill(draw, (cx, y + 12), f"Resolving: {slot['now']}", 17, palette.WHITE,
                        palette.INK, max_width=slot_w - 8)
        elif result:
            words = seats.fill_names(result.get("text", ""), view)
            lines = text.wrap(words, 17, slot_w - 16, 3)
            text.draw_lines(draw, (cx, y), lines, 17, fill=palette.SOFT_WHITE, anchor="ma")
    return y0 + 28 + cards.card_height(card_w) + 34 + 3 * 23


def _status(view: View) -> str:
    """Whose move it is; a long name is shortened so the verb always shows."""
    if isinstance(view.get("outcome"), dict):
        return "Race over"
    resolution = mapping(view.get("resolution"))
    pending = mapping(resolution.get("pending"))
    if isinstance(pending.get("seat"), int):
        what = "a racer" if pending.get("choice") == "racer" else "a move"
        return f"{seats.short_label(view, pending['seat'], 20, 240)} chooses {what}"
    waiting = seats.to_act(view)
    if waiting:
        return f"{seats.short_label(view, waiting[0], 20, 240)} to play"
    return ""


def _outcome_banner(draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    outcome = view.get("outcome")
    if not isinstance(outcome, dict):
        return y
    winners = [s for s in listed(outcome.get("winners")) if isinstance(s, int)]
    teams = sorted({_team_of(view, s) for s in winners})
    if outcome.get("shared") or len(teams) > 1:
        headline = "Shared victory!"
    elif teams:
        headline = f"{TEAM_WORDS[teams[0]]} team wins!"
    else:
        headline = "Race over"
    draw.rounded_rectangle((24, y, layout.WIDTH - 24, y + 74), radius=14, fill=palette.HIGHLIGHT)
    text.draw(draw, (layout.WIDTH / 2, y + 22), headline, 26, fill=palette.INK, bold=True,
              anchor="mm", max_width=layout.WIDTH - 80)
    detail = seats.fill_names(outcome.get("detail", ""), view)
    text.draw(draw, (layout.WIDTH / 2, y + 54), detail, 18, fill=palette.INK, anchor="mm",
              max_width=layout.WIDTH - 80)
    return y + 90


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    track = view.get("track") if isinstance(view.get("track"), dict) else {}
    lanes, _, _ = _track_geometry(track)
    over = isinstance(view.get("outcome"), dict)
    height = 48 + 46 + 30 + HEADER_H + lanes * CELL_H + 24 + 360 + (90 if over else 0)
    image, draw = layout.canvas(layout.WIDTH, height)
    cycle, trick_no = integer(view.get("cycle"), 1), integer(view.get("trick_number"), 1)
    right = f"Cycle {cycle}/{integer(view.get('cycles'), 5)} · Trick {trick_no}/6 · " \
            f"Draw pile {integer(view.get('draw_pile'), 0)}"
    title = "PIP Rush — " + str(track.get("title", "")) if track.get("title") else "PIP Rush"
    layout.title_bar(draw, layout.WIDTH, title, right)
    _teams_line(draw, view, 60)
    y = _draw_track(image, draw, view, 48 + 46 + 30)
    y = _outcome_banner(draw, view, y + 20)
    status = _status(view)
    if status and not over:
        half = text.width(text.clean(status, True), 20, bold=True) / 2 + 12
        layout.pill(draw, (layout.WIDTH - 24 - half, y + 14), status, 20, palette.HIGHLIGHT,
                    palette.INK, max_width=460)
    bottom = _draw_trick(image, draw, view, y + 4, four_colour)
    return image.crop((0, 0, image.width, min(image.height, bottom)))


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    seat = view.get("seat")
    hand = [str(c) for c in listed(view.get("hand")) if isinstance(c, str)]
    playable = view.get("playable")
    my_turn = isinstance(seat, int) and seat in seats.to_act(view) and view.get("phase") == "play"
    if isinstance(playable, list):
        allowed = {str(c) for c in playable}
    else:
        allowed = set(hand) if my_turn else set()  # PIP Rush has no follow rule
    order = {s: i for i, s in enumerate("SHDC")}
    hand.sort(key=lambda c: (order.get(c[-1:], 9), "A23456".find(c[:1])))
    items = [layout.HandItem(c, c in allowed) for c in hand]
    names = seats.names(view)
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Your"
    team = integer(view.get("team"), 0) % 2
    racers = [r for r in listed(view.get("racers")) if isinstance(r, dict)
              and integer(r.get("team"), -1) == team]
    lines = [
        f"{TEAM_WORDS[team]} racer {r.get('label')}: {r.get('pips')} pips, "
        + ("at Start" if integer(r.get("space"), 0) <= 0
           else f"space {r.get('space')}, lane {r.get('lane')}")
        for r in racers
    ]
    pending = mapping(mapping(view.get("resolution")).get("pending"))
    if my_turn:
        status = "Your turn: play a card"
    elif isinstance(seat, int) and pending.get("seat") == seat:
        status = "Your turn: choose " + ("a racer" if pending.get("choice") == "racer"
                                         else "a move")
    else:
        status = _status(view)
    return layout.draw_hand(f"PIP Rush — {who}'s hand", status, items, four_colour, lines)


register("pip-rush", table=draw_table, hand=draw_hand)
