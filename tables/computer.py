"""Running a spec's computer player: deterministic randomness and the check that a game offers
the levels asked for (`GameSpec.levels`; the expert level is the search of
engine/search/expert.py around the hard level, which tables/expert_pool.py runs), and its
optional moves off turn (`GameSpec.off_turn`)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from engine.errors import IllegalAction
from engine.registry import GameSpec
from engine.spec import EXPERT

__all__ = ["EXPERT", "ai_rng", "choose", "choose_off_turn", "has_computer_player",
           "refuse_without_ai"]


def ai_rng(seed: int, action_number: int) -> random.Random:
    """The AI's randomness for the move that will be action number `action_number`.

    Seeding with a string is stable across runs and Python versions (it is hashed with
    SHA-512), so after a restart a pending computer turn is decided exactly as it would have
    been without one."""
    return random.Random(f"ai:{seed}:{action_number}")


def has_computer_player(spec: GameSpec, levels: Iterable[str] = ("normal",)) -> bool:
    """Whether the game offers a computer player at every one of `levels`."""
    return all(level in spec.levels for level in levels)


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
    if spec.ai is None:
        raise IllegalAction(f"{spec.title} has no computer player.")
    return spec.ai(view, legal, ai_rng(seed, action_number), level=level)


def choose_off_turn(
    spec: GameSpec,
    view: dict[str, Any],
    legal: list[dict[str, Any]],
    seed: int,
    action_number: int,
    level: str,
) -> dict[str, Any] | None:
    """The seat's optional move while the game waits for another, or None to let it go on.
    The expert judges these as hard does: it searches only the moves the game waits for.
    The randomness is the seat's own for this state (`view` names the seat), so a restart
    decides the same way."""
    if spec.off_turn is None:
        return None
    rng = random.Random(f"off-turn:{seed}:{action_number}:{view['seat']}")
    return spec.off_turn(view, legal, rng, level="hard" if level == EXPERT else level)
