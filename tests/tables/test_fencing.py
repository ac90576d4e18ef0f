"""Two table managers (two processes) on one database: the one that lost a game or a lobby
stops serving it."""

import pytest

from engine.errors import IllegalAction
from store import Store
from tests.tables.helpers import (
    ANN,
    BOB,
    CHANNEL,
    GUILD,
    first_play,
    human,
    make_manager,
    new_table,
)


async def test_a_manager_whose_game_was_taken_over_is_refused_and_lets_it_go(
    database_url: str,
):
    old_store, new_store = await Store.open(database_url), await Store.open(database_url)
    old = make_manager(old_store)
    table = await new_table(old, [human(ANN), human(BOB)])
    seat = table.waiting_for()[0]
    await old.act(table.id, table.seats[seat].user_id, first_play(table, seat))
    new = make_manager(new_store)
    [taken] = await new.start()  # a failover that overlaps: the old one is still running
    assert taken.version == 1

    seat = table.waiting_for()[0]
    with pytest.raises(IllegalAction, match="another copy of the bot"):
        await old.act(table.id, table.seats[seat].user_id, first_play(table, seat))
    assert old.get(table.id) is None
    assert len(await new_store.actions(table.id)) == 1  # nothing interleaved
    seat = taken.waiting_for()[0]
    await new.act(taken.id, taken.seats[seat].user_id, first_play(taken, seat))
    assert len(await new_store.actions(table.id)) == 2
    for manager, store in ((old, old_store), (new, new_store)):
        await manager.close()
        await store.close()


async def test_a_manager_whose_lobby_was_taken_over_refuses_presses_and_lets_it_go(
    database_url: str,
):
    old_store, new_store = await Store.open(database_url), await Store.open(database_url)
    old = make_manager(old_store)
    room = await old.open_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                host_name="Ann", game="dash")
    new = make_manager(new_store)
    await new.start()  # a failover that overlaps: the old one is still running
    taken = new.served_lobby(room.id)

    room.join(BOB, "Bob")
    with pytest.raises(IllegalAction, match="another copy of the bot"):
        await old.update_lobby(room)
    assert old.lobby(room.id) is None
    with pytest.raises(IllegalAction, match="another copy of the bot"):
        await old.start_lobby(room.id, ANN)
    with pytest.raises(IllegalAction, match="another copy of the bot"):
        await old.cancel_lobby(room.id, ANN)
    assert [s["user_id"] for s in (await new_store.lobby(room.id)).seats] == [ANN]  # unchanged
    assert await new_store.games_with_status("running") == []

    taken.join(BOB, "Bob")
    await new.update_lobby(taken)
    table = await new.start_lobby(taken.id, ANN, seed=3)
    assert [s.user_id for s in table.seats] == [ANN, BOB]
    stored = await new_store.lobby(room.id)
    assert (stored.status, stored.game_id) == ("started", table.id)
    for manager, store in ((old, old_store), (new, new_store)):
        await manager.close()
        await store.close()


async def test_a_lobby_lost_while_starting_starts_no_game(database_url: str):
    old_store, new_store = await Store.open(database_url), await Store.open(database_url)
    old = make_manager(old_store)
    room = await old.open_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                host_name="Ann", game="dash")
    room.join(BOB, "Bob")
    await old.update_lobby(room)
    await new_store.claim_open_lobbies()
    with pytest.raises(IllegalAction, match="another copy of the bot"):
        await old.start_lobby(room.id, ANN)
    assert old.running(GUILD) == [] and await new_store.games_with_status("running") == []
    assert (await new_store.lobby(room.id)).status == "open"
    await old.close()
    for store in (old_store, new_store):
        await store.close()
