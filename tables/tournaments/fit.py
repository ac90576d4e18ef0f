"""Which formats a game allows, read from its GameSpec: seats per match and table sizes.

A two-sided format (Swiss, round robin, knockout) needs a seat count at which the game has
exactly two sides of `team_size` seats each; a tables event needs seat counts of three or more
where every seat plays for itself."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.seat_words import spoken_list
from engine.spec import GameSpec
from tables.tournaments.knockout import bracket_size

SWISS = "swiss"
ROUND_ROBIN = "round_robin"
KNOCKOUT = "knockout"
TABLES = "tables"
FORMATS = (SWISS, ROUND_ROBIN, KNOCKOUT, TABLES)
FORMAT_WORDS = {SWISS: "Swiss", ROUND_ROBIN: "round robin", KNOCKOUT: "knockout", TABLES: "tables"}
#: Fewest entries each format starts with.
MIN_ENTRIES = {SWISS: 3, ROUND_ROBIN: 3, KNOCKOUT: 2, TABLES: 3}


def two_sided_seats(spec: GameSpec, options: dict[str, Any], team_size: int) -> list[int] | None:
    """The side of each seat at the smallest seat count with two sides of `team_size` seats,
    or None when the game has no such count."""
    for players in spec.allowed_player_counts():
        sides = spec.sides(players, options)
        if sorted(set(sides)) == [0, 1] and sides.count(0) == sides.count(1) == team_size:
            return sides
    return None


def table_sizes_allowed(spec: GameSpec, options: dict[str, Any]) -> tuple[int, ...]:
    """Seat counts of three or more at which every seat plays for itself."""
    return tuple(
        players
        for players in spec.allowed_player_counts()
        if players >= 3 and len(set(spec.sides(players, options))) == players
    )


def check_fit(
    spec: GameSpec, options: dict[str, Any], form: str, team_size: int, table_size: int | None
) -> None:
    """Refuse a format the game cannot be played in, with words saying what would fit."""
    if form not in FORMATS:
        formats = spoken_list(list(FORMAT_WORDS.values()), "or")
        raise IllegalAction(f"The format is one of {formats}.")
    if form == TABLES:
        sizes = table_sizes_allowed(spec, options)
        if team_size != 1:
            raise IllegalAction("A tables event is for players on their own, not pairs.")
        if not sizes:
            raise IllegalAction(f"{spec.title} has no tables of three or more on their own.")
        if table_size not in sizes:
            choices = spoken_list([str(s) for s in sizes], "or")
            raise IllegalAction(f"{spec.title} tables seat {choices} players.")
        return
    if two_sided_seats(spec, options, team_size) is None:
        who = "two players" if team_size == 1 else f"two teams of {team_size}"
        raise IllegalAction(
            f"A {FORMAT_WORDS[form]} event needs a game for {who}; {spec.title} with these "
            "options is not one."
        )


def computer_places(form: str, count: int) -> int:
    """How many computer entries fill a field of `count` entries when the host asks for
    them: a knockout's to its bracket's size (no byes), an odd Swiss or round robin's one
    (no bye each round). A tables event fills its short tables with computer seats instead."""
    if form == KNOCKOUT:
        return bracket_size(count) - count
    if form in (SWISS, ROUND_ROBIN):
        return count % 2
    return 0


def table_plan(count: int, table_size: int, allowed: tuple[int, ...]) -> list[tuple[int, int]]:
    """(entries, computer seats) per table for `count` entries: as many tables as tables of
    `table_size` need, entries spread as evenly as possible, and a table whose entry count the
    game does not allow filled by computer seats up to the next count it does."""
    tables = -(-count // table_size)
    if not tables:
        return []
    base, extra = divmod(count, tables)
    plan = []
    for index in range(tables):
        size = base + (1 if index < extra else 0)
        seats = min(s for s in allowed if s >= size)
        plan.append((size, seats - size))
    return plan
