"""Running a spec's computer player: deterministic randomness and the "has an AI" check.

The expert level is the search of engine/search/expert.py around the hard level: a game has it
when it has a hard level and the search knows it (engine.search.expert.JUDGES)."""

from __future__ import annotations

import functools
import logging
import random
from collections.abc import Iterable
from typing import Any

from engine.errors import IllegalAction
from engine.registry import GameSpec
from engine.search.expert import JUDGES

log = logging.getLogger(__name__)
EXPERT = "expert"


def ai_rng(seed: int, action_number: int) -> random.Random:
    """The AI's randomness for the move that will be action number `action_number`.

    Seeding with a string is stable across runs and Python versions (it is hashed with
    SHA-512), so after a restart a pending computer turn is decided exactly as it would have
    been without one."""
    return random.Random(f"ai:{seed}:{action_number}")


def has_computer_player(spec: GameSpec, levels: Iterable[str] = ("normal",)) -> bool:
    """Ask the AI for a real first move at each level; NotImplementedError means no AI."""
    return _probe(spec, tuple(sorted(set(levels))))


@functools.lru_cache(maxsize=256)
def _probe(spec: GameSpec, levels: tuple[str, ...]) -> bool:
    players = spec.allowed_player_counts()[0]
    game = spec.new(players, {}, seed=0)
    waiting = game.waiting_for() or game.to_act()
    if not waiting:
        return True
    seat = waiting[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    if EXPERT in levels:
        if spec.name not in JUDGES:
            return False
        levels = tuple(sorted({"hard", *levels} - {EXPERT}))
    for level in levels:
        try:
            spec.ai(view, legal, ai_rng(0, 0), level=level)
        except NotImplementedError:
            return False
        except Exception:
            # A buggy AI is still an AI: at the table a failing move falls back to the first
            # legal one, so refusing the game here would only hide the bug.
            log.exception("%s: computer player failed its first move", spec.name)
    return True


def refuse_without_ai(spec: GameSpec, levels: Iterable[str]) -> None:
    levels = list(levels)
    if levels and not has_computer_player(spec, levels):
        raise IllegalAction(f"{spec.title} has no computer player yet; seat only people.")


def choose(
    spec: GameSpec,
    view: dict[str, Any],
    legal: list[dict[str, Any]],
    seed: int,
    action_number: int,
    level: str,
) -> dict[str, Any]:
    return spec.ai(view, legal, ai_rng(seed, action_number), level=level)
