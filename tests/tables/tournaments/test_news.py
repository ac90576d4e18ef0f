"""What the tournament service tells its listeners, and in what order: the news of an event's
changes in the order they were saved, its end last, however the listeners' awaits interleave;
and a game that ends too late to count said to its players, never recorded. Time is a
FakeClock's: nothing here sleeps."""

from __future__ import annotations

import asyncio
from itertools import permutations
from typing import Any

from store import Store
from tables import TableManager
from tables.clock import FakeClock
from tables.tournaments import CANCELLED, FINISHED, SWISS
from tables.tournaments.listener import TournamentListener
from tables.tournaments.service import HeldTournament, TournamentService
from tests.tables.tournaments.helpers import outcome
from tests.tables.tournaments.test_service import HOST, running, settle, signed_up, stored

END = "The event is over"


async def pass_turn() -> None:
    """Let every other ready task run a step, as an await on Discord would."""
    await asyncio.sleep(0)


class SlowListener(TournamentListener):
    """Hears the service as the Discord layer does, each telling taking a while (an edit of
    the event's message): the first the longest, so a later one would overtake it."""

    def __init__(self) -> None:
        self.heard: list[str] = []
        self.tellings = 0
        self.told_after_the_end = 0
        self.not_counted: list[tuple[int, str]] = []

    async def on_tournament(self, held: HeldTournament, events: list[dict[str, Any]]) -> None:
        self.tellings += 1
        if any(END in line for line in self.heard):
            self.told_after_the_end += 1
        for _ in range(40 // self.tellings):
            await pass_turn()
        self.heard += [e["text"] for e in events]

    async def on_result_not_counted(self, held: HeldTournament, channel_id: int,
                                    line: str) -> None:
        self.not_counted.append((channel_id, line))


async def with_listener(store: Store) -> tuple[TableManager, TournamentService, SlowListener]:
    manager, service, _ = await running(store, FakeClock(), members=set())
    listener = SlowListener()
    service.subscribe(listener)
    return manager, service, listener


async def test_the_last_rounds_results_arriving_together_in_any_order_end_with_the_end(
    store: Store,
):
    manager, service, _ = await running(store, FakeClock(), members=set())
    for order in permutations(range(3)):
        held = await signed_up(service, 6, game="cribbage", format=SWISS,
                               options={"target": 61}, rounds_planned=1)
        await service.start_event(held.id, HOST)  # one round, its last: three matches
        listener = SlowListener()
        service.subscribe(listener)
        matches = held.event.current.matches
        arriving = [matches[index] for index in order]
        await asyncio.gather(*(
            service.record(held, match.id, held.games_of(match.id)[0],
                           outcome(match, match.entries)) for match in arriving))
        await settle(manager)
        assert (await stored(store, held)).status == FINISHED
        assert [END in line for line in listener.heard].count(True) == 1, order
        assert END in listener.heard[-1], (order, listener.heard)
        assert all(f"Match {m.id}: " in " ".join(listener.heard) for m in matches)
        assert listener.told_after_the_end == 0
        service._listeners.remove(listener)
    await service.close()
    await manager.close()


async def finished_unheard(manager: TableManager, service: TournamentService,
                           table_id: int) -> Any:
    """The game plays to its end while the service does not hear of it yet (its end is on
    its way as the event changes)."""
    manager.listeners.remove(service)
    table = manager.get(table_id)
    assert table is not None
    await manager.play_for(table_id, range(len(table.seats)), "x")
    await settle(manager)
    manager.listeners.append(service)
    assert table.status == "finished"
    return table


async def test_a_game_that_ends_as_the_host_cancels_is_said_not_to_count(store: Store):
    manager, service, listener = await with_listener(store)
    held = await signed_up(service, 4, game="cribbage", format=SWISS, options={"target": 61},
                           rounds_planned=2)
    await service.start_event(held.id, HOST)
    first, _ = held.games
    table = await finished_unheard(manager, service, first.game_id)

    async def heard_now() -> None:  # cancelled and saved, not yet let go
        await service.on_finished(table)

    await service.act(held.id, lambda e: e.cancel(HOST), saved=heard_now)
    await settle(manager)
    line = f"This game ended after tournament #{held.id} was cancelled: its result does not " \
           "count there."
    assert listener.not_counted == [(first.channel_id, line)]
    event = await stored(store, held)
    assert event.status == CANCELLED and all(not m.games for m in event.rounds[0].matches)
    assert listener.heard[-1] == "The host cancelled the event."
    await service.close()
    await manager.close()


async def test_a_game_heard_of_after_its_event_was_let_go_is_said_not_to_count(store: Store):
    manager, service, listener = await with_listener(store)
    held = await signed_up(service, 4, game="cribbage", format=SWISS, options={"target": 61},
                           rounds_planned=2)
    await service.start_event(held.id, HOST)
    _, second = held.games
    table = await finished_unheard(manager, service, second.game_id)
    await service.act(held.id, lambda e: e.cancel(HOST))
    await settle(manager)
    assert service.get(held.id) is None  # let go
    await service.on_finished(table)
    await service.on_finished(table)  # a game ends once: said once
    assert listener.not_counted == [
        (second.channel_id, f"This game ended after tournament #{held.id} was cancelled: its "
                         "result does not count there.")]
    assert all(not m.games for m in (await stored(store, held)).rounds[0].matches)
    await service.close()
    await manager.close()


async def test_a_game_that_ends_as_the_host_settles_its_match_is_said_not_to_change_it(
    store: Store,
):
    manager, service, listener = await with_listener(store)
    held = await signed_up(service, 4, game="cribbage", format=SWISS, options={"target": 61},
                           rounds_planned=2)
    await service.start_event(held.id, HOST)
    first, _ = held.games
    match = held.event.match(first.match_id)
    table = await finished_unheard(manager, service, first.game_id)
    await service.act(held.id, lambda e: e.set_result(HOST, match.id, [[e] for e in
                                                                       match.entries]))
    await service.on_finished(table)
    await settle(manager)
    assert [line for _, line in listener.not_counted] == [
        f"This game ended after match {match.id} of tournament #{held.id} was settled: its "
        "result does not change the match."]
    settled = (await stored(store, held)).match(match.id)
    assert settled.ruling is not None and settled.games == []
    await service.close()
    await manager.close()


async def test_a_game_that_counted_is_never_said_not_to(store: Store):
    manager, service, listener = await with_listener(store)
    held = await signed_up(service, 4, game="cribbage", format=SWISS, options={"target": 61},
                           rounds_planned=2)
    await service.start_event(held.id, HOST)
    first, _ = held.games
    table = manager.get(first.game_id)
    assert table is not None
    await manager.play_for(first.game_id, range(len(table.seats)), "x")
    await settle(manager)
    assert len((await stored(store, held)).match(first.match_id).games) == 1
    await service.on_finished(table)  # heard again, as after a restart
    assert listener.not_counted == []
    assert len((await stored(store, held)).match(first.match_id).games) == 1
    await service.close()
    await manager.close()
