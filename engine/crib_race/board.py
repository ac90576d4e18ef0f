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
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, NoReturn

from engine.data_files import check_keys, load_every, load_named

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
    finish: int
    zones: tuple[Zone, ...]
    #: Which zone each trigger hole sets off.
    trigger_at: dict[int, Zone]
    #: Side paths and boxes by name.
    by_name: dict[str, Zone]
    #: The file as JSON text, for views (the renderer draws from it).
    data_json: str

    def zones_of(self, kind: str) -> list[Zone]:
        return [zone for zone in self.zones if zone.kind == kind]

    def drawable(self) -> dict[str, Any]:
        """A fresh copy of the board file's data for a view: whoever reads a view may change
        it without touching the board every game shares."""
        return json.loads(self.data_json)


# ===== loading ==================================================================================
def load_board(name: str) -> Board:
    """Read and check boards/<name>.json from this package."""
    return load_named(__package__, "boards", name, BoardError, "board", parse_board)


DEFAULT_BOARD = "default"


# ===== checking =================================================================================
class _Checker:
    """Parses one decoded board, raising BoardError at the first fault."""

    def __init__(self, data: Any, source: str) -> None:
        self.source = source
        check_keys(data, _KEYS, source, BoardError, "board")
        self.data = data
        self.used: dict[str, str] = {}  # hole id -> what uses it, to refuse sharing
        self.triggers: dict[int, Zone] = {}
        self.zones: list[Zone] = []
        self.holes = self._holes()
        self.finish = self._track()

    def fail(self, message: str) -> NoReturn:
        raise BoardError(f"{self.source}: {message}")

    def _holes(self) -> dict[str, Any]:
        """Every hole, checked to lie in the drawing area."""
        size = self.data["size"]
        if (not isinstance(size, list) or len(size) != 2
                or not all(_is_number(n) and n > 0 for n in size)):
            self.fail(f"size must be [width, height] with positive numbers, not {size!r}")
        holes = self.data["holes"]
        if not isinstance(holes, dict) or not holes:
            self.fail("holes must be an object {hole id: [x, y]}")
        for hole, xy in holes.items():
            if (not isinstance(xy, list) or len(xy) != 2 or not all(_is_number(n) for n in xy)):
                self.fail(f"hole {hole!r} needs drawing coordinates [x, y], not {xy!r}")
            if not (0 <= xy[0] <= size[0] and 0 <= xy[1] <= size[1]):
                self.fail(f"hole {hole!r} at {xy} is outside the drawing area {size}")
        return holes

    def claim(self, hole: Any, user: str) -> str:
        """Mark a hole as belonging to `user`; every hole belongs to exactly one thing."""
        if not isinstance(hole, str) or hole not in self.holes:
            self.fail(f"{user} uses hole {hole!r}, which is not in holes")
        if hole in self.used:
            self.fail(f"hole {hole!r} is used by both {self.used[hole]} and {user}")
        self.used[hole] = user
        return hole

    def _track(self) -> int:
        track = self.data["track"]
        if not isinstance(track, list) or len(track) < 10:
            self.fail("track must list at least 10 holes, start first and finish last")
        for number, hole in enumerate(track):
            if hole != str(number):
                self.fail(f"track hole {number} must be named {str(number)!r}, not {hole!r}")
            self.claim(hole, "the track")
        return len(track) - 1

    def track_hole(self, hole: Any, what: str) -> int:
        if not isinstance(hole, str) or not hole.isdigit() or not 0 <= int(hole) <= self.finish:
            self.fail(f"{what} must be a track hole \"0\"..\"{self.finish}\", not {hole!r}")
        return int(hole)

    def entries(self, key: str, kind: str, *keys: str) -> Iterator[tuple[dict[str, Any], str]]:
        """Each zone of the `key` list with exactly its keys, and its label ("slide 'red'")."""
        zones = self.data[key]
        if not isinstance(zones, list):
            self.fail(f"{key} must be a list")
        for zone in zones:
            if not isinstance(zone, dict) or not isinstance(zone.get("name"), str):
                self.fail(f"every entry of {key} must be an object with a name, not {zone!r}")
        expected = {"name", *keys}
        for zone in zones:
            if set(zone) != expected:
                self.fail(f"{kind} {zone['name']!r} must have exactly the keys "
                          f"{', '.join(sorted(expected))}")
            yield zone, f"{kind} {zone['name']!r}"

    def path(self, zone: dict[str, Any], label: str) -> tuple[str, ...]:
        path = zone["path"]
        if not isinstance(path, list) or not path:
            self.fail(f"{label} needs a non-empty path of its own holes")
        return tuple(self.claim(h, label) for h in path)

    def add(self, zone: Zone) -> None:
        if zone.name == MAIN or any(z.name == zone.name for z in self.zones):
            self.fail(f"zone name {zone.name!r} is used twice (or is the reserved 'main')")
        label = f"{zone.kind} {zone.name!r}"
        for number in zone.triggers:
            if number in (0, self.finish):
                self.fail(f"{label} cannot start on the start or the finish (hole {number})")
            if number in self.triggers:
                other = self.triggers[number]
                self.fail(f"{label} and {other.kind} {other.name!r} both start on hole {number}")
            self.triggers[number] = zone
        self.zones.append(zone)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def parse_board(data: Any, source: str = "board") -> Board:
    """Build a Board from decoded JSON, refusing anything malformed with a precise message."""
    check = _Checker(data, source)
    for raw, label in check.entries("slides", SLIDE, "from", "to"):
        start = check.track_hole(raw["from"], f"{label} from")
        end = check.track_hole(raw["to"], f"{label} to")
        if end <= start:
            check.fail(f"{label} must jump ahead: to {end} is not after {start}")
        check.add(Zone(SLIDE, raw["name"], (start,), target=str(end)))
    for raw, label in check.entries("advances", ADVANCE, "entry", "path", "rejoin"):
        entry = check.track_hole(raw["entry"], f"{label} entry")
        rejoin = check.track_hole(raw["rejoin"], f"{label} rejoin")
        path = check.path(raw, label)
        if rejoin <= entry or len(path) + 1 >= rejoin - entry:
            check.fail(f"{label} must rejoin further on in fewer steps than the track: "
                       f"{len(path) + 1} steps from {entry} to {rejoin}")
        check.add(Zone(ADVANCE, raw["name"], (entry,), route=(*path, str(rejoin)),
                       target=path[0]))
    for raw, label in check.entries("traps", TRAP, "holes", "path", "rejoin"):
        trap = raw["holes"]
        if not isinstance(trap, list) or not trap:
            check.fail(f"{label} needs a list of track holes")
        numbers = tuple(check.track_hole(h, f"{label} hole") for h in trap)
        if list(numbers) != list(range(numbers[0], numbers[0] + len(numbers))):
            check.fail(f"{label} holes must be consecutive track holes, not {trap}")
        rejoin = check.track_hole(raw["rejoin"], f"{label} rejoin")
        if rejoin >= numbers[0]:
            check.fail(f"{label} must rejoin behind the trap: {rejoin} is not before {numbers[0]}")
        path = check.path(raw, label)
        check.add(Zone(TRAP, raw["name"], numbers, route=(*path, str(rejoin)), target=path[0]))
    for raw, label in check.entries("boxes", BOX, "hole", "cells"):
        hole = check.track_hole(raw["hole"], f"{label} hole")
        cells = raw["cells"]
        if not isinstance(cells, list) or len(cells) < MAX_SIDES:
            check.fail(f"{label} needs at least {MAX_SIDES} cells (one per side)")
        cells = tuple(check.claim(c, label) for c in cells)
        check.add(Zone(BOX, raw["name"], (hole,), target=cells[0], cells=cells))
    unused = sorted(set(check.holes) - set(check.used))
    if unused:
        check.fail(f"hole(s) {', '.join(unused[:5])} belong to no track, path or box")
    _check_no_chains(check, check.zones)
    return Board(data["name"], data["title"], data["description"], check.finish,
                 tuple(check.zones), dict(check.triggers), {z.name: z for z in check.zones},
                 json.dumps(data))


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
BOARDS: dict[str, Board] = load_every(__package__, "boards", DEFAULT_BOARD, load_board)
