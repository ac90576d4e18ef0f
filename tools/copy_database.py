"""Copy a whole database to another backend, then check it.

    .venv/bin/python -m tools.copy_database data/cardbot.db postgresql://cardbot@localhost/cardbot
    .venv/bin/python -m tools.copy_database postgresql://cardbot@localhost/cardbot back.sqlite3

Both ends are brought to the latest schema first; the destination must hold no games yet.
Ids are kept, so buttons already posted in Discord keep pointing at their games. Afterwards the
row counts of every table are compared and every running game is replayed from its copied log
(store/copy.py copies and counts; the tables layer replays). Stop the bot while copying: games
played during the copy would be missed.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from store.copy import copy_database
from store.records import GameRecord
from tables.replay import Replay


def replays(record: GameRecord, log: list[tuple[int, dict[str, Any]]]) -> None:
    Replay(record, log).played_out()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.copy_database", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("source", help="SQLite file or postgresql:// URL to copy from")
    parser.add_argument("target", help="SQLite file or postgresql:// URL to copy into (empty)")
    args = parser.parse_args(argv)
    report = asyncio.run(copy_database(args.source, args.target, replays))
    for table, count in report.counts.items():
        print(f"{table:8} {count:>9} rows")
    print(f"running games replayed: {report.replayed}")
    for problem in report.problems:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
