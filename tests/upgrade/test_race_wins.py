"""PIP Rush's biggest win is reckoned anew (docs/RULES.md PR-17). A database whose races had
their honours recorded under the earlier reckoning (the winners' spaces added up, less the
losers') has them counted again by the backfill after migration 0018, on either backend: each
race's winners hold the spaces the losers were from winning, and no other game is replayed."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from engine.registry import GAMES
from store import Store
from store.migrate import load_migrations
from tables.backfill import backfill
from tests.databases import fresh_database
from tests.engine.pip_rush.test_biggest_win import fewest_spaces_to_win
from tests.upgrade.test_upgrade import EXPECTED, fixture_at_migration, postgres_at_migration

RACE = "pip-rush"
BEFORE_THE_RULING = 17


def recorded_the_old_way(path: Path) -> list[int]:
    """Every finished game marked as counted, each race's winners holding the earlier
    reckoning's margin where it found one; the finished races."""
    races, others = [], []
    with sqlite3.connect(path) as db:
        for game in EXPECTED["games"]:
            if game["rest"]:
                continue
            (races if game["game"] == RACE else others).append(game["id"])
            db.execute("INSERT INTO honours_recorded (game_id) VALUES (?)", (game["id"],))
            if game["game"] != RACE:
                continue
            guild_id, stored = db.execute("SELECT guild_id, seats FROM games WHERE id = ?",
                                          (game["id"],)).fetchone()
            outcome, seats = game["outcome"], json.loads(stored)
            scores, winners = outcome["scores"], outcome["winners"]
            lead = min(scores[s] for s in winners) - max(
                score for s, score in enumerate(scores) if s not in winners)
            for seat in winners:
                if lead > 0 and seats[seat]["user_id"] is not None:
                    db.execute(
                        "INSERT INTO moments (game_id, seat, kind, guild_id, game, user_id,"
                        " value, at) VALUES (?, ?, 'win', ?, ?, ?, ?, 0)",
                        (game["id"], seat, guild_id, RACE, seats[seat]["user_id"],
                         lead))
    assert races and others
    return races


async def winners_margins(store: Store, game_id: int) -> dict[int, int]:
    """What the winners' biggest win is under the ruling, from the race's own log."""
    record = await store.game(game_id)
    assert record is not None and record.outcome is not None
    game = GAMES[RACE].new(len(record.seats), record.options, record.seed)
    for row in await store.actions(game_id):
        game.apply(row.seat, row.action, logged=True)
    assert game.outcome is not None and not game.outcome["shared"]
    margin = fewest_spaces_to_win(game, 1 - game.outcome["winners"][0] % 2)
    return {seat: margin for seat in game.outcome["winners"]
            if record.seats[seat]["user_id"] is not None}


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_races_recorded_before_the_ruling_are_counted_again(
        tmp_path: Path, backend: str) -> None:
    path = await fixture_at_migration(tmp_path, BEFORE_THE_RULING)
    races = recorded_the_old_way(path)
    async with fresh_database(backend, tmp_path) as url:
        if backend == "postgresql":
            await postgres_at_migration(path, url, BEFORE_THE_RULING)
        else:
            url = str(path)
        store = await Store.open(url)
        assert await store.schema_version() == load_migrations()[-1].version
        assert await store.games_without_honours() == races
        report = await backfill(store)
        assert (report.games, report.skipped) == (len(races), 0)
        for game_id in races:
            rows = await store.db.fetch(
                "SELECT seat, value FROM moments WHERE game_id = ? AND kind = 'win'",
                (game_id,))
            expected = await winners_margins(store, game_id)
            assert expected and {row["seat"]: row["value"] for row in rows} == expected
        assert await store.games_without_honours() == []
        assert (await backfill(store)).games == 0  # once only
        await store.close()
