"""A message fitted to Discord's 2,000 characters, keeping what matters most.

A message that grows with its seats and names (a table's, a hand's, a leaderboard) is built as
lines, some of which may go: each such line has a rank, and while the message is too long the
lowest-ranked goes first (a table's oldest log line before its newest). When even the lines
that must stay do not fit, the message is built again in a more compact form (names
shortened, a long list summed up as "…and 3 more"), as many forms as the builder offers,
most complete first. Only if the most compact form is still too long are whole lines left off
its end, and the last line left is cut at a space: never mid-word.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

MAX_CONTENT = 2000
#: Joiners and variation selectors that would dangle at the end of a shortened name.
_DANGLING = " \u200d\ufe0e\ufe0f"


@dataclass(frozen=True)
class Droppable:
    """A line the message may do without; lower ranks go first."""

    text: str
    rank: int


Line = str | Droppable


def fit(
    forms: Iterable[Sequence[Line]], limit: int = MAX_CONTENT,
    more: Callable[[int], str] | None = None,
) -> str:
    """The first form that fits once its droppable lines are left off as needed (lowest rank
    first); failing all, the last form cut to the limit at a line or a space. Forms are read
    one at a time, so a generator builds a compact form only when it is needed. `more`: the
    last line when lines were left off, given how many ("…and 3 more achievements")."""
    last: list[Line] = []
    for lines in forms:
        last = list(lines)
        text = _without_droppables(last, limit, more)
        if len(text) <= limit:
            return text
    return _cut(_without_droppables(last, 0, more), limit)


def _without_droppables(
    lines: list[Line], limit: int, more: Callable[[int], str] | None
) -> str:
    going = sorted((line.rank, index) for index, line in enumerate(lines)
                   if isinstance(line, Droppable))
    left_off: set[int] = set()
    text = _join(_texts(lines, left_off, more))
    for _, index in going:
        if len(text) <= limit:
            break
        left_off.add(index)
        text = _join(_texts(lines, left_off, more))
    return text


def _texts(
    lines: list[Line], left_off: set[int], more: Callable[[int], str] | None
) -> Iterable[str]:
    for index, line in enumerate(lines):
        if index not in left_off:
            yield line.text if isinstance(line, Droppable) else line
    if left_off and more is not None:
        yield more(len(left_off))


def _join(lines: Iterable[str]) -> str:
    """The lines as one text, without the blank lines that separated what was left off."""
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    while kept and not kept[-1]:
        kept.pop()
    return "\n".join(kept)


def _cut(text: str, limit: int) -> str:
    """Whole lines off the end until it fits; one line longer than the limit cut at a space."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    while len(lines) > 1 and len("\n".join(lines)) > limit:
        lines.pop()
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    return (head[:space] if space > 0 else head).rstrip() + "…"


def shortened(name: str, width: int) -> str:
    """A name cut to `width` characters, the cut marked "…"; a short name as it is."""
    if len(name) <= width:
        return name
    return name[: width - 1].rstrip(_DANGLING) + "…"


def names_shortened(text: str, names: Sequence[str], width: int) -> str:
    """`text` with each of `names` in it shortened to `width` (the longest names first, so a
    name inside another is not cut twice)."""
    long = sorted({name for name in names if len(name) > width}, key=len, reverse=True)
    if not long:
        return text
    pattern = re.compile("|".join(re.escape(name) for name in long))
    return pattern.sub(lambda found: shortened(found.group(0), width), text)
