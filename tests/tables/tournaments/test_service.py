"""The tournament service against a real store and TableManager: every change saved before
it returns, each match played as a game, results fed back, a restart catching up, no-shows
and round deadlines on a fake clock. Members are played for by the computer (play_for), so
whole events run in a moment."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.errors import IllegalAction
from store import Store
from tables import TableManager
from tables.clock import FakeClock
from tables.table import Table
from tables.tournaments import FINISHED, KNOCKOUT, RUNNING, SWISS, TABLES, Tournament
from tables.tournaments.service import TournamentService

GUILD, CHANNEL, HOST = 7, 70, 1


class Autopilot:
    """Plays every member's seat by the computer as soon as a match's game opens, and keeps
    what the listeners hear."""

    def __init__(self, manager: TableManager, members: set[int] | None = None) -> None:
        self.manager = manager
        self.members = members  # None: everybody
        self.heard: list[str] = []
        self.opened: list[tuple[str, int]] = []
        #: The events whose message the listener was asked to bring up to date, in order.
        self.published: list[int] = []

    async def on_match_opened(self, held: Any, match: Any, table: Any) -> None:
        self.opened.append((match.id, table.id))
        seats = [s for s, seat in enumerate(table.seats)
                 if seat.user_id is not None
                 and (self.members is None or seat.user_id in self.members)]
        if seats:
            await self.manager.play_for(table.id, seats, "autopilot")

    async def on_tournament(self, held: Any, events: list[dict[str, Any]]) -> None:
        self.heard += [e["text"] for e in events]
        self.published.append(held.id)


async def running(store: Store, clock: FakeClock, members: set[int] | None = None,
                  no_show_after: float = 120):
    # Moves without a choice play at once: a forced move's pause sleeps on the fake clock, and
    # settle() (which waits for it) would wait for ever on a clock nobody advances.
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None, clock=clock,
                           forced_delay=0)
    service = TournamentService(store, manager, no_show_after=no_show_after)
    manager.service = service  # type: ignore[attr-defined]
    pilot = Autopilot(manager, members)
    service.subscribe(pilot)
    await manager.start()
    await service.start()
    return manager, service, pilot


async def settle(manager: TableManager) -> None:
    """Until no game is being played by the computer, every notice went out and the
    service's woken work is done."""
    service = manager.service  # type: ignore[attr-defined]
    for _ in range(100):
        await service.wait_idle()
        if not any(t.computer_turns() for t in manager.running(GUILD)):
            return
    raise AssertionError("the games never settled")


@pytest.fixture
async def store(database_url: str):
    store = await Store.open(database_url)
    yield store
    await store.close()


async def signed_up(service: TournamentService, count: int, **kwargs: Any):
    held = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, **kwargs)
    for user in range(100, 100 + count):
        await service.act(held.id, lambda e, u=user: e.join(u, f"P{u}"))
    return held


async def test_a_swiss_runs_to_the_end_and_places_everyone(store: Store):
    manager, service, pilot = await running(store, FakeClock())
    held = await signed_up(service, 5, game="cribbage", format=SWISS,
                           options={"target": 61}, rounds_planned=3)
    await service.start_event(held.id, HOST)
    await settle(manager)
    record = await store.tournament(held.id)
    assert record is not None and record.status == FINISHED
    event = Tournament.from_json(record.state)
    assert len(event.rounds) == 3 and all(r.finished for r in event.rounds)
    games = await store.tournament_games(held.id)
    assert len(games) == sum(len(r.matches) for r in event.rounds)
    placings = [await store.user_placings(GUILD, u) for u in range(100, 105)]
    assert sorted(p[0].place for p in placings) == [1, 2, 3, 4, 5]
    # Announced once, and last: the last round's results finish together, and their news is
    # told in the order it was saved.
    assert sum("The event is over" in line for line in pilot.heard) == 1
    assert "The event is over" in pilot.heard[-1]
    await service.close()
    await manager.close()


async def stored(store: Store, held: Any) -> Tournament:
    record = await store.tournament(held.id)
    assert record is not None
    return Tournament.from_json(record.state)


async def test_bad_input_changes_nothing(store: Store):
    manager, service, _ = await running(store, FakeClock(), members=set())
    with pytest.raises(IllegalAction, match="needs a game for two players"):
        await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST,
                             game="pip-pip", format=SWISS, rounds_planned=2)
    assert await store.guild_tournaments(GUILD) == []
    held = await signed_up(service, 2, game="cribbage", format=SWISS, rounds_planned=2)
    version = held.version
    with pytest.raises(IllegalAction, match="already joined"):
        await service.act(held.id, lambda e: e.join(100, "P100"))
    with pytest.raises(IllegalAction, match="Only the host"):
        await service.start_event(held.id, 100)
    with pytest.raises(IllegalAction, match="at least 3 entries"):
        await service.start_event(held.id, HOST)
    assert held.version == version == (await store.tournament(held.id)).version
    await service.close()
    await manager.close()


async def test_a_stale_copy_reloads_and_applies_its_change_on_the_fresh_state(store: Store):
    manager, service, _ = await running(store, FakeClock(), members=set())
    held = await signed_up(service, 1, game="cribbage", format=SWISS, rounds_planned=2)
    other_manager, other, _ = await running(store, FakeClock(), members=set())
    await other.act(held.id, lambda e: e.join(200, "Zed"))  # the other process got in first
    await service.act(held.id, lambda e: e.join(201, "Yan"))
    names = [e.name for e in (await stored(store, held)).entries]
    assert names == ["P100", "Zed", "Yan"]
    for closing in (service, other, manager, other_manager):
        await closing.close()


async def test_a_restart_records_the_games_that_ended_meanwhile_and_the_round_moves_on(
    store: Store,
):
    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set())
    held = await signed_up(service, 4, game="cribbage", format=SWISS,
                           options={"target": 61}, rounds_planned=2)
    await service.start_event(held.id, HOST)
    first = list(pilot.opened)
    assert len(first) == 2
    await service.close()  # the bot goes down; its games end with nobody listening
    for _, table_id in first:
        table = manager.get(table_id)
        await manager.play_for(table_id, range(len(table.seats)), "x")
    await settle(manager)
    await manager.close()
    assert len((await stored(store, held)).rounds[0].matches[0].games) == 0

    manager, service, pilot = await running(store, clock)
    event = await stored(store, held)
    assert event.rounds[0].finished and len(event.rounds) == 2
    await settle(manager)
    event = await stored(store, held)
    assert event.status == FINISHED
    assert len(await store.tournament_games(held.id)) == 4  # no match played twice
    await service.close()
    await manager.close()


async def test_a_seat_that_never_moves_forfeits_and_the_deadline_plays_out_the_rest(
    store: Store,
):
    clock = FakeClock()
    # Only P100 and P101 are played for: P102 and P103 never move.
    manager, service, _ = await running(store, clock, members={100, 101})
    held = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST,
                                game="cribbage", format=KNOCKOUT, options={"target": 61},
                                round_minutes=30)
    for user in range(100, 104):
        await service.act(held.id, lambda e, u=user: e.join(u, f"P{u}"))
    await service.start_event(held.id, HOST)
    await settle(manager)
    event = await stored(store, held)
    assert event.status == RUNNING and not any(m.finished for m in event.rounds[0].matches)
    await clock.advance(121)
    await settle(manager)
    event = await stored(store, held)
    no_shows = {e for m in event.rounds[0].matches for e in m.forfeits}
    assert {event.entry(e).members[0] for e in no_shows} <= {102, 103}
    assert no_shows, "a seat the game waited on from the start forfeits"
    await clock.advance(30 * 60)
    await settle(manager)
    event = await stored(store, held)
    assert event.status == FINISHED
    await service.close()
    await manager.close()


async def test_when_neither_player_shows_up_both_forfeit_and_nobody_wins(store: Store):
    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set())
    held = await signed_up(service, 4, game="cribbage", format=SWISS, options={"target": 61},
                           rounds_planned=2)
    await service.start_event(held.id, HOST)
    await settle(manager)
    await clock.advance(121)  # both seats of every game are waited on to discard
    await settle(manager)
    event = await stored(store, held)
    first = event.rounds[0]
    assert all(set(m.forfeits) == set(m.entries) for m in first.matches)
    assert all(m.points() == dict.fromkeys(m.entries, 0.0) for m in first.matches)
    assert "Match 1.1: nobody wins." in pilot.heard
    await service.close()
    await manager.close()


@pytest.mark.parametrize("down_for", [0, 4 * 60])
async def test_a_restart_does_not_give_a_no_show_a_new_window(store: Store, down_for: int):
    clock = FakeClock()
    manager, service, _ = await running(store, clock, members=set(), no_show_after=300)
    held = await signed_up(service, 4, game="cribbage", format=SWISS, options={"target": 61},
                           rounds_planned=2)
    await service.start_event(held.id, HOST)
    await settle(manager)
    await clock.advance(3 * 60)
    await service.close()  # the bot goes down at minute 3 with nobody having moved
    await manager.close()
    await clock.advance(down_for)

    manager, service, _ = await running(store, clock, members=set(), no_show_after=300)
    await settle(manager)
    if clock.now() - 1000 < 5 * 60:  # back before minute 5: the window's rest runs on
        assert not any(m.forfeits for m in (await stored(store, held)).rounds[0].matches)
        await clock.advance(5 * 60 - (clock.now() - 1000) - 1)
        await settle(manager)
        assert not any(m.forfeits for m in (await stored(store, held)).rounds[0].matches)
        await clock.advance(2)  # minute 5, not minute 8
        await settle(manager)
    first = (await stored(store, held)).rounds[0]
    assert all(set(m.forfeits) == set(m.entries) for m in first.matches)
    await service.close()
    await manager.close()


async def test_a_tables_event_seats_seven_at_tables_of_three_and_four(store: Store):
    manager, service, _ = await running(store, FakeClock())
    held = await signed_up(service, 7, game="pip-pip", format=TABLES, rounds_planned=2,
                           table_size=4, options={})
    await service.start_event(held.id, HOST)
    await settle(manager)
    event = await stored(store, held)
    assert event.status == FINISHED
    assert sorted(len(m.entries) for m in event.rounds[0].matches) == [3, 4]
    await service.close()
    await manager.close()


async def test_cancelling_a_running_event_closes_its_games(store: Store):
    manager, service, pilot = await running(store, FakeClock(), members=set())
    held = await signed_up(service, 4, game="cribbage", format=SWISS,
                           options={"target": 61}, rounds_planned=2)
    await service.start_event(held.id, HOST)
    assert len(pilot.opened) == 2
    with pytest.raises(IllegalAction, match="Only the host"):
        await service.act(held.id, lambda e: e.cancel(100))
    await service.act(held.id, lambda e: e.cancel(HOST))
    assert all(manager.get(table_id).status == "abandoned" for _, table_id in pilot.opened)
    assert (await store.tournament(held.id)).status == "cancelled"
    assert service.get(held.id) is None
    with pytest.raises(IllegalAction, match="no running tournament"):
        await service.act(held.id, lambda e: e.join(300, "Late"))
    await service.close()
    await manager.close()


async def move(manager: TableManager, table: Table, seat: int) -> None:
    user_id = table.seats[seat].user_id
    assert user_id is not None
    await manager.act(table.id, user_id, table.legal_for(seat)[0])


async def test_at_the_deadline_the_computer_plays_for_the_away_and_members_at_the_table_play_on(
    store: Store,
):
    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set())
    held = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST,
                                game="cribbage", format=KNOCKOUT, options={"target": 61},
                                round_minutes=30)
    for user in (100, 101):
        await service.act(held.id, lambda e, u=user: e.join(u, f"P{u}"))
    await service.start_event(held.id, HOST)
    [(_, table_id)] = pilot.opened
    table = manager.get(table_id)
    assert table is not None
    # Both players move at the start (nobody is a no-show), until the game waits on one.
    moved: set[int] = set()
    for _ in range(40):
        waits = table.human_waits()
        if moved == {0, 1} and len(waits) == 1:
            break
        seat = next((s for s in waits if s not in moved), waits[0])
        await move(manager, table, seat)
        moved.add(seat)
        await settle(manager)
    [away] = table.human_waits()
    present = 1 - away

    told = len(pilot.published)
    await clock.advance(30 * 60)  # the deadline: the game has waited on `away` all along
    await settle(manager)
    assert table.status == "running" and table.away == {away}
    assert len(pilot.published) == told + 1  # the event's message is brought up to date
    line = f"the computer plays on for {table.seats[away].name}, who is away."
    assert any(line in said for said in table.recent)
    assert not any(table.seats[present].name in said and "time is up" in said
                   for said in table.recent)
    assert (await stored(store, held)).status == RUNNING  # the round waits for its game
    assert table.human_waits() == [present]
    await move(manager, table, present)  # still theirs to play
    assert present not in table.away

    # A member who stops answering past the deadline is played for a minute later.
    for _ in range(10):
        if (await stored(store, held)).status == FINISHED:
            break
        await clock.advance(service.away_after + 1)
        await settle(manager)
    assert (await stored(store, held)).status == FINISHED
    assert table.away == {away, present}
    assert pilot.published.count(held.id) == told + 2  # and once more, for the event's end
    await service.close()
    await manager.close()


async def test_a_restart_just_after_a_match_game_is_stored_opens_no_second_game(
    store: Store, monkeypatch: pytest.MonkeyPatch,
):
    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set())
    held = await signed_up(service, 4, game="cribbage", format=SWISS,
                           options={"target": 61}, rounds_planned=2)
    create_match_game = store.create_match_game

    async def stored_then_down(*args: Any, **kwargs: Any) -> int:
        await create_match_game(*args, **kwargs)
        raise ConnectionError("the bot went down")  # before it heard of its new game

    monkeypatch.setattr(store, "create_match_game", stored_then_down)
    await service.start_event(held.id, HOST)
    assert pilot.opened == [] and manager.running(GUILD) == []
    await service.close()
    await manager.close()
    monkeypatch.undo()

    manager, service, pilot = await running(store, clock, members=set())
    event = await stored(store, held)
    games = await store.tournament_games(held.id)
    assert sorted(g.match_id for g in games) == sorted(m.id for m in event.rounds[0].matches)
    running_games = await store.games_with_status("running")
    assert sorted(g.id for g in running_games) == sorted(g.game_id for g in games)
    assert pilot.opened == []  # nothing opened again
    assert sorted(t.id for t in manager.running(GUILD)) == sorted(g.game_id for g in games)
    await service.close()
    await manager.close()


async def test_a_press_is_acknowledged_once_saved_and_before_the_listeners_hear(store: Store):
    manager, service, pilot = await running(store, FakeClock(), members=set())
    held = await signed_up(service, 1, game="cribbage", format=SWISS, rounds_planned=2)
    order: list[str] = []

    async def acknowledge() -> None:
        record = await store.tournament(held.id)
        assert record is not None
        order.append(f"saved at version {record.version}")

    async def heard(held: Any, events: list[dict[str, Any]]) -> None:
        order.append("heard")

    pilot.on_tournament = heard  # type: ignore[method-assign]
    await service.act(held.id, lambda e: e.join(200, "Zed"), saved=acknowledge)
    assert order == [f"saved at version {held.version}", "heard"]

    async def expired() -> None:
        raise ConnectionError("the interaction expired")

    # An answer that fails changes nothing about what follows the saved change.
    await service.act(held.id, lambda e: e.join(201, "Yan"), saved=expired)
    assert order[-1] == "heard" and len(order) == 3
    assert [e.name for e in (await stored(store, held)).entries][-1] == "Yan"
    await service.close()
    await manager.close()


async def test_on_sqlite_the_service_saves_through_a_connection_of_its_own(store: Store):
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    service = await TournamentService.beside(store, manager)
    assert (service.store is store) == (store.kind == "postgresql")
    held = await signed_up(service, 3, game="cribbage", format=SWISS, rounds_planned=2)
    record = await store.tournament(held.id)  # committed where the games' store sees it
    assert record is not None and record.version == held.version == 4
    await service.close()
    assert (await store.tournament(held.id)) is not None  # the games' store is still open
    await manager.close()


async def test_at_pip_pip_tables_an_absent_member_forfeits_five_minutes_into_their_first_turn(
    store: Store,
):
    """Two tables of four; at one, the member whose first turn comes last never moves, while
    everyone else takes two minutes over each move. The present member the game waits on at
    minute 5 has not moved yet but is no no-show; the absent one forfeits five minutes after
    their turn first came (minute 6), at minute 11, not hours later or never."""
    clock = FakeClock()
    manager, service, pilot = await running(store, clock, members=set(), no_show_after=300)
    held = await signed_up(service, 8, game="pip-pip", format=TABLES, rounds_planned=1,
                           table_size=4, options={"rounds": 1})
    await service.start_event(held.id, HOST)
    await settle(manager)
    tables = [manager.get(table_id) for _, table_id in pilot.opened]
    assert len(tables) == 2
    [leader] = tables[0].waiting_for()
    absent = (tables[0], (leader + 3) % 4)
    absent_entry = (await stored(store, held)).rounds[0].matches[0].seats[absent[1]]
    started = clock.now()
    forfeited_at = None
    while clock.now() - started < 20 * 60:
        await clock.advance(30)
        await settle(manager)
        for table in tables:
            for seat, waited in manager.waited(table.id).items() if table.active else ():
                if (table, seat) != absent and waited >= 120:
                    play = next(a for a in table.legal_for(seat) if a["type"] == "play")
                    await move_with(manager, table, seat, play)
        await settle(manager)
        forfeits = {e: why for m in (await stored(store, held)).rounds[0].matches
                    for e, why in m.forfeits.items()}
        if forfeits and forfeited_at is None:
            forfeited_at = clock.now() - started
            assert forfeits == {absent_entry: "no-show"}
        if forfeited_at is not None and absent[1] in absent[0].away:
            break
    assert forfeited_at == 11 * 60
    # The computer plays on in the absent member's seat; their table goes on.
    assert absent[0].active and absent[1] in absent[0].away


async def move_with(manager: TableManager, table: Table, seat: int, action: dict) -> None:
    user_id = table.seats[seat].user_id
    assert user_id is not None
    await manager.act(table.id, user_id, action)


async def test_a_computer_entry_plays_its_matches_at_its_level_and_counts_for_no_rating(
    store: Store,
):
    manager, service, _ = await running(store, FakeClock())
    held = await signed_up(service, 3, game="cribbage", format=KNOCKOUT,
                           options={"target": 61}, computers="easy")
    await service.start_event(held.id, HOST)
    await settle(manager)
    event = await stored(store, held)
    assert event.status == FINISHED and not any(r.byes for r in event.rounds)
    [bot] = [e.id for e in event.entries if e.computer]
    played = {m.id: m for r in event.rounds for m in r.matches}
    games = await store.tournament_games(held.id)
    for game in games:
        table = manager.get(game.game_id)
        match = played[game.match_id]
        computer_seats = [s for s, e in enumerate(match.seats) if e == bot]
        assert [table.seats[s].ai for s in computer_seats] == ["easy"] * len(computer_seats)
        results = await store.results(game.game_id)
        assert (results == []) == bool(computer_seats), game.match_id
    # Each member's rating counts only their matches against members.
    against_members = Counter(m for match in played.values() if bot not in match.entries
                              for e in match.entries for m in event.entry(e).members)
    rows = await manager.leaderboard(GUILD, "cribbage", limit=10)
    assert {row["user_id"]: row["games"] for row in rows} == dict(against_members)
    await service.close()
    await manager.close()


async def test_a_tables_event_fills_its_short_tables_with_computers_of_the_chosen_level(
    store: Store,
):
    manager, service, pilot = await running(store, FakeClock(), members=set())
    held = await signed_up(service, 5, game="pip-pip", format=TABLES, rounds_planned=1,
                           table_size=3, options={"rounds": 1}, computers="easy")
    await service.start_event(held.id, HOST)
    levels = sorted(seat.ai for _, table_id in pilot.opened
                    for seat in manager.get(table_id).seats if seat.is_computer)
    assert levels == ["easy"]  # a table of two members and one computer
    await service.close()
    await manager.close()


async def test_a_restart_keeps_the_window_of_a_seat_waited_on_since_the_opening(store: Store):
    """P100 discards at once (played for); P101, waited on since the game opened, never
    moves. The bot restarts at minute 3: P101 still forfeits at minute 5, though the game's
    last move came after the opening."""
    clock = FakeClock()
    manager, service, _ = await running(store, clock, members={100}, no_show_after=300)
    held = await signed_up(service, 2, game="cribbage", format=KNOCKOUT,
                           options={"target": 61})
    await service.start_event(held.id, HOST)
    await settle(manager)
    await clock.advance(3 * 60)
    [game] = await store.tournament_games(held.id)
    assert len({a.seat for a in await store.actions(game.game_id)}) == 1  # P100's discard
    await service.close()
    await manager.close()

    manager, service, _ = await running(store, clock, members=set(), no_show_after=300)
    await settle(manager)
    await clock.advance(2 * 60 - 1)
    await settle(manager)
    assert not (await stored(store, held)).rounds[0].matches[0].forfeits
    await clock.advance(2)
    await settle(manager)
    event = await stored(store, held)
    assert [event.entry(e).members for e in event.rounds[0].matches[0].forfeits] == [[101]]
    await service.close()
    await manager.close()
