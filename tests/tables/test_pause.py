"""A paused game (its place closed to the bot, tables/places.py): no computer turn, forced move
or idle timer runs and a member's move is refused, nothing written; run again, its members'
timers start from then. Time is a FakeClock's: nothing here sleeps."""

import pytest

from engine.errors import IllegalAction
from store import Store
from tables.clock import FakeClock
from tests.tables.helpers import ANN, computer, first_play, human, make_manager, new_table
from tests.tables.test_idle import pass_time_until

WHY = "This game is paused: the bot can no longer post in its channel."


async def test_a_paused_game_neither_warns_nor_takes_over_nor_moves_and_its_timers_restart(
    store: Store,
) -> None:
    clock = FakeClock()
    manager = make_manager(store, idle_warn=50, idle_takeover=150, ai_delay=1, clock=clock)
    table = await new_table(manager, [human(ANN), computer()], options={"target": 60})
    await clock.advance(30)
    await manager.pause(table.id, WHY)
    assert table.paused == WHY
    await clock.advance(1000)
    await manager.wait_idle()
    assert manager.recorder.warnings == [] and manager.recorder.takeovers == []
    with pytest.raises(IllegalAction, match=WHY):
        await manager.act(table.id, ANN, first_play(table, 0))
    assert table.version == 0 and await store.actions(table.id) == []

    await manager.pause(table.id, None)
    assert table.paused is None
    assert manager.waited(table.id) == {0: 0.0}  # nothing counts of the time it waited
    await clock.advance(49)
    assert manager.recorder.warnings == []
    await clock.advance(1)
    assert manager.recorder.warnings == [(table.id, 0)]
    await manager.act(table.id, ANN, first_play(table, 0))
    await pass_time_until(clock, lambda: table.waiting_for() == [0] or table.finished)
    assert table.version >= 2  # Ann's move, and the computer's answer
    await manager.close()


async def test_a_computer_about_to_move_waits_while_its_game_is_paused(store: Store) -> None:
    clock = FakeClock()
    manager = make_manager(store, ai_delay=1, clock=clock)
    table = await new_table(manager, [computer(), human(ANN)], options={"target": 60})
    await manager.pause(table.id, WHY)  # the computer is asleep on its pause before moving
    for _ in range(20):
        await clock.advance(1)
    await manager.wait_idle()
    assert table.version == 0 and await store.actions(table.id) == []

    await manager.pause(table.id, None)
    await pass_time_until(clock, lambda: table.version >= 1)
    await manager.wait_idle()
    assert len(await store.actions(table.id)) == table.version
    await manager.close()
