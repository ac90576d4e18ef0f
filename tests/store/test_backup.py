"""store/backup.py on real SQLite files: a backup is one consistent snapshot of the database
even while it is written, the newest N are kept, and a restore checks the file, refuses while
the bot has the database open, keeps the current database aside and puts the backup in place."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import tempfile
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from store import Store
from store.backup import (
    BackupProblem,
    back_up,
    backup_folder,
    backups,
    check_backup,
    keep_newest,
    main,
    restore,
)
from store.copy import ORDER, TABLES
from store.migrate import load_migrations

HOUR = 3600.0
#: 2026-12-07 04:15:00 UTC.
NOON_ISH = 1_796_616_900.0
SEATS = [{"user_id": 11, "name": "Ann", "ai": None},
         {"user_id": None, "name": "Computer 1", "ai": "hard"}]


async def game_with_moves(store: Store, moves: int) -> int:
    game_id = await store.create_game(guild_id=1, channel_id=2, game="dash", options={},
                                      seed=5, seats=SEATS, host_id=11)
    for seq in range(moves):
        await store.append_action(game_id, seq, seq % 2, {"type": "play", "n": seq})
    return game_id


def rows(path: Path | str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a fixed order, read on a connection of its own."""
    with closing(sqlite3.connect(path)) as db:
        return {table: db.execute(f"SELECT * FROM {table} ORDER BY {ORDER[table]}").fetchall()
                for table in TABLES}


def integrity(path: Path) -> str:
    with closing(sqlite3.connect(path)) as db:
        return str(db.execute("PRAGMA integrity_check").fetchone()[0])


async def made_database(folder: Path, moves: int = 3) -> str:
    database = str(folder / "cardbot.db")
    store = await Store.open(database)
    await game_with_moves(store, moves)
    await store.close()
    return database


# ------------------------------------------------------------------ taking a backup


async def test_a_backup_taken_mid_write_holds_exactly_what_was_committed(tmp_path: Path):
    database = str(tmp_path / "cardbot.db")
    store = await Store.open(database)
    game_id = await game_with_moves(store, 5)
    committed = rows(database)
    try:
        async with store.db.transaction() as tx:  # a move being written, not yet committed
            await tx.execute("INSERT INTO actions (game_id, seq, seat, action, at)"
                             " VALUES (?, 5, 1, '{}', 0)", (game_id,))
            backup = await asyncio.to_thread(back_up, database, NOON_ISH)
    finally:
        await store.close()
    assert integrity(backup.path) == "ok"
    assert rows(backup.path) == committed
    assert len(rows(database)["actions"]) == 6  # the live database went on and committed it


async def test_a_backup_taken_while_moves_keep_committing_is_one_consistent_snapshot(
    tmp_path: Path,
):
    database = str(tmp_path / "cardbot.db")
    store = await Store.open(database)
    games = [await game_with_moves(store, 0) for _ in range(4)]
    made = 0

    async def keep_playing() -> None:
        nonlocal made
        while True:
            await store.append_action(games[made % 4], made // 4, 0, {"type": "play"})
            made += 1
            await asyncio.sleep(0)

    async def until_made(count: int) -> None:
        while made < count:
            await asyncio.sleep(0)

    playing = asyncio.create_task(keep_playing())
    try:
        await until_made(8)  # counted, not timed: a slow machine only takes longer
        backup = await asyncio.to_thread(back_up, database, NOON_ISH)
        await until_made(made + 8)  # and the live database goes on after it
    finally:
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
        await store.close()
    assert integrity(backup.path) == "ok"
    copied = rows(backup.path)
    logged = len(copied["actions"])
    assert 0 < logged < made  # moves were committed before and after it
    # A snapshot between two commits: the moves made in turn round the four games, in order.
    expected = sorted((games[n % 4], n // 4) for n in range(logged))
    assert [(game_id, seq) for game_id, seq, *_ in copied["actions"]] == expected
    # The trigger's write to games.updated_at rode in each move's commit: they agree.
    with closing(sqlite3.connect(backup.path)) as db:
        touched = db.execute(
            "SELECT g.updated_at = strftime('%Y-%m-%dT%H:%M:%f+00:00', MAX(a.at) / 1000.0,"
            " 'unixepoch') FROM games g JOIN actions a ON a.game_id = g.id GROUP BY g.id"
        ).fetchall()
    assert touched == [(1,)] * 4


async def test_a_backup_is_one_file_named_by_its_utc_time_beside_the_database(tmp_path: Path):
    database = await made_database(tmp_path / "data")
    backup = back_up(database, NOON_ISH)
    assert backup.path == tmp_path / "data" / "backups" / "cardbot-2026-12-07T041500Z.db"
    assert backup_folder(database) == backup.path.parent
    assert sorted(p.name for p in backup.path.parent.iterdir()) == [backup.path.name]
    with closing(sqlite3.connect(backup.path)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    assert check_backup(backup.path) == load_migrations()[-1].version


async def test_a_failed_backup_raises_and_leaves_nothing_behind(tmp_path: Path):
    database = await made_database(tmp_path)
    (tmp_path / "backups").write_text("a file where the folder should be")
    with pytest.raises(OSError):
        back_up(database, NOON_ISH)
    (tmp_path / "backups").unlink()
    with pytest.raises(FileNotFoundError):
        back_up(str(tmp_path / "gone.db"), NOON_ISH)
    assert not (tmp_path / "gone.db").exists() and not (tmp_path / "backups").exists()


# ------------------------------------------------------------------ keeping the newest


@settings(max_examples=15)
@given(taken=st.integers(0, 12), keep=st.integers(1, 9))
def test_rotation_keeps_exactly_the_newest_n_and_nothing_else_is_touched(taken: int, keep: int):
    with tempfile.TemporaryDirectory() as folder:
        database = asyncio.run(made_database(Path(folder), moves=1))
        times = [NOON_ISH + hour * HOUR for hour in range(taken)]
        for at in reversed(times):  # taken in any order: the names say which are newest
            back_up(database, at)
        backup_folder(database).mkdir(exist_ok=True)
        strangers = [backup_folder(database) / name
                     for name in ("notes.txt", "other-2026-12-07T041500Z.db")]
        for stranger in strangers:
            stranger.write_text("not ours")
        removed = keep_newest(database, keep)
        kept = backups(database)
        assert [backup.taken_at.timestamp() for backup in kept] == times[-keep:]
        assert len(removed) == max(0, taken - keep)
        assert all(stranger.exists() for stranger in strangers)


async def test_a_backup_pruned_while_the_folder_is_read_is_left_out(tmp_path: Path):
    """The daily backups prune in a thread: a file named in the folder's listing may be gone
    by the time its size is read. (A link to nothing stands for it: named, not there.)"""
    database = await made_database(tmp_path, moves=1)
    kept = back_up(database, NOON_ISH)
    gone = backup_folder(database) / "cardbot-2020-01-01T000000Z.db"
    gone.symlink_to(tmp_path / "pruned.db")
    assert [backup.path for backup in backups(database)] == [kept.path]


# ------------------------------------------------------------------ restoring


async def test_restore_keeps_the_current_database_aside_and_puts_the_backup_in_place(
    tmp_path: Path,
):
    database = await made_database(tmp_path, moves=2)
    backup = back_up(database, NOON_ISH)
    at_backup = rows(database)
    store = await Store.open(database)
    await game_with_moves(store, 4)
    await store.close()
    later = rows(database)
    crashed_with_a_commit_in_the_wal(database)
    assert (tmp_path / "cardbot.db-wal").stat().st_size > 0

    aside = restore(str(backup.path), database, NOON_ISH + HOUR)

    assert aside == tmp_path / "cardbot.db.before-restore-2026-12-07T051500Z"
    assert rows(database) == at_backup
    assert not (tmp_path / "cardbot.db-wal").exists()  # never applied to the backup
    kept = rows(aside)
    assert [row[0] for row in kept.pop("player_settings")] == [77]  # the crash's last commit
    assert kept == {table: found for table, found in later.items() if table != "player_settings"}
    assert backup.path.exists()  # the backup stays a backup


async def test_two_restores_within_a_second_keep_both_databases_they_replaced(
    tmp_path: Path,
):
    database = await made_database(tmp_path, moves=2)
    first, second = back_up(database, NOON_ISH), back_up(database, NOON_ISH + HOUR)
    store = await Store.open(database)
    await game_with_moves(store, 4)
    await store.close()
    original = rows(database)

    kept = restore(str(first.path), database, NOON_ISH + 2 * HOUR)
    kept_again = restore(str(second.path), database, NOON_ISH + 2 * HOUR)

    assert kept is not None and kept_again is not None and kept != kept_again
    assert kept_again.name == f"{kept.name}-2"
    assert rows(kept) == original  # the database as it was before either: never overwritten
    assert rows(kept_again) == rows(first.path)


async def test_restore_brings_a_database_whose_last_commit_is_in_its_wal_whole(
    tmp_path: Path,
):
    kept = await made_database(tmp_path / "kept")  # say, one kept aside after a crash
    crashed_with_a_commit_in_the_wal(kept)
    database = await made_database(tmp_path / "live")
    restore(kept, database, NOON_ISH)
    assert [row[0] for row in rows(database)["player_settings"]] == [77]
    assert {p.name for p in (tmp_path / "live").iterdir()} == {
        "cardbot.db", "cardbot.db.before-restore-2026-12-07T041500Z"}


def crashed_with_a_commit_in_the_wal(database: str) -> None:
    """A process that commits a row and dies without closing: the commit is only in -wal."""
    subprocess.run([sys.executable, "-c", CRASH, database], check=True, timeout=30)


CRASH = """\
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("INSERT INTO player_settings VALUES (77, '{}', 'now')")
db.commit()
os._exit(0)
"""


async def test_restore_into_a_lost_database_needs_nothing_to_keep_aside(tmp_path: Path):
    backup = back_up(await made_database(tmp_path / "old"), NOON_ISH)
    database = tmp_path / "new" / "cardbot.db"
    assert restore(str(backup.path), str(database), NOON_ISH) is None
    assert rows(database) == rows(backup.path)


async def test_restore_refuses_while_the_bot_has_the_database_open(tmp_path: Path):
    database = await made_database(tmp_path)
    backup = back_up(database, NOON_ISH)
    store = await Store.open(database)
    try:
        before = rows(database)
        with pytest.raises(BackupProblem, match="running"):
            restore(str(backup.path), database, NOON_ISH)
        assert rows(database) == before
        assert sorted(p.name for p in tmp_path.iterdir() if "restore" in p.name) == []
    finally:
        await store.close()


@pytest.mark.parametrize(("content", "why"), [
    (b"just some text\n" * 100, "not a cardbot database"),
    (None, "no file"),
])
async def test_restore_refuses_a_file_that_is_not_a_database(
    tmp_path: Path, content: bytes | None, why: str,
):
    database = await made_database(tmp_path)
    before = rows(database)
    candidate = tmp_path / "candidate.db"
    if content is not None:
        candidate.write_bytes(content)
    with pytest.raises(BackupProblem, match=why):
        restore(str(candidate), database, NOON_ISH)
    assert rows(database) == before
    assert {p.name for p in tmp_path.iterdir()} == {"cardbot.db"} | (
        {"candidate.db"} if content else set())


async def test_restore_refuses_the_database_itself_and_keeps_nothing_aside(tmp_path: Path):
    database = await made_database(tmp_path)
    before = rows(database)
    for named in (database, str(tmp_path / "." / "cardbot.db")):
        with pytest.raises(BackupProblem, match="the database itself, not a backup"):
            restore(named, database, NOON_ISH)
    assert rows(database) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("cardbot.db")] == [
        "cardbot.db"]


def test_the_command_says_where_the_backups_are_when_given_another_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
):
    stray = tmp_path / "notes.db"
    stray.write_text("not a database\n" * 100)
    assert main(["--database", str(tmp_path / "cardbot.db"), "restore", str(stray)]) == 1
    [said] = capsys.readouterr().err.splitlines()
    assert said.startswith(f"{stray} is not a cardbot database (")
    assert said.endswith("`scripts/backup list` shows the backups.")
    assert not (tmp_path / "cardbot.db").exists()


def test_restore_refuses_another_programs_database_and_a_newer_bots(tmp_path: Path):
    other = tmp_path / "other.db"
    with closing(sqlite3.connect(other)) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.commit()
    with pytest.raises(BackupProblem, match="not a cardbot database"):
        check_backup(other)
    with closing(sqlite3.connect(other)) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (?)", (load_migrations()[-1].version + 1,))
        db.commit()
    with pytest.raises(BackupProblem, match="newer version"):
        check_backup(other)


# ------------------------------------------------------------------ the command


async def test_the_command_lists_the_backups_and_restores_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
):
    database = await made_database(tmp_path)
    assert main(["--database", database, "list"]) == 0
    assert "No backups of" in capsys.readouterr().out
    first = back_up(database, NOON_ISH)
    back_up(database, NOON_ISH + 24 * HOUR)
    assert main(["--database", database, "list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split("  ")[0] for line in listed] == ["2026-12-07 04:15:00 UTC",
                                                        "2026-12-08 04:15:00 UTC"]
    assert all(line.endswith(".db") and "KB" in line for line in listed)

    assert main(["--database", database, "restore", str(first.path)]) == 0
    said = capsys.readouterr().out
    assert "kept as" in said and "start the bot again" in said
    assert main(["--database", database, "restore", str(tmp_path / "nothing.db")]) == 1
    assert "There is no file" in capsys.readouterr().err


async def test_the_command_alone_lists_the_backups_as_the_readme_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
):
    database = await made_database(tmp_path)
    back_up(database, NOON_ISH)
    assert main(["--database", database]) == 0
    said = capsys.readouterr()
    assert said.out.startswith("2026-12-07 04:15:00 UTC") and said.err == ""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "scripts/backup      # list the database's backups" in readme


def test_the_command_sends_a_postgresql_admin_to_pg_dump(capsys: pytest.CaptureFixture[str]):
    assert main(["--database", "postgresql://bot:secret@db/cardbot", "list"]) == 2
    said = capsys.readouterr().err
    assert "pg_dump" in said and "secret" not in said


async def test_the_command_finds_the_database_named_in_dotenv(tmp_path: Path):
    database = await made_database(tmp_path / "elsewhere")
    back_up(database, NOON_ISH)
    (tmp_path / ".env").write_text(f"DATABASE={database}\n")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-m", "store.backup", "list"], cwd=tmp_path,
                          env={"PYTHONPATH": str(root)}, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "2026-12-07 04:15:00 UTC" in done.stdout and "elsewhere/backups" in done.stdout


async def test_the_command_takes_the_database_after_the_command_too_and_says_what_next(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
):
    """Where a newcomer puts the option (`scripts/backup list --database …`), and a wrong file
    named: the refusal says how to find the right one."""
    database = await made_database(tmp_path)
    back_up(database, NOON_ISH)
    assert main(["list", "--database", database]) == 0
    assert "2026-12-07 04:15:00 UTC" in capsys.readouterr().out
    assert main(["restore", "--database", database, str(tmp_path / "nothing.db")]) == 1
    assert capsys.readouterr().err.strip() == (
        f"There is no file {tmp_path / 'nothing.db'}: `scripts/backup list` shows the backups.")
    assert main(["--database", str(tmp_path / "elsewhere" / "cardbot.db"), "list"]) == 0
    assert capsys.readouterr().out.strip() == (
        f"There is no database at {tmp_path / 'elsewhere' / 'cardbot.db'}, so no backups of it:"
        " is DATABASE (in .env) right?")
