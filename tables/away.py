"""Members' seats the computer plays, and the game log's record of it.

A member's seat is left to the computer by an idle takeover (tables/runner.py), by a
tournament round's deadline, or for good by a forfeit (TableManager.play_for); the member
takes it back by a move the game takes (a refused one logs nothing) or by opening their
hand (TableManager.back), except after a forfeit.
Each change is a marker in the game's action log, written under the table's lock like a move
and replayed with it: `{"type": "_away"}`, `{"type": "_back"}`, `{"type": "_forfeit"}`. So a
game rebuilt after a restart goes on with the same seats away, and achievements and moments
(engine/achievements.py: nothing earned while away) and ratings (a forfeited seat rates no
one: tables/ratings.py) come out of a replayed log exactly as they did live. A log written
before these markers existed has none: its members played their own seats throughout.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tables.manager import TableManager
    from tables.table import Table

AWAY = "_away"
BACK = "_back"
FORFEIT = "_forfeit"
MARKERS = frozenset({AWAY, BACK, FORFEIT})

#: The answer to a move from a seat whose member forfeited.
FORFEITED = ("You forfeited this match: the computer plays your seat to the end of this game, "
             "which does not count for you.")


def is_marker(action: Any) -> bool:
    """Whether a logged action records who plays a seat rather than a move of the game."""
    return isinstance(action, dict) and action.get("type") in MARKERS


def needs_marker(table: Table, seat: int, marker: str) -> bool:
    """Whether `marker` would change who plays `seat` (a member's seat, the game running)."""
    if not 0 <= seat < len(table.seats) or table.seats[seat].is_computer:
        return False
    if marker == BACK:
        return seat in table.away and seat not in table.forfeited
    if marker == FORFEIT:
        return seat not in table.forfeited
    return seat not in table.away


async def back_to_move(manager: TableManager, table: Table, seat: int, action: Any) -> None:
    """A member who moves is back at the table, but only with a move the game takes: a
    refused one (not their turn, not allowed) raises IllegalAction before anything is logged,
    so bad input changes nothing. The caller holds the table's lock and then makes the move."""
    if needs_marker(table, seat, BACK):
        table.game.check(seat, action)
        await mark_seats(manager, table, [seat], BACK)


async def mark_seats(
    manager: TableManager, table: Table, seats: Iterable[int], marker: str
) -> list[int]:
    """Log `marker` for each of `seats` it changes, each committed as a move is; the seats
    changed. The caller holds the table's lock."""
    changed = []
    for seat in dict.fromkeys(seats):
        if table.active and needs_marker(table, seat, marker):
            await manager._accept(table, seat, {"type": marker})
            changed.append(seat)
    return changed
