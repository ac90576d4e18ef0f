"""The one place that reaches the renderer. Images are drawn off the event loop.

`render` is optional at import time so the bot still runs (without pictures) when the renderer
is missing or fails on a view; the failure is logged and the message goes out without it.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

try:
    import render as _render
except ImportError:  # the renderer is optional; messages then carry no picture
    _render = None

_NoRenderer: type[Exception] = getattr(_render, "UnknownGame", LookupError)
#: Games already reported as having no renderer (said once, not on every refresh).
_unrendered: set[str] = set()


async def draw(kind: str, game_name: str, view: dict[str, Any]) -> bytes | None:
    """PNG bytes of `render.draw_<kind>(game_name, view)` ("table" or "hand"), or None."""
    function = getattr(_render, f"draw_{kind}", None) if _render is not None else None
    if function is None:
        return None
    if game_name in _unrendered:
        return None
    try:
        return await asyncio.to_thread(function, game_name, view)
    except _NoRenderer:
        _unrendered.add(game_name)
        log.warning("No renderer for %s yet: its messages go out without pictures", game_name)
        return None
    except Exception:
        log.exception("Drawing the %s of a %s game failed", kind, game_name)
        return None


def playable_cards(legal: list[dict[str, Any]]) -> list[str]:
    """The card notations a seat's legal actions mention, for the hand picture's highlight."""
    cards: list[str] = []
    for action in legal:
        found = [action.get("card"), *(action.get("cards") or [])]
        cards += [c for c in found if isinstance(c, str) and c not in cards]
    return cards


def as_file(png: bytes | None, filename: str) -> list[discord.File]:
    """The attachment list for a message: empty when there is no picture."""
    return [] if png is None else [discord.File(io.BytesIO(png), filename=filename)]
