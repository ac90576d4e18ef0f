"""Backing the SQLite database up by itself: one copy every `every` seconds on the tables
clock, the newest `keep` kept (store/backup.py takes, rotates and restores them).

At start-up a backup is taken at once if the newest is older than the period (or there is
none); after that one every period. A backup that fails (a full disk) is one warning, and the
next is tried a period later: the bot goes on either way. PostgreSQL is not backed up here
(pg_dump is the admin's tool for it).

Beside the backups, once a day, SQLite's `PRAGMA optimize` (Database.optimize), as SQLite
advises for a connection that stays open for days: the query planner's statistics follow the
tables as they grow. It runs whatever the backup settings say.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable

from store.backup import back_up, backup_folder, backups, keep_newest
from store.database import is_postgres
from tables.clock import Clock

log = logging.getLogger(__name__)

#: Seconds between two runs of the database's optimize.
OPTIMIZE_EVERY = 24 * 3600.0


class Backups:
    """The schedule of one database's backups: every `every_hours` (0: none), the newest
    `keep` kept (0: none). Only a SQLite file is backed up."""

    def __init__(self, database: str, every_hours: float, keep: int) -> None:
        self.database, self.every, self.keep = database, every_hours * 3600, keep
        self.clock = Clock()
        self._task: asyncio.Task[None] | None = None
        self._optimizing: asyncio.Task[None] | None = None

    def start(self, clock: Clock, optimize: Callable[[], Awaitable[None]] | None = None) -> None:
        """Start the schedule on `clock`, or say at INFO why there is none; and `optimize`
        the database once a day."""
        self.clock = clock
        if optimize is not None:
            self._optimizing = asyncio.create_task(self._optimize_daily(optimize),
                                                   name="optimize-database")
        if is_postgres(self.database):
            log.info("BACKUP_EVERY_HOURS is ignored on PostgreSQL: back it up with pg_dump")
        elif self.every <= 0 or self.keep <= 0:
            log.info("Automatic backups are off (BACKUP_EVERY_HOURS or BACKUP_KEEP is 0)")
        elif self.database != ":memory:" and not self.database.startswith("file:"):
            log.info("Backing up %s every %g hours into %s, keeping the newest %d",
                     self.database, self.every / 3600, backup_folder(self.database), self.keep)
            self._task = asyncio.create_task(self._run(), name="backups")

    async def _run(self) -> None:
        taken = await asyncio.to_thread(backups, self.database)
        newest = taken[-1].taken_at.timestamp() if taken else None
        wait = 0.0 if newest is None else newest + self.every - self.clock.wall()
        while True:
            await self.clock.sleep(wait)
            await self.back_up_now()
            wait = self.every

    async def back_up_now(self) -> bool:
        """Take a backup and drop the oldest beyond `keep`; whether it was taken."""
        started = self.clock.now()
        try:
            backup = await asyncio.to_thread(back_up, self.database, self.clock.wall())
            await asyncio.to_thread(keep_newest, self.database, self.keep)
        except (OSError, sqlite3.Error) as problem:
            log.warning("Could not back up %s into %s (%s); the bot goes on, and tries again "
                        "in %g hours", self.database, backup_folder(self.database), problem,
                        self.every / 3600)
            return False
        except Exception:  # a bug: said with its traceback, and the schedule still goes on
            log.exception("Backing up %s failed", self.database)
            return False
        log.info("Backed up the database to %s (%.1f MB in %.1f s)", backup.path,
                 backup.size / 1e6, self.clock.now() - started)
        return True

    async def _optimize_daily(self, optimize: Callable[[], Awaitable[None]]) -> None:
        while True:
            await self.clock.sleep(OPTIMIZE_EVERY)
            try:
                await optimize()
            except Exception:  # the bot goes on without it; tried again tomorrow
                log.exception("Could not optimize the database")

    async def close(self) -> None:
        for task in (self._task, self._optimizing):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        self._task = self._optimizing = None
