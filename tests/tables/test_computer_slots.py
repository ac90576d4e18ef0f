"""Computer moves due together take turns for a few slots, so the event loop never queues
hundreds of them ahead of a member's press (benchmarks.tournament measures the presses)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from store import Store
from tables import runner
from tables.manager import COMPUTER_MOVES_AT_ONCE
from tests.tables.helpers import computer, make_manager, new_table

TABLES = 12


async def test_no_more_computer_moves_than_slots_run_at_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    lock = threading.Lock()
    running = most = made = 0
    real_choose = runner.choose

    def slow_choose(*args: Any) -> Any:
        nonlocal running, most, made
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.005)  # a thinking computer: long enough for the others to pile up
        try:
            return real_choose(*args)
        finally:
            with lock:
                running -= 1
                made += 1

    monkeypatch.setattr(runner, "choose", slow_choose)
    manager = make_manager(store)
    for seed in range(TABLES):
        await new_table(manager, [computer("hard", 1), computer("hard", 2)], seed=seed)
    await manager.wait_idle()  # every game played to its end
    await manager.close()
    assert made >= TABLES * 2
    assert most <= COMPUTER_MOVES_AT_ONCE
