"""A member who forfeits a seat at a tournament table (a drop, a no-show) leaves the game to the
computer for good: its result stands for the others, as the tournament's rules count it,
but the member who forfeited is not rated on it and it is neither a win nor a loss for them.
A member is forfeited or played for at the round's deadline, never both at once."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

import pytest

from store import Store
from tables.away import AWAY
from tables.clock import FakeClock
from tables.tournaments import FINISHED, KNOCKOUT, TABLES
from tables.tournaments.model import NO_SHOW
from tests.tables.tournaments.test_service import (
    GUILD,
    running,
    settle,
    signed_up,
    stored,
)

GONE = 102
ABSENT = 101
HOUR = 3600.0


async def test_a_member_who_drops_out_at_a_table_is_not_rated_on_its_game(store: Store):
    # P100 and P101 leave their seats to the computer at once (away, by choice); P102 never
    # moves, then drops out.
    manager, service, _ = await running(store, FakeClock(), members={100, 101})
    held = await signed_up(service, 3, game="pip-pip", format=TABLES, rounds_planned=1,
                           table_size=3, options={"rounds": 1})
    await service.start_event(held.id, 1)
    await settle(manager)
    [game] = await store.tournament_games(held.id)
    table = manager.get(game.game_id)
    assert table is not None and table.status == "running"
    gone_seat = table.seat_of(GONE)
    assert gone_seat is not None and gone_seat in table.waiting_for()
    await service.act(held.id, lambda event: event.drop(GONE))
    await settle(manager)

    event = await stored(store, held)
    assert event.status == FINISHED and table.status == "finished"
    markers = [(row.seat, row.action["type"]) for row in await store.actions(table.id)
               if row.action["type"].startswith("_")]
    assert markers.count((gone_seat, "_forfeit")) == 1
    # The game's result rows: the forfeited seat is the computer's that played it.
    rows = {row["seat"]: row for row in await store.results(table.id)}
    assert rows[gone_seat]["user_id"] is None
    assert {row["user_id"] for s, row in rows.items() if s != gone_seat} == {100, 101}
    assert {r.user_id for r in await store.ratings(GUILD, "pip-pip")} == {100, 101}
    assert {c.user_id for c in table.rating_changes} == {100, 101}
    stats = await manager.stats(GUILD, GONE)
    assert (stats["games"], stats["wins"], stats["recent"]) == (0, 0, [])
    # The match counts as the tournament's rules say: places from the game's ranks, nothing
    # for the entry that forfeited.
    [match] = event.rounds[0].matches
    gone_entry = event.entry_of(GONE)
    assert gone_entry is not None and list(match.forfeits) == [gone_entry.id]
    ranks = table.outcome["ranks"]
    points = match.points()
    assert points is not None and points[gone_entry.id] == 0.0
    for seat, entry_id in enumerate(match.seats):
        if entry_id != gone_entry.id:
            below = sum(1 for r in ranks if r > ranks[seat])
            level = sum(1 for r in ranks if r == ranks[seat]) - 1
            assert points[entry_id] == below + level / 2
    await service.close()
    await manager.close()


async def test_a_deadline_and_a_no_show_falling_due_together_do_not_both_befall_one_member(
    store: Store, monkeypatch: pytest.MonkeyPatch
):
    """One clock jump past a best of three's no-show minutes (minute 5) and its round's
    deadline (minute 6) wakes both timers at once. The no-show decides first; its saving is
    held up until the deadline's work has either played for the member (what the two did
    when each decided alone) or is waiting its turn on the event. The member forfeits, and
    the computer does not also play for them in the game the forfeit closes."""
    clock = FakeClock()
    # P100's seat is the computer's from the start; P101 never moves.
    manager, service, _ = await running(store, clock, members={100}, no_show_after=300)
    held = await signed_up(service, 2, game="cribbage", format=KNOCKOUT, options={"target": 61},
                           best_of=3, round_minutes=6)
    await service.start_event(held.id, 1)
    await settle(manager)
    [game] = await store.tournament_games(held.id)
    table = manager.get(game.game_id)
    assert table is not None
    absent = next(s for s, seat in enumerate(table.seats) if seat.user_id == ABSENT)

    lock = ContendedLock()
    service._locks[held.id] = lock
    played_for = asyncio.Event()
    play_for, save_tournament = manager.play_for, store.save_tournament

    async def watched_play_for(table_id: int, seats: Any, line: str, **kwargs: Any) -> None:
        await play_for(table_id, seats, line, **kwargs)
        played_for.set()

    async def held_up_save(*args: Any, **kwargs: Any) -> Any:
        if NO_SHOW in kwargs["state"]:
            waits = [asyncio.ensure_future(e.wait()) for e in (played_for, lock.contended)]
            _, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            for waiting in pending:
                waiting.cancel()
        return await save_tournament(*args, **kwargs)

    monkeypatch.setattr(manager, "play_for", watched_play_for)
    monkeypatch.setattr(store, "save_tournament", held_up_save)
    await clock.advance(HOUR)
    await settle(manager)
    match = (await stored(store, held)).rounds[0].matches[0]
    forfeited = [e for e in match.forfeits if held.event.entry(e).members == [ABSENT]]
    taken_over = [a for a in await store.actions(game.game_id)
                  if a.seat == absent and a.action.get("type") == AWAY]
    assert len(forfeited) == 1 and match.forfeits[forfeited[0]] == NO_SHOW
    assert taken_over == [] and absent not in table.away
    assert table.status == "abandoned"  # the forfeit closed it
    await service.close()
    await manager.close()


class ContendedLock(asyncio.Lock):
    """An event's lock that says when something had to wait for it."""

    def __init__(self) -> None:
        super().__init__()
        self.contended = asyncio.Event()

    async def acquire(self) -> Literal[True]:
        if self.locked():
            self.contended.set()
        return await super().acquire()
