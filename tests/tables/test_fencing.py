"""Two table managers (two processes) on one database: the one that lost a game stops."""

import pytest

from engine.errors import IllegalAction
from store import Store
from tests.tables.helpers import ANN, BOB, first_play, human, make_manager, new_table


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
