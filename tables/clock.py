"""Time for everything that waits: the real event-loop clock, or a fake one in tests.

Timers (a forced move's pause, a hand token's expiry, a turn notice's grace period, retry
backoff) all read `now()` and wait with `sleep()`, so a test can move time on at will with
`FakeClock.advance` instead of sleeping.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time

#: The wall-clock time (seconds since 1970) a FakeClock's zero stands for.
FAKE_EPOCH = 1_800_000_000.0


class Clock:
    """The running event loop's monotonic clock."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    def wall(self) -> float:
        """Seconds since 1970-01-01 UTC, for times that outlive the process (deadlines)."""
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class FakeClock(Clock):
    """Time that only moves when a test calls `advance`. Sleepers wait on an Event (so the
    fake Discord's quiet-wait sees them as parked, not busy)."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Event]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def wall(self) -> float:
        return FAKE_EPOCH + self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        woken = asyncio.Event()
        entry = (self._now + seconds, next(self._order), woken)
        heapq.heappush(self._sleepers, entry)
        try:
            await woken.wait()
        except asyncio.CancelledError:
            # A cancelled sleeper is no longer waiting: `sleepers` must not count it.
            if entry in self._sleepers:
                self._sleepers.remove(entry)
                heapq.heapify(self._sleepers)
            raise

    async def advance(self, seconds: float, *, settle: int = 20) -> None:
        """Move time on by `seconds`, waking each sleeper at its moment in order and letting
        the woken tasks run (`settle` loop turns) before moving on."""
        target = self._now + seconds
        for _ in range(settle):  # tasks just started may be about to go to sleep
            await asyncio.sleep(0)
        while self._sleepers and self._sleepers[0][0] <= target:
            when, _, woken = heapq.heappop(self._sleepers)
            self._now = max(self._now, when)
            woken.set()
            for _ in range(settle):
                await asyncio.sleep(0)
        self._now = target
        for _ in range(settle):
            await asyncio.sleep(0)

    @property
    def sleepers(self) -> int:
        return len(self._sleepers)
