"""Property: whatever members click, legal or not, the committed log rebuilds the table
exactly, and refused clicks leave no trace. On each backend."""

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from store import Store
from tables.table import Table
from tests.tables.helpers import ANN, BOB, CAT, computer, human, make_manager, new_table

#: The line a member's run of wins ending is said in, whoever they are.
RUN_ENDED = re.compile(r".+'s run of \d+ wins in a row ends\.")
USERS = [ANN, BOB, CAT, 999]
GARBAGE = [
    {"type": "play", "card": 9}, {"type": "play"}, {"type": "cheer"}, {"type": "dance"},
    {"type": "_resign"}, {"type": "play", "card": 1}, {"type": "play", "card": "5"},
]


def rebuild(table: Table, log) -> Table:
    copy_ = Table(id=table.id, spec=table.spec, options=table.options, seed=table.seed,
                  seats=table.seats, guild_id=table.guild_id, channel_id=table.channel_id,
                  host_id=table.host_id)
    copy_.replay([(row.seat, row.action) for row in log])
    return copy_


async def scenario(store: Store, data: st.DataObject, seed: int, with_computer: bool) -> None:
    manager = make_manager(store)
    seats = [human(ANN), human(BOB), computer() if with_computer else human(CAT)]
    table = await new_table(manager, seats, seed=seed)
    for _ in range(data.draw(st.integers(0, 25), label="clicks")):
        await manager.wait_idle()
        if table.finished:
            break
        user = data.draw(st.sampled_from(USERS), label="user")
        seat = table.seat_of(user)
        legal = table.legal_for(seat) if seat is not None else []
        choices = legal + GARBAGE
        action = data.draw(st.sampled_from(choices), label="action")
        version, logged = table.version, len(await store.actions(table.id))
        if seat is not None and data.draw(st.integers(0, 19), label="resign?") == 0:
            await manager.resign(table.id, user)
            assert table.finished and table.outcome["resigned"] == seat
            break
        try:
            await manager.act(table.id, user, action)
        except IllegalAction:
            assert table.version == version
            assert len(await store.actions(table.id)) == logged
        else:
            spelled = {"type": "play", "card": 5} if action.get("card") == "5" else action
            assert spelled in legal
    await manager.wait_idle()
    log = await store.actions(table.id)
    assert [row.seq for row in log] == list(range(table.version))
    copy_ = rebuild(table, log)
    assert copy_.public_view() == table.public_view()
    assert [copy_.view_for(s) for s in range(3)] == [table.view_for(s) for s in range(3)]
    # Achievement and milestone lines, and a run of wins ended, are the table's notes, said
    # once, not the log's events.
    assert copy_.recent == [line for line in table.recent if not line.startswith("🏅 ")
                            and not RUN_ENDED.fullmatch(line)]
    await manager.close()


# One store for every example of a run, on purpose: each example plays a game of its own.
@settings(max_examples=40,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(0, 2**31), with_computer=st.booleans())
async def test_the_log_always_rebuilds_the_table(store, data, seed, with_computer):
    await scenario(store, data, seed, with_computer)
