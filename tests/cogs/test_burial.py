"""Burials against a whole channel's history: a table is buried by the messages after it, its
own posts aside, once one of them shows no table; tables re-posting at once never loop."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from cogs.burial import Burials

AFTER = 5
CHANNEL = 7


class Channel:
    """Every message of one channel, and the tables in it re-posted the moment they are
    buried (no pause), as the gateway's event and Discord's answer arrive in either order."""

    def __init__(self, tables: int, event_first: list[bool]) -> None:
        self.burials = Burials(AFTER)
        self.ids = itertools.count(1)
        self.history: list[tuple[int, int | None]] = []
        self.message_of: dict[int, int] = {}
        self.reposts = dict.fromkeys(range(1, tables + 1), 0)
        self.event_first = itertools.cycle(event_first or [True])
        for table in self.reposts:
            self.post(table)

    def post(self, table: int) -> None:
        message = next(self.ids)
        if next(self.event_first):
            self.arrived(message, table)
            self.agrees()  # seen before the table's new id is stored
            self.message_of[table] = message
        else:
            self.message_of[table] = message
            self.arrived(message, table)
        self.agrees()

    def other(self) -> None:
        self.arrived(next(self.ids), None)
        self.agrees()

    def arrived(self, message: int, table: int | None) -> None:
        self.burials.written(CHANNEL, message, table)
        self.history.append((message, table))

    def agrees(self) -> None:
        for table in self.message_of:
            assert self.buried(table) == self.truly_buried(table)

    def buried(self, table: int) -> bool:
        return self.burials.buried(CHANNEL, table, self.message_of[table])

    def truly_buried(self, table: int) -> bool:
        mine = self.message_of[table]
        later = [shown for message, shown in self.history if message > mine and shown != table]
        return len(later) >= AFTER and None in later

    def settle(self, order: list[int]) -> None:
        """Post the buried tables again, one at a time, in an order `order` picks."""
        picks = itertools.cycle(order or [0])
        while buried := [t for t in self.reposts if self.buried(t)]:
            table = buried[next(picks) % len(buried)]
            self.reposts[table] += 1
            self.post(table)


@given(
    tables=st.integers(1, 8),
    arrivals=st.lists(st.booleans(), max_size=60),
    order=st.lists(st.integers(0, 7), max_size=8),
    event_first=st.lists(st.booleans(), max_size=5),
)
def test_burials_follow_the_channel_and_never_loop(
    tables: int, arrivals: list[bool], order: list[int], event_first: list[bool]
) -> None:
    channel = Channel(tables, event_first)
    for others, settle_now in enumerate(arrivals, start=1):
        channel.other()
        if settle_now:
            channel.settle(order)
            # Each message that shows no table moves each table at most once.
            assert all(count <= others for count in channel.reposts.values())
            assert not any(channel.buried(t) for t in channel.reposts)
    channel.settle(order)
    assert all(not channel.truly_buried(t) for t in channel.reposts)


def test_a_table_is_not_buried_by_its_own_new_post_seen_before_its_id() -> None:
    burials = Burials(2)
    burials.written(CHANNEL, 1, 9)
    burials.written(CHANNEL, 2, None)
    burials.written(CHANNEL, 3, 9)  # the table posted again; its new id is not stored yet
    assert not burials.buried(CHANNEL, 9, 1)
    burials.written(CHANNEL, 4, None)
    assert burials.buried(CHANNEL, 9, 1)
    assert not burials.buried(CHANNEL, 9, 3)


def test_table_messages_alone_bury_no_table() -> None:
    burials = Burials(2)
    for message, table in enumerate((1, 2, 3, 4), start=1):
        burials.written(CHANNEL, message, table)
    assert not burials.buried(CHANNEL, 1, 1)
    burials.written(CHANNEL, 5, None)
    assert burials.buried(CHANNEL, 1, 1)
    burials.forget(CHANNEL)
    assert not burials.buried(CHANNEL, 1, 1)
