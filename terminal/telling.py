"""The lines of moves, joined where one row can say what several seats did in a row: the same
move by each ("Ann, Bo and Cy say go.": the events' "chorus", engine/contract.py) in one
sentence, an event and the next in the one line the next has for both ("together": a play
or a count and the points it made), and short lines of one kind of move ("Bo plays 5♦.")
side by side on a row where they fit the screen. At eight players a round of the play or of
a trick was seven rows, and a show sixteen lines.

A line is held until the next shows whether it joins it; the screen lets the held line out
before it asks anything, or after a pause with no move (`hold`), so a computer's long think
does not keep the move before it unseen."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len

from tables.clock import Clock
from tables.text import chorus_of, fill_names, is_private, together

#: The longest a line waits for the next move to join it, at a terminal (seconds): beyond
#: the table's pause before a forced move (1.5 s), so the player's own go joins the others'.
HOLD = 2.0
#: The kind of a line that says two events together: no other line shares its row.
TOGETHER = "\0together"
#: Between two lines set side by side: wider than a sentence's own space, so each reads whole.
BETWEEN = "   "


@dataclass
class Held:
    """The row not yet told: one chorus of seats, or lines of one kind of move."""

    kind: str
    chorus: str | None
    seats: list[int] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


class Teller:
    """Joins the lines of consecutive events and tells each finished row with `tell`."""

    def __init__(self, tell: Callable[[str], None], room: Callable[[], int],
                 clock: Clock | None = None, hold: float | None = None) -> None:
        self._tell = tell
        self._room = room  # the columns a row of lines may take
        self._clock = clock
        self._hold = hold
        self._held: Held | None = None
        #: The event of the last line added: what a line said "together" with it ends.
        self._last: dict[str, Any] | None = None
        self._timer: asyncio.Task[None] | None = None

    def add(self, event: dict[str, Any], line: str, names: Sequence[str], reader: int) -> None:
        seat = event.get("seat")
        sung = chorus_of(event)
        chorus = None if sung is None else sung[1]
        kind = str(event.get("type"))
        held = self._held
        made_by, self._last = self._last, event
        both = event.get("together")
        if (isinstance(both, str) and held is not None and held.lines and made_by is not None
                and made_by.get("seat") == seat and not is_private(made_by)):
            # The line just held and this one in one: a line of its own, as points are news.
            held.lines.pop()
            self.flush()
            self._held = Held(TOGETHER, None, [], [fill_names(both, names, reader)])
            return
        if held is not None and chorus is not None and held.chorus == chorus:
            if isinstance(seat, int) and seat not in held.seats:
                held.seats.append(seat)
                held.lines = [fill_names(together(held.seats, chorus), names, reader)]
                return
        elif (held is not None and chorus is None and held.chorus is None and held.kind == kind
              and cell_len(BETWEEN.join([*held.lines, line])) <= self._room()):
            held.lines.append(line)
            return
        self.flush()
        self._held = Held(kind, chorus, [seat] if isinstance(seat, int) else [], [line])

    def flush(self) -> None:
        """Tells the row held, if any."""
        held, self._held = self._held, None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if held is not None and held.lines:
            self._tell(BETWEEN.join(held.lines))

    def wait(self) -> None:
        """After a move's lines: the row held is told if no move follows within the pause."""
        if self._held is None or self._hold is None or self._clock is None:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.ensure_future(self._after_pause(self._clock, self._hold))

    async def _after_pause(self, clock: Clock, seconds: float) -> None:
        await clock.sleep(seconds)
        self._timer = None  # the flush below must not cancel this very task
        self.flush()
