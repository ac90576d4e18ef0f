"""A bot that runs for months keeps in memory only what its running games and the last few
finished ones need: a finished game is let go once newer ones push it out of the late-click
window (KEEP_FINISHED), runner and all, however many games are played; and a game nobody
will ever finish (the idle timer off, its players gone) is closed after 30 quiet days."""

from __future__ import annotations

import gc
import weakref

import pytest

from engine.errors import IllegalAction
from store import Store
from tables import Table, TableManager
from tables.clock import FakeClock
from tables.stale import STALE_AFTER, SWEEP_EVERY
from tests.tables.helpers import (
    ANN,
    BOB,
    GUILD,
    computer,
    first_play,
    human,
    make_manager,
    new_table,
    until,
)

KEPT = 3


async def finished_games(manager: TableManager, count: int
                         ) -> list[tuple[int, weakref.ref[Table]]]:
    played = []
    for seed in range(count):
        table = await new_table(manager, [computer("easy"), computer("easy", 2)], seed=seed)
        await manager.wait_idle()
        assert table.finished
        played.append((table.id, weakref.ref(table)))
    return played


async def test_finished_games_beyond_the_late_click_window_leave_memory(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tables.manager.KEEP_FINISHED", KEPT)
    manager = make_manager(store)
    try:
        played = await finished_games(manager, 3 * KEPT)
        gc.collect()
        alive = [i for i, (_, ref) in enumerate(played) if ref() is not None]
        assert alive == list(range(2 * KEPT, 3 * KEPT))  # the newest, for late clicks only
        newest_id, newest = played[-1]
        assert manager.get(newest_id) is newest()
        oldest = await store.game(played[0][0])
        assert oldest.status == "finished"  # the store keeps it all, to replay and review
    finally:
        await manager.close()


async def test_a_game_nobody_moves_in_for_30_days_is_closed_without_results(
    store: Store,
) -> None:
    clock = FakeClock()
    manager = make_manager(store, clock=clock)  # no idle timer: nobody plays for Ann
    await manager.start()
    try:
        waiting = await new_table(manager, [human(ANN), computer()])
        moving = await new_table(manager, [human(BOB), computer()], seed=8)
        her_move = first_play(waiting, 0)
        await clock.advance(STALE_AFTER / 2)
        await manager.act(moving.id, BOB, first_play(moving, 0))
        await manager.wait_idle()
        await clock.advance(STALE_AFTER / 2 - SWEEP_EVERY)
        assert [t.id for t in manager.running(GUILD)] == [waiting.id, moving.id]
        await clock.advance(SWEEP_EVERY)
        await until(lambda: manager.recorder.finished == [(waiting.id, "abandoned")])
        assert [t.id for t in manager.running(GUILD)] == [moving.id]  # it moved since
        assert waiting.closed_why == (
            "Closed: nobody had moved for 30 days. No results were recorded.")
        record = await store.game(waiting.id)
        assert record.status == "abandoned" and await store.results(waiting.id) == []
        with pytest.raises(IllegalAction, match="over"):
            await manager.act(waiting.id, ANN, her_move)
        await manager.act(moving.id, BOB, first_play(moving, 0))  # the other plays on
    finally:
        await manager.close()
