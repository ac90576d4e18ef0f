"""A server that removes the bot: its games are put to rest (unloaded, kept in the store as
they are, nothing run, rated or recorded) and its open lobbies closed; invited back, its games
are rebuilt as at start-up, their timers starting afresh. At start-up a game runs only once
its server is known to have the bot, and a server of a shard not heard from yet is not gone.
Time is a FakeClock's: nothing here sleeps."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine.errors import IllegalAction
from store import Store
from tables import Table, TableManager
from tables.clock import FakeClock
from tests.tables.helpers import (
    ANN,
    BOB,
    CHANNEL,
    GUILD,
    first_play,
    human,
    make_manager,
    new_table,
    until,
)

HOURS = 3600.0
#: Two servers beside GUILD (shard 0 of 2): one more on shard 0, one on shard 1.
OTHER_ON_SHARD_0, ON_SHARD_1 = 2 << 22, 1 << 22


async def logged(store: Store, table_id: int) -> list[tuple[int, dict[str, Any]]]:
    return [(row.seat, row.action) for row in await store.actions(table.id)] if (
        table := await store.game(table_id)) else []


async def turns() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


def taken_over(manager: TableManager) -> set[int]:
    """The games where the computer has taken a seat over."""
    return {table_id for table_id, _ in manager.recorder.takeovers}  # type: ignore[attr-defined]


async def move_on(manager: TableManager, table: Table) -> None:
    """The seat the game waits for plays (Ann opens, Bob answers)."""
    [seat] = table.waiting_for()
    await manager.act(table.id, table.seats[seat].user_id or 0, first_play(table, seat))


async def test_a_removed_servers_game_rests_for_hours_and_comes_back_as_it_was(store: Store):
    clock = FakeClock()
    manager = make_manager(store, idle_takeover=60, clock=clock)
    table = await new_table(manager, [human(ANN), human(BOB)])
    await move_on(manager, table)  # Ann has played: the game waits for Bob
    lobby = await manager.open_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                     host_name="Ann", game="dash")
    elsewhere = await manager.open_lobby(guild_id=OTHER_ON_SHARD_0, channel_id=CHANNEL,
                                         host_id=BOB, host_name="Bob", game="dash")
    before = await logged(store, table.id)
    version = table.version

    await manager.guild_removed(GUILD)
    assert manager.recorder.rested == [table.id]  # type: ignore[attr-defined]
    assert manager.get(table.id) is None and manager.running(GUILD) == []
    assert manager.lobby(lobby.id) is None
    assert (await store.lobby(lobby.id)).status == "cancelled"  # type: ignore[union-attr]
    assert manager.lobby(elsewhere.id) is elsewhere  # another server's lobby stays open
    await clock.advance(6 * HOURS)
    await manager.wait_idle()
    # Bob was away the whole time, yet nobody took his seat over: the game did not run.
    assert manager.recorder.takeovers == []  # type: ignore[attr-defined]
    assert (await store.game(table.id)).status == "running"  # type: ignore[union-attr]
    assert await logged(store, table.id) == before

    await manager.guild_back(GUILD)
    back = manager.get(table.id)
    assert back is not None and back is not table  # rebuilt from its log
    assert back.version == version and back.public_view() == table.public_view()
    assert await logged(store, table.id) == before
    # His timer starts now, not when he last had to move: the hours away are not held
    # against him.
    await clock.advance(59)
    assert manager.recorder.takeovers == []  # type: ignore[attr-defined]
    await clock.advance(1)
    await until(lambda: manager.recorder.takeovers == [(table.id, 1)])  # type: ignore[attr-defined]
    await manager.close()


async def test_a_move_in_progress_is_committed_and_one_after_the_removal_refused(
    store: Store, monkeypatch: pytest.MonkeyPatch
):
    manager = make_manager(store)
    table = await new_table(manager, [human(ANN), human(BOB)])
    stored = asyncio.Event()
    append_action = store.append_action

    async def slow_append(*args: Any, **kwargs: Any) -> Any:
        await stored.wait()
        return await append_action(*args, **kwargs)

    monkeypatch.setattr(store, "append_action", slow_append)
    committing = asyncio.ensure_future(move_on(manager, table))
    await until(table.lock.locked)  # the move holds the table's lock while it is committed
    resting = asyncio.ensure_future(manager.guild_removed(GUILD))
    await turns()
    assert manager.get(table.id) is table  # the removal waits for the move
    stored.set()
    await asyncio.gather(committing, resting)
    assert [seat for seat, _ in await logged(store, table.id)] == [0]
    assert manager.get(table.id) is None

    await manager.guild_back(GUILD)
    back = manager.get(table.id)
    assert back is not None and back.version == 1
    async with back.lock:  # Bob presses while the server removes the bot again
        resting = asyncio.ensure_future(manager.guild_removed(GUILD))
        await turns()
        pressing = asyncio.ensure_future(move_on(manager, back))
        await turns()  # both wait for the lock, the removal first
    await resting
    with pytest.raises(IllegalAction, match="That game is not running"):
        await pressing
    assert len(await logged(store, table.id)) == 1
    await manager.close()


async def test_at_start_a_game_runs_only_once_its_server_is_known_to_have_the_bot(
    store: Store,
):
    first = make_manager(store)
    tables = {}
    for guild in (GUILD, OTHER_ON_SHARD_0, ON_SHARD_1):
        tables[guild] = await first.create(
            guild_id=guild, channel_id=CHANNEL, game="dash", options={},
            seats=[human(ANN), human(BOB)], host_id=ANN, seed=7)
    await first.close()

    clock = FakeClock()
    manager = make_manager(store, idle_takeover=60, clock=clock, shards=(2, [0, 1]))
    await manager.start(await_guilds=True)
    await clock.advance(2 * HOURS)
    assert taken_over(manager) == set()  # nothing ran yet
    held = manager.get(tables[GUILD].id)
    assert held is not None  # rebuilt, to answer whoever reaches it, but not running

    # Shard 0's list: GUILD has the bot, OTHER_ON_SHARD_0 no longer does. Shard 1 has not
    # been heard from: ON_SHARD_1's game waits, it is not put to rest.
    await manager.guilds_known([GUILD], shard=0)
    assert manager.get(tables[OTHER_ON_SHARD_0].id) is None
    assert manager.recorder.rested == [tables[OTHER_ON_SHARD_0].id]  # type: ignore[attr-defined]
    assert manager.get(tables[ON_SHARD_1].id) is not None
    await clock.advance(60)
    await until(lambda: taken_over(manager) == {held.id})

    await manager.guilds_known([ON_SHARD_1], shard=1)
    await clock.advance(60)
    await until(lambda: taken_over(manager) == {held.id, tables[ON_SHARD_1].id})
    assert await logged(store, tables[OTHER_ON_SHARD_0].id) == []

    # Invited back to the server it was no longer in: its game runs from then on.
    await manager.guild_back(OTHER_ON_SHARD_0)
    assert manager.get(tables[OTHER_ON_SHARD_0].id) is not None
    await manager.close()


async def test_a_server_arriving_before_its_shards_list_runs_its_games_at_once(store: Store):
    first = make_manager(store)
    table = await new_table(first, [human(ANN), human(BOB)])
    await first.close()

    clock = FakeClock()
    manager = make_manager(store, idle_takeover=60, clock=clock)
    await manager.start(await_guilds=True)
    await manager.guild_back(GUILD)  # its GUILD_CREATE comes before the end of READY
    await clock.advance(60)
    await until(lambda: taken_over(manager) == {table.id})
    await manager.guilds_known([GUILD])
    assert manager.recorder.rested == []  # type: ignore[attr-defined]
    await manager.close()
