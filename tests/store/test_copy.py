"""python -m tools.copy_database (store/copy.py): SQLite into PostgreSQL and back, nothing lost,
ids kept, every running game replayed."""

import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from store import Placing, Store
from store.copy import ORDER, TABLES, copy_database
from store.database import without_password
from tests.databases import fresh_database
from tests.store.test_tournaments import SAVED_AT
from tools.copy_database import replays

FIXTURE = Path(__file__).parents[1] / "upgrade" / "release_0601f88.sqlite3"


async def test_sqlite_to_postgres_and_back_keeps_every_row_and_id(tmp_path: Path):
    original = tmp_path / "original.sqlite3"
    shutil.copy(FIXTURE, original)
    store = await Store.open(str(original))
    await store.set_player_settings(100, {"autoplay": False, "notices": "never"})
    tournament_id = await store.create_tournament(
        guild_id=1, channel_id=1, host_id=100, game="cribbage", state='{"round": 1}'
    )
    await store.link_match_game(tournament_id, round=1, match_id="1.1", game_id=3, channel_id=9)
    await store.save_tournament(tournament_id, version=1, state='{"round": 2}',
                                status="finished", round_deadline=None, at=SAVED_AT, entries=2,
                                placings=[Placing(100, 1), Placing(101, 2)])
    await store.set_season_channel(1, 77, at=1_800_000_000_000)
    await store.close()
    back = tmp_path / "back.sqlite3"
    async with fresh_database("postgresql", tmp_path) as url:
        there = await copy_database(str(original), url, replays)
        assert there.problems == [] and there.replayed == 20
        assert there.counts["games"] == 25 and there.counts["ratings"] > 0
        assert there.counts["player_settings"] == 1
        assert [there.counts[t] for t in ("tournaments", "tournament_games",
                                           "tournament_placings")] == [1, 1, 2]
        again = await copy_database(url, str(back), replays)
        assert again.problems == [] and again.counts == there.counts
        # New games continue the id sequence rather than reusing a copied id.
        store = await Store.open(url)
        new_id = await store.create_game(guild_id=1, channel_id=1, game="cribbage", options={},
                                         seed=1, seats=[], host_id=1)
        assert new_id == 26
        assert await store.create_tournament(guild_id=1, channel_id=1, host_id=1,
                                             game="cribbage", state="{}") == tournament_id + 1
        await store.close()
    a, b = await Store.open(str(original)), await Store.open(str(back))
    for game_id in range(1, 26):
        assert (await a.game(game_id)).__dict__ == (await b.game(game_id)).__dict__
        assert await a.actions(game_id) == await b.actions(game_id)
        assert await a.results(game_id) == await b.results(game_id)
    assert await b.player_settings(100) == {"autoplay": False, "notices": "never"}
    assert (await a.tournament(tournament_id)) == (await b.tournament(tournament_id))
    assert (await b.tournament(tournament_id)).version == 2
    assert await a.tournament_games(tournament_id) == await b.tournament_games(tournament_id)
    assert await a.user_placings(1, 101) == await b.user_placings(1, 101) != []
    assert await b.season_channel(1) == 77
    await a.close()
    await b.close()


async def test_the_command_refuses_a_destination_that_has_games(tmp_path: Path):
    original = tmp_path / "original.sqlite3"
    shutil.copy(FIXTURE, original)
    target = tmp_path / "target.sqlite3"
    shutil.copy(FIXTURE, target)
    done = subprocess.run(
        [sys.executable, "-m", "tools.copy_database", str(original), str(target)],
        capture_output=True, text=True, timeout=600, cwd=Path(__file__).parents[2],
    )
    assert done.returncode != 0
    assert "already holds data (in games, actions," in done.stderr


async def test_every_running_games_copied_log_goes_to_the_check_and_a_failure_is_reported(
        tmp_path: Path):
    original = tmp_path / "original.sqlite3"
    shutil.copy(FIXTURE, original)
    store = await Store.open(str(original))
    records = await store.games_with_status("running")
    running = {record.id: [(row.seat, row.action) for row in await store.actions(record.id)]
               for record in records}
    await store.close()
    refused = records[0]
    checked: dict[int, list] = {}

    def check(record, log) -> None:
        checked[record.id] = log
        if record.id == refused.id:
            raise ValueError("no such move")

    report = await copy_database(str(original), str(tmp_path / "copy.sqlite3"), check)
    assert checked == running and len(running) == 20
    assert report.replayed == 19
    assert report.problems == [f"game {refused.id} ({refused.game}) does not replay: "
                               "ValueError('no such move')"]


async def test_every_table_of_the_schema_is_copied(tmp_path: Path):
    """A table a migration adds is copied too, or a server moved to PostgreSQL loses it."""
    store = await Store.open(str(tmp_path / "schema.sqlite3"))
    rows = await store.db.fetch("SELECT name FROM sqlite_master WHERE type = 'table'")
    await store.close()
    # SQLite's own: sqlite_stat1 holds what PRAGMA optimize learnt of the tables.
    schema = {row["name"] for row in rows} - {"schema_version", "sqlite_sequence", "sqlite_stat1"}
    assert schema == set(TABLES) == set(ORDER)


def test_a_target_that_does_not_open_leaves_nothing_keeping_the_process_alive(tmp_path: Path):
    """The source was opened first and never closed: its SQLite thread kept the process
    running after the error, so the command never ended."""
    original = tmp_path / "original.sqlite3"
    shutil.copy(FIXTURE, original)
    script = ("import asyncio, sys; from store.copy import copy_database; "
              "asyncio.run(copy_database(sys.argv[1], sys.argv[2], print))")
    done = subprocess.run(
        [sys.executable, "-c", script, str(original), "postgresql://cardbot@127.0.0.1:1/x"],
        capture_output=True, text=True, timeout=300, cwd=Path(__file__).parents[2],
    )
    assert done.returncode == 1 and "ConnectionRefusedError" in done.stderr


async def test_a_postgresql_target_with_games_is_refused_without_showing_its_password(
        tmp_path: Path):
    original = tmp_path / "original.sqlite3"
    shutil.copy(FIXTURE, original)
    async with fresh_database("postgresql", tmp_path) as url:
        parts = urlsplit(url)
        secret = parts.password or "s3cret"  # a trusting server lets any password in
        if parts.password is None:
            url = url.replace(f"//{parts.username}@", f"//{parts.username}:{secret}@", 1)
        assert (await copy_database(str(original), url, replays)).problems == []
        with pytest.raises(SystemExit) as refused:
            await copy_database(str(original), url, replays)
    said = str(refused.value)
    assert said.startswith(f"{without_password(url)} already holds data (in games, ")
    assert "copy only into an empty database" in said
    assert secret not in said


async def test_a_target_a_bot_has_run_on_without_a_game_is_refused_before_any_row_is_copied(
        tmp_path: Path):
    """Its first rows (here a member's settings; a season, a lobby) would collide with the
    copy's halfway through, after the games were in: half a copy, and a second run refused."""
    original = tmp_path / "original.sqlite3"
    shutil.copy(FIXTURE, original)
    target = tmp_path / "target.sqlite3"
    store = await Store.open(str(target))
    await store.set_player_settings(100, {"autoplay": False})
    await store.close()
    with pytest.raises(SystemExit, match=r"already holds data \(in player_settings: copied "
                                         r"before, or the bot ran on it\?\)"):
        await copy_database(str(original), str(target), replays)
    store = await Store.open(str(target))
    try:
        assert await store.db.fetch("SELECT id FROM games") == []
    finally:
        await store.close()
