"""GAMES: every game the bot offers, found by looking for a `SPEC` in each engine package.

A new game is one package under engine/ whose __init__ defines SPEC (an engine.spec.GameSpec);
nothing else changes. A game kept elsewhere (a plug-in, a test's game) is named in the
CARDBOT_GAMES setting: its packages, importable modules separated by commas or spaces, each
defining SPEC, are read when the registry is first imported.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
from types import ModuleType

import engine
from engine.achievements import TOURNAMENT_WON, Achievement
from engine.milestones import MILESTONES
from engine.spec import AI_LEVELS, LEVELS, GameSpec, Option

__all__ = ["AI_LEVELS", "GAMES", "LEVELS", "GameSpec", "Option", "achievement_named"]

#: The setting that names game packages outside engine/.
SETTING = "CARDBOT_GAMES"


def packages_named(setting: str) -> list[str]:
    """The modules a CARDBOT_GAMES value names."""
    return [name for name in re.split(r"[\s,]+", setting) if name]


def _discover(extra: str = "") -> dict[str, GameSpec]:
    """Every engine package's SPEC, and the SPEC of each module named in `extra` (there a
    module without one is an error: the setting names it as a game)."""
    specs = []
    for module in pkgutil.iter_modules(engine.__path__):
        if not module.ispkg:
            continue
        spec = getattr(importlib.import_module(f"engine.{module.name}"), "SPEC", None)
        if isinstance(spec, GameSpec):
            specs.append(spec)
    for name in packages_named(extra):
        spec = getattr(_named_module(name), "SPEC", None)
        if not isinstance(spec, GameSpec):
            raise ImportError(f"{SETTING} names {name}, which defines no SPEC (a GameSpec): "
                              "name the package whose __init__.py builds it")
        specs.append(spec)
    games: dict[str, GameSpec] = {}
    for spec in sorted(specs, key=lambda s: (s.order, s.name)):
        if spec.name in games:
            # A second game of one name would take the first one's place in menus, saved
            # games and ratings without a word.
            raise ValueError(f"two games are named {spec.name!r}: "
                             f"{games[spec.name].factory.__module__} and "
                             f"{spec.factory.__module__}; give the new one another name")
        games[spec.name] = spec
    return games


def _named_module(name: str) -> ModuleType:
    """The module the setting names; one that is not there is said as such, with where
    Python looked, while an import failing inside it is raised as it is."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is None or not (name + ".").startswith(error.name + "."):
            raise
        raise ImportError(f"{SETTING} names {name}, but Python finds no module {error.name}: "
                          "put the folder that holds it on PYTHONPATH") from None


GAMES: dict[str, GameSpec] = _discover(os.environ.get(SETTING, ""))


def _achievements(games: dict[str, GameSpec]) -> dict[str, Achievement]:
    found = {TOURNAMENT_WON.key: TOURNAMENT_WON}
    found.update((milestone.key, milestone) for milestone in MILESTONES)
    for spec in games.values():
        for achievement in spec.achievements:
            if achievement.key in found:
                raise ValueError(f"two achievements are keyed {achievement.key}")
            found[achievement.key] = achievement
    return found


#: Every achievement of every game, and those every game shares, by key.
ACHIEVEMENTS: dict[str, Achievement] = _achievements(GAMES)


def achievement_named(key: str) -> Achievement | None:
    """The achievement stored under `key`, or None for one no game offers any more."""
    return ACHIEVEMENTS.get(key)
