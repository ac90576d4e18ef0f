"""Engine events -> readable lines: seat placeholders "{s0}".."{s7}" become names.

Nothing is escaped here; the Discord layer decides about markdown."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

_SEAT = re.compile(r"\{s(\d)\}")


def fill_names(text: str, names: Sequence[str]) -> str:
    """Replace every {sN} by seat N's name; a placeholder for a seat that does not exist stays."""

    def name_for(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if seat < len(names) else match.group(0)

    return _SEAT.sub(name_for, text)


def spoken_list(items: Sequence[object], last: str = "and") -> str:
    """ ["2", "3", "4"] -> "2, 3 or 4" (with last="or"); one item alone; none -> "". """
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def number_ranges(numbers: Sequence[int]) -> str:
    """ [0, 1, 2, 3, 20, 28, 29] (sorted) -> "0–3, 20, 28 or 29"."""
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number == spans[-1][-1] + 1:
            spans[-1].append(number)
        else:
            spans.append([number])
    words = [f"{s[0]}–{s[-1]}" if len(s) > 2 else ", ".join(map(str, s)) for s in spans]
    return spoken_list(", ".join(words).split(", "), "or")


def event_text(event: dict[str, Any]) -> str | None:
    """An event's text with its seat placeholders, or None for an event that carries none."""
    text = event.get("text")
    return text if isinstance(text, str) and text else None


def event_line(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """The line for an event, or None for an event that carries no text."""
    text = event_text(event)
    return None if text is None else fill_names(text, names)


def is_private(event: dict[str, Any]) -> bool:
    return event.get("to") is not None


def outcome_words(names: Sequence[str], outcome: dict[str, Any]) -> tuple[list[str], str, str]:
    """(winners' names, "wins", "win" or "share the win", the detail line with names filled
    in)."""
    winners = [names[s] for s in outcome.get("winners", [])]
    # Partners winning together win; only a real tie between sides shares the win.
    verb = "share the win" if outcome.get("shared") else "wins" if len(winners) <= 1 else "win"
    detail = outcome.get("detail")
    return winners, verb, fill_names(str(detail), names) if detail else ""
