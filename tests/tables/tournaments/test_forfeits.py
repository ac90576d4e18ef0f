"""A member who forfeits a seat at a tournament table (a drop, a no-show) leaves the game to the
computer for good: its result stands for the others, as the tournament's rules count it,
but the member who forfeited is not rated on it and it is neither a win nor a loss for them."""

from __future__ import annotations

from store import Store
from tables.clock import FakeClock
from tables.tournaments import FINISHED, TABLES
from tests.tables.tournaments.test_service import (
    GUILD,
    running,
    settle,
    signed_up,
    stored,
)

GONE = 102


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
