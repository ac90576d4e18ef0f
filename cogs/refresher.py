"""Coalescing refreshes: at most one refresh per key per interval, and the latest state wins.

Computer players can make several moves a second; editing the table message for each would
hit Discord's rate limits. A poke marks the key dirty; one task per key runs the refresh (which
reads the state at that moment), then waits out the interval before looking again, so a burst
of pokes costs one refresh now and at most one more after the interval.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable

log = logging.getLogger(__name__)


class Coalescer:
    def __init__(self, interval: float, refresh: Callable[[Hashable], Awaitable[None]]) -> None:
        self.interval = interval
        self._refresh = refresh
        self._dirty: set[Hashable] = set()
        self._tasks: dict[Hashable, asyncio.Task[None]] = {}

    def poke(self, key: Hashable) -> None:
        self._dirty.add(key)
        if key not in self._tasks:
            self._tasks[key] = asyncio.create_task(self._run(key), name=f"refresh-{key}")

    async def _run(self, key: Hashable) -> None:
        loop = asyncio.get_running_loop()
        try:
            while key in self._dirty:
                self._dirty.discard(key)
                started = loop.time()
                try:
                    await self._refresh(key)
                except Exception:
                    log.exception("Refreshing %s failed", key)
                await asyncio.sleep(max(0.0, self.interval - (loop.time() - started)))
        finally:
            self._tasks.pop(key, None)

    def pending(self) -> bool:
        return bool(self._tasks)

    async def flush(self) -> None:
        """Until every poke so far has been refreshed (for tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self._dirty.clear()
