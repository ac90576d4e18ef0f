import asyncio

import pytest

from engine.errors import IllegalAction
from store import Store
from tables import Listener, TableManager
from tables.clock import FakeClock
from tables.ratings import UNRATED
from tests.tables.helpers import (
    ANN,
    BOB,
    CAT,
    DAN,
    GUILD,
    Recorder,
    computer,
    first_play,
    human,
    make_manager,
    new_table,
    play_out,
    until,
)


async def test_create_persists_the_game_and_a_computer_on_seat_zero_moves_first(
    manager: TableManager, store: Store
):
    table = await new_table(manager, [computer(), human(ANN)])
    await manager.wait_idle()
    record = await store.game(table.id)
    assert record.seats == [s.to_json() for s in table.seats]
    assert (record.seed, record.status) == (7, "running")
    log = await store.actions(table.id)
    assert [row.seat for row in log] == [0]
    assert table.version == 1
    assert table.waiting_for() == [1]
    assert manager.get(table.id) is table
    assert manager.running(GUILD) == [table]
    assert manager.running(GUILD + 1) == []


async def test_act_applies_commits_and_reports_names(manager: TableManager, store: Store):
    table = await new_table(manager, [human(ANN), human(BOB)])
    action = first_play(table, 0)
    events = await manager.act(table.id, ANN, action)
    assert [e["type"] for e in events] == ["play", "draw"]
    assert table.version == 1
    assert [(row.seq, row.seat, row.action) for row in await store.actions(table.id)] == [
        (0, 0, action)
    ]
    assert table.recent == [f"Ann plays {action['card']} (side total {action['card']})."]
    drawn = events[1]["card"]
    assert table.private_lines(0) == [f"You draw {drawn}."]
    assert table.private_lines(1) == []
    view = table.public_view()
    assert view["names"] == ["Ann", "Bob"]
    assert "hand" not in view
    assert table.view_for(0)["hand"] == table.game.view(0)["hand"]


async def test_illegal_actions_change_nothing_and_write_nothing(
    manager: TableManager, store: Store
):
    table = await new_table(manager, [human(ANN), human(BOB)])
    await manager.wait_idle()
    recorder: Recorder = manager.recorder
    before = (table.version, table.public_view(), table.view_for(0), table.view_for(1))
    held = set(table.view_for(0)["hand"])
    missing = next(card for card in range(1, 6) if card not in held)
    attempts = [
        (ANN, {"type": "play", "card": missing}, "do not hold"),
        (BOB, first_play(table, 0) | {"type": "play"}, "not your turn"),
        (ANN, {"type": "cheer"}, "not allowed|cannot"),
        (ANN, {"type": "play", "card": "x"}, "from 1 to 5"),
        (ANN, {"type": "_resign"}, "not a move"),
        (CAT, first_play(table, 0), "not playing"),
    ]
    for user, action, message in attempts:
        with pytest.raises(IllegalAction, match=f"(?i){message}"):
            await manager.act(table.id, user, action)
    await manager.wait_idle()
    assert (table.version, table.public_view(), table.view_for(0), table.view_for(1)) == before
    assert await store.actions(table.id) == []
    assert recorder.updates == []


async def test_stale_buttons_refused_but_other_players_moves_do_not_stale_them(
    manager: TableManager,
):
    table = await new_table(manager, [human(ANN), human(BOB), human(CAT)])
    ann_version = table.seat_version(0)
    await manager.act(table.id, BOB, {"type": "cheer"})  # Ann's choices are unchanged
    assert table.seat_version(0) == ann_version
    await manager.act(table.id, ANN, first_play(table, 0), version=ann_version)
    # Ann's turn is over: her old buttons are stale now.
    assert table.seat_version(0) != ann_version
    with pytest.raises(IllegalAction, match="out of date"):
        await manager.act(table.id, ANN, {"type": "cheer"}, version=ann_version)
    await manager.act(table.id, ANN, {"type": "cheer"}, version=table.seat_version(0))


async def test_off_turn_actions_do_not_wait_for_computers(manager: TableManager, store: Store):
    table = await new_table(manager, [human(ANN), computer(), computer(number=2)])
    await manager.act(table.id, ANN, first_play(table, 0))
    await manager.wait_idle()
    # Both computers took their turns (waiting_for) and never used the optional cheer.
    log = await store.actions(table.id)
    assert [row.seat for row in log] == [0, 1, 2]
    assert all(row.action["type"] == "play" for row in log)
    assert table.waiting_for() == [0]


async def test_a_double_click_is_accepted_once(store: Store):
    # The computer's pause is on a clock that stands still: its answer is not in the log.
    manager = make_manager(store, ai_delay=5, clock=FakeClock())
    table = await new_table(manager, [human(ANN), computer()])
    action = first_play(table, 0)
    outcomes = await asyncio.gather(
        manager.act(table.id, ANN, action), manager.act(table.id, ANN, action),
        return_exceptions=True,
    )
    assert sum(isinstance(o, list) for o in outcomes) == 1
    assert sum(isinstance(o, IllegalAction) for o in outcomes) == 1
    assert len(await store.actions(table.id)) == 1
    await manager.close()


async def test_computer_only_game_finishes_records_and_notifies_once(
    manager: TableManager, store: Store
):
    table = await new_table(manager, [computer("hard"), computer("easy", 2), computer("normal", 3)])
    await manager.wait_idle()
    assert table.finished and table.status == "finished"
    assert manager.recorder.finished == [(table.id, "finished")]
    assert manager.get(table.id) is table and manager.running(GUILD) == []
    record = await store.game(table.id)
    assert record.status == "finished" and record.outcome == table.outcome
    results = await store.results(table.id)
    assert [r["won"] for r in results] == [int(s in table.outcome["winners"]) for s in range(3)]
    assert await store.ratings(GUILD, "dash") == []  # computers are not rated
    with pytest.raises(IllegalAction, match="over"):
        await manager.act(table.id, ANN, {"type": "cheer"})


async def test_every_update_is_announced_in_order(manager: TableManager):
    table = await new_table(manager, [human(ANN), computer()], options={"target": 30})
    await play_out(manager, table)
    versions = [version for _, version, _ in manager.recorder.updates]
    assert len(versions) == table.version
    assert versions == sorted(versions)


@pytest.mark.parametrize(
    ("seats", "options", "message"),
    [
        ([human(ANN)], {}, "is for 2 to 4 players"),
        ([human(ANN), human(ANN)], {}, "only one seat"),
        ([human(ANN), computer("brilliant")], {}, "level"),
        ([human(ANN), human(BOB)], {"target": 7}, "target must be one of"),
        ([human(ANN), human(BOB)], {"colour": "red"}, "no option colour"),
    ],
)
async def test_bad_games_are_refused_before_anything_is_written(
    manager: TableManager, store: Store, seats, options, message
):
    with pytest.raises(IllegalAction, match=message):
        await new_table(manager, seats, options=options)
    assert await store.games_with_status("running") == []


async def test_game_without_computer_player_refuses_computer_seats(
    manager: TableManager, store: Store
):
    with pytest.raises(IllegalAction, match="no computer player"):
        await new_table(manager, [human(ANN), computer()], game="dash-solo")
    with pytest.raises(IllegalAction, match="no game called"):
        await new_table(manager, [human(ANN), human(BOB)], game="chess")
    assert await store.games_with_status("running") == []
    table = await new_table(manager, [human(ANN), human(BOB)], game="dash-solo")
    assert table.game_name == "dash-solo"


async def test_resign_ends_the_game_with_the_other_side_winning(
    manager: TableManager, store: Store
):
    table = await new_table(manager, [human(ANN), human(BOB), human(CAT), human(DAN)],
                            options={"teams": True})
    await manager.act(table.id, ANN, first_play(table, 0))
    events = await manager.resign(table.id, DAN)
    assert events[0]["type"] == "resigned"
    # The game's last line; the winners' milestones are said after it.
    assert [line for line in table.recent if not line.startswith("🏅 ")][-1] == "Dan resigned."
    assert table.outcome["winners"] == [0, 2]
    assert table.outcome["ranks"] == [0, 1, 0, 1]
    assert table.public_view()["outcome"] == table.outcome
    assert table.waiting_for() == [] and table.legal_for(0) == []
    record = await store.game(table.id)
    assert record.status == "finished"
    assert [row.action for row in await store.actions(table.id)][-1] == {"type": "_resign"}
    won = {r["user_id"]: r["won"] for r in await store.results(table.id)}
    assert won == {ANN: 1, BOB: 0, CAT: 1, DAN: 0}
    assert manager.recorder.finished == [(table.id, "finished")]


async def test_resign_among_three_sides_is_a_shared_win(manager: TableManager):
    table = await new_table(manager, [human(ANN), human(BOB), human(CAT)])
    await manager.resign(table.id, ANN)
    assert table.outcome["winners"] == [1, 2] and table.outcome["shared"] is True


async def test_abandon_needs_host_or_manager_and_records_no_results(
    manager: TableManager, store: Store
):
    table = await new_table(manager, [human(ANN), human(BOB)])
    move = first_play(table, 0)
    with pytest.raises(IllegalAction, match="host or a member with Manage Server"):
        await manager.abandon(table.id, BOB)
    await manager.abandon(table.id, BOB, may_manage=True)
    await manager.wait_idle()
    assert table.status == "abandoned"
    assert (await store.game(table.id)).status == "abandoned"
    assert await store.results(table.id) == []
    assert manager.recorder.finished == [(table.id, "abandoned")]
    assert manager.running(GUILD) == []
    with pytest.raises(IllegalAction, match="over"):
        await manager.act(table.id, ANN, move)


async def test_set_location_is_stored(manager: TableManager, store: Store):
    table = await new_table(manager, [human(ANN), human(BOB)])
    await manager.set_location(table.id, thread_id=55, message_id=66)
    assert (table.thread_id, table.message_id) == (55, 66)
    record = await store.game(table.id)
    assert (record.thread_id, record.message_id) == (55, 66)


async def test_a_failing_listener_does_not_disturb_the_game(manager: TableManager):
    class Broken(Listener):
        async def on_update(self, table, events):
            raise RuntimeError("listener bug")

    manager.subscribe(Broken())
    table = await new_table(manager, [human(ANN), computer()])
    await play_out(manager, table)
    assert table.finished
    assert manager.recorder.finished == [(table.id, "finished")]


async def test_many_tables_at_once_keep_their_logs_straight(
    manager: TableManager, store: Store
):
    tables = []
    for index in range(12):
        seats = [computer("hard"), computer("normal", 2)]
        if index % 2:
            seats = [human(ANN), human(BOB), computer("easy", 3)]
        tables.append(await new_table(manager, seats, seed=index, options={"target": 30}))
    await asyncio.gather(*(play_out(manager, t) for t in tables))
    assert all(t.finished for t in tables)
    for table in tables:
        log = await store.actions(table.id)
        assert [row.seq for row in log] == list(range(table.version))
        copy_ = table.spec.new(len(table.seats), table.options, table.seed)
        for row in log:
            copy_.apply(row.seat, row.action)
        assert copy_.outcome == table.outcome


async def test_an_action_whose_caller_is_cancelled_is_still_carried_out(
    manager: TableManager, store: Store
):
    table = await new_table(manager, [human(ANN), human(BOB)])
    action = first_play(table, 0)
    caller = asyncio.create_task(manager.act(table.id, ANN, action))
    await asyncio.sleep(0)  # the request has started
    caller.cancel()
    with pytest.raises(asyncio.CancelledError):
        await caller
    await until(lambda: table.version == 1)
    async with table.lock:  # held by the move until it is committed: then it is in the log
        pass
    await manager.wait_idle()
    assert [row.action for row in await store.actions(table.id)] == [action]
    await manager.act(table.id, BOB, first_play(table, 1))  # the table still works
    assert len(await store.actions(table.id)) == 2


async def test_abandoning_stops_a_pending_computer_turn(store: Store):
    clock = FakeClock()
    manager = make_manager(store, ai_delay=5, clock=clock)
    table = await new_table(manager, [human(ANN), computer()])
    await manager.act(table.id, ANN, first_play(table, 0))
    await until(lambda: clock.sleepers == 1)  # the computer is pausing before its answer
    await manager.abandon(table.id, ANN, may_manage=True)
    await clock.advance(5)  # past the moment it would have moved
    await manager.wait_idle()
    assert len(await store.actions(table.id)) == 1
    assert table.version == 1 and table.waiting_for() == [] and table.legal_for(1) == []
    assert (await store.game(table.id)).status == "abandoned"
    await manager.close()


async def test_the_host_abandons_only_until_a_person_has_moved(manager: TableManager,
                                                               store: Store):
    """After a person's move, a host losing could wipe out the loss and the others' win: the
    host is told to resign instead, and nothing changes; Manage Server still may."""
    table = await new_table(manager, [human(ANN), human(BOB)])
    seat = table.waiting_for()[0]
    await manager.act(table.id, table.seats[seat].user_id, first_play(table, seat))
    version = table.version
    with pytest.raises(IllegalAction, match="/resign ends it as a loss"):
        await manager.abandon(table.id, ANN)
    assert table.status == "running" and table.version == version
    assert (await store.game(table.id)).status == "running"
    await manager.abandon(table.id, BOB, may_manage=True)
    assert table.status == "abandoned"
    fresh = await new_table(manager, [human(ANN), computer()])
    await manager.abandon(fresh.id, ANN)  # nobody has moved yet: the host may
    assert fresh.status == "abandoned"


async def test_a_game_of_computers_alone_plays_out_without_the_computers_pause(store: Store):
    clock = FakeClock()
    manager = make_manager(store, ai_delay=30.0, clock=clock)
    alone = await new_table(manager, [computer("hard"), computer("easy", 2)])
    await manager.wait_idle()
    assert alone.finished and clock.now() == 1000.0  # no time passed: nobody to follow it
    watched = await new_table(manager, [computer(), human(ANN)], seed=8)
    await clock.advance(29)
    assert watched.version == 0  # a member's opponent still pauses before its move
    await clock.advance(1)
    await manager.wait_idle()
    assert watched.version == 1 and watched.waiting_for() == [1]
    await manager.close()


async def test_an_unrated_game_records_its_end_but_no_results_or_ratings(store: Store):
    manager = make_manager(store)
    table = await new_table(manager, [human(ANN), computer()], settings={UNRATED: True})
    await play_out(manager, table)
    assert table.status == "finished"
    record = await store.game(table.id)
    assert record.status == "finished" and record.outcome == table.outcome
    assert await store.results(table.id) == []
    assert await store.ratings(GUILD, "dash") == []
    rated = await new_table(manager, [human(ANN), computer()])
    await play_out(manager, rated)
    assert [r.user_id for r in await store.ratings(GUILD, "dash")] == [ANN]
    await manager.close()
