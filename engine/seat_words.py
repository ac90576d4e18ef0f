"""How a game's lines name seats, so that each reader reads them in their own words.

An event's text writes a seat as a placeholder; names are put in when the line is read:

    {s0}          the seat: "Ann", or "you" for seat 0's own player
    {s0:plays}    the seat doing something: "Ann plays", or "you play"
    {s0's}        the seat's: "Ann's", or "your"

"you" and "your" start with a capital at the start of the line or of a sentence. Read for
nobody (the channel), every line is in the third person, as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

PLACEHOLDER = re.compile(r"\{s(\d)(?:(:[a-z]+)|('s))?\}")
#: Where a sentence starts: the line's start, or after a full stop, "!" or "?".
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def second_person(verb: str) -> str:
    """ "plays" -> "play", "passes" -> "pass", "is" -> "are": the verb after "you"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def fill_seats(
    text: str, names: Sequence[str], reader: int | None = None, *, missing: str | None = None
) -> str:
    """`text` with every placeholder filled for `reader` (a seat, or None for the channel).
    A placeholder for a seat without a name stays as written, or becomes `missing` (with
    {n} for the seat's number from 1)."""

    def filled(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        verb = (match.group(2) or ":")[1:]
        possessive = match.group(3) is not None
        if seat == reader:
            sentence_start = _SENTENCE_START.search(text, 0, match.start()) is not None
            word = "your" if possessive else "you"
            if verb:
                word += " " + second_person(verb)
            return word[0].upper() + word[1:] if sentence_start else word
        if seat < len(names):
            name = names[seat]
        elif missing is not None:
            name = missing.format(n=seat + 1)
        else:
            return match.group(0)
        if possessive:
            return f"{name}'s"
        return f"{name} {verb}" if verb else name

    return PLACEHOLDER.sub(filled, text)


def spoken_list(items: Sequence[object], last: str = "and") -> str:
    """ ["Ann", "Bob", "Cy"] -> "Ann, Bob and Cy"; ["2", "4"] with last="or" -> "2 or 4"; one
    item alone; none -> "". """
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"
