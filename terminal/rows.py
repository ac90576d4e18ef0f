"""Lines on the screen's rows: how many a line takes, a told line set under its own start when
the screen folds it, and prose folded so that no word is left alone on a row. Functions of the
console (its width) and the text."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from terminal.layout import PART

#: Narrower than this, a line's second part is not set under its first: the screen folds it.
MIN_HANGING_WIDTH = 20
#: A " · " separator the screen's fold left at a line's end.
DANGLING = PART.rstrip()
#: A count's dash and its total ("... (A♠ 2♠) — 4.") are folded together, never the total
#: alone on a row: while the screen folds, a character of a space's width that is no space
#: (one of Unicode's private ones, in no game's words) holds them.
DASH, GLUE = " — ", "\ue000"
#: A line's last sentence this short ("Peg at 3.", "Score 12.") is held together the same way.
SHORT_END = 16


def rows_of(console: Console, text: Text) -> int:
    """The rows the screen takes to show text."""
    return len(text.wrap(console, console.width))


def _hanging(console: Console, lead: str, body: Text) -> list[Text] | None:
    """body folded into the room after lead, its dash glued to its total; None where it is
    not set under its start (the screen folds it at its edge)."""
    room = console.width - cell_len(lead)
    if console.soft_wrap or room < MIN_HANGING_WIDTH:
        return None
    glued = body.copy()
    plain = body.plain.replace(DASH, DASH.rstrip() + GLUE)
    head, stop, last = plain.rpartition(". ")
    if stop and len(last) <= SHORT_END:
        plain = head + stop + last.replace(" ", GLUE)
    glued.plain = plain
    return list(glued.wrap(console, room))


def hanging_rows(console: Console, lead: str, body: Text) -> int:
    """The rows print_hanging takes for lead and body."""
    folded = _hanging(console, lead, body)
    return rows_of(console, Text(lead) + body) if folded is None else len(folded)


def print_hanging(console: Console, lead: str, body: Text) -> int:
    """lead, then body with the lines the screen folds it into set under body's start, not at
    the screen's edge: a told move's second line would read as the state below it. The rows
    it took."""
    folded = _hanging(console, lead, body)
    if folded is None:
        console.print(Text(lead) + body)
        return rows_of(console, Text(lead) + body)
    for number, line in enumerate(folded):
        line.rstrip()
        if line.plain.endswith(DANGLING):  # the fold parts the two already
            line.right_crop(len(DANGLING))
        line.plain = line.plain.replace(GLUE, " ")
        console.print(Text(lead if number == 0 else " " * cell_len(lead)) + line)
    return len(folded)


def no_lone_word(console: Console, line: Text) -> list[Text]:
    """A line of prose that the screen would fold with its last word alone on a row (a PIP
    space's words), as rows folded a word or more earlier: a lone word reads as a line of its
    own. Other lines as they are."""
    width = console.width
    if console.soft_wrap:  # the screen folds it, not this program
        return [line]
    folded = line.wrap(console, width)
    if len(folded) < 2 or "\n" in line.plain or " " in folded[-1].plain.strip():
        return [line]
    for narrower in range(width - 1, width // 2, -1):
        tried = line.wrap(console, narrower)
        if len(tried) > len(folded):
            break
        if " " in tried[-1].plain.strip():
            for row in tried:
                row.rstrip()
            return list(tried)
    return [line]
