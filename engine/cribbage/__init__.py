"""Cribbage for 2-4 players (4 as two partnerships), and the parts PIP Cribbage and Crib Race
build on: the rules core (sim.py, its integer pieces, scores and codes in pieces.py), the
contract over it (game.py, its words in words.py), scoring, sides, the deal plan and cuts, and
for their computer players the crib table (crib_values.py), the expert's rollout player
(family_rollout.py), its exact search of a two-player play (play_search.py) and its reading of
the other player's keep (inference.py). Cribbage's own players are ai.py, its rollout
rollout.py (with the two-player win chances), its analysis analysis.py.

The game itself and its view keys are documented in engine/cribbage/game.py.
"""

from __future__ import annotations

from typing import Any

from engine.cribbage import rollout
from engine.cribbage.achievements import ACHIEVEMENTS, MOMENTS
from engine.cribbage.ai import choose_action, choose_off_turn
from engine.cribbage.analysis import analyse, let_pass
from engine.cribbage.game import CribbageGame
from engine.cribbage.presentation import (
    RULES,
    action_label,
    choice_lines,
    status_lines,
    typed_number,
)
from engine.cribbage.sides import Sides
from engine.cribbage.sim import CribbageSim
from engine.spec import LEVELS, GameSpec, Option, ReviewTerms

#: Options PIP Cribbage offers too.
TARGET = Option("target", 121, (121, 61), "Points to win: 121, or 61 for a short game.")
MUGGINS = Option("muggins", False, (False, True),
                 "On: players count their own hands, and opponents may take points they "
                 "miss. Off: the bot counts every hand.")


def option_target(options: dict[str, Any]) -> int:
    """The target the options choose (docs/RULES.md C-12), the default where none is given."""
    return int(options.get(TARGET.name, TARGET.default))


def _sides(players: int, options: dict[str, Any]) -> list[int]:
    return list(Sides.cribbage(players).side_of)


SPEC = GameSpec(
    name="cribbage",
    title="Cribbage",
    min_players=2,
    max_players=4,
    factory=CribbageGame,
    options=(
        TARGET,
        MUGGINS,
        # Honest by construction: Cribbage has no 4-player game without partners, so the only
        # value is True; 2 and 3 players always play for themselves.
        Option("teams", True, (True,),
               "Four players always play as two partnerships (seats 1 & 3 against 2 & 4); "
               "two or three players play for themselves."),
    ),
    target=option_target,
    ai=choose_action,
    off_turn=choose_off_turn,
    levels=LEVELS,
    rollout=rollout,
    analyse=analyse,
    let_pass=let_pass,
    review_terms=ReviewTerms(
        about=("Figures are points on average, yours less your opponents'; the pegging ones "
               "look one reply ahead, so they are estimates."), plays="pegging"),
    sides=_sides,
    action_label=action_label,
    typed_number=typed_number,
    choice_lines=choice_lines,
    status_lines=status_lines,
    rules=RULES,
    order=10,
    forced=("go",),
    simulation=CribbageSim,
    achievements=ACHIEVEMENTS,
    moments=MOMENTS,
)

__all__ = ["SPEC", "CribbageGame"]
