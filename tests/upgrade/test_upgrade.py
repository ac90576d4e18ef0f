"""A database written by release 0601f88 (see make_fixture.py) is migrated in place, and every
running game in it resumes and finishes exactly as its log says; results and ratings stay; the
streaks are filled from its results and kept as its games finish; the backfill awards the
achievements and moments its games earned.

Every later change to the schema or to the logged formats must keep this test passing."""

import json
import shutil
from datetime import datetime
from pathlib import Path

import aiosqlite
import pytest

from engine.registry import GAMES
from store import LogConflict, Store
from store.base import iso_to_ms
from store.copy import TABLES
from store.migrate import POSTGRES_MIGRATIONS_DIR, load_migrations, migrate, migrate_postgres
from tables import TableManager
from tables.backfill import backfill
from tables.clock import FakeClock
from tests.store.test_streaks import recount

FIXTURE = Path(__file__).with_name("release_0601f88.sqlite3")
EXPECTED = json.loads(Path(__file__).with_name("release_0601f88.json").read_text())


def normal(value):
    return json.loads(json.dumps(value, sort_keys=True))


def without_words(outcome):
    """The outcome as a game decides it: its line for players is wording, which may change."""
    return {key: part for key, part in outcome.items() if key != "detail"}


async def finish_every_game(store: Store) -> None:
    # Forced moves wait on a clock that never moves here: every move is the log's own.
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None,
                           clock=FakeClock())
    rebuilt = {table.id: table for table in await manager.start()}
    running = [g for g in EXPECTED["games"] if g["rest"]]
    assert sorted(rebuilt) == sorted(g["id"] for g in running)
    for game in running:
        table = rebuilt[game["id"]]
        assert table.version == game["stored"]
        for seat, action in game["rest"]:
            await manager.act(table.id, table.seats[seat].user_id, action)
        assert table.status == "finished"
        assert without_words(normal(table.outcome)) == without_words(game["outcome"])
        assert table.outcome["detail"]
        log = await store.actions(table.id)
        assert [row.seq for row in log] == list(range(game["stored"] + len(game["rest"])))
        assert [[row.seat, row.action] for row in log[game["stored"]:]] == game["rest"]
    await manager.close()


async def tournaments_start_empty_and_work(store: Store) -> None:
    """Tables added after the release: empty, and a past running game can play a match."""
    assert await store.open_tournaments() == []
    tournament_id = await store.create_tournament(
        guild_id=4194304, channel_id=5, host_id=100, game="cribbage", state="{}"
    )
    running = next(g for g in EXPECTED["games"] if g["rest"])
    await store.link_match_game(tournament_id, round=1, match_id="1.1", game_id=running["id"],
                                channel_id=5)
    assert (await store.match_of_game(running["id"])).tournament_id == tournament_id
    assert [r.id for r in await store.open_tournaments()] == [tournament_id]


async def history_starts_from_the_ratings(store: Store) -> None:
    """Migration 0011 records each rating as it stood as the first point of its history, at
    the time of the player's last rated game of it; no season has begun yet."""
    for rating in EXPECTED["ratings"]:
        points = [p for p in await store.rating_history(rating["guild_id"], rating["user_id"])
                  if p.game == rating["game"]]
        assert [(p.mu, p.sigma) for p in points] == [(rating["mu"], rating["sigma"])]
        last = max(r["game_id"] for g in EXPECTED["games"] for r in g.get("results") or []
                   if r["user_id"] == rating["user_id"] and g["game"] == rating["game"])
        ended = datetime.fromisoformat((await store.game(last)).updated_at)
        assert points[0].at == round(ended.timestamp() * 1000)
        assert await store.latest_season(rating["guild_id"]) is None


async def streaks_match_the_results(store: Store) -> None:
    """Migration 0013 filled the streaks, and finishing games keeps them, as the results say."""
    rows = [dict(row) for row in await store.db.fetch(
        "SELECT r.guild_id, r.user_id, r.game, r.won, r.assisted, g.finished_at,"
        " r.game_id FROM results r JOIN games g ON g.id = r.game_id")]
    guilds = {row["guild_id"] for row in rows}
    assert guilds
    for guild_id in guilds:
        expected = recount([row for row in rows if row["guild_id"] == guild_id])
        assert expected
        assert await store.streaks(guild_id) == expected


async def test_the_past_release_database_migrates_in_place_and_every_game_finishes(
    tmp_path: Path,
):
    path = tmp_path / "bot.sqlite3"
    shutil.copy(FIXTURE, path)
    store = await Store.open(str(path))
    assert await store.schema_version() == load_migrations()[-1].version
    finished_before = [g for g in EXPECTED["games"] if not g["rest"]]
    for game in finished_before:
        results = normal(await store.results(game["id"]))
        # Columns added since keep their defaults for past games (not assisted).
        assert [{**row, "assisted": 0} for row in game["results"]] == results
        assert (await store.game(game["id"])).outcome == game["outcome"]
    ratings_before = [
        r.__dict__ for row in EXPECTED["ratings"]
        for r in await store.ratings(row["guild_id"], row["game"]) if r.user_id == row["user_id"]
    ]
    assert ratings_before == EXPECTED["ratings"]
    await history_starts_from_the_ratings(store)
    await streaks_match_the_results(store)
    await past_finishes_are_dated_by_their_recorded_end(store, finished_before)
    [row] = (await store.actions(EXPECTED["games"][0]["id"]))[:1]
    assert isinstance(row.at, int)  # the old ISO times were converted
    await tournaments_start_empty_and_work(store)
    await the_backfill_records_the_games_finished_before(store, finished_before)
    await finish_every_game(store)
    assert await store.games_with_status("running") == []
    await streaks_match_the_results(store)
    await the_backfill_awards_what_every_game_earned(store)
    await store.close()


async def past_finishes_are_dated_by_their_recorded_end(store: Store, finished: list) -> None:
    """A game finished before finish times were kept has its end as the store recorded it,
    the milestones' date and order (store/migrations/0017_game_finish_time.sql)."""
    assert finished
    for game in finished:
        record = await store.game(game["id"])
        row = await store.db.fetchone("SELECT finished_at FROM games WHERE id = ?", (game["id"],))
        assert row is not None and row["finished_at"] == iso_to_ms(record.updated_at)


async def best_hands(store: Store, game_id: int) -> dict[int, int]:
    """Each seat's best count in the game, read straight from its replayed events."""
    record = await store.game(game_id)
    game = GAMES[record.game].new(len(record.seats), record.options, record.seed)
    best: dict[int, int] = {}
    for row in await store.actions(game_id):
        for event in game.apply(row.seat, row.action, logged=True):
            if event["type"] in ("show", "claim"):
                best[event["seat"]] = max(best.get(event["seat"], 0), event["points"])
    return {seat: points for seat, points in best.items() if points}


async def the_backfill_records_the_games_finished_before(store: Store, finished: list) -> None:
    report = await backfill(store)
    assert (report.games, report.skipped) == (len(finished), 0)
    assert await store.games_without_honours() == []
    for game in finished:
        rows = await store.db.fetch(
            "SELECT seat, value FROM moments WHERE game_id = ? AND kind = 'hand'", (game["id"],))
        assert {row["seat"]: row["value"] for row in rows} == await best_hands(store, game["id"])
    # Dated when each game finished (its finish time, migration 0017), not when it ran.
    dated = 0
    for game in finished:
        record = await store.game(game["id"])
        rows = await store.db.fetch(
            "SELECT earned_at AS at FROM achievements WHERE game_id = ?"
            " UNION ALL SELECT at FROM moments WHERE game_id = ?", (game["id"], game["id"]))
        assert {row["at"] for row in rows} <= {record.finished_at}
        dated += len(rows)
    assert dated
    assert (await backfill(store)).games == 0  # once only


async def honours_rows(store: Store) -> tuple[list, list]:
    achievements = await store.db.fetch(
        "SELECT guild_id, user_id, game, achievement, game_id FROM achievements"
        " ORDER BY guild_id, user_id, game, achievement")
    moments = await store.db.fetch(
        "SELECT game_id, seat, kind, user_id, value FROM moments ORDER BY game_id, seat, kind")
    return [tuple(row) for row in achievements], [tuple(row) for row in moments]


async def the_backfill_awards_what_every_game_earned(store: Store) -> None:
    """The games finished here were recorded live; a database whose games all finished
    before honours were kept (rows cleared) gets the same from the backfill."""
    live = await honours_rows(store)
    double_skunks = [g for g in EXPECTED["games"] if g["outcome"].get("skunk") == "double skunk"]
    assert double_skunks
    for game in double_skunks:
        record = await store.game(game["id"])
        for seat in game["outcome"]["winners"]:
            held = await store.achievements_of(record.guild_id, record.seats[seat]["user_id"])
            assert f"{record.game}:double-skunk" in [a.key for a in held]
    for table in ("achievements", "moments", "honours_recorded"):
        await store.db.execute(f"DELETE FROM {table}")
    report = await backfill(store)
    assert (report.games, report.skipped) == (len(EXPECTED["games"]), 0)
    assert await honours_rows(store) == live
    assert (await backfill(store)).games == 0


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_the_past_release_database_copied_into_postgres_finishes_there_too(
    tmp_path: Path, backend: str
):
    from store.copy import copy_database
    from tests.databases import fresh_database
    from tools.copy_database import replays

    path = tmp_path / "bot.sqlite3"
    shutil.copy(FIXTURE, path)
    async with fresh_database(backend, tmp_path) as url:
        await copy_database(str(path), url, replays)
        store = await Store.open(url)
        await finish_every_game(store)
        await store.close()


async def fixture_at_migration(folder: Path, version: int) -> Path:
    """The release's database brought up to `version` by the migrations of that time."""
    path = folder / f"at_{version:04}.sqlite3"
    shutil.copy(FIXTURE, path)
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await migrate(db, load_migrations()[:version]) == version
    return path


async def postgres_at_migration(sqlite_path: Path, url: str, version: int) -> dict[str, int]:
    """A PostgreSQL database at `version` holding every row of a SQLite one at the same
    version, as that release would have copied it; returns the row count of each table."""
    import asyncpg

    counts = {}
    target = await asyncpg.connect(url)
    try:
        assert await migrate_postgres(target, load_migrations(POSTGRES_MIGRATIONS_DIR)[:version])
        async with aiosqlite.connect(sqlite_path) as source:
            source.row_factory = aiosqlite.Row
            async with source.execute("SELECT name FROM sqlite_master") as cursor:
                present = {row[0] for row in await cursor.fetchall()}
            for table in (t for t in TABLES if t in present):  # tables of that release
                async with source.execute(f"SELECT * FROM {table}") as cursor:
                    rows = list(await cursor.fetchall())
                counts[table] = len(rows)
                if rows:
                    columns = list(rows[0].keys())
                    marks = ", ".join(f"${n}" for n in range(1, len(columns) + 1))
                    await target.executemany(
                        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                        [tuple(row) for row in rows],
                    )
        await target.execute(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), MAX(id)) FROM games"
        )
    finally:
        await target.close()
    return counts


async def test_a_postgres_database_at_migration_7_with_running_games_upgrades_in_place(
    tmp_path: Path,
):
    from tests.databases import fresh_database

    at_7 = await fixture_at_migration(tmp_path, 7)
    async with fresh_database("postgresql", tmp_path) as url:
        counts = await postgres_at_migration(at_7, url, 7)
        assert counts["actions"] > 2000 and counts["games"] == len(EXPECTED["games"])
        lobby_id = await open_lobby_at_7(url)
        before = await logged_rows(url)
        store = await Store.open(url)
        assert await store.schema_version() == load_migrations()[-1].version
        assert await logged_rows(url) == before  # every move kept, times and all
        [lobby] = await store.claim_open_lobbies()  # the open lobby is kept, and served
        assert (lobby.id, lobby.seats[0]["user_id"]) == (lobby_id, 100)
        await tournaments_start_empty_and_work(store)
        await history_starts_from_the_ratings(store)
        await past_finishes_are_dated_by_their_recorded_end(
            store, [g for g in EXPECTED["games"] if not g["rest"]])
        running = next(g for g in EXPECTED["games"] if g["rest"])
        await store.claim_running_games()
        with pytest.raises(LogConflict):  # the key still refuses a second move numbered alike
            await store.append_action(running["id"], 0, 0, {"type": "go"})
        await finish_every_game(store)
        assert await store.games_with_status("running") == []
        await store.close()


async def logged_rows(url: str) -> list[tuple]:
    import asyncpg

    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch(
            "SELECT game_id, seq, seat, action, at FROM actions ORDER BY game_id, seq"
        )
    finally:
        await connection.close()
    return [tuple(row) for row in rows]


async def open_lobby_at_7(url: str) -> int:
    import asyncpg

    connection = await asyncpg.connect(url)
    try:
        return await connection.fetchval(
            "INSERT INTO lobbies (guild_id, channel_id, host_id, game, options, seats,"
            " created_at, updated_at) VALUES (4194304, 5, 100, 'cribbage', '{}',"
            " '[{\"user_id\": 100, \"name\": \"Player 1\", \"ai\": null}]', 'then', 'then')"
            " RETURNING id"
        )
    finally:
        await connection.close()
