"""GAMES: every game the bot offers, found by looking for a `SPEC` in each engine package.

A new game is one package under engine/ whose __init__ defines SPEC (an engine.spec.GameSpec);
nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil

import engine
from engine.spec import AI_LEVELS, LEVELS, GameSpec, Option

__all__ = ["AI_LEVELS", "GAMES", "LEVELS", "GameSpec", "Option"]


def _discover() -> dict[str, GameSpec]:
    specs = []
    for module in pkgutil.iter_modules(engine.__path__):
        if not module.ispkg:
            continue
        spec = getattr(importlib.import_module(f"engine.{module.name}"), "SPEC", None)
        if isinstance(spec, GameSpec):
            specs.append(spec)
    return {s.name: s for s in sorted(specs, key=lambda s: (s.order, s.name))}


GAMES: dict[str, GameSpec] = _discover()
