"""Coalescing refreshes: at most one refresh per key per interval, the latest state wins, and
a refresh that fails is tried again with backoff until one succeeds.

Computer players can make several moves a second; editing the table message for each would
hit Discord's rate limits. A poke marks the key dirty; one task per key runs the refresh (which
reads the state at that moment), then waits out the interval before looking again, so a burst
of pokes costs one refresh now and at most one more after the interval.

A refresh that finds nothing to send returns False: then no interval is waited out, so the
next change goes out at once.

A refresh raises when Discord did not take it (a 429 past discord.py's own retries, a 5xx, a
timeout). The key then stays dirty and is tried again after a growing pause, so a message
never stays stale once Discord answers again; any poke in between is folded into that retry.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

import discord

from tables.clock import Clock

log = logging.getLogger(__name__)

#: Pauses before retrying a failed refresh: 0.5 s, 1 s, 2 s, then every 2 s.
FIRST_RETRY = 0.5
LONGEST_RETRY = 2.0

#: What a refresh is for (a table's id, a (table id, seat) hand).
Key = TypeVar("Key", bound=Hashable)


class Coalescer(Generic[Key]):
    def __init__(
        self,
        interval: float,
        refresh: Callable[[Key], Awaitable[bool | None]],
        *,
        clock: Clock | None = None,
    ) -> None:
        self.interval = interval
        self.clock = clock or Clock()
        self._refresh = refresh
        self._dirty: set[Key] = set()
        self._tasks: dict[Key, asyncio.Task[None]] = {}
        self._retrying = True
        #: Refreshes that raised (and were retried): for tests and benchmarks.
        self.failures = 0

    def poke(self, key: Key) -> None:
        self._dirty.add(key)
        if key not in self._tasks:
            self._tasks[key] = asyncio.create_task(self._run(key), name=f"refresh-{key}")

    async def _run(self, key: Key) -> None:
        failed_in_a_row = 0
        try:
            while key in self._dirty:
                self._dirty.discard(key)
                started = self.clock.now()
                try:
                    sent = await self._refresh(key)
                except Exception as error:
                    self.failures += 1
                    if not self._retrying:
                        log.warning("Refreshing %s failed (%s); giving up", key, error)
                        continue
                    failed_in_a_row += 1
                    pause = min(LONGEST_RETRY, FIRST_RETRY * 2 ** (failed_in_a_row - 1))
                    log.warning("Refreshing %s failed (%s); again in %.1f s", key, error, pause)
                    self._dirty.add(key)
                    await self.clock.sleep(pause)
                    continue
                failed_in_a_row = 0
                if sent is not False:
                    await self.clock.sleep(self.interval - (self.clock.now() - started))
        finally:
            if self._tasks.get(key) is asyncio.current_task():  # not one started after a drop
                del self._tasks[key]

    def drop(self, key: Key) -> None:
        """Refresh `key` no more: one under way stops where it is (its place is gone)."""
        self._dirty.discard(key)
        task = self._tasks.pop(key, None)
        if task is not None:
            task.cancel()

    def pending(self) -> bool:
        return bool(self._tasks)

    async def flush(self) -> None:
        """Until every poke so far has been refreshed (for tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def drain(self) -> None:
        """Refresh what is pending once more, without retrying failures (shutting down)."""
        self._retrying = False
        await self.flush()

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self._dirty.clear()


def passing(failure: discord.HTTPException) -> bool:
    """Whether Discord may take the same request later: rate limited (429) or in trouble
    itself (5xx). Any other refusal (400, 403, 404...) will come again, every time."""
    return failure.status == 429 or failure.status >= 500
