"""Crib Race boards: one JSON file per board in boards/, checked when it is loaded.

A board file is a JSON object with exactly these keys (hole ids are strings; the main track's
holes are named by their number, "0" the start to "121" the finish):

    name         the `board` option's value, same as the file name ("default")
    title        words for players
    description  one line for players
    size         [width, height] of the drawing area
    holes        {hole id: [x, y]}: every hole of the board with its drawing position
    track        the main track's hole ids in order, start first, finish last
    slides       [{"name", "from", "to"}]: landing on `from` jumps the peg ahead to `to`
    advances     [{"name", "entry", "path", "rejoin"}]: landing on `entry` puts the peg on the
                 green `path` (holes of its own), which leads back to the track at `rejoin`,
                 in fewer steps than the track takes
    traps        [{"name", "holes", "path", "rejoin"}]: landing on any of `holes` (consecutive
                 track holes) diverts the peg onto the blue `path`, which loops back to the
                 track at `rejoin`, behind the trap
    boxes        [{"name", "hole", "cells"}]: landing on `hole` boxes the peg; `cells` are the
                 penalty holes boxed pegs sit in (one per side that could be boxed at once)

The checks refuse any file whose zones overlap, chain into each other or could not be drawn,
with a message naming the file and the fault (`BoardError`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any, NoReturn

from engine.data_files import read_package_json

MAIN = "main"
SLIDE, ADVANCE, TRAP, BOX = "slide", "advance", "trap", "box"
#: The most sides that can ever sit in one box at once (four players or four teams).
MAX_SIDES = 4

_KEYS = ("name", "title", "description", "size", "holes", "track", "slides", "advances",
         "traps", "boxes")


class BoardError(ValueError):
    """A board file that breaks the rules; the message names the file and the fault."""


@dataclass(frozen=True)
class Zone:
    """One zone of the board. `triggers`: the track holes that set it off when a peg lands on
    one; `route`: the holes a diverted peg follows (side path holes then the rejoin hole;
    empty for a slide); `target`: where the peg lands when set off (slide end, first path hole,
    first box cell)."""

    kind: str
    name: str
    triggers: tuple[int, ...]
    route: tuple[str, ...] = ()
    target: str = ""
    #: For a box: its cells, in the order boxed pegs fill them.
    cells: tuple[str, ...] = ()

    @property
    def rejoin(self) -> int:
        """The track hole a side path leads back to."""
        return int(self.route[-1])


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    description: str
    size: tuple[float, float]
    holes: dict[str, tuple[float, float]]
    finish: int
    zones: tuple[Zone, ...]
    #: Which zone each trigger hole sets off.
    trigger_at: dict[int, Zone]
    #: Side paths and boxes by name.
    by_name: dict[str, Zone]
    #: The decoded file, kept for views (the renderer draws from it), and as JSON text.
    data: dict[str, Any]
    data_json: str

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        # A board is never changed once checked: copies of a game (the AI's lookahead, tests)
        # share it instead of copying some hundred holes each time.
        return self

    def zones_of(self, kind: str) -> list[Zone]:
        return [zone for zone in self.zones if zone.kind == kind]

    def drawable(self) -> dict[str, Any]:
        """A fresh copy of the board file's data for a view: whoever reads a view may change
        it without touching the board every game shares."""
        return json.loads(self.data_json)


# ===== loading ==================================================================================
def load_board(name: str) -> Board:
    """Read and check boards/<name>.json from this package."""
    data, source = read_package_json(__package__, "boards", name, BoardError, "board")
    board = parse_board(data, source)
    if board.name != name:
        raise BoardError(f"{source}: name {board.name!r} does not match the file name")
    return board


def board_names() -> list[str]:
    """Every packaged board, "default" first."""
    folder = resources.files(__package__).joinpath("boards")
    names = sorted(entry.name.removesuffix(".json") for entry in folder.iterdir()
                   if entry.name.endswith(".json"))
    return sorted(names, key=lambda n: n != DEFAULT_BOARD)


DEFAULT_BOARD = "default"


# ===== checking =================================================================================
class _Checker:
    """Parses one decoded board, raising BoardError at the first fault."""

    def __init__(self, data: Any, source: str) -> None:
        self.source = source
        if not isinstance(data, dict):
            self.fail(f"a board must be a JSON object, not {type(data).__name__}")
        unknown = sorted(set(data) - set(_KEYS))
        if unknown:
            self.fail(f"unknown key(s) {', '.join(unknown)}")
        missing = [key for key in _KEYS if key not in data]
        if missing:
            self.fail(f"missing key(s) {', '.join(missing)}")
        self.data = data
        self.used: dict[str, str] = {}  # hole id -> what uses it, to refuse sharing
        self.triggers: dict[int, Zone] = {}

    def fail(self, message: str) -> NoReturn:
        raise BoardError(f"{self.source}: {message}")

    def text(self, key: str) -> str:
        value = self.data[key]
        if not isinstance(value, str) or not value.strip():
            self.fail(f"{key} must be a non-empty string")
        return value

    def size(self) -> tuple[float, float]:
        size = self.data["size"]
        if (not isinstance(size, list) or len(size) != 2
                or not all(_is_number(n) and n > 0 for n in size)):
            self.fail(f"size must be [width, height] with positive numbers, not {size!r}")
        return float(size[0]), float(size[1])

    def holes(self, size: tuple[float, float]) -> dict[str, tuple[float, float]]:
        raw = self.data["holes"]
        if not isinstance(raw, dict) or not raw:
            self.fail("holes must be an object {hole id: [x, y]}")
        holes = {}
        for hole, xy in raw.items():
            if (not isinstance(xy, list) or len(xy) != 2 or not all(_is_number(n) for n in xy)):
                self.fail(f"hole {hole!r} needs drawing coordinates [x, y], not {xy!r}")
            if not (0 <= xy[0] <= size[0] and 0 <= xy[1] <= size[1]):
                self.fail(f"hole {hole!r} at {xy} is outside the drawing area {list(size)}")
            holes[hole] = (float(xy[0]), float(xy[1]))
        return holes

    def claim(self, hole: Any, user: str, holes: dict[str, tuple[float, float]]) -> str:
        """Mark a hole as belonging to `user`; every hole belongs to exactly one thing."""
        if not isinstance(hole, str) or hole not in holes:
            self.fail(f"{user} uses hole {hole!r}, which is not in holes")
        if hole in self.used:
            self.fail(f"hole {hole!r} is used by both {self.used[hole]} and {user}")
        self.used[hole] = user
        return hole

    def track(self, holes: dict[str, tuple[float, float]]) -> int:
        track = self.data["track"]
        if not isinstance(track, list) or len(track) < 10:
            self.fail("track must list at least 10 holes, start first and finish last")
        for number, hole in enumerate(track):
            if hole != str(number):
                self.fail(f"track hole {number} must be named {str(number)!r}, not {hole!r}")
            self.claim(hole, "the track", holes)
        return len(track) - 1

    def track_hole(self, hole: Any, what: str, finish: int) -> int:
        if not isinstance(hole, str) or not hole.isdigit() or not 0 <= int(hole) <= finish:
            self.fail(f"{what} must be a track hole \"0\"..\"{finish}\", not {hole!r}")
        return int(hole)

    def zone_list(self, key: str) -> list[dict[str, Any]]:
        zones = self.data[key]
        if not isinstance(zones, list):
            self.fail(f"{key} must be a list")
        for zone in zones:
            if not isinstance(zone, dict) or not isinstance(zone.get("name"), str):
                self.fail(f"every entry of {key} must be an object with a name, not {zone!r}")
        return zones

    def fields(self, zone: dict[str, Any], kind: str, keys: Iterable[str]) -> None:
        expected = {"name", *keys}
        if set(zone) != expected:
            self.fail(f"{kind} {zone['name']!r} must have exactly the keys "
                      f"{', '.join(sorted(expected))}")

    def trigger(self, number: int, zone: Zone, finish: int) -> None:
        label = f"{zone.kind} {zone.name!r}"
        if number in (0, finish):
            self.fail(f"{label} cannot start on the start or the finish (hole {number})")
        if number in self.triggers:
            other = self.triggers[number]
            self.fail(f"{label} and {other.kind} {other.name!r} both start on hole {number}")
        self.triggers[number] = zone

    def path(self, zone: dict[str, Any], kind: str,
             holes: dict[str, tuple[float, float]]) -> tuple[str, ...]:
        path = zone["path"]
        if not isinstance(path, list) or not path:
            self.fail(f"{kind} {zone['name']!r} needs a non-empty path of its own holes")
        return tuple(self.claim(h, f"{kind} {zone['name']!r}", holes) for h in path)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def parse_board(data: Any, source: str = "board") -> Board:
    """Build a Board from decoded JSON, refusing anything malformed with a precise message."""
    check = _Checker(data, source)
    name, title, description = check.text("name"), check.text("title"), check.text("description")
    size = check.size()
    holes = check.holes(size)
    finish = check.track(holes)
    zones: list[Zone] = []
    names: set[str] = set()

    def add(zone: Zone) -> None:
        if zone.name in names or zone.name == MAIN:
            check.fail(f"zone name {zone.name!r} is used twice (or is the reserved 'main')")
        names.add(zone.name)
        for number in zone.triggers:
            check.trigger(number, zone, finish)
        zones.append(zone)

    for raw in check.zone_list("slides"):
        check.fields(raw, "slide", ("from", "to"))
        start = check.track_hole(raw["from"], f"slide {raw['name']!r} from", finish)
        end = check.track_hole(raw["to"], f"slide {raw['name']!r} to", finish)
        if end <= start:
            check.fail(f"slide {raw['name']!r} must jump ahead: to {end} is not after {start}")
        add(Zone(SLIDE, raw["name"], (start,), target=str(end)))
    for raw in check.zone_list("advances"):
        check.fields(raw, "advance", ("entry", "path", "rejoin"))
        label = f"advance {raw['name']!r}"
        entry = check.track_hole(raw["entry"], f"{label} entry", finish)
        rejoin = check.track_hole(raw["rejoin"], f"{label} rejoin", finish)
        path = check.path(raw, "advance", holes)
        if rejoin <= entry or len(path) + 1 >= rejoin - entry:
            check.fail(f"{label} must rejoin further on in fewer steps than the track: "
                       f"{len(path) + 1} steps from {entry} to {rejoin}")
        add(Zone(ADVANCE, raw["name"], (entry,), route=(*path, str(rejoin)), target=path[0]))
    for raw in check.zone_list("traps"):
        check.fields(raw, "trap", ("holes", "path", "rejoin"))
        label = f"trap {raw['name']!r}"
        trap = raw["holes"]
        if not isinstance(trap, list) or not trap:
            check.fail(f"{label} needs a list of track holes")
        numbers = tuple(check.track_hole(h, f"{label} hole", finish) for h in trap)
        if list(numbers) != list(range(numbers[0], numbers[0] + len(numbers))):
            check.fail(f"{label} holes must be consecutive track holes, not {trap}")
        rejoin = check.track_hole(raw["rejoin"], f"{label} rejoin", finish)
        if rejoin >= numbers[0]:
            check.fail(f"{label} must rejoin behind the trap: {rejoin} is not before {numbers[0]}")
        path = check.path(raw, "trap", holes)
        add(Zone(TRAP, raw["name"], numbers, route=(*path, str(rejoin)), target=path[0]))
    for raw in check.zone_list("boxes"):
        check.fields(raw, "box", ("hole", "cells"))
        label = f"box {raw['name']!r}"
        hole = check.track_hole(raw["hole"], f"{label} hole", finish)
        cells = raw["cells"]
        if not isinstance(cells, list) or len(cells) < MAX_SIDES:
            check.fail(f"{label} needs at least {MAX_SIDES} cells (one per side)")
        cells = tuple(check.claim(c, label, holes) for c in cells)
        add(Zone(BOX, raw["name"], (hole,), target=cells[0], cells=cells))
    unused = sorted(set(holes) - set(check.used))
    if unused:
        check.fail(f"hole(s) {', '.join(unused[:5])} belong to no track, path or box")
    _check_no_chains(check, zones)
    return Board(name, title, description, size, holes, finish, tuple(zones),
                 dict(check.triggers), {z.name: z for z in zones}, data, json.dumps(data))


def _check_no_chains(check: _Checker, zones: list[Zone]) -> None:
    """A jump never lands on another zone's trigger, and no box sits inside a side path's
    span (so "past the box" is plain for every peg, wherever it is)."""
    for zone in zones:
        if zone.kind == SLIDE and int(zone.target) in check.triggers:
            other = check.triggers[int(zone.target)]
            check.fail(f"slide {zone.name!r} ends on {other.kind} {other.name!r}")
    for box in (z for z in zones if z.kind == BOX):
        spot = box.triggers[0]
        for zone in zones:
            if zone.kind in (ADVANCE, TRAP):
                low = min(zone.triggers[0], zone.rejoin)
                high = max(zone.triggers[-1], zone.rejoin)
                if low <= spot <= high:
                    check.fail(f"box {box.name!r} at {spot} lies inside {zone.kind} "
                               f"{zone.name!r} ({low}-{high})")


#: Every packaged board, loaded and checked when the game is imported; "default" first.
BOARDS: dict[str, Board] = {name: load_board(name) for name in board_names()}
