"""A server that removed the bot long ago costs nothing at start-up: when the bot left is
stored, its games are not loaded again, and once it has been gone the grace period
(STALE_AFTER) its games are closed as a stale game is, without results, their logs kept.
Invited back within the grace, its games go on. Time is a FakeClock's: nothing sleeps."""

from __future__ import annotations

from store import Store
from tables import TableManager
from tables.clock import FakeClock
from tables.stale import DAY, STALE_AFTER, SWEEP_EVERY
from tests.tables.helpers import ANN, BOB, GUILD, human, make_manager, new_table, until

OTHER = 2 << 22


async def status(store: Store, game_id: int) -> str:
    record = await store.game(game_id)
    assert record is not None
    return record.status


async def restart(store: Store, clock: FakeClock) -> tuple[TableManager, list[int]]:
    """A new process on the same store: its manager and the games it rebuilt."""
    manager = make_manager(store, clock=clock)
    return manager, [table.id for table in await manager.start(await_guilds=True)]


async def test_a_departed_servers_games_are_not_loaded_again_and_go_on_when_it_is_back(
    store: Store,
) -> None:
    clock = FakeClock()
    first = make_manager(store, clock=clock)
    await first.start(await_guilds=True)
    gone = await new_table(first, [human(ANN), human(BOB)])
    here = await first.create(guild_id=OTHER, channel_id=2, game="dash", options={},
                              seats=[human(ANN), human(BOB)], host_id=ANN, seed=3)
    await first.guilds_known([GUILD, OTHER])
    await first.guild_removed(GUILD)
    await first.close()

    manager, rebuilt = await restart(store, clock)
    assert rebuilt == [here.id]  # only the game of the server that still has the bot
    await manager.guilds_known([OTHER])
    assert manager.get(here.id) is not None and manager.get(gone.id) is None
    assert not manager.guild_here(GUILD)

    await clock.advance(STALE_AFTER - DAY)  # back within the grace: the game goes on
    await manager.guild_back(GUILD)
    back = manager.get(gone.id)
    assert back is not None and back.version == gone.version
    assert await store.departures() == {}
    await manager.close()


async def test_a_server_gone_the_grace_period_has_its_games_closed_without_results(
    store: Store,
) -> None:
    clock = FakeClock()
    manager = make_manager(store, clock=clock)
    await manager.start(await_guilds=True)
    table = await new_table(manager, [human(ANN), human(BOB)])
    await manager.guilds_known([GUILD])
    before = await store.actions(table.id)
    await manager.guild_removed(GUILD)

    await clock.advance(STALE_AFTER - SWEEP_EVERY)
    assert await status(store, table.id) == "running"
    await clock.advance(SWEEP_EVERY)
    await until(lambda: not manager._stale.departed)
    assert await status(store, table.id) == "abandoned"
    assert await store.actions(table.id) == before  # its log is kept whole
    assert await store.departures() == {}
    assert await store.results(table.id) == []

    # Invited back now, the closed game stays closed.
    await manager.guild_back(GUILD)
    assert manager.get(table.id) is None
    await manager.close()


async def test_the_grace_counts_from_leaving_across_restarts_and_the_bot_being_down(
    store: Store,
) -> None:
    clock = FakeClock()
    first = make_manager(store, clock=clock)
    await first.start(await_guilds=True)
    table = await new_table(first, [human(ANN), human(BOB)])
    await first.close()

    # At the next start the gateway's list lacks the server: it left while the bot was down,
    # and its grace starts now.
    manager, rebuilt = await restart(store, clock)
    assert rebuilt == [table.id]
    await manager.guilds_known([])
    [(left_ms, games)] = (await store.departures()).values()
    assert games == {table.id} and left_ms == int(clock.wall() * 1000)
    await manager.close()

    await clock.advance(STALE_AFTER / 2)
    manager, rebuilt = await restart(store, clock)  # a restart does not start the grace again
    assert rebuilt == []
    assert (await store.departures())[GUILD][0] == left_ms
    await manager.close()

    await clock.advance(STALE_AFTER / 2)  # the grace ran out while the bot was down
    manager, rebuilt = await restart(store, clock)
    assert await status(store, table.id) == "abandoned" and rebuilt == []
    await manager.close()
