"""python -m tools.copy_database: the store copies and counts, the tables layer replays every
running game, and a game whose log does not replay is reported."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from store import GameRecord, Store
from store.backup import backups
from tools.copy_database import main

ROOT = Path(__file__).parents[2]
FIXTURE = ROOT / "tests" / "upgrade" / "release_0601f88.sqlite3"


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
    with closing(sqlite3.connect(source)) as db, db:  # closed: an open one is a running bot
        db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = 1",
                   (json.dumps({"type": "no-such-move"}), broken.id))

    assert main([str(source), str(tmp_path / "copy.sqlite3")]) == 1
    out, err = capsys.readouterr()
    assert "running games replayed: 19" in out
    assert f"PROBLEM: game {broken.id} ({broken.game}) does not replay" in err


def run_copy(folder: Path, *addresses: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tools.copy_database", *addresses],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_a_source_file_that_is_not_there_is_refused_before_anything_is_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Opened, a mistyped path became a new empty database, and the copy of nothing passed."""
    source, target = tmp_path / "cardbot.bd", tmp_path / "copy.sqlite3"
    assert main([str(source), str(target)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"There is no SQLite database at {source}: give the bot's database file (DATABASE in "
        ".env, by default data/cardbot.db)."]
    assert list(tmp_path.iterdir()) == []


async def test_copying_a_file_the_running_bot_has_open_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target = tmp_path / "cardbot.db", tmp_path / "copy.sqlite3"
    shutil.copy(FIXTURE, source)
    running = await Store.open(str(source))
    try:
        assert await asyncio.to_thread(main, [str(source), str(target)]) == 2
    finally:
        await running.close()
    assert capsys.readouterr().err.splitlines() == [
        f"The bot seems to be running: {source} is open. Stop the bot first, then copy (games "
        "played meanwhile would be missed)."]
    assert not target.exists()


@pytest.mark.parametrize("address", ["postgresql://cardbot:s3cret@127.0.0.1:1/cardbot",
                                     "sqlite:///copy.db"])
def test_a_wrong_address_is_one_line_and_the_command_ends(tmp_path: Path, address: str) -> None:
    """It was a traceback, and then no end: the source's open connection kept it alive."""
    source = tmp_path / "cardbot.db"
    shutil.copy(FIXTURE, source)
    done = run_copy(tmp_path, str(source), address)
    assert done.returncode == 2
    [said] = done.stderr.splitlines()
    assert said.startswith("The database postgresql://cardbot:***@127.0.0.1:1/cardbot does not "
                           "open (") if "postgresql" in address else said.startswith(
                               "sqlite:// is not an address the bot reads")
    assert said.endswith("check the address you gave, and that PostgreSQL runs there and lets "
                         "that user in.") if "postgresql" in address else True
    assert "s3cret" not in done.stdout + done.stderr and done.stdout == ""
    # Nothing made but, where the source was opened (so upgraded), the copy taken before that.
    assert {p.name for p in tmp_path.iterdir()} - {"backups"} == {"cardbot.db"}
    assert all(backup.before_upgrade for backup in backups(str(source)))


def test_a_copy_that_passes_says_so_and_what_next(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target = tmp_path / "cardbot.db", tmp_path / "copy.sqlite3"
    shutil.copy(FIXTURE, source)
    assert main([str(source), str(target)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len({line.index(" rows") for line in lines if line.endswith(" rows")}) == 1
    assert lines[-1] == (f"Copied {source} into {target}: every table's rows match and every "
                         "running game replays. Put the new address after DATABASE= in .env, "
                         "then start the bot.")
