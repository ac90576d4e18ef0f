"""Copy a whole database to another backend, then check it.

    .venv/bin/python -m tools.copy_database data/cardbot.db postgresql://cardbot@localhost/cardbot
    .venv/bin/python -m tools.copy_database postgresql://cardbot@localhost/cardbot back.sqlite3

Both ends are brought to the latest schema first; the destination must be empty.
Ids are kept, so buttons already posted in Discord keep pointing at their games. Afterwards the
row counts of every table are compared and every running game is replayed from its copied log
(store/copy.py copies and counts; the tables layer replays). Stop the bot while copying: games
played during the copy would be missed (a SQLite file the bot has open is refused).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from settings import foreign_scheme
from store.backup import in_use
from store.copy import TABLES, copy_database
from store.database import DEFAULT_DATABASE, is_postgres, without_password
from store.records import GameRecord
from store.store import check_opens
from tables.replay import Replay


def replays(record: GameRecord, log: list[tuple[int, dict[str, Any]]]) -> None:
    Replay(record, log).played_out()


async def refusal(source: str, target: str) -> str | None:
    """Why the copy cannot begin, in a line that says what to do, with nothing changed; None
    when it can."""
    for address in (source, target):
        if scheme := foreign_scheme(address):
            return (f"{scheme}:// is not an address the bot reads: give a SQLite file's path "
                    f"({DEFAULT_DATABASE}) or a postgresql:// URL.")
    if not is_postgres(source) and not Path(source).expanduser().is_file():
        # Opening it would make a new, empty database, and the copy would copy nothing.
        return (f"There is no SQLite database at {source}: give the bot's database file "
                f"(DATABASE in .env, by default {DEFAULT_DATABASE}).")
    for address in (source, target):
        file = Path(address).expanduser()
        if not is_postgres(address) and file.is_file() and in_use(file):
            return (f"The bot seems to be running: {address} is open. Stop the bot first, then "
                    "copy (games played meanwhile would be missed).")
    for address in (source, target):
        opens, line = await check_opens(address, named_in="the address you gave")
        if not opens:
            return line
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.copy_database", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("source", help="SQLite file or postgresql:// URL to copy from")
    parser.add_argument("target", help="SQLite file or postgresql:// URL to copy into (empty)")
    args = parser.parse_args(argv)
    if why := asyncio.run(refusal(args.source, args.target)):
        print(why, file=sys.stderr)
        return 2
    report = asyncio.run(copy_database(args.source, args.target, replays))
    width = max(map(len, TABLES))
    for table, count in report.counts.items():
        print(f"{table:{width}} {count:>9} rows")
    print(f"running games replayed: {report.replayed}")
    for problem in report.problems:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    if report.problems:
        return 1
    print(f"Copied {without_password(args.source)} into {without_password(args.target)}: every "
          "table's rows match and every running game replays. Put the new address after "
          "DATABASE= in .env, then start the bot.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
