"""Knowing when the bot has finished reacting to something the harness fed it.

Every gateway event is fed inside a fresh `Activity`. A task factory on the event loop adds
each task created while that activity is current to it, and since tasks copy their creator's
context, so is every task those tasks create in turn. The activity is over when all its tasks
are done, except tasks that are only waiting: asleep on a long timer (view timeouts, idle
timers) or parked on an empty queue or an unset event (worker loops). Waiting for those would
keep a test waiting for minutes, or forever.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from typing import Any

_current: contextvars.ContextVar[Activity | None] = contextvars.ContextVar(
    "fake_discord_activity", default=None
)

# A task asleep for at least this long is a timer, not work in progress.
TIMER_THRESHOLD = 1.0


class QuietTimeout(AssertionError):
    """The bot was still busy when the harness stopped waiting."""


class Activity:
    """The set of tasks started, directly or not, by one fed event."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.tasks: set[asyncio.Task[Any]] = set()
        # Tasks that ended with an exception; a failure only if nobody ever retrieves it.
        self.raised: list[asyncio.Task[Any]] = []

    def run(self, feed: Callable[[], None]) -> None:
        """Call `feed` (which may create tasks) with this activity current."""
        context = contextvars.copy_context()
        context.run(self._run_inside, feed)

    def _run_inside(self, feed: Callable[[], None]) -> None:
        _current.set(self)
        feed()

    def busy_tasks(self) -> list[asyncio.Task[Any]]:
        for task in [t for t in self.tasks if t.done()]:
            self.tasks.discard(task)
            if exception_unretrieved(task):
                self.raised.append(task)
        return [t for t in self.tasks if not is_only_waiting(t)]

    @property
    def failures(self) -> list[str]:
        return unretrieved_failures(self.raised)

    @property
    def finished(self) -> bool:
        """No task left at all, not even one asleep on a timer."""
        self.busy_tasks()
        return not self.tasks

    async def wait(self, timeout: float) -> None:
        """Wait until no task of this activity is working; QuietTimeout after `timeout`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            busy = self.busy_tasks()
            if not busy:
                # One more turn of the loop: work may be scheduled with call_soon.
                await asyncio.sleep(0)
                if not self.busy_tasks():
                    return
                continue
            remaining = deadline - loop.time()
            if remaining <= 0:
                names = ", ".join(describe(t) for t in busy)
                raise QuietTimeout(f"{self.label}: still busy after {timeout}s: {names}")
            await asyncio.wait(busy, timeout=min(remaining, 0.05), return_when="FIRST_COMPLETED")


def innermost_coroutine(task: asyncio.Task[Any]) -> Any:
    coro: Any = task.get_coro()
    while True:
        inner = getattr(coro, "cr_await", None)
        if inner is None or not hasattr(inner, "cr_frame"):
            return coro
        coro = inner


# Where a worker that has nothing to do waits.
PARKING_SPOTS = {
    asyncio.Queue.get.__code__,
    asyncio.Event.wait.__code__,
    asyncio.Condition.wait.__code__,
}


def is_only_waiting(task: asyncio.Task[Any]) -> bool:
    """True for a task that is waiting rather than working (see the module docstring)."""
    coro = innermost_coroutine(task)
    frame = getattr(coro, "cr_frame", None)
    if frame is None:
        return False
    if coro.cr_code in PARKING_SPOTS:
        return True
    if coro.cr_code is not asyncio.sleep.__code__:
        return False
    delay = frame.f_locals.get("delay", 0)
    return isinstance(delay, int | float) and delay >= TIMER_THRESHOLD


def exception_unretrieved(task: asyncio.Task[Any]) -> bool:
    """A done task whose exception nobody has looked at (awaited it, or asked for it).

    Reads asyncio's own flag (the one behind "Task exception was never retrieved") without
    calling `exception()`, which would clear it: the bot may still collect the exception,
    e.g. in a done-callback or behind `asyncio.shield`.
    """
    return not task.cancelled() and bool(getattr(task, "_log_traceback", False))


def unretrieved_failures(tasks: list[asyncio.Task[Any]]) -> list[str]:
    failures = []
    for task in tasks:
        if exception_unretrieved(task):
            error = task._exception  # type: ignore[attr-defined]  # exception() would clear the flag
            failures.append(f"{describe(task)}: {type(error).__name__}: {error}")
    return failures


def describe(task: asyncio.Task[Any]) -> str:
    if task.done():
        return f"{task.get_name()} ({getattr(task.get_coro(), '__qualname__', '?')})"
    coro = innermost_coroutine(task)
    return f"{task.get_name()} at {getattr(coro, '__qualname__', coro)!s}"


class TaskTracker:
    """Installs the task factory that files new tasks under the current activity."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._previous: Any = None

    def install(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._previous = self._loop.get_task_factory()
        self._loop.set_task_factory(self._factory)

    def uninstall(self) -> None:
        if self._loop is not None:
            self._loop.set_task_factory(self._previous)
            self._loop = None

    def _factory(self, loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
        if self._previous is not None:
            task = self._previous(loop, coro, **kwargs)
        else:
            task = asyncio.Task(coro, loop=loop, **kwargs)
        activity = _current.get()
        if activity is not None:
            activity.tasks.add(task)
        return task
