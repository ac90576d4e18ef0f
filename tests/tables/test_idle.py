"""Idle timers: warn a player who keeps the table waiting, then let the computer play for
them. Time is a FakeClock's, moved on by the tests: nothing here sleeps."""

from collections.abc import Callable

import pytest

from store import Store
from tables.clock import FakeClock
from tables.idle import IdleTiming, check_idle_setting, idle_timing
from tests.tables.helpers import (
    ANN,
    BOB,
    computer,
    first_play,
    human,
    make_manager,
    new_table,
    until,
)

DEFAULT = IdleTiming(120.0, 300.0)


def test_a_tables_own_setting_beats_the_default():
    assert idle_timing({}, DEFAULT) == DEFAULT
    assert idle_timing({"idle": "off"}, DEFAULT) == IdleTiming(None, None)
    assert idle_timing({"idle": 10}, DEFAULT) == IdleTiming(300.0, 600.0)


@pytest.mark.parametrize("bad", [0, -3, "soon", True, 2.5])
def test_idle_setting_must_be_minutes_or_off(bad):
    with pytest.raises(ValueError, match="minutes"):
        check_idle_setting(bad)


async def pass_time_until(clock: FakeClock, condition: Callable[[], bool]) -> None:
    """Move time on a second at a time, each time something waits on the clock (the
    computer's pause), until the condition holds; the database's own waits take real time."""
    while not condition():
        await until(lambda: condition() or clock.sleepers > 0)
        if not condition():
            await clock.advance(1)


async def test_warn_then_take_over_then_hand_back(store: Store):
    clock = FakeClock()
    manager = make_manager(store, idle_warn=50, idle_takeover=150, ai_delay=1, clock=clock)
    table = await new_table(manager, [human(ANN), computer()], options={"target": 60})
    await clock.advance(49)
    assert manager.recorder.warnings == []
    await clock.advance(1)
    assert manager.recorder.warnings == [(table.id, 0)]
    assert 0 not in table.away and table.version == 0
    await clock.advance(100)
    await until(lambda: 0 in table.away)
    # The computer, with its pause, now plays Ann's seat too (after the takeover's marker in
    # the log: Ann's move, the computer's, Ann's again).
    await pass_time_until(clock, lambda: table.version >= 4)
    assert table.public_view()["away"] == [0]
    assert manager.recorder.takeovers == [(table.id, 0)]
    assert "The computer is playing for Ann until they come back (My hand)." in table.recent
    await manager.back(table.id, ANN)
    await pass_time_until(clock, lambda: table.waiting_for() == [0] or table.finished)
    await manager.wait_idle()
    assert table.away == set()
    assert table.waiting_for() == [0] or table.finished
    assert manager.recorder.warnings == [(table.id, 0)]  # one warning per wait
    await manager.close()


async def test_a_takeover_move_is_logged_like_any_other(store: Store):
    clock = FakeClock()
    manager = make_manager(store, idle_warn=None, idle_takeover=50, clock=clock)
    table = await new_table(manager, [human(ANN), human(BOB)])
    await clock.advance(50)
    await manager.wait_idle()

    async def logged() -> bool:  # the table moves on before its log is written: wait for it
        return len(await store.actions(table.id)) >= 2

    await until(logged)
    log = await store.actions(table.id)
    # The takeover itself first (tables/away.py), then the move the computer made for Ann.
    assert [(row.seat, row.action["type"]) for row in log[:2]] == [(0, "_away"), (0, "play")]
    assert manager.recorder.warnings == []
    await manager.close()


async def test_a_player_who_keeps_moving_is_never_taken_over(store: Store):
    clock = FakeClock()
    manager = make_manager(store, idle_warn=None, idle_takeover=30, clock=clock)
    table = await new_table(manager, [human(ANN), computer()], options={"target": 60})
    for _ in range(4):
        await clock.advance(20)  # each move comes 20 s after the last: inside the 30 s
        await manager.wait_idle()
        if table.finished:
            break
        await manager.act(table.id, ANN, first_play(table, 0))
    assert table.away == set()
    await manager.close()


async def test_idle_off_for_a_table_never_warns_or_takes_over(store: Store):
    clock = FakeClock()
    manager = make_manager(store, idle_warn=2, idle_takeover=4, clock=clock)
    table = await new_table(manager, [human(ANN), computer()], settings={"idle": "off"})
    await clock.advance(3600)
    assert manager.recorder.warnings == [] and table.away == set() and table.version == 0
    await manager.close()


async def test_acting_restarts_only_that_seats_clock(store: Store):
    clock = FakeClock()
    manager = make_manager(store, idle_warn=10, idle_takeover=None, clock=clock)
    table = await new_table(manager, [human(ANN), human(BOB)])
    await clock.advance(9)
    await manager.act(table.id, ANN, first_play(table, 0))
    await clock.advance(9)
    assert manager.recorder.warnings == []  # Bob has waited 9 s of his 10
    await clock.advance(1)
    assert manager.recorder.warnings == [(table.id, 1)]
    await manager.close()


async def test_a_game_without_computer_player_only_warns(store: Store):
    clock = FakeClock()
    manager = make_manager(store, idle_warn=2, idle_takeover=4, clock=clock)
    table = await new_table(manager, [human(ANN), human(BOB)], game="dash-solo")
    await clock.advance(2)
    assert manager.recorder.warnings == [(table.id, 0)]
    await clock.advance(3600)
    assert table.version == 0 and table.away == set()
    await manager.close()
