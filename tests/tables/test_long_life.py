"""A bot that runs for months keeps in memory only what its running games and the last few
finished ones need: a finished game is let go once newer ones push it out of the late-click
window (KEEP_FINISHED), runner and all, however many games are played."""

from __future__ import annotations

import gc
import weakref

import pytest

from store import Store
from tables import Table, TableManager
from tests.tables.helpers import computer, make_manager, new_table

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
