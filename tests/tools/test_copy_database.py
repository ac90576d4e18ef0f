"""python -m tools.copy_database: the store copies and counts, the tables layer replays every
running game, and a game whose log does not replay is reported."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from store import GameRecord, Store
from tools.copy_database import main

FIXTURE = Path(__file__).parents[1] / "upgrade" / "release_0601f88.sqlite3"


async def first_running_game(path: Path) -> GameRecord:
    store = await Store.open(str(path))  # brings the file to the latest schema too
    try:
        return (await store.games_with_status("running"))[0]
    finally:
        await store.close()


def test_a_running_game_whose_log_does_not_replay_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "source.sqlite3"
    shutil.copy(FIXTURE, source)
    broken = asyncio.run(first_running_game(source))
    with sqlite3.connect(source) as db:
        db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = 1",
                   (json.dumps({"type": "no-such-move"}), broken.id))

    assert main([str(source), str(tmp_path / "copy.sqlite3")]) == 1
    out, err = capsys.readouterr()
    assert "running games replayed: 19" in out
    assert f"PROBLEM: game {broken.id} ({broken.game}) does not replay" in err
