"""The time discord.py's HTTP clients wait between tries, on a clock of the test's.

discord.py sleeps between the tries of a request: a 429's `retry_after`, 1 + 2n seconds
after the n-th 500, 502, 504 or 524, and a bucket's reset. Against the fake those would be
real seconds (25 of them for a request that meets a 5xx five times), so while a
`FakeDiscord` runs, the `asyncio` that its two HTTP clients see (`discord.http`, the bot's
requests; `discord.webhook.async_`, interaction answers, edits and followups) is this
module's stand-in, whose `sleep` goes through an `HttpClock`; everything else is asyncio's
own, and nothing outside those two modules changes (so a webhook message's
`delete(delay=...)`, which this bot never uses, would not wait either). By default the clock
is instant (each wait is recorded and time moves on at once); given a test's `FakeClock`, the
waits end as the test moves that clock on.
"""

from __future__ import annotations

import asyncio
import types
from typing import Any, Protocol

import discord.http
import discord.webhook.async_

#: The modules whose `asyncio` is the stand-in: discord.py's two HTTP clients.
CLIENTS = (discord.http, discord.webhook.async_)


class Sleeper(Protocol):
    async def sleep(self, seconds: float) -> None: ...


class HttpClock:
    """The waits of discord.py's HTTP client: `waits` lists each, in seconds."""

    def __init__(self, clock: Sleeper | None = None) -> None:
        self.clock = clock
        self.waits: list[float] = []

    async def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        if self.clock is not None:
            await self.clock.sleep(seconds)
        else:
            await asyncio.sleep(0)


class _AsyncioForHttp(types.ModuleType):
    """asyncio, but for `sleep`, which waits on the HttpClock."""

    def __init__(self, clock: HttpClock) -> None:
        super().__init__("asyncio")
        self.sleep = clock.sleep

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)


class HttpTimeInstaller:
    """Puts the stand-in in place for as long as a FakeDiscord runs (nested ones too)."""

    def __init__(self, clock: HttpClock) -> None:
        self.clock = clock
        self._saved: list[Any] = []

    def install(self) -> None:
        self._saved = [module.asyncio for module in CLIENTS]
        for module in CLIENTS:
            module.asyncio = _AsyncioForHttp(self.clock)  # type: ignore[attr-defined]

    def uninstall(self) -> None:
        for module, saved in zip(CLIENTS, self._saved, strict=False):
            module.asyncio = saved  # type: ignore[attr-defined]
        self._saved = []
