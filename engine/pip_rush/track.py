"""Race tracks: data files in tracks/*.json, checked when they are loaded.

A track file is a JSON object with exactly these keys:

    name         short id used as the `track` option ("open"), same as the file name
    title        words for players ("Open Road")
    description  one line for players
    lanes        3 (the race is always run on three lanes)
    obstacles    [[space, lane], ...]: printed blocked cells, spaces 1-10, lanes 1-3

Start (space 0) is shared and has no lanes; Finish is space 10, and its lanes block like any
other. The checks refuse any file that would make a race impossible to finish.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.data_files import check_keys, load_every, load_named

START = 0
FINISH = 10
LAST_MILE = 7
LANES = 3

_REQUIRED_KEYS = ("name", "title", "description", "lanes", "obstacles")


class TrackError(ValueError):
    """A track file that breaks the rules; the message names the file and the fault."""


@dataclass(frozen=True)
class Track:
    name: str
    title: str
    description: str
    obstacles: frozenset[tuple[int, int]]

    def is_open(self, space: int, lane: int) -> bool:
        """Whether a cell exists and carries no printed obstacle (racers are not considered)."""
        inside = 1 <= space <= FINISH and 1 <= lane <= LANES
        return inside and (space, lane) not in self.obstacles

    def destinations(self) -> tuple[tuple[int, ...], ...]:
        """dest[cell], cell = space * 4 + lane (Start is 0): the open cells a racer there may
        step into, one space forward, straight or diagonally (from Start into any lane), in lane
        order, before other racers are considered."""
        dest: list[tuple[int, ...]] = [()] * ((FINISH + 1) * 4)
        lanes = range(1, LANES + 1)
        for space in range(START, FINISH):
            for lane in [0] if space == START else lanes:
                ahead = lanes if space == START else range(lane - 1, lane + 2)
                dest[space * 4 + lane] = tuple(
                    (space + 1) * 4 + to for to in ahead if self.is_open(space + 1, to)
                )
        return tuple(dest)

    def view(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "lanes": LANES,
            "start": START,
            "finish": FINISH,
            "last_mile": LAST_MILE,
            "obstacles": [list(cell) for cell in sorted(self.obstacles)],
        }


def parse_track(data: Any, source: str = "track") -> Track:
    """Build a Track from decoded JSON, refusing anything malformed with a precise message."""
    check_keys(data, _REQUIRED_KEYS, source, TrackError, "track")
    lanes = data["lanes"]
    if type(lanes) is not int or lanes != LANES:
        raise TrackError(f"{source}: bad lane count {lanes!r}; the race is run on {LANES} lanes")
    obstacles = _parse_obstacles(data["obstacles"], source)
    track = Track(data["name"], data["title"], data["description"], obstacles)
    _check_finishable(track, source)
    return track


def _parse_obstacles(raw: Any, source: str) -> frozenset[tuple[int, int]]:
    if not isinstance(raw, list):
        raise TrackError(f"{source}: obstacles must be a list of [space, lane] pairs")
    cells: set[tuple[int, int]] = set()
    for item in raw:
        if not isinstance(item, list) or len(item) != 2 or not all(type(n) is int for n in item):
            raise TrackError(f"{source}: obstacle {item!r} is not a [space, lane] pair of integers")
        space, lane = item
        if space == START:
            raise TrackError(f"{source}: obstacle {item} at Start (space 0), which never blocks")
        if not START < space <= FINISH:
            raise TrackError(f"{source}: obstacle {item} out of range: spaces run 1 to {FINISH}")
        if not 1 <= lane <= LANES:
            raise TrackError(f"{source}: obstacle {item} out of range: lanes run 1 to {LANES}")
        if (space, lane) in cells:
            raise TrackError(f"{source}: obstacle {item} is listed twice")
        cells.add((space, lane))
    for space, blocked in sorted(Counter(space for space, _ in cells).items()):
        if blocked > LANES - 1:
            raise TrackError(
                f"{source}: space {space} has {blocked} obstacles; at most {LANES - 1} may be "
                "blocked so two teams can still pass"
            )
    return frozenset(cells)


def _check_finishable(track: Track, source: str) -> None:
    """Every space must be reachable by forward and diagonal steps, or nobody could finish."""
    dest = track.destinations()
    reachable = {START}
    for space in range(1, FINISH + 1):
        reachable = {cell for at in reachable for cell in dest[at]}
        if not reachable:
            raise TrackError(f"{source}: space {space} cannot be reached from Start")


def load_track_file(name: str) -> Track:
    """Read and check tracks/<name>.json from this package."""
    return load_named(__package__, "tracks", name, TrackError, "track", parse_track)


DEFAULT_TRACK = "open"
#: Every packaged track, checked once when the game is imported; the default comes first.
TRACKS: dict[str, Track] = load_every(__package__, "tracks", DEFAULT_TRACK, load_track_file)
