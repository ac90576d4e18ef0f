"""How long the automatic backup of a grown SQLite database takes, and what it costs the
moves being saved meanwhile.

    .venv/bin/python -m benchmarks.backup                          # 3000 games, made here
    .venv/bin/python -m benchmarks.backup --games 500 --database /tmp/grown.db

The database is made (or, when `--database` already holds games, reused) by playing whole games
through the table manager, as benchmarks/growth.py does: every game that has an easy computer
player at its fewest seats, in turn. Printed: the file's size and games; the backup's time
(store/backup.py's back_up, best and worst of `--rounds`); the restore's checks of a backup
(schema version and quick_check); and, while a backup runs in its thread, how many commits the
event loop made and the slowest of them, beside the slowest with no backup running.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from benchmarks.growth import play
from engine.registry import GAMES
from store import Store
from store.backup import back_up, backups, check_backup
from tables.computer import has_computer_player


async def grow(path: Path, games: int) -> None:
    kinds = [(name, min(spec.allowed_player_counts())) for name, spec in sorted(GAMES.items())
             if has_computer_player(spec, ["easy"])]
    for number, (name, players) in enumerate(kinds):
        await play(path, name, players, games // len(kinds) + (number < games % len(kinds)))


async def count_games(path: Path) -> int:
    store = await Store.open(str(path))
    try:
        [row] = await store.db.fetch("SELECT COUNT(*) AS n FROM games")
        return int(row["n"])
    finally:
        await store.close()


async def commits_meanwhile(path: Path, seconds: float | None) -> tuple[int, float]:
    """Commits made on the bot's kind of connection (and the slowest, in seconds) while a
    backup runs in a thread, or for `seconds` with none running."""
    store = await Store.open(str(path))
    running = asyncio.create_task(
        asyncio.to_thread(back_up, str(path), time.time()) if seconds is None
        else asyncio.sleep(seconds))
    made, slowest = 0, 0.0
    try:
        while not running.done():
            began = time.perf_counter()
            await store.db.execute("UPDATE games SET updated_at = updated_at WHERE id = ?",
                                   (made % 100 + 1,))
            slowest = max(slowest, time.perf_counter() - began)
            made += 1
        await running
    finally:
        await store.close()
    return made, slowest


async def measure(path: Path, games: int, rounds: int) -> None:
    if not path.exists() or await count_games(path) == 0:
        began = time.perf_counter()
        await grow(path, games)
        print(f"made {path} in {time.perf_counter() - began:.0f} s")
    print(f"database: {await count_games(path):,} games, {path.stat().st_size / 1e6:.1f} MB\n")
    before = {backup.path for backup in backups(str(path))}
    taking, checking, made = [], [], []
    for _ in range(rounds):
        began = time.perf_counter()
        made.append(back_up(str(path), time.time()).path)
        taking.append(time.perf_counter() - began)
        began = time.perf_counter()
        check_backup(made[-1])
        checking.append(time.perf_counter() - began)
        time.sleep(1.01)  # backups are named to the second
    print(f"backup (back_up):             best {min(taking):.3f} s, worst {max(taking):.3f} s"
          f" ({made[-1].stat().st_size / 1e6:.1f} MB)")
    print(f"restore's checks of a backup: best {min(checking):.3f} s (schema version,"
          " quick_check)")
    quiet_made, quiet_slowest = await commits_meanwhile(path, max(taking))
    busy_made, busy_slowest = await commits_meanwhile(path, None)
    print(f"commits during a backup:      {busy_made:,}, slowest {busy_slowest * 1000:.1f} ms")
    print(f"commits as long, no backup:   {quiet_made:,}, slowest {quiet_slowest * 1000:.1f} ms")
    for backup in backups(str(path)):
        if backup.path not in before:
            backup.path.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000, help="games to play (default 3000)")
    parser.add_argument("--database", type=Path, help="a database to make or reuse")
    parser.add_argument("--rounds", type=int, default=3, help="backups timed (default 3)")
    arguments = parser.parse_args()
    if arguments.database:
        asyncio.run(measure(arguments.database, arguments.games, arguments.rounds))
        return
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(measure(Path(folder) / "cardbot.db", arguments.games, arguments.rounds))


if __name__ == "__main__":
    main()
