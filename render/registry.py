"""The lookup from a game's name to the functions that draw it.

Each game has one module, render/<name with - as _>.py, which calls `register` when it is
imported; `renderer_for` imports it the first time the game is asked for. So a new game adds
one module and nothing else changes.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

View = dict[str, Any]
DrawFn = Callable[[View, bool], Image.Image]  # (view, four_colour) -> image
DetailsFn = Callable[[View], list[str]]  # view -> lines for the table message


def no_details(view: View) -> list[str]:
    return []


class UnknownGame(LookupError):
    """No renderer exists for this game name."""


@dataclass(frozen=True)
class GameRenderer:
    name: str
    table: DrawFn
    hand: DrawFn
    # What a phone-sized picture leaves out (a show's breakdowns, a race's zone events), as
    # lines the table message carries instead.
    details: DetailsFn = no_details


_RENDERERS: dict[str, GameRenderer] = {}
_NAME = re.compile(r"^[a-z][a-z0-9-]{0,40}$")


def register(name: str, *, table: DrawFn, hand: DrawFn, details: DetailsFn = no_details
             ) -> None:
    _RENDERERS[name] = GameRenderer(name, table, hand, details)


def module_name(game_name: str) -> str:
    return "render." + game_name.replace("-", "_")


def renderer_for(game_name: str) -> GameRenderer:
    if game_name not in _RENDERERS:
        if not isinstance(game_name, str) or not _NAME.match(game_name):
            raise UnknownGame(f"No renderer for game {game_name!r}.")
        try:
            importlib.import_module(module_name(game_name))
        except ModuleNotFoundError as error:
            if error.name != module_name(game_name):
                raise  # a real import failure inside the module must not be hidden
        if game_name not in _RENDERERS:
            known = ", ".join(sorted(_RENDERERS)) or "none loaded yet"
            raise UnknownGame(f"No renderer for game {game_name!r} (known: {known}).")
    return _RENDERERS[game_name]
