"""A database written by release 0601f88 (see make_fixture.py) is migrated in place, and every
running game in it resumes and finishes exactly as its log says; results and ratings stay.

Every later change to the schema or to the logged formats must keep this test passing."""

import json
import shutil
from pathlib import Path

import pytest

from store import Store
from store.migrate import load_migrations
from tables import TableManager

FIXTURE = Path(__file__).with_name("release_0601f88.sqlite3")
EXPECTED = json.loads(Path(__file__).with_name("release_0601f88.json").read_text())


def normal(value):
    return json.loads(json.dumps(value, sort_keys=True))


async def finish_every_game(store: Store) -> None:
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    rebuilt = {table.id: table for table in await manager.start()}
    running = [g for g in EXPECTED["games"] if g["rest"]]
    assert sorted(rebuilt) == sorted(g["id"] for g in running)
    for game in running:
        table = rebuilt[game["id"]]
        assert table.version == game["stored"]
        for seat, action in game["rest"]:
            await manager.act(table.id, table.seats[seat].user_id, action)
        assert table.status == "finished"
        assert normal(table.outcome) == game["outcome"]
        log = await store.actions(table.id)
        assert [row.seq for row in log] == list(range(game["stored"] + len(game["rest"])))
        assert [[row.seat, row.action] for row in log[game["stored"]:]] == game["rest"]
    await manager.close()


async def test_the_past_release_database_migrates_in_place_and_every_game_finishes(
    tmp_path: Path,
):
    path = tmp_path / "bot.sqlite3"
    shutil.copy(FIXTURE, path)
    store = await Store.open(str(path))
    assert await store.schema_version() == len(load_migrations())
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
    [row] = (await store.actions(EXPECTED["games"][0]["id"]))[:1]
    assert isinstance(row.at, int)  # the old ISO times were converted
    await finish_every_game(store)
    assert await store.games_with_status("running") == []
    await store.close()


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_the_past_release_database_copied_into_postgres_finishes_there_too(
    tmp_path: Path, backend: str
):
    from store.copy import copy_database
    from tests.databases import fresh_database

    path = tmp_path / "bot.sqlite3"
    shutil.copy(FIXTURE, path)
    async with fresh_database(backend, tmp_path) as url:
        await copy_database(str(path), url)
        store = await Store.open(url)
        await finish_every_game(store)
        await store.close()
