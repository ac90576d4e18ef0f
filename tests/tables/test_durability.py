"""The move log is committed before the bot answers: when act() returns (the cog answers the
press after it) and when anything hears of a move (the table message and the hands follow
the listeners), the move is already in the database for any other connection to read. On
each backend."""

from store import Store
from tables import Listener, Table
from tests.tables.helpers import ANN, computer, first_play, human, make_manager, new_table


class LogReader(Listener):
    """A listener that reads the game's log through a connection of its own."""

    def __init__(self, other: Store) -> None:
        self.other = other
        self.heard: list[tuple[int, int]] = []

    async def on_update(self, table: Table, events: list) -> None:
        self.heard.append((table.version, len(await self.other.actions(table.id))))


async def test_every_move_is_committed_before_it_is_answered_or_announced(database_url: str):
    store, other = await Store.open(database_url), await Store.open(database_url)
    manager = make_manager(store)
    reader = LogReader(other)
    manager.subscribe(reader)
    table = await new_table(manager, [human(ANN), computer()])
    moves = 0
    while not table.finished and moves < 8:
        await manager.wait_idle()
        if table.finished or 0 not in table.waiting_for():
            continue
        seq, action = table.version, first_play(table, 0)
        await manager.act(table.id, ANN, action)
        moves += 1
        logged = {row.seq: (row.seat, row.action) for row in await other.actions(table.id)}
        assert logged[seq] == (0, action)
    await manager.wait_idle()
    assert moves > 0 and len(reader.heard) > moves  # the computer's moves were heard too
    # Whatever a listener heard of, another connection could already read: the move the
    # update announces, and maybe moves made since.
    assert all(logged >= version for version, logged in reader.heard)
    await manager.close()
    for each in (store, other):
        await each.close()
