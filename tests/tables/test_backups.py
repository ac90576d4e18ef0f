"""tables/backups.py: the bot backs its SQLite database up by itself on the tables clock (a
FakeClock here, so a day passes at once), keeps the newest N, survives a backup that fails,
and a restored backup's game resumes where the backup left it."""

from __future__ import annotations

import logging
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from store import Store
from store.backup import back_up, backups, restore
from tables.backups import Backups
from tables.clock import FakeClock
from tests.store.test_before_upgrade import games_counted
from tests.tables.helpers import (
    ANN,
    BOB,
    first_play,
    human,
    make_manager,
    new_table,
    play_out,
    until,
)

HOUR = 3600.0
DAY = 24 * HOUR


async def made_database(folder: Path) -> str:
    database = str(folder / "cardbot.db")
    await (await Store.open(database)).close()
    return database


def taken_at(database: str) -> list[float]:
    return [backup.taken_at.timestamp() for backup in backups(database)]


async def test_a_backup_at_start_then_one_a_day_keeping_the_newest(tmp_path: Path):
    database = await made_database(tmp_path)
    clock = FakeClock()
    schedule = Backups(database, every_hours=24, keep=3)
    schedule.start(clock)
    try:
        await until(lambda: taken_at(database) == [clock.wall()])  # none yet: one at once
        start = clock.wall()
        await until(lambda: clock.sleepers == 1)
        await clock.advance(DAY - 1)
        assert taken_at(database) == [start]
        for day in range(1, 6):
            await clock.advance(1 if day == 1 else DAY)
            await until(lambda day=day: taken_at(database)[-1] == start + day * DAY)
            await until(lambda: clock.sleepers == 1)
        assert taken_at(database) == [start + day * DAY for day in (3, 4, 5)]
    finally:
        await schedule.close()
    assert clock.sleepers == 0


async def test_at_start_a_recent_backup_is_enough_until_the_period_since_it_passes(
    tmp_path: Path,
):
    database = await made_database(tmp_path)
    clock = FakeClock()
    recent = clock.wall() - 20 * HOUR
    back_up(database, recent)
    schedule = Backups(database, every_hours=24, keep=7)
    schedule.start(clock)
    try:
        await until(lambda: clock.sleepers == 1)
        await clock.advance(4 * HOUR - 1)
        assert taken_at(database) == [recent]
        await clock.advance(1)
        await until(lambda: taken_at(database) == [recent, recent + DAY])
    finally:
        await schedule.close()


async def test_a_failing_backup_is_one_warning_and_the_schedule_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
):
    database = await made_database(tmp_path)
    in_the_way = tmp_path / "backups"
    in_the_way.write_text("a file where the folder should be, as good as a full disk")
    clock = FakeClock()
    schedule = Backups(database, every_hours=6, keep=7)
    with caplog.at_level(logging.INFO, logger="tables.backups"):
        schedule.start(clock)
        try:
            await until(lambda: clock.sleepers == 1)
            warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
            assert len(warnings) == 1 and "Could not back up" in warnings[0].getMessage()
            assert "tries again in 6 hours" in warnings[0].getMessage()
            assert warnings[0].exc_info is None
            in_the_way.unlink()
            await clock.advance(6 * HOUR)
            await until(lambda: len(taken_at(database)) == 1)
        finally:
            await schedule.close()
    assert sum(r.levelno == logging.WARNING for r in caplog.records) == 1


@pytest.mark.parametrize(("database", "every", "keep", "said"), [
    ("postgresql://bot@db/cardbot", 24, 7, "ignored on PostgreSQL: back it up with pg_dump"),
    ("data/cardbot.db", 0, 7, "Automatic backups are off"),
    ("data/cardbot.db", 24, 0, "Automatic backups are off"),
])
async def test_no_schedule_runs_where_it_should_not_and_the_log_says_why_once(
    database: str, every: float, keep: int, said: str, caplog: pytest.LogCaptureFixture,
):
    clock = FakeClock()
    schedule = Backups(database, every_hours=every, keep=keep)
    with caplog.at_level(logging.INFO, logger="tables.backups"):
        schedule.start(clock)
        await clock.advance(3 * DAY)
    assert [r.getMessage() for r in caplog.records if said in r.getMessage()] != []
    assert len(caplog.records) == 1 and caplog.records[0].levelno == logging.INFO
    assert clock.sleepers == 0
    await schedule.close()


async def test_a_restored_backup_brings_back_the_game_as_it_was_and_it_plays_on(
    tmp_path: Path,
):
    database = str(tmp_path / "cardbot.db")
    store = await Store.open(database)
    manager = make_manager(store)
    table = await new_table(manager, [human(ANN), human(BOB)], seed=4)
    await play_out(manager, table, moves=3)
    at_backup = (table.version, table.public_view())
    backup = back_up(database, FakeClock().wall())
    await play_out(manager, table)  # after the backup the game ends: that is what is undone
    assert table.finished
    await manager.close()
    await store.close()

    restore(str(backup.path), database, FakeClock().wall() + HOUR)

    store = await Store.open(database)
    manager = make_manager(store)
    try:
        [resumed] = await manager.start()
        assert resumed.id == table.id and not resumed.finished
        assert (resumed.version, resumed.public_view()) == at_backup
        seat = resumed.waiting_for()[0]
        await manager.act(resumed.id, resumed.seats[seat].user_id, first_play(resumed, seat))
        assert resumed.version == at_backup[0] + 1
        assert len(await store.actions(resumed.id)) == resumed.version
    finally:
        await manager.close()
        await store.close()
    with closing(sqlite3.connect(backup.path)) as copy:  # the backup is left as it was
        [(logged,)] = copy.execute("SELECT COUNT(*) FROM actions").fetchall()
    assert logged == at_backup[0]


async def test_a_bug_in_a_backup_is_an_error_with_its_traceback_and_the_schedule_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch,
):
    database = await made_database(tmp_path)
    calls = 0

    def failing_the_first_time(database: str, at: float) -> object:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("a bug")
        return back_up(database, at)

    monkeypatch.setattr("tables.backups.back_up", failing_the_first_time)
    clock = FakeClock()
    schedule = Backups(database, every_hours=1, keep=7)
    schedule.start(clock)
    try:
        await until(lambda: clock.sleepers == 1)
        [error] = [r for r in caplog.records if r.levelno == logging.ERROR]
        assert error.exc_info is not None and taken_at(database) == []
        await clock.advance(HOUR)
        await until(lambda: taken_at(database) == [clock.wall()])
    finally:
        await schedule.close()


async def test_the_database_is_optimized_once_a_day_even_with_backups_off(tmp_path: Path):
    database = str(tmp_path / "cardbot.db")
    store = await Store.open(database)
    clock = FakeClock()
    schedule = Backups(database, every_hours=0, keep=0)
    schedule.start(clock, store.db.optimize)
    try:
        for game in range(12):
            await store.create_game(guild_id=1, channel_id=1, game="cribbage", options={},
                                    seed=game, seats=[], host_id=1)
        await store.games_with_status("running")
        await clock.advance(DAY - 1)
        assert games_counted(database) is None
        await clock.advance(1)
        await until(lambda: games_counted(database) == 12)
        assert backups(database) == []
    finally:
        await schedule.close()
        await store.close()
