"""Backups of the SQLite database: consistent copies taken beside it while the bot runs
(tables/backups.py schedules them), listed and put back in one command.

    scripts/backup list                    # the backups, oldest first, with time and size
    scripts/backup restore data/backups/cardbot-2026-12-07T041500Z.db

(`scripts/backup` runs `python -m store.backup` in the project's .venv.) A backup is taken
with SQLite's online backup API on a connection of its own, in one step: it reads one
snapshot of the database while the bot goes on writing (WAL lets readers and the writer pass),
so it holds exactly the transactions committed before it began. It is written under a
temporary name and renamed when whole, so a failed one (a full disk) never looks like a backup.

Opening a database that an upgrade of the bot must migrate first copies it the same way, as
`<name>-<time>-before-upgrade.db` (store/database.py); the newest `KEEP_BEFORE_UPGRADE` of those
are kept, apart from the periodic ones.

PostgreSQL has no backups here: its own `pg_dump` is the right tool.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import sys
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from store.database import DEFAULT_DATABASE, is_postgres, without_password
from store.migrate import load_migrations

#: The folder beside the database that holds its backups.
FOLDER = "backups"
#: UTC, so names sort by time; no colons, which some file systems refuse.
STAMP = "%Y-%m-%dT%H%M%SZ"
#: What ends the name of a copy taken before migrations ran.
BEFORE_UPGRADE = "-before-upgrade"
#: Copies taken before an upgrade that are kept (a release or two back).
KEEP_BEFORE_UPGRADE = 3


class BackupProblem(Exception):
    """A backup cannot be listed or restored; the message says why and what to do."""


@dataclass(frozen=True)
class Backup:
    path: Path
    taken_at: datetime
    size: int
    #: Taken because the bot was about to migrate the database, not on the schedule.
    before_upgrade: bool = False


def backup_folder(database: str) -> Path:
    return Path(database).expanduser().parent / FOLDER


def backups(database: str) -> list[Backup]:
    """The database's backups, oldest first (other files in the folder are left alone)."""
    source = Path(database)
    named = re.compile(rf"{re.escape(source.stem)}-(\d{{4}}-\d\d-\d\dT\d{{6}}Z)"
                       rf"({BEFORE_UPGRADE})?{re.escape(_suffix(source))}")
    folder = backup_folder(database)
    found = []
    for path in folder.iterdir() if folder.is_dir() else ():
        if stamped := named.fullmatch(path.name):
            taken_at = datetime.strptime(stamped.group(1), STAMP).replace(tzinfo=UTC)
            try:
                size = path.stat().st_size
            except FileNotFoundError:  # pruned while listed (the backups run in a thread)
                continue
            found.append(Backup(path, taken_at, size, bool(stamped.group(2))))
    return sorted(found, key=lambda backup: backup.taken_at)


def before_upgrade(database: str, at: float) -> Backup:
    """back_up, for a database about to be migrated: named apart, and the newest
    KEEP_BEFORE_UPGRADE of those kept."""
    backup = back_up(database, at, BEFORE_UPGRADE)
    keep_newest(database, KEEP_BEFORE_UPGRADE, before_upgrade=True)
    return backup


def back_up(database: str, at: float, tag: str = "") -> Backup:
    """Copy the database (`at`: seconds since 1970, which names the copy, `tag` after it)
    into its backup folder. Raises OSError or sqlite3.Error when it cannot (a full disk),
    leaving no file."""
    source_path = Path(database).expanduser()
    if not source_path.is_file():
        raise FileNotFoundError(f"no database at {database}")
    folder = backup_folder(database)
    folder.mkdir(parents=True, exist_ok=True)
    taken_at = datetime.fromtimestamp(at, UTC).replace(microsecond=0)
    stamp = taken_at.strftime(STAMP)
    target = folder / f"{source_path.stem}-{stamp}{tag}{_suffix(source_path)}"
    _copy(source_path, target)
    return Backup(target, taken_at, target.stat().st_size, tag == BEFORE_UPGRADE)


def keep_newest(database: str, keep: int, *, before_upgrade: bool = False) -> list[Path]:
    """Delete all but the newest `keep` backups of one kind (the schedule's, or those taken
    before an upgrade); the ones deleted."""
    kind = [backup for backup in backups(database) if backup.before_upgrade == before_upgrade]
    old = [backup.path for backup in kind[:-keep]] if keep > 0 else []
    for path in old:
        path.unlink(missing_ok=True)
    return old


def restore(backup: str, database: str, at: float) -> Path | None:
    """Put `backup` in place of the database, keeping the current one aside as
    `<database>.before-restore-<time>` (with its -wal and -shm files, so it stays whole);
    the name it was kept under, or None if there was no database. BackupProblem, with
    nothing changed, when the file is not a cardbot database or the bot has it open."""
    backup_path, database_path = Path(backup).expanduser(), Path(database).expanduser()
    check_backup(backup_path)
    if backup_path.resolve() == database_path.resolve():
        raise BackupProblem(f"{backup} is the database itself, not a backup of it: "
                            "`scripts/backup list` shows the backups.")
    if database_path.exists() and in_use(database_path):
        raise BackupProblem(f"The bot seems to be running: {database} is open. Stop the bot "
                            "first, then restore.")
    incoming = database_path.with_name(database_path.name + ".restoring")
    database_path.parent.mkdir(parents=True, exist_ok=True)
    # Copied as it is backed up: a backup with a -wal beside it (a database kept aside after
    # a crash) comes whole, as one file.
    _copy(backup_path, incoming, mode="ro")
    aside = None
    if database_path.exists():
        stamp = datetime.fromtimestamp(at, UTC).strftime(STAMP)
        aside = database_path.with_name(f"{database_path.name}.before-restore-{stamp}")
        tries = 1
        while aside.exists():  # a second restore within the second must not replace it
            tries += 1
            aside = database_path.with_name(
                f"{database_path.name}.before-restore-{stamp}-{tries}")
        for ending in ("", "-wal", "-shm"):
            current = database_path.with_name(database_path.name + ending)
            if current.exists():
                os.replace(current, aside.with_name(aside.name + ending))
    os.replace(incoming, database_path)
    return aside


def check_backup(path: Path) -> int:
    """The schema version of the cardbot database at `path`; BackupProblem if it is none."""
    if not path.is_file():
        raise BackupProblem(f"There is no file {path}: `scripts/backup list` shows the "
                            "backups.")
    newest = load_migrations()[-1].version
    try:
        with closing(_connect(path, mode="ro")) as db:
            version = db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
            whole = db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    except sqlite3.DatabaseError as error:
        raise BackupProblem(f"{path} is not a cardbot database ({error}): "
                            "`scripts/backup list` shows the backups.") from None
    if not isinstance(version, int) or version < 1:
        raise BackupProblem(f"{path} is not a cardbot database (its schema_version is empty):"
                            " `scripts/backup list` shows the backups.")
    if version > newest:
        raise BackupProblem(f"{path} was written by a newer version of the bot (schema "
                            f"{version}; this one knows {newest}): update the bot first.")
    if not whole:
        raise BackupProblem(f"{path} is damaged (SQLite's quick_check fails): choose another.")
    return version


def in_use(database: Path) -> bool:
    """Whether another connection has the database open (the bot keeps one open while it
    runs): SQLite refuses this one an exclusive lock at once if so."""
    try:
        with closing(_connect(database, timeout=0)) as probe:
            probe.execute("PRAGMA locking_mode=EXCLUSIVE")
            probe.execute("BEGIN EXCLUSIVE")
            probe.execute("COMMIT")
    except sqlite3.OperationalError as error:
        return "locked" in str(error) or "busy" in str(error)
    except sqlite3.DatabaseError:
        return False  # damaged, which a restore is for; nothing else has it open
    return False


def _copy(source: Path, target: Path, mode: str = "rw") -> None:
    """Copy the database `source` into the new file `target` with SQLite's backup API, every
    page in one step (one snapshot), under a temporary name until it is whole."""
    partial = target.with_name(target.name + ".partial")
    try:
        with closing(_connect(source, mode=mode)) as db, closing(sqlite3.connect(partial)) as copy:
            db.backup(copy)
            # One self-contained file: no -wal beside it to lose when it is copied away.
            copy.execute("PRAGMA journal_mode=DELETE")
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def _connect(path: Path, timeout: float = 5.0, mode: str = "rw") -> sqlite3.Connection:
    """A connection to the existing database at `path` (never creating one)."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True, timeout=timeout,
                           isolation_level=None)


def _suffix(path: Path) -> str:
    return path.suffix or ".db"


# ------------------------------------------------------------ the command


def main(argv: list[str] | None = None) -> int:
    # --database before or after the command: suppressed unless given, so neither place
    # overwrites the other with its default.
    where = argparse.ArgumentParser(add_help=False)
    where.add_argument("--database", default=argparse.SUPPRESS,
                       help="the database file (default: DATABASE)")
    parser = argparse.ArgumentParser(
        prog="scripts/backup", parents=[where],
        description="List the SQLite database's backups, or put one back in its place. The "
                    "database is DATABASE from .env or the environment "
                    f"(default {DEFAULT_DATABASE}).")
    # No command lists them: README's first lines give `scripts/backup` alone for that.
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("list", parents=[where],
                        help="the backups, oldest first, with their time and size")
    putting_back = commands.add_parser(
        "restore", parents=[where],
        help="put a backup in place of the database (stop the bot first)")
    putting_back.add_argument("file", help="the backup to restore (scripts/backup list)")
    arguments = parser.parse_args(argv)
    database = getattr(arguments, "database", None) or _configured_database()
    if is_postgres(database):
        print(f"{without_password(database)} is PostgreSQL: back it up and restore it with "
              "pg_dump and pg_restore.", file=sys.stderr)
        return 2
    try:
        if arguments.command in ("list", None):
            _list(database)
        else:
            _restore(arguments.file, database)
    except (BackupProblem, OSError, sqlite3.Error) as problem:
        print(problem, file=sys.stderr)
        return 1
    return 0


def _configured_database() -> str:
    from dotenv import find_dotenv, load_dotenv

    load_dotenv(find_dotenv(usecwd=True))  # scripts/backup runs in the project's folder
    return os.environ.get("DATABASE", "").strip() or DEFAULT_DATABASE


def _list(database: str) -> None:
    found = backups(database)
    if not found and not Path(database).expanduser().exists():
        print(f"There is no database at {database}, so no backups of it: is DATABASE (in .env)"
              " right?")
    elif not found:
        print(f"No backups of {database} yet (they go in {backup_folder(database)}).")
    for backup in found:
        why = "  (before an upgrade)" if backup.before_upgrade else ""
        print(f"{backup.taken_at:%Y-%m-%d %H:%M:%S} UTC  {_size(backup.size):>9}  "
              f"{backup.path}{why}")


def _restore(backup: str, database: str) -> None:
    aside = restore(backup, database, datetime.now(UTC).timestamp())
    if aside is not None:
        print(f"The database until now is kept as {aside}.")
    print(f"Restored {backup} as {database}: start the bot again.")


def _size(size: int) -> str:
    if size < 1024:
        return f"{size} bytes"
    return f"{size / 1024:.1f} KB" if size < 1024 * 1024 else f"{size / 1024 / 1024:.1f} MB"


if __name__ == "__main__":
    sys.exit(main())
