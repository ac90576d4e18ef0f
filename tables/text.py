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
