"""A server that removes the bot has its tournaments put to rest with its games: their timers
stop and nothing is recorded while the bot is out; when the server is back, or known at
start-up, they run again from what is stored, as at a restart, no-show windows starting
afresh at the return. Time is a FakeClock's: nothing here sleeps."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs.tournament_words import event_content
from store import Store
from tables import TableManager
from tables.away import is_marker
from tables.clock import FakeClock
from tables.tournaments import KNOCKOUT, RUNNING, SIGNUP, SWISS
from tables.tournaments.service import HeldTournament, TournamentService
from tests.tables.tournaments.test_service import (
    CHANNEL,
    GUILD,
    HOST,
    Autopilot,
    running,
    settle,
    signed_up,
    stored,
)

HOURS = 3600.0
ELSEWHERE = GUILD + 1


async def forfeits(store: Store, held: HeldTournament) -> list[str]:
    return list((await stored(store, held)).rounds[0].matches[0].forfeits)


async def test_a_sign_up_whose_start_passes_while_the_bot_is_out_opens_nothing_till_it_is_back(
    store: Store,
):
    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set())
    held = await signed_up(service, 4, game="cribbage", format=SWISS, options={"target": 61},
                           rounds_planned=2, starts_at=service.wall_ms() + 60_000)
    await manager.guild_removed(GUILD)
    assert service.get(held.id) is None
    await clock.advance(2 * HOURS)
    await settle(manager)
    assert (await stored(store, held)).status == SIGNUP
    assert await store.tournament_games(held.id) == [] and pilot.opened == []

    await manager.guild_back(GUILD)  # its start time is long past: it starts at once
    await clock.advance(0)
    await settle(manager)
    assert (await stored(store, held)).status == RUNNING
    assert len(pilot.opened) == 2 == len(await store.tournament_games(held.id))
    await service.close()
    await manager.close()


async def test_an_events_message_is_brought_up_to_date_when_its_server_is_back(store: Store):
    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set())
    held = await signed_up(service, 4, game="cribbage", format=SWISS, options={"target": 61},
                           rounds_planned=2)
    await manager.guild_removed(GUILD)
    pilot.published.clear()
    await manager.guild_back(GUILD)  # nothing happened to it meanwhile: still its message
    await settle(manager)
    assert pilot.published == [held.id]
    await service.close()
    await manager.close()


async def test_no_no_show_is_recorded_while_the_bot_is_out_and_the_window_restarts_at_its_return(
    store: Store,
):
    clock = FakeClock()
    manager, service, _ = await running(store, clock, members=set(), no_show_after=300)
    held = await signed_up(service, 2, game="cribbage", format=KNOCKOUT, options={"target": 61})
    await service.start_event(held.id, HOST)
    await settle(manager)
    await clock.advance(3 * 60)  # nobody has discarded, minute 3 of 5
    await manager.guild_removed(GUILD)
    await clock.advance(2 * HOURS)
    await settle(manager)
    assert await forfeits(store, held) == []

    await manager.guild_back(GUILD)
    await settle(manager)
    await clock.advance(2 * 60)
    await settle(manager)
    assert await forfeits(store, held) == []
    # A restart after the return keeps the window the return began.
    await service.close()
    await manager.close()
    manager, service, _ = await running(store, clock, members=set(), no_show_after=300)
    await settle(manager)
    await clock.advance(3 * 60 - 1)
    await settle(manager)
    assert await forfeits(store, held) == []
    await clock.advance(1)  # five minutes from the return
    await settle(manager)
    assert sorted(await forfeits(store, held)) == sorted(
        (await stored(store, held)).rounds[0].matches[0].entries)
    await service.close()
    await manager.close()


async def test_a_change_under_way_is_saved_but_opens_no_game_once_the_server_removed_the_bot(
    store: Store, monkeypatch: pytest.MonkeyPatch
):
    manager, service, pilot = await running(store, FakeClock(), members=set())
    held = await signed_up(service, 4, game="cribbage", format=SWISS, options={"target": 61},
                           rounds_planned=2)
    saving, saved = asyncio.Event(), asyncio.Event()
    save_tournament = store.save_tournament

    async def slow_save(*args: Any, **kwargs: Any) -> Any:
        saving.set()
        await saved.wait()
        return await save_tournament(*args, **kwargs)

    monkeypatch.setattr(store, "save_tournament", slow_save)
    starting = asyncio.ensure_future(service.start_event(held.id, HOST))
    await saving.wait()
    removing = asyncio.ensure_future(manager.guild_removed(GUILD))
    for _ in range(10):
        await asyncio.sleep(0)
    assert service.get(held.id) is held  # the removal waits for the save
    saved.set()
    await asyncio.gather(starting, removing)
    monkeypatch.undo()
    assert (await stored(store, held)).status == RUNNING
    assert await store.tournament_games(held.id) == [] and pilot.opened == []

    await manager.guild_back(GUILD)  # the round saved meanwhile gets its games
    await settle(manager)
    assert len(pilot.opened) == 2 == len(await store.tournament_games(held.id))
    await service.close()
    await manager.close()


async def test_a_round_deadline_passing_while_the_bot_is_out_moves_to_a_whole_round_from_its_return(
    store: Store,
):
    """Out for two hours of a 30-minute round: back, the players get their 30 minutes again
    (saved, so a restart keeps them; the event's message gives the new time) before the
    computer plays for anyone away, instead of a minute."""
    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set(),
                                            no_show_after=10 * HOURS)
    held = await signed_up(service, 2, game="cribbage", format=KNOCKOUT, options={"target": 61},
                           round_minutes=30)
    await service.start_event(held.id, HOST)
    await settle(manager)
    [game] = await store.tournament_games(held.id)
    await clock.advance(5 * 60)
    assert set(manager.waited(game.game_id).values()) == {5 * 60}
    await manager.guild_removed(GUILD)
    await clock.advance(2 * HOURS)
    await settle(manager)
    assert await store.actions(game.game_id) == []

    await manager.guild_back(GUILD)
    await settle(manager)
    back = service.wall_ms()
    # The game's clock on its members starts again too: the time away is nobody's.
    assert set(manager.waited(game.game_id).values()) == {0}
    held = service.get(held.id)
    assert held is not None and held.round_deadline == back + 30 * 60_000
    record = await store.tournament(held.id)
    assert record is not None and record.round_deadline == back + 30 * 60_000
    assert any("have 30 minutes again from its return" in line for line in pilot.heard)
    message = event_content(held, now=service.wall_ms())
    assert f"The round's time is up <t:{(back + 30 * 60_000) // 1000}:R>" in message
    await clock.advance(service.away_after)
    await settle(manager)
    assert await store.actions(game.game_id) == []  # not played for a minute after the return

    await service.close()  # a restart keeps the moved deadline
    await manager.close()
    manager, service, _ = await running(store, clock, members=set(), no_show_after=10 * HOURS)
    await settle(manager)
    await clock.advance(30 * 60 - service.away_after - 1)
    await settle(manager)
    assert await store.actions(game.game_id) == []
    await clock.advance(1)  # the round's 30 minutes from the return are up
    await settle(manager)
    assert await store.actions(game.game_id) != []
    await service.close()
    await manager.close()


async def test_a_deadline_still_ahead_at_the_return_stays_where_it_was(store: Store):
    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set(),
                                            no_show_after=10 * HOURS)
    held = await signed_up(service, 2, game="cribbage", format=KNOCKOUT, options={"target": 61},
                           round_minutes=30)
    await service.start_event(held.id, HOST)
    await settle(manager)
    deadline = held.round_deadline
    await manager.guild_removed(GUILD)
    await clock.advance(10 * 60)
    await manager.guild_back(GUILD)
    await settle(manager)
    back = service.get(held.id)
    assert back is not None and back.round_deadline == deadline
    assert not any("again from its return" in line for line in pilot.heard)
    await service.close()
    await manager.close()


async def test_a_deadline_already_past_when_the_bot_was_removed_stays_past_at_its_return(
    store: Store,
):
    """The round was due before the bot left: back two hours later, it gets no fresh
    minutes. The computer plays for whoever its game waits on once they have waited a
    minute from the return, as after a restart (the time away is still nobody's)."""
    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set(),
                                            no_show_after=10 * HOURS)
    held = await signed_up(service, 2, game="cribbage", format=KNOCKOUT, options={"target": 61},
                           round_minutes=30)
    await service.start_event(held.id, HOST)
    await settle(manager)
    deadline = held.round_deadline
    [game] = await store.tournament_games(held.id)
    await clock.advance(30 * 60 - 30)
    table = manager.get(game.game_id)
    assert table is not None
    for user in (100, 101):  # both discard: the game's wait on them starts again
        seat = table.seat_of(user)
        assert seat is not None
        await manager.act(table.id, user, table.legal_for(seat)[0])
    await clock.advance(31)  # the deadline passes with nobody away a minute yet
    await settle(manager)
    assert all(not is_marker(row.action) for row in await store.actions(game.game_id))
    await manager.guild_removed(GUILD)
    await clock.advance(2 * HOURS)
    await manager.guild_back(GUILD)
    await settle(manager)
    back = service.get(held.id)
    assert back is not None and back.round_deadline == deadline
    record = await store.tournament(held.id)
    assert record is not None and record.round_deadline == deadline
    assert not any("again from its return" in line for line in pilot.heard)
    assert set(manager.waited(game.game_id).values()) == {0}
    await clock.advance(service.away_after)
    await settle(manager)
    assert any(is_marker(row.action) for row in await store.actions(game.game_id))
    await service.close()
    await manager.close()


async def test_at_start_an_event_runs_once_its_server_is_known_to_have_the_bot(store: Store):
    clock = FakeClock()
    manager, service, _ = await running(store, clock, members=set())
    starts_at = service.wall_ms() + 60_000
    here = await signed_up(service, 4, game="cribbage", format=SWISS, options={"target": 61},
                           rounds_planned=2, starts_at=starts_at)
    gone = await service.create(guild_id=ELSEWHERE, channel_id=CHANNEL, host_id=HOST,
                                game="cribbage", format=SWISS, options={"target": 61},
                                rounds_planned=2, starts_at=starts_at)
    for user in range(100, 104):
        await service.act(gone.id, lambda e, u=user: e.join(u, f"P{u}"))
    await service.close()
    await manager.close()
    await clock.advance(HOURS)  # both start times pass while the bot is down

    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None, clock=clock,
                           forced_delay=0)
    service = TournamentService(store, manager)
    manager.service = service  # type: ignore[attr-defined]
    service.subscribe(Autopilot(manager, set()))
    await manager.start(await_guilds=True)
    await service.start()
    await clock.advance(0)
    await settle(manager)
    assert [(await stored(store, h)).status for h in (here, gone)] == [SIGNUP, SIGNUP]

    await manager.guilds_known([GUILD])  # ELSEWHERE removed the bot while it was down
    await clock.advance(0)
    await settle(manager)
    assert [(await stored(store, h)).status for h in (here, gone)] == [RUNNING, SIGNUP]
    assert service.get(gone.id) is None

    await manager.guild_back(ELSEWHERE)
    await clock.advance(0)
    await settle(manager)
    assert (await stored(store, gone)).status == RUNNING
    await service.close()
    await manager.close()


async def test_a_match_whose_game_closed_while_the_bot_was_away_says_so_and_asks_the_host(
    store: Store,
):
    """The server kept the bot out past the grace, so the match's game was closed unfinished
    (tables/stale.py). Back, the event does not show the match as playing, nor wait for a
    game that will never end: it says the game was closed while the bot was away, and asks
    the host for the result, which then counts as any other."""
    from cogs.tournament_words import event_lines
    from tables.stale import DAY, STALE_AFTER

    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set())
    held = await signed_up(service, 2, game="cribbage", format=KNOCKOUT, options={"target": 61})
    await service.start_event(held.id, HOST)
    await settle(manager)
    [(_, game_id)] = pilot.opened
    await manager.guilds_known([GUILD])
    await manager.guild_removed(GUILD)
    await clock.advance(STALE_AFTER + DAY)
    await settle(manager)
    record = await store.game(game_id)
    assert record is not None and record.status == "abandoned"

    pilot.heard.clear()
    await manager.guild_back(GUILD)
    await settle(manager)
    back = service.get(held.id)
    assert back is not None and back.event.status == RUNNING
    assert pilot.heard == [f"Match 1.1's game #{game_id} was closed while the bot was away "
                           "from this server, so it has no result."]
    lines = event_lines(back)
    assert f"  P100 (1) v P101 (2): game #{game_id} closed before it ended, waiting for the " \
        "host to set the result" in lines
    assert not any(line.endswith(": playing") for line in lines)
    assert pilot.opened == [("1.1", game_id)], "no game opens by itself"

    [match] = back.event.rounds[0].matches
    await service.act(held.id, lambda e: e.set_result(HOST, "1.1", [[match.entries[1]],
                                                                   [match.entries[0]]]))
    await settle(manager)
    assert (await stored(store, held)).status == "finished"
    await service.close()
    await manager.close()


async def test_a_match_game_closed_under_the_event_says_so_at_once(store: Store):
    """Closed from outside the event while it runs (an admin's /abandon, its channel
    deleted): the match says its game closed before it ended, and the host is asked."""
    manager, service, pilot = await running(store, FakeClock(), members=set())
    held = await signed_up(service, 2, game="cribbage", format=KNOCKOUT, options={"target": 61})
    await service.start_event(held.id, HOST)
    await settle(manager)
    [(_, game_id)] = pilot.opened
    pilot.heard.clear()
    await manager.abandon(game_id, HOST, may_manage=True)
    await settle(manager)
    assert pilot.heard == [f"Match 1.1's game #{game_id} was closed before it ended, so it "
                           "has no result."]
    assert (await stored(store, held)).rounds[0].matches[0].closed_early == game_id
    assert pilot.opened == [("1.1", game_id)]
    await service.close()
    await manager.close()
