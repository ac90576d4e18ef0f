"""When a "slow" turn notice may mention a member: once their turn has waited longer than they
usually take at this table, and not within a quiet spell after the last time they were
mentioned there.

A member who plays at a steady, unhurried pace (40 s a move) would otherwise be mentioned at
every turn; each mention buzzes their phone, so they mute the channel and then miss the turns
that matter. The grace therefore grows with the median of the member's recent turns at the
table (a median, so one long stall does not silence them for the rest of the game), up to a
cap, and any mention there (a turn notice, an idle warning, a takeover note) holds the next
turn notice back for a while. Kept in memory only: after a restart the grace is the plain one
until the member has played a few turns again.
"""

from __future__ import annotations

import statistics
from collections import deque

#: A turn this many times the member's usual one is unusual for them.
USUAL_FACTOR = 1.5
#: The grace grows to at most this many times the plain grace.
CAP_FACTOR = 3.0
#: Seconds after a mention at a table before a turn notice there may mention them again.
QUIET_SPELL = 300.0
#: How many of a member's latest turns at a table tell their usual pace.
RECENT_TURNS = 9

Key = tuple[int, int]  # (table id, user id)


class TurnPace:
    def __init__(self, grace: float, *, quiet_spell: float = QUIET_SPELL) -> None:
        self.grace = grace
        self.cap = grace * CAP_FACTOR
        self.quiet_spell = quiet_spell
        self._turns: dict[Key, deque[float]] = {}
        self._mentioned: dict[Key, float] = {}

    def took(self, key: Key, seconds: float) -> None:
        """The member answered a turn that had waited `seconds` on them."""
        self._turns.setdefault(key, deque(maxlen=RECENT_TURNS)).append(max(0.0, seconds))

    def mentioned(self, key: Key, now: float) -> None:
        self._mentioned[key] = now

    def usual(self, key: Key) -> float | None:
        """The member's usual time a turn at the table; None before their first."""
        turns = self._turns.get(key)
        return statistics.median(turns) if turns else None

    def grace_for(self, key: Key) -> float:
        usual = self.usual(key)
        if usual is None:
            return self.grace
        return max(self.grace, min(self.cap, usual * USUAL_FACTOR))

    def due(self, key: Key, since: float) -> float:
        """When a turn that began at `since` may mention the member."""
        due = since + self.grace_for(key)
        last = self._mentioned.get(key)
        return due if last is None else max(due, last + self.quiet_spell)

    def forget(self, table_id: int) -> None:
        for kept in (self._turns, self._mentioned):
            for key in [k for k in kept if k[0] == table_id]:
                del kept[key]
