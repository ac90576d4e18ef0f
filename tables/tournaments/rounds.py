"""Making a tournament's next round, for each format, from its state so far."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.registry import GAMES
from tables.tournaments import knockout, round_robin, swiss
from tables.tournaments.fit import (
    KNOCKOUT,
    ROUND_ROBIN,
    SWISS,
    TABLES,
    table_plan,
    table_sizes_allowed,
    two_sided_seats,
)
from tables.tournaments.model import DROPPED, REMOVED, Match, Round
from tables.tournaments.standings import knockout_winner, standings

if TYPE_CHECKING:
    from tables.tournaments.tournament import Tournament


def total_rounds(event: Tournament) -> int:
    """The rounds the event plays: a knockout's to its final, a round robin's until everyone
    has met, a Swiss's or tables event's planned; fewer when the host ended it early."""
    count = len(event.entries)
    if event.format == ROUND_ROBIN:
        planned = count - 1 if count % 2 == 0 else count
    elif event.format == KNOCKOUT:
        return knockout.rounds_needed(count)
    else:
        planned = event.rounds_planned or 0
    return planned if event.ended_after is None else min(planned, event.ended_after)


def next_round(event: Tournament) -> Round:
    number = len(event.rounds) + 1
    made = Round(number)
    if event.format == SWISS:
        _swiss(event, made)
    elif event.format == ROUND_ROBIN:
        pairs = round_robin.schedule(event.seeded())[number - 1]
        _pairs(event, made, pairs)
    elif event.format == KNOCKOUT:
        if number == 1:
            _pairs(event, made, knockout.first_round(event.seeded()))
        else:
            _pairs(event, made, knockout.next_round(knockout_through(event)))
    elif event.format == TABLES:
        _tables(event, made)
    return made


def _swiss(event: Tournament, made: Round) -> None:
    table = [s for s in standings(event.entries, event.rounds, event.target,
                                  event.fewest_points_win) if not s.dropped]
    met = {frozenset(m.entries) for r in event.rounds for m in r.matches}
    had_bye = {e for r in event.rounds for e in r.byes}
    played = {e for m in met for e in m} | had_bye
    paired = swiss.pair_round(
        [s.entry.id for s in table], {s.entry.id: s.points for s in table}, met, had_bye,
        unplayed={s.entry.id for s in table} - played,
    )
    _pairs(event, made, [*paired.pairs, *([(paired.bye, None)] if paired.bye else [])])


def _pairs(event: Tournament, made: Round, pairs: Sequence[tuple[str, str | None]]) -> None:
    spec = GAMES[event.game]
    sides = two_sided_seats(spec, event.options, event.team_size)
    assert sides is not None  # checked when the event was created and started
    final = event.format == KNOCKOUT and made.number == total_rounds(event)
    best_of = event.final_best_of if final and event.final_best_of else event.best_of
    for first, second in pairs:
        if second is None:
            if not event.entry(first).dropped:
                made.byes.append(first)
            continue
        match = Match(
            id=f"{made.number}.{len(made.matches) + 1}",
            round=made.number,
            seats=[first if side == 0 else second for side in sides],
            best_of=best_of,
            needs_winner=event.format == KNOCKOUT,
        )
        for entry in (first, second):
            if event.entry(entry).dropped:
                match.forfeits[entry] = REMOVED if event.entry(entry).removed else DROPPED
        made.matches.append(match)


def _tables(event: Tournament, made: Round) -> None:
    if made.number == 1:
        ranked = event.seeded()
    else:
        ranked = [s.entry.id for s in standings(event.entries, event.rounds, event.target,
                                                event.fewest_points_win) if not s.dropped]
    allowed = table_sizes_allowed(GAMES[event.game], event.options)
    assert event.table_size is not None
    start = 0
    for size, computers in table_plan(len(ranked), event.table_size, allowed):
        seated: list[str | None] = [*ranked[start : start + size], *[None] * computers]
        start += size
        made.matches.append(
            Match(f"{made.number}.{len(made.matches) + 1}", made.number, seated, table=True)
        )


def knockout_through(event: Tournament) -> list[str]:
    """The entries through from the last round played, in bracket order."""
    last = event.rounds[-1]
    if last.number > 1:
        return [_through(event, m) for m in last.matches]
    through = []
    by_pair = {frozenset(m.entries): m for m in last.matches}
    for first, second in knockout.first_round(event.seeded()):
        if second is None:
            through.append(first)
        else:
            through.append(_through(event, by_pair[frozenset((first, second))]))
    return through


def _through(event: Tournament, match: Match) -> str:
    return knockout_winner(match, {e.id: e.seed for e in event.entries})
