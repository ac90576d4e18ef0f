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
from render.kit.hand import HandPicture, draw_hand_picture
from render.kit.safe import integer, listed, mapping
from render.kit.shapes import paste_suit
from render.registry import View

TEAM_COLOURS = (palette.side_colour(0), palette.side_colour(1))
TEAM_WORDS = ("blue", "orange")
# The tags under the trick's cards say what each does as the legend does, not the codes' names.
ACTION_WORDS = {"gain": "+1 pip", "decay": "−1 pip", "flip": "Flip", "swap": "Swap",
                "movement": "Move"}
SUIT_ACTIONS = {"H": "gain", "D": "decay", "S": "flip", "C": "swap"}
# The suit actions as the legend states them (docs/RULES.md PR-8): the winner moves instead.
LEGEND = (("H", "+1 pip"), ("D", "−1 pip"), ("S", "flip"), ("C", "swap"))

# Phone first: the picture is narrow, so the floor keeps its text big on a 380 px screen.
WIDTH = 600
MAX_HEIGHT = WIDTH * 3 // 2  # a taller table is shown smaller still on a phone
PRIMARY = text.lower_floor_size(WIDTH)  # names and words: an "x" 6.9 px tall on a phone
NUMBER = text.floor_size(WIDTH)  # the lane and space numbers: digits read at the floor
MARGIN = 8
START_W = 84  # the shared Start box: up to four racers wait there
LANE_NO_W = 20  # the lane numbers, between Start and space 1
CELL_H = 64
DIE = 36
HEADER_H = 44  # the Last Mile / Finish line above the space numbers
TRICK_CARD = 72
LAST_MILE_TINT = palette.hex_rgb("#f3e2b3")
LANE_TINT = palette.hex_rgb("#e9eee6")
FINISH_TINT = palette.hex_rgb("#d9e7f5")
OBSTACLE = palette.hex_rgb("#5b5148")


def _team_of(view: View, seat: int) -> int:
    """The seat's team, 0 or 1: from the view's "sides", else seats alternate."""
    sides = listed(view.get("sides"))
    team = sides[seat] if 0 <= seat < len(sides) else None
    return integer(team, seat) % 2


def racer_name(racer: dict[str, Any]) -> str:
    """"1A": the team's number and the racer's letter, so no racer is known by colour alone."""
    team = integer(racer.get("team"), 0) % 2
    return f"{team + 1}{str(racer.get('label', '?'))[:1]}"


def _track_geometry(track: dict[str, Any]) -> tuple[int, int, int]:
    lanes = max(1, min(6, integer(track.get("lanes"), 3)))
    finish = max(1, min(11, integer(track.get("finish"), 10)))
    last_mile = max(1, min(finish, integer(track.get("last_mile"), 7)))
    return lanes, finish, last_mile


def _cell_w(finish: int) -> float:
    return (WIDTH - 2 * MARGIN - START_W - LANE_NO_W) / finish


def _cell_box(space: int, lane: int, finish: int) -> tuple[float, float, float, float]:
    """A cell in track-tile coordinates."""
    cell_w = _cell_w(finish)
    left = START_W + LANE_NO_W + (space - 1) * cell_w
    y = HEADER_H + (lane - 1) * CELL_H
    return (left, y, left + cell_w, y + CELL_H)


@lru_cache(maxsize=16)
def _track_tile(lanes: int, finish: int, last_mile: int, obstacles: tuple[tuple[int, int], ...]
                ) -> tuple[Image.Image, tuple[text.Drawn, ...]]:
    """The empty track, drawn once per layout: it never changes during a race. Returned with
    the text it drew, so a cached tile still shows its text to `text.recording`."""
    width = WIDTH - 2 * MARGIN
    height = HEADER_H + lanes * CELL_H + 2
    tile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    with text.recording() as drawn:
        draw.rounded_rectangle((0, HEADER_H, START_W - 4, height - 1), radius=10,
                               fill=palette.PANEL, outline=palette.INK, width=2)
        text.draw(draw, ((START_W - 4) / 2, HEADER_H - 11), "Start", PRIMARY,
                  fill=palette.WHITE, bold=True, anchor="mm")
        for lane in range(1, lanes + 1):
            text.draw(draw, (START_W + LANE_NO_W / 2 - 2, HEADER_H + (lane - 0.5) * CELL_H),
                      str(lane), NUMBER, fill=palette.SOFT_WHITE, bold=True, anchor="mm")
        for space in range(1, finish + 1):
            left, _, right, _ = _cell_box(space, 1, finish)
            colour = palette.HIGHLIGHT if space >= last_mile else palette.WHITE
            text.draw(draw, ((left + right) / 2, HEADER_H - 11), str(space), NUMBER,
                      fill=colour, bold=True, anchor="mm")
            for lane in range(1, lanes + 1):
                box = _cell_box(space, lane, finish)
                if (space, lane) in obstacles:
                    fill = OBSTACLE
                elif space == finish:
                    fill = FINISH_TINT
                elif space >= last_mile:
                    fill = LAST_MILE_TINT
                else:
                    fill = LANE_TINT
                draw.rectangle(box, fill=fill, outline=palette.INK, width=2)
                if (space, lane) in obstacles:  # a printed obstacle: a cross, not a colour only
                    pad = 12
                    draw.line((box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad),
                              fill=palette.WHITE, width=5)
                    draw.line((box[0] + pad, box[3] - pad, box[2] - pad, box[1] + pad),
                              fill=palette.WHITE, width=5)
        # "Last Mile" over its spaces and "Finish" over the last one, on the line above.
        mile_left = _cell_box(last_mile, 1, finish)[0]
        finish_box = _cell_box(finish, 1, finish)
        used = text.draw(draw, (width, 10), "Finish", PRIMARY, fill=palette.WHITE, bold=True,
                         anchor="rm")
        draw.line((finish_box[0] + 3, 20, width - 3, 20), fill=palette.WHITE, width=2)
        if last_mile < finish:
            text.draw(draw, (mile_left + 2, 10), "Last Mile", PRIMARY, fill=palette.HIGHLIGHT,
                      bold=True, anchor="lm",
                      max_width=max(1.0, width - used - 8 - mile_left))
            draw.line((mile_left + 3, 20, finish_box[0] - 3, 20), fill=palette.HIGHLIGHT,
                      width=2)
    return tile, tuple(drawn)


def _racer_tile(racer: dict[str, Any]) -> Image.Image:
    team = integer(racer.get("team"), 0) % 2
    return cards.die_face(max(1, min(6, integer(racer.get("pips"), 1))), DIE, TEAM_COLOURS[team],
                          palette.WHITE)


def _draw_racer(image: Image.Image, draw: ImageDraw.ImageDraw, racer: dict[str, Any],
                centre_x: float, top: float, ink: palette.RGB) -> None:
    """The die (team colour, its pips) and under it the racer's name, "1A"."""
    layout.paste(image, _racer_tile(racer), (centre_x - DIE / 2, top))
    text.draw(draw, (centre_x, top + DIE + 1), racer_name(racer), PRIMARY, fill=ink, bold=True,
              anchor="ma")


def _draw_track(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, top: int) -> int:
    track = mapping(view.get("track"))
    lanes, finish, last_mile = _track_geometry(track)
    obstacles = tuple(sorted(
        (integer(cell[0]), integer(cell[1])) for cell in listed(track.get("obstacles"))
        if isinstance(cell, list | tuple) and len(cell) == 2
    ))
    tile, drawn = _track_tile(lanes, finish, last_mile, obstacles)
    layout.paste(image, tile, (MARGIN, top))
    text.replay(drawn, (MARGIN, top), image)
    racers = [r for r in listed(view.get("racers")) if isinstance(r, dict)]
    at_start = [r for r in racers if integer(r.get("space"), 0) <= 0]
    for i, racer in enumerate(at_start[:4]):
        x = MARGIN + 4 + (START_W - 12) / 4 * (1 + 2 * (i % 2))
        y = top + HEADER_H + 6 + (i // 2) * (DIE + 26)
        _draw_racer(image, draw, racer, x, y, palette.INK)
    for racer in racers:
        space, lane = integer(racer.get("space"), 0), integer(racer.get("lane"), 1)
        if space <= 0:
            continue
        space, lane = min(space, finish), max(1, min(lanes, lane))
        box = _cell_box(space, lane, finish)
        _draw_racer(image, draw, racer, MARGIN + (box[0] + box[2]) / 2, top + box[1] + 4,
                    palette.INK)
    return top + HEADER_H + lanes * CELL_H


def _team_badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], team: int) -> None:
    layout.pill(draw, centre, str(team + 1), NUMBER, TEAM_COLOURS[team], palette.WHITE)


def _teams_lines(draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """One line per team: its number (the racers' first character), colour and players."""
    for team in (0, 1):
        members = [seats.label(view, s) for s in range(seats.player_count(view))
                   if _team_of(view, s) == team]
        _team_badge(draw, (MARGIN + 16, y + 14), team)
        words = f"Team {team + 1} ({TEAM_WORDS[team]}): " + (" & ".join(members) or "-")
        text.draw(draw, (MARGIN + 36, y + 14), words, PRIMARY, fill=palette.WHITE, anchor="lm",
                  max_width=WIDTH - MARGIN * 2 - 40)
        y += 30
    return y


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, y: float, obstacles: bool,
            four_colour: bool) -> float:
    """What each suit does to a racer; the trick's winner moves instead (on a line of its
    own when the suits leave no room). Returns the y below the legend."""
    x = float(MARGIN)
    for suit, words in LEGEND:
        box = PRIMARY + 6
        draw.rounded_rectangle((x, y - box / 2, x + box, y + box / 2), radius=4,
                               fill=palette.CARD_FACE)
        paste_suit(image, suit, (round(x + 3), round(y - box / 2 + 3)), PRIMARY,
                   palette.suit_colour(suit, four_colour))
        x += box + 4
        x += text.draw(draw, (x, y), words, PRIMARY, fill=palette.SOFT_WHITE, anchor="lm") + 12
    words = "winner moves" + (" · ✕ obstacle" if obstacles else "")
    if text.width(words, PRIMARY) > WIDTH - MARGIN - x:
        x, y = float(MARGIN), y + PRIMARY + 10
    text.draw(draw, (x, y), words, PRIMARY, fill=palette.SOFT_WHITE, anchor="lm",
              max_width=WIDTH - MARGIN - x)
    return y + PRIMARY / 2 + 6


def _trick_slots(view: View) -> tuple[str, list[dict[str, Any]], list[int]]:
    """What to show in the trick area: the current trick (with any resolved results) or,
    between tricks, the last one with every result; and the order the cards resolve in."""
    trick = [c for c in listed(view.get("trick")) if isinstance(c, dict)]
    resolution = mapping(view.get("resolution"))
    if trick:
        results = {r.get("index"): r for r in listed(resolution.get("results"))
                   if isinstance(r, dict)}
        resolving = mapping(resolution.get("resolving"))
        winner = resolution.get("winner")
        slots = [{**card, "result": results.get(i), "won": i == winner,
                  "now": i == resolving.get("index")} for i, card in enumerate(trick)]
        order = [i for i in listed(resolution.get("order")) if isinstance(i, int)]
        return "This trick", slots, order
    last = mapping(view.get("last_trick"))
    if last:
        slots = [c for c in listed(last.get("cards")) if isinstance(c, dict)]
        order = [i for i in listed(last.get("order")) if isinstance(i, int)]
        return "Last trick", slots, order  # the title bar numbers the trick within its cycle
    return "This trick", [], []


def _action_of(slot: dict[str, Any]) -> str:
    result = mapping(slot.get("result"))
    if slot.get("won"):
        return "movement"
    if result.get("action") in ACTION_WORDS:
        return str(result["action"])
    parsed = cards.parse(slot.get("card", ""))
    return SUIT_ACTIONS.get(parsed[1] or "", "") if parsed else ""


def _draw_trick(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, top: float,
                four_colour: bool) -> float:
    heading, slots, order = _trick_slots(view)
    text.draw(draw, (MARGIN, top), heading + " (in play order)", PRIMARY, fill=palette.WHITE,
              bold=True)
    slot_w = (WIDTH - 2 * MARGIN) / 4
    card_h = cards.card_height(TRICK_CARD)
    name_y = top + PRIMARY + 22
    card_y = name_y + 18
    tag_y = card_y + card_h + 18
    resolving = any(slot.get("result") or slot.get("now") for slot in slots) or \
        not listed(view.get("trick"))
    for i in range(4):
        cx = MARGIN + (i + 0.5) * slot_w
        if i >= len(slots):
            draw.rounded_rectangle((cx - TRICK_CARD / 2, card_y, cx + TRICK_CARD / 2,
                                    card_y + card_h), radius=8, outline=palette.DIM, width=2)
            continue
        slot = slots[i]
        seat = integer(slot.get("seat"), 0)
        team = _team_of(view, seat)
        _team_badge(draw, (cx - slot_w / 2 + 16, name_y), team)
        text.draw(draw, (cx - slot_w / 2 + 30, name_y), seats.label(view, seat), PRIMARY,
                  fill=palette.WHITE, anchor="lm", max_width=slot_w - 34)
        if slot.get("won") or slot.get("now"):
            colour = palette.HIGHLIGHT if slot.get("won") else palette.WHITE
            draw.rounded_rectangle((cx - TRICK_CARD / 2 - 5, card_y - 5, cx + TRICK_CARD / 2 + 4,
                                    card_y + card_h + 4), radius=10, outline=colour, width=4)
        layout.paste(image, cards.card_face(str(slot.get("card", "")), TRICK_CARD, four_colour),
                     (cx - TRICK_CARD / 2, card_y))
        if not resolving:
            continue  # the trick is still being played: nothing resolves yet
        # Every card is tagged: its place in the resolution order and what it does.
        step = order.index(i) + 1 if i in order else None
        action = _action_of(slot)
        words = (f"{step}. " if step else "") + ACTION_WORDS.get(action, "?")
        if slot.get("now"):
            fill, ink = palette.WHITE, palette.INK
        elif slot.get("won"):
            fill, ink = palette.HIGHLIGHT, palette.INK
        elif slot.get("result"):
            fill, ink = palette.FELT_DARK, palette.SOFT_WHITE
        else:
            fill, ink = palette.FELT, palette.QUIET
        layout.pill(draw, (cx, tag_y), words, PRIMARY, fill, ink, max_width=slot_w - 4)
    y = tag_y + PRIMARY + 6
    # What each card did, in resolution order, written out in full under the cards: two
    # lines each while the picture stays within a phone's height, else one line each.
    said = []
    for step, index in enumerate(order, start=1):
        if index >= len(slots):
            continue
        slot = slots[index]
        result = mapping(slot.get("result"))
        if slot.get("now"):
            said.append(f"{step}. Now: " + _pending_words(view))
        elif result.get("text"):
            said.append(f"{step}. " + seats.fill_names(result["text"], view))
    line_h = PRIMARY * 1.25
    wrapped = [text.wrap(words, PRIMARY, WIDTH - 2 * MARGIN, 2) for words in said]
    if y + line_h * sum(len(lines) for lines in wrapped) + 6 > MAX_HEIGHT:
        wrapped = [[text.fit(words, PRIMARY, WIDTH - 2 * MARGIN)] for words in said]
    for lines in wrapped:
        y = text.draw_lines(draw, (MARGIN, y), lines, PRIMARY, fill=palette.SOFT_WHITE,
                            spacing=1.25)
    return y + 6


def _pending_words(view: View) -> str:
    resolution = mapping(view.get("resolution"))
    resolving = mapping(resolution.get("resolving"))
    seat = integer(resolving.get("seat"), 0)
    action = ACTION_WORDS.get(str(resolving.get("action")), "a card").lower()
    pending = mapping(resolution.get("pending"))
    choice = "a racer" if pending.get("choice") == "racer" else "a move"
    if isinstance(pending.get("seat"), int):
        why = "" if resolving.get("action") == "movement" else f" ({action})"
        return f"{seats.label(view, pending['seat'])} chooses {choice}{why}"
    return f"{seats.label(view, seat)}'s {action}"


def _status(view: View) -> str:
    """Whose move it is; a long name is shortened so the verb always shows."""
    if isinstance(view.get("outcome"), dict):
        return "Race over"
    resolution = mapping(view.get("resolution"))
    pending = mapping(resolution.get("pending"))
    if isinstance(pending.get("seat"), int):
        what = "a racer" if pending.get("choice") == "racer" else "a move"
        return f"{seats.short_label(view, pending['seat'], PRIMARY, 300)} chooses {what}"
    waiting = seats.to_act(view)
    if waiting:
        return f"{seats.short_label(view, waiting[0], PRIMARY, 300)} to play"
    return ""


def outcome_headline(view: View) -> str:
    outcome = mapping(view.get("outcome"))
    winners = [s for s in listed(outcome.get("winners")) if isinstance(s, int)]
    teams = sorted({_team_of(view, s) for s in winners})
    if outcome.get("shared") or len(teams) > 1:
        return "Shared victory!"
    if teams:
        return f"Team {teams[0] + 1} ({TEAM_WORDS[teams[0]]}) wins!"
    return "Race over"


def _outcome_banner(draw: ImageDraw.ImageDraw, view: View, y: float) -> float:
    outcome = view.get("outcome")
    if not isinstance(outcome, dict):
        return y
    detail = seats.fill_names(outcome.get("detail", ""), view)
    return layout.outcome_banner(draw, y, WIDTH, MARGIN, outcome_headline(view), detail)


def draw_table(view: View, four_colour: bool = False) -> Image.Image:
    track = mapping(view.get("track"))
    lanes, _, _ = _track_geometry(track)
    # Tall enough for every part (the picture is cropped to what was drawn): filling and
    # cropping a taller canvas costs time on every table.
    height = 140 + HEADER_H + lanes * CELL_H + 32 + PRIMARY + 10 + 110 + 36 + 3 * PRIMARY + 64 \
        + cards.card_height(TRICK_CARD) + 8 * round(PRIMARY * 1.25) + 8
    image, draw = layout.canvas(WIDTH, height)
    cycle, trick_no = integer(view.get("cycle"), 1), integer(view.get("trick_number"), 1)
    right = f"Cycle {cycle}/{integer(view.get('cycles'), 5)} · Trick {trick_no}/6"
    y = layout.title_bar(draw, WIDTH, "PIP Rush", right) + 6
    y = _teams_lines(draw, view, y)
    title = str(track.get("title") or "")
    words = (f"Track: {title} · " if title else "") + \
        f"draw pile {integer(view.get('draw_pile'), 0)}"
    text.draw(draw, (MARGIN, y + 2), words, PRIMARY, fill=palette.SOFT_WHITE,
              max_width=WIDTH - 2 * MARGIN)
    y = _draw_track(image, draw, view, y + PRIMARY + 4)
    y = round(_legend(image, draw, y + 16, bool(listed(track.get("obstacles"))), four_colour))
    below = _outcome_banner(draw, view, y + 4)
    status = _status(view)
    if status and not isinstance(view.get("outcome"), dict):
        layout.pill(draw, (WIDTH / 2, below + 16), status, PRIMARY + 2, palette.HIGHLIGHT,
                    palette.INK, max_width=WIDTH - 2 * MARGIN)
        below += 36
    bottom = _draw_trick(image, draw, view, below + 4, four_colour)
    return image.crop((0, 0, WIDTH, min(height, round(bottom))))


def hand_picture(view: View) -> HandPicture:
    """The seat's cards (any may be played on its turn) and its team's racers. Its lines
    name no card, so the picture and the words write them alike."""
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
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None
    team = integer(view.get("team"), 0) % 2
    racers = [r for r in listed(view.get("racers")) if isinstance(r, dict)
              and integer(r.get("team"), -1) == team]
    lines = [
        f"Your racer {r.get('label')} ({racer_name(r)}): "
        f"{text.plural(integer(r.get('pips'), 0), 'pip')}, "
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
    return HandPicture("PIP Rush", who, status, items, lines)


def draw_hand(view: View, four_colour: bool = False) -> Image.Image:
    return draw_hand_picture(hand_picture(view), four_colour)
