"""Idle timers: warn a player who keeps the table waiting, then let the computer play for
them. Delays are a fraction of a second here; conditions are polled, not slept on."""

import asyncio

import pytest

from store import Store
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


async def test_warn_then_take_over_then_hand_back(store: Store):
    manager = make_manager(store, idle_warn=0.05, idle_takeover=0.15, ai_delay=0.01)
    table = await new_table(manager, [human(ANN), computer()], options={"target": 60})
    await until(lambda: manager.recorder.warnings == [(table.id, 0)])
    assert 0 not in table.away and table.version == 0
    await until(lambda: table.version >= 3)  # the computer now plays Ann's seat too
    assert 0 in table.away
    assert table.public_view()["away"] == [0]
    assert manager.recorder.takeovers == [(table.id, 0)]
    assert "The computer is playing for Ann until they come back (My hand)." in table.recent
    await manager.back(table.id, ANN)
    await manager.wait_idle()
    assert table.away == set()
    assert table.waiting_for() == [0] or table.finished
    assert manager.recorder.warnings == [(table.id, 0)]  # one warning per wait
    await manager.close()


async def test_a_takeover_move_is_logged_like_any_other(store: Store):
    manager = make_manager(store, idle_warn=None, idle_takeover=0.05, ai_delay=0)
    table = await new_table(manager, [human(ANN), human(BOB)])

    async def logged() -> bool:  # the table moves on before its log is written: wait for it
        return bool(await store.actions(table.id))

    await until(logged)
    log = await store.actions(table.id)
    assert log[0].seat == 0 and log[0].action["type"] == "play"
    assert manager.recorder.warnings == []
    await manager.close()


async def test_a_player_who_keeps_moving_is_never_taken_over(store: Store):
    manager = make_manager(store, idle_warn=None, idle_takeover=0.3, ai_delay=0)
    table = await new_table(manager, [human(ANN), computer()], options={"target": 60})
    for _ in range(4):
        await asyncio.sleep(0.2)
        await manager.wait_idle()
        if table.finished:
            break
        await manager.act(table.id, ANN, first_play(table, 0))
    assert table.away == set()
    await manager.close()


async def test_idle_off_for_a_table_never_warns_or_takes_over(store: Store):
    manager = make_manager(store, idle_warn=0.02, idle_takeover=0.04)
    table = await new_table(manager, [human(ANN), computer()], settings={"idle": "off"})
    await asyncio.sleep(0.2)
    assert manager.recorder.warnings == [] and table.away == set() and table.version == 0
    await manager.close()


async def test_acting_restarts_only_that_seats_clock(store: Store):
    manager = make_manager(store, idle_warn=0.1, idle_takeover=None)
    table = await new_table(manager, [human(ANN), human(BOB)])
    await manager.act(table.id, ANN, first_play(table, 0))
    await until(lambda: manager.recorder.warnings == [(table.id, 1)])
    await manager.close()


async def test_a_game_without_computer_player_only_warns(store: Store):
    manager = make_manager(store, idle_warn=0.02, idle_takeover=0.04)
    table = await new_table(manager, [human(ANN), human(BOB)], game="dash-solo")
    await until(lambda: manager.recorder.warnings == [(table.id, 0)])
    await asyncio.sleep(0.1)
    assert table.version == 0 and table.away == set()
    await manager.close()
