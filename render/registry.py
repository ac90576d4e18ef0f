"""The lookup from a game's name to everything that draws it.

Each game has one package, render/<name with - as _>/ (or the package its GameSpec names in
`render_package`, for a game kept outside render/), whose __init__ calls `register` once with
all of it: the table and hand pictures, the lines the table message carries, each picture
in words, the end-of-game chart and the gallery's moments. `renderer_for` imports the package
the first time the game is asked for. So a new game adds one package and nothing else changes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from PIL import Image

from engine.spec import NAME

if TYPE_CHECKING:
    from render.chart import Chart

View = dict[str, Any]
DrawFn = Callable[[View, bool], Image.Image]  # (view, four_colour) -> image
DetailsFn = Callable[[View], list[str]]  # view -> lines for the table message
DescribeFn = Callable[[View], str]  # view -> the picture in words, for its alt text
ScoresFn = Callable[[View], Sequence[tuple[str, object]]]  # view -> (side, score) for a score line
#: One (public view, public events) per step of a finished game, the deal first.
Moves = Sequence[tuple[View, Sequence[dict[str, Any]]]]
SeriesFn = Callable[[str, Moves], "Chart"]  # (title, moves) -> the end-of-game chart


class Moment(NamedTuple):
    """A moment of a real game the gallery draws: the game played with `players` and
    `options` from `seed` until `reached(channel view)` (or to its end)."""

    label: str  # in the file name: "mid-play-2p"
    players: int
    options: dict[str, Any]
    seed: int
    reached: Callable[[View], bool]


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
    # Without these the words, the score line and the chart are built from the view's
    # "scores", and the gallery plays a start, a middle and an end.
    describe: DescribeFn | None = None
    scores: ScoresFn | None = None
    series: SeriesFn | None = None
    moments: tuple[Moment, ...] = ()
    # The hand picture in words, for its alt text: what that picture shows (the seat's cards,
    # its turn, the lines under it), never the table. Without it: the cards and whose turn.
    describe_hand: DescribeFn | None = None
    # Where the game stands, as the table picture's title bar says it ("deal 7, to 121"), in
    # words: the score line carries it when the table goes out without its picture.
    progress: DescribeFn | None = None


_RENDERERS: dict[str, GameRenderer] = {}


def register(name: str, *, table: DrawFn, hand: DrawFn, details: DetailsFn = no_details,
             describe: DescribeFn | None = None, scores: ScoresFn | None = None,
             series: SeriesFn | None = None, moments: Sequence[Moment] = (),
             describe_hand: DescribeFn | None = None,
             progress: DescribeFn | None = None) -> None:
    _RENDERERS[name] = GameRenderer(name, table, hand, details, describe, scores, series,
                                    tuple(moments), describe_hand, progress)


def module_name(game_name: str) -> str:
    """The module that registers the game: its spec's `render_package` when it names one (a
    game kept outside render/), else render.<name with - as _>."""
    from engine.registry import GAMES

    spec = GAMES.get(game_name)
    if spec is not None and spec.render_package:
        return spec.render_package
    return "render." + game_name.replace("-", "_")


def _where(game_name: str) -> str:
    """Why that module is the one looked in, for an error."""
    from engine.registry import GAMES

    spec = GAMES.get(game_name)
    if spec is not None and spec.render_package:
        return "its GameSpec's render_package"
    if spec is not None and not spec.factory.__module__.startswith("engine."):
        return ("render.<game>, as its GameSpec names no render_package: a game kept outside "
                "engine/ names there the module that registers its pictures")
    return "render.<game>, as no GameSpec.render_package names another"


def renderer_for(game_name: str) -> GameRenderer:
    if game_name not in _RENDERERS:
        if not isinstance(game_name, str) or not NAME.fullmatch(game_name):
            raise UnknownGame(f"No renderer for game {game_name!r}.")
        module = module_name(game_name)
        before = set(_RENDERERS)
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:
            # A real import failure inside the module must not be hidden; the module itself
            # or a package above it missing is said as such.
            if error.name is None or not (module + ".").startswith(error.name + "."):
                raise
            raise UnknownGame(f"No renderer for game {game_name!r}: there is no module "
                              f"{module} ({_where(game_name)}).") from None
        if game_name not in _RENDERERS:
            others = sorted(set(_RENDERERS) - before)
            said = f"; it registered {', '.join(map(repr, others))}" if others else ""
            raise UnknownGame(f"No renderer for game {game_name!r}: {module} "
                              f"({_where(game_name)}) does not call render.registry.register"
                              f"({game_name!r}, ...){said}.")
    return _RENDERERS[game_name]


def renderer_if_any(game_name: str) -> GameRenderer | None:
    """The game's renderer, or None for a game nothing draws (its words and chart then come
    from the view's scores)."""
    try:
        return renderer_for(game_name)
    except UnknownGame:
        return None
