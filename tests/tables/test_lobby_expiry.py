"""An open lobby nobody touches (joins, leaves, changes) for the lobby lifetime is closed as
expired, while the bot runs and at start-up; the store keeps it closed."""

from collections.abc import Callable

import pytest

from engine.errors import IllegalAction
from store import Store
from tables import TableManager
from tables.clock import FakeClock
from tables.lobby import Lobby
from tests.tables.helpers import ANN, BOB, CHANNEL, GUILD, make_manager, until

DAY = 24 * 3600.0
WEEK = 7 * DAY


def expiring_manager(store: Store, clock: FakeClock) -> tuple[TableManager, list[Lobby]]:
    """A manager on the fake clock with the default lifetime, and the lobbies it expires."""
    manager = make_manager(store, clock=clock)
    expired: list[Lobby] = []

    async def hear(lobby: Lobby) -> None:
        expired.append(lobby)

    manager.on_lobby_expired(hear)
    return manager, expired


async def open_lobby(manager: TableManager) -> Lobby:
    return await manager.open_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                    host_name="Ann", game="dash")


async def assert_closed_for_good(store: Store, manager: TableManager, lobby: Lobby) -> None:
    assert manager.lobby(lobby.id) is None
    with pytest.raises(IllegalAction, match="closed"):
        manager.served_lobby(lobby.id)
    stored = await store.lobby(lobby.id)
    assert stored is not None and stored.status == "cancelled"
    assert lobby.id not in [record.id for record in await store.claim_open_lobbies()]


async def test_an_untouched_lobby_expires_after_seven_days_and_not_before(store: Store):
    clock = FakeClock()
    manager, expired = expiring_manager(store, clock)
    lobby = await open_lobby(manager)
    await clock.advance(WEEK - 1)
    assert manager.served_lobby(lobby.id) is lobby and expired == []
    assert (await store.lobby(lobby.id)).status == "open"  # type: ignore[union-attr]
    await clock.advance(1)
    await until(lambda: expired == [lobby])  # the store's write is real I/O
    await assert_closed_for_good(store, manager, lobby)
    assert clock.sleepers == 0  # no timer is left waiting with nothing open
    await manager.close()


def join(lobby: Lobby) -> None:
    lobby.join(BOB, "Bob")


def leave(lobby: Lobby) -> None:
    lobby.leave(ANN)


def change_options(lobby: Lobby) -> None:
    lobby.set_options(ANN, {"target": 30})


def add_computer(lobby: Lobby) -> None:
    lobby.add_computer(ANN, "easy")


@pytest.mark.parametrize("touch", [join, leave, change_options, add_computer])
async def test_any_touch_restarts_the_wait(store: Store, touch: Callable[[Lobby], None]):
    clock = FakeClock()
    manager, expired = expiring_manager(store, clock)
    lobby = await open_lobby(manager)
    await clock.advance(6 * DAY)
    touch(lobby)
    await manager.update_lobby(lobby)  # as the lobby message does after every press
    await clock.advance(6 * DAY)
    assert manager.served_lobby(lobby.id) is lobby and expired == []
    await clock.advance(DAY - 1)
    assert expired == []
    await clock.advance(1)
    await until(lambda: expired == [lobby])  # the store's write is real I/O
    await assert_closed_for_good(store, manager, lobby)
    await manager.close()


async def test_a_started_or_cancelled_lobby_never_expires(store: Store):
    clock = FakeClock()
    manager, expired = expiring_manager(store, clock)
    started, cancelled = await open_lobby(manager), await open_lobby(manager)
    started.join(BOB, "Bob")
    await manager.update_lobby(started)
    await clock.advance(6 * DAY)
    table = await manager.start_lobby(started.id, ANN, seed=1)
    await manager.cancel_lobby(cancelled.id, ANN)
    await clock.advance(2 * WEEK)
    assert expired == []
    assert (await store.lobby(started.id)).status == "started"  # type: ignore[union-attr]
    assert (await store.lobby(cancelled.id)).status == "cancelled"  # type: ignore[union-attr]
    assert manager.get(table.id) is table
    await manager.close()


async def test_start_up_expires_a_lobby_already_too_old_and_keeps_a_younger_one(
    database_url: str,
):
    store = await Store.open(database_url)
    clock = FakeClock()
    manager, _ = expiring_manager(store, clock)
    old = await open_lobby(manager)
    await clock.advance(3 * DAY)
    young = await open_lobby(manager)
    await manager.close()
    await store.close()

    # The bot was down for a week: the old lobby's week is over, the young one's is not.
    store = await Store.open(database_url)
    clock = FakeClock(start=clock.now() + 4 * DAY)
    manager, expired = expiring_manager(store, clock)
    await manager.start()
    await until(lambda: [lobby.id for lobby in expired] == [old.id])
    await assert_closed_for_good(store, manager, old)
    assert manager.served_lobby(young.id).id == young.id
    await clock.advance(3 * DAY - 1)
    assert len(expired) == 1
    await clock.advance(1)
    await until(lambda: [lobby.id for lobby in expired] == [old.id, young.id])
    await manager.close()
    await store.close()
