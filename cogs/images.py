"""The one place that reaches the renderer. Images are drawn off the event loop.

`render` is optional at import time so the bot still runs (without pictures) when the renderer
is missing or fails on a view; the failure is logged and the message goes out without it.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import io
import itertools
import logging
import weakref
from collections.abc import AsyncIterator
from typing import Any

import discord

log = logging.getLogger(__name__)

try:
    import render as _render
except ImportError:  # the renderer is optional; messages then carry no picture
    _render = None  # type: ignore[assignment]  # the module's name stands for "no renderer"

_NoRenderer: type[Exception] = getattr(_render, "UnknownGame", LookupError)
class DrawingQueue:
    """One drawing at a time, and a waiting hand goes before a waiting table.

    Drawing is Python-heavy and holds the GIL much of the time: several drawing threads at
    once starve the event loop, and interactions then wait to be acknowledged. So pictures
    queue. A hand is what a member is waiting for after pressing; a table refresh is
    coalesced and shows the latest state whenever it runs, so it can wait."""

    def __init__(self) -> None:
        self._busy = False
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @contextlib.asynccontextmanager
    async def turn(self, priority: int) -> AsyncIterator[None]:
        if self._busy:
            ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (priority, next(self._order), ticket))
            try:
                await ticket
            except asyncio.CancelledError:
                if ticket.done() and not ticket.cancelled():
                    self._hand_on()  # we were given the turn but will not use it
                raise
        else:
            self._busy = True
        try:
            yield
        finally:
            self._hand_on()

    def _hand_on(self) -> None:
        while self._waiting:
            _, _, ticket = heapq.heappop(self._waiting)
            if not ticket.done():
                ticket.set_result(None)  # the turn passes straight to it: still busy
                return
        self._busy = False


PRIORITY = {"hand": 0, "table": 1}
_queues: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, DrawingQueue] = (
    weakref.WeakKeyDictionary()
)


def _queue() -> DrawingQueue:
    """The running loop's queue (its futures belong to one loop)."""
    loop = asyncio.get_running_loop()
    if loop not in _queues:
        _queues[loop] = DrawingQueue()
    return _queues[loop]


#: Games already reported as having no renderer (said once, not on every refresh).
_unrendered: set[str] = set()


async def draw(
    kind: str, game_name: str, view: dict[str, Any], **options: Any
) -> bytes | None:
    """PNG bytes of `render.draw_<kind>(game_name, view, **options)` ("table", "hand" or
    "revealed"; options such as four_colour=True), or None."""
    function = getattr(_render, f"draw_{kind}", None) if _render is not None else None
    if function is None:
        return None
    if game_name in _unrendered:
        return None
    try:
        async with _queue().turn(PRIORITY.get(kind, 1)):
            return await asyncio.to_thread(function, game_name, view, **options)
    except _NoRenderer:
        _unrendered.add(game_name)
        log.warning("No renderer for %s yet: its messages go out without pictures", game_name)
        return None
    except Exception:
        log.exception("Drawing the %s of a %s game failed", kind, game_name)
        return None


def describe(game_name: str, view: dict[str, Any]) -> str | None:
    """The picture's alt text (`render.describe`), or None when it cannot be written."""
    function = getattr(_render, "describe", None) if _render is not None else None
    if function is None:
        return None
    try:
        return function(game_name, view)
    except Exception:
        log.exception("Describing the picture of a %s game failed", game_name)
        return None


async def revealed_picture(game_name: str, view: dict[str, Any]
                           ) -> tuple[bytes | None, str | None]:
    """A replay's picture with every hand face up and its alt text
    (`render.revealed_picture`, the table drawn once for both), in a thread; (None, None)
    when it cannot be drawn."""
    function = getattr(_render, "revealed_picture", None) if _render is not None else None
    if function is None:
        return None, None
    try:
        async with _queue().turn(PRIORITY["table"]):
            png, alt = await asyncio.to_thread(function, game_name, view)
            return png, alt
    except Exception:
        log.exception("Drawing the hands of a %s game failed", game_name)
        return None, None


def score_line(game_name: str, view: dict[str, Any], *, progress: bool = False) -> str:
    """Each side's score in one line (`render.score_line`), or "" when it cannot be written;
    with `progress`, after the deal or round (for a table without its picture)."""
    function = getattr(_render, "score_line", None) if _render is not None else None
    if function is None:
        return ""
    try:
        return function(game_name, view, progress=progress)
    except Exception:
        log.exception("Writing the scores of a %s game failed", game_name)
        return ""


async def chart(game_name: str, title: str, moves: Any) -> tuple[bytes, str] | None:
    """A finished game's chart (PNG, alt text) from its moves' public views, or None."""
    function = getattr(_render, "chart_picture", None) if _render is not None else None
    if function is None:
        return None
    try:
        async with _queue().turn(PRIORITY["table"]):
            return await asyncio.to_thread(function, game_name, title, moves)
    except Exception:
        log.exception("Drawing the chart of a %s game failed", game_name)
        return None


def as_file(png: bytes | None, filename: str, description: str | None = None
            ) -> list[discord.File]:
    """The attachment list for a message: empty when there is no picture. `description` is
    its alt text, what a screen reader says instead of the file name."""
    if png is None:
        return []
    return [discord.File(io.BytesIO(png), filename=filename, description=description)]


async def tournament_pictures(data: dict[str, Any]) -> list[discord.File]:
    """An event's standings picture and, for a knockout, its bracket (`render.tournament`),
    each with its alt text; none when they cannot be drawn."""
    drawn = []
    try:
        from render import tournament as pictures

        kinds = [("standings", pictures.standings_picture)]
        if data.get("bracket"):
            kinds.append(("bracket", pictures.bracket_picture))
        for name, function in kinds:
            async with _queue().turn(PRIORITY["table"]):
                png, alt = await asyncio.to_thread(function, data)
            drawn += as_file(png, f"{name}.png", alt)
    except Exception:
        log.exception("Drawing a tournament's pictures failed")
    return drawn


async def profile_card(data: dict[str, Any]) -> tuple[list[discord.File], list[str]]:
    """A member's profile card (`render.profile`) with its alt text, and its text lines; no
    picture when it cannot be drawn, and a line of totals when there is no renderer."""
    try:
        from render import profile as card

        async with _queue().turn(PRIORITY["table"]):
            png, alt = await asyncio.to_thread(card.profile_picture, data)
        return as_file(png, "profile.png", alt), card.profile_text(data)
    except Exception:
        log.exception("Drawing a profile card failed")
        return [], [f"{data.get('name', '')}: {data.get('played', 0)} games, "
                    f"{data.get('won', 0)} wins"]
