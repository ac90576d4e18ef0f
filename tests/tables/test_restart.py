"""A restart loses nothing: unfinished games are rebuilt from their logs and go on exactly
as they would have."""

from pathlib import Path

import pytest

from store import Store
from tables import SeatInfo, Table, TableManager
from tables.clock import FakeClock
from tests.tables.helpers import (
    ANN,
    BOB,
    CHANNEL,
    GUILD,
    computer,
    first_play,
    human,
    make_manager,
    new_table,
    play_out,
)


def mixed_seats() -> list[SeatInfo]:
    return [human(ANN), computer("hard"), human(BOB), computer("normal", 2)]


def snapshot(table: Table) -> tuple:
    return (
        table.version,
        table.public_view(),
        [table.view_for(s) for s in range(len(table.seats))],
        [table.legal_for(s) for s in range(len(table.seats))],
        table.recent,
        [table.private_lines(s) for s in range(len(table.seats))],
    )


async def reference_log(tmp_path: Path, seed: int) -> tuple[list, dict]:
    """The same game played without a restart."""
    store = await Store.open(str(tmp_path / "reference.sqlite3"))
    manager = make_manager(store)
    table = await new_table(manager, mixed_seats(), seed=seed, options={"target": 30})
    await play_out(manager, table)
    log = [(r.seat, r.action) for r in await store.actions(table.id)]
    outcome = table.outcome
    await manager.close()
    await store.close()
    return log, outcome


@pytest.mark.parametrize("seed", [3, 11])
async def test_restart_with_a_pending_computer_turn_continues_identically(
    tmp_path: Path, database_url: str, seed: int
):
    expected_log, expected_outcome = await reference_log(tmp_path, seed)
    path = database_url

    store = await Store.open(path)
    # A pause on a clock that stands still: the computer's answer to Ann is still pending
    # when the bot goes down.
    manager = make_manager(store, ai_delay=60, clock=FakeClock())
    table = await new_table(manager, mixed_seats(), seed=seed, options={"target": 30})
    await manager.act(table.id, ANN, first_play(table, 0))
    assert table.waiting_for() == [1] and table.version == 1
    before = snapshot(table)
    await manager.close()
    await store.close()

    store = await Store.open(path)
    manager = make_manager(store)
    [rebuilt] = await manager.start()
    assert rebuilt.id == table.id
    # Replaying the log alone reproduces the table; the computer then resumes by itself.
    assert snapshot(rebuilt) == before
    await play_out(manager, rebuilt)
    log = [(r.seat, r.action) for r in await store.actions(rebuilt.id)]
    assert log == expected_log
    assert rebuilt.outcome == expected_outcome
    assert (await store.game(rebuilt.id)).status == "finished"
    await manager.close()
    await store.close()


async def test_rebuilt_table_equals_the_one_before_the_restart(database_url: str):
    path = database_url
    store = await Store.open(path)
    manager = make_manager(store)
    table = await new_table(manager, [human(ANN), human(BOB)], seed=4, settings={"idle": 10})
    await manager.act(table.id, BOB, {"type": "cheer"})
    await play_out(manager, table, moves=5)
    await manager.set_location(table.id, thread_id=8, message_id=9)
    before = snapshot(table)
    await manager.close()
    await store.close()

    store = await Store.open(path)
    manager = make_manager(store)
    [rebuilt] = await manager.start()
    assert snapshot(rebuilt) == before
    assert (rebuilt.thread_id, rebuilt.message_id, rebuilt.settings) == (8, 9, {"idle": 10})
    assert rebuilt.seat_version(0) == table.seat_version(0)
    await manager.close()
    await store.close()


async def test_a_log_that_no_longer_replays_marks_the_game_errored(database_url: str):
    path = database_url
    store = await Store.open(path)
    manager = make_manager(store)
    good = await new_table(manager, [human(ANN), human(BOB)], seed=1)
    bad = await new_table(manager, [human(ANN), human(BOB)], seed=2)
    await manager.close()
    # A bug wrote a move nobody could make.
    await store.append_action(bad.id, 0, 1, {"type": "play", "card": 9})
    await store.close()

    store = await Store.open(path)
    manager = make_manager(store)
    rebuilt = await manager.start()
    assert [t.id for t in rebuilt] == [good.id]
    record = await store.game(bad.id)
    assert record.status == "errored" and "IllegalAction" in record.error
    assert manager.get(bad.id) is None
    await manager.close()
    await store.close()


async def test_a_game_whose_last_action_ended_it_is_finished_on_start(store: Store):
    """Defensive: a log that already ends the game (written by an older version, say)."""
    reference = make_manager(store)
    played = await new_table(reference, [computer(), computer(number=2)], seed=5)
    await reference.wait_idle()
    await reference.close()
    log = await store.actions(played.id)
    game_id = await store.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game="dash", options=played.options, seed=5,
        seats=[s.to_json() for s in played.seats], host_id=ANN,
    )
    for row in log:
        await store.append_action(game_id, row.seq, row.seat, row.action)

    manager = make_manager(store)
    assert await manager.start() == []
    record = await store.game(game_id)
    assert record.status == "finished" and record.outcome == played.outcome
    assert len(await store.results(game_id)) == 2
    await manager.close()


async def test_lobbies_survive_a_restart(database_url: str):
    path = database_url
    store = await Store.open(path)
    manager = make_manager(store)
    lobby = await manager.open_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                     host_name="Ann", game="dash", options={"target": 30})
    lobby.join(BOB, "Bob")
    lobby.add_computer(ANN, "easy")
    lobby.message_id = 444
    await manager.update_lobby(lobby)
    await manager.close()
    await store.close()

    store = await Store.open(path)
    manager: TableManager = make_manager(store)
    await manager.start()
    again = manager.lobby(lobby.id)
    assert again is not None
    assert [s.to_json() for s in again.seats] == [s.to_json() for s in lobby.seats]
    assert (again.options, again.message_id) == (lobby.options, 444)
    table = await manager.start_lobby(lobby.id, ANN, seed=1)
    assert [s.name for s in table.seats] == ["Ann", "Bob", "Computer 1"]
    await manager.close()
    await store.close()


async def test_resuming_in_the_background_answers_at_once_and_rebuilds_every_game(
    database_url: str,
):
    store = await Store.open(database_url)
    manager = make_manager(store)
    tables = [await new_table(manager, [human(ANN), human(BOB)], seed=s) for s in range(4)]
    for table in tables:
        await play_out(manager, table, moves=2)
    before = {t.id: snapshot(t) for t in tables}
    bad = await new_table(manager, [human(ANN), human(BOB)], seed=9)
    await manager.close()
    await store.append_action(bad.id, 0, 1, {"type": "play", "card": 9})
    await store.close()

    store = await Store.open(database_url)
    manager = make_manager(store)
    heard: list[int] = []
    assert await manager.start(in_background=True, on_resumed=lambda t: heard.append(t.id)) == []
    assert manager.resuming() == 5
    # Reaching a game before the background task does rebuilds it on the spot.
    reached = manager.get(tables[2].id)
    assert reached is not None and snapshot(reached) == before[tables[2].id]
    assert heard == [tables[2].id]
    await manager.wait_idle()
    assert manager.resuming() == 0
    assert sorted(heard) == sorted(before)
    assert {t.id: snapshot(manager.get(t.id)) for t in tables} == before
    assert (await store.game(bad.id)).status == "errored"
    await play_out(manager, manager.get(tables[0].id))
    assert manager.get(tables[0].id).finished
    await manager.close()
    await store.close()
