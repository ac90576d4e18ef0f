"""A member entered in two events at once: a match whose game waits on them while they play
the other keeps their seat, and its no-show minutes start when that other game ends; a member
who plays neither is a no-show in both. Time is a FakeClock's: nothing here sleeps."""

from __future__ import annotations

from typing import Any

from store import Store
from tables import TableManager
from tables.clock import FakeClock
from tables.table import Table
from tables.tournaments import KNOCKOUT
from tables.tournaments.holds import SeatHold
from tables.tournaments.listener import TournamentListener
from tables.tournaments.service import HeldTournament, TournamentService
from tests.tables.tournaments.test_service import (
    CHANNEL,
    GUILD,
    HOST,
    running,
    settle,
    stored,
)

MEMBER, OPPONENT, OTHER_OPPONENT = 100, 101, 200
WINDOW = 120  # the no-show minutes `running` gives


class Holds(TournamentListener):
    """What the listeners hear of held seats."""

    def __init__(self) -> None:
        self.heard: list[tuple[int, int | None]] = []

    async def on_seat_held(self, hold: SeatHold) -> None:
        self.heard.append((hold.game.game_id, hold.freed_at))


async def knockout_of(service: TournamentService, *members: int) -> HeldTournament:
    held = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST,
                                game="cribbage", format=KNOCKOUT, options={"target": 61})
    for user in members:
        await service.act(held.id, lambda e, u=user: e.join(u, f"P{u}"))
    await service.start_event(held.id, HOST)
    return held


def game_of(manager: TableManager, service: TournamentService, held: HeldTournament) -> Table:
    [game] = service.get(held.id).games  # type: ignore[union-attr]
    table = manager.get(game.game_id)
    assert table is not None
    return table


async def move(manager: TableManager, table: Table, user_id: int) -> None:
    """The member's move, if the game waits on them (a discard, a card in the play)."""
    seat = table.seat_of(user_id)
    assert seat is not None
    if seat in table.waiting_for():
        await manager.act(table.id, user_id, table.legal_for(seat)[0])
        await settle(manager)


async def forfeited(store: Store, held: HeldTournament) -> list[int]:
    event = await stored(store, held)
    return [event.entry(e).members[0] for e in event.rounds[0].matches[0].forfeits]


async def test_a_member_playing_another_match_keeps_their_seat_till_it_ends(store: Store):
    clock = FakeClock()
    manager, service, _ = await running(store, clock, members={OPPONENT, OTHER_OPPONENT})
    heard = Holds()
    service.subscribe(heard)
    playing = await knockout_of(service, MEMBER, OPPONENT)
    await settle(manager)
    other = game_of(manager, service, playing)
    await move(manager, other, MEMBER)  # the member is playing event #1's match
    waiting = await knockout_of(service, MEMBER, OTHER_OPPONENT)
    await settle(manager)
    table = game_of(manager, service, waiting)
    assert heard.heard == [(table.id, None)], "told at once where the match waits"

    for _ in range(4):  # ten minutes on, the member moving in the other game as it asks
        await clock.advance(WINDOW / 2 + 30)
        await settle(manager)
        await move(manager, other, MEMBER)
    assert await forfeited(store, waiting) == []
    assert table.status == "running" and len(heard.heard) == 1

    await manager.resign(other.id, MEMBER)  # that game is over: the minutes start now
    await settle(manager)
    assert heard.heard[1:] == [(table.id, service.wall_ms())]
    await clock.advance(WINDOW - 1)
    await settle(manager)
    assert await forfeited(store, waiting) == []
    await clock.advance(1)  # really idle now
    await settle(manager)
    assert await forfeited(store, waiting) == [MEMBER]
    await service.close()
    await manager.close()


async def test_a_member_idle_at_both_matches_forfeits_both(store: Store):
    clock = FakeClock()
    manager, service, _ = await running(store, clock, members={OPPONENT, OTHER_OPPONENT})
    heard = Holds()
    service.subscribe(heard)
    first = await knockout_of(service, MEMBER, OPPONENT)
    second = await knockout_of(service, MEMBER, OTHER_OPPONENT)
    await settle(manager)
    await clock.advance(WINDOW)
    await settle(manager)
    assert await forfeited(store, first) == [MEMBER] == await forfeited(store, second)
    assert heard.heard == []


async def test_a_member_who_stops_playing_the_other_match_has_the_minutes_from_then(
    store: Store,
):
    clock = FakeClock()
    manager, service, _ = await running(store, clock, members={OPPONENT, OTHER_OPPONENT})
    heard = Holds()
    service.subscribe(heard)
    playing = await knockout_of(service, MEMBER, OPPONENT)
    await settle(manager)
    await move(manager, game_of(manager, service, playing), MEMBER)
    waiting = await knockout_of(service, MEMBER, OTHER_OPPONENT)
    await settle(manager)
    # The member moves no more anywhere: idle in the other game once it has waited the
    # minutes on them, and this one's minutes run from when that was seen.
    await clock.advance(WINDOW)
    await settle(manager)
    assert await forfeited(store, waiting) == []
    seen_idle: Any = heard.heard[-1][1]
    assert seen_idle == service.wall_ms()
    await clock.advance(WINDOW)
    await settle(manager)
    assert await forfeited(store, waiting) == [MEMBER]
    await service.close()
    await manager.close()
