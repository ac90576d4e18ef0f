"""PIP Cribbage: two-player Cribbage with a PIP die each and the nine-space PIP Track
(docs/RULES.md, PIP Cribbage). `SPEC` makes it GAMES["pip-cribbage"].

Built on engine/cribbage (its rules core CribbageSim and its contract CribbageGame); the rules
core is engine/pip_cribbage/sim.py, the contract over it game.py, the dice as views show them
dice.py, the track's spaces track.py.

Options: ``target`` 121 (default) or 61; ``muggins`` off (default) or on, Cribbage's muggins
unchanged (the Cribbage parts give it: players claim their counts; the claims offered are the
totals a hand of that many cards and dice can make, up to 40, or 70 for a Borrowed PIP hand).

Phases ("phase"): "crux" (dealer on space 5 chooses before anyone discards), "discard"
(simultaneous), "play", "show" (waits for the dealer's Turn choice, or for claims with
muggins), "over".

Actions (Cribbage's, plus the dealer's choices):
    {"type": "discard", "cards": ["5H"]}        one card to the crib
    {"type": "play", "card": "5H"}              lay a card; {"type": "play", "card": "P4"}
                                                lays your die at its current value (P1 = ace)
    {"type": "go"}
    {"type": "crux", "choice": "renew"}         Crux: +2 pips now (max 6)
    {"type": "crux", "choice": "priority"}      Crux: dealer's hand, crib, then the other hand
    {"type": "flip", "face": 3}                 Turn: flip to the opposite face before your hand
    {"type": "keep_die"}                        Turn: leave the die as it is
    {"type": "claim", "points": n}, {"type": "muggins"}, {"type": "keep"},
    {"type": "give_back"}, {"type": "pass"}     muggins, as in Cribbage

View keys: every Cribbage view key (engine/cribbage/game.py) with dice as "P4" wherever a
piece appears ("hand" during the play holds your die; "played", "pile" and "show" show die
plays and dice; "hand_sizes" count a die still to be laid as a piece), plus:
    dice         [{"owner": seat, "space": 1..9, "face": 1..6, "direction": +1 | -1,
                 "piece": "P4"}] per seat (dice are public: "piece" is the face as notation)
    effect       the dealer's space this deal: {"seat": dealer, "space", "key", "name",
                 "text", "active"}; key is one of crib_bonus, extra_decay, double_pip, rise,
                 crux, turn, borrowed_pip; "active" False for 2/4/6/8 (they act on entry only)
    crux_choice  None, "renew" or "priority" (this deal)
    turn_choice  None unless the effect is Turn; then {"pending": bool (the dealer must
                 choose now), "choice": None | "flip" | "keep_die", "from_face", "to_face"}
    pip_plays    die plays each seat still has to make in this deal's play (2 for the dealer on
                 Double PIP before the play)
    show_order   this deal's counts in order: [{"kind": "hand" | "crib", "seat"}]

Events are Cribbage's (deal, starter, play, go, count_reset, score, show, claim, muggins...,
game_over) plus "effect" (the dealer's space at the deal), "crux", "turn" and "die_move"
(after the show), each with a "text" in which seats are written "{s0}", "{s1}".
"""

from __future__ import annotations

from typing import Any

from engine.cribbage.presentation import choice_lines, typed_number
from engine.pip_cribbage import rollout
from engine.pip_cribbage.achievements import ACHIEVEMENTS, MOMENTS
from engine.pip_cribbage.ai import choose_action
from engine.pip_cribbage.analysis import analyse
from engine.pip_cribbage.game import PipCribbageGame
from engine.pip_cribbage.sim import PipCribbageSim
from engine.pip_cribbage.text import RULES, action_label, status_lines
from engine.spec import LEVELS, GameSpec, Option, ReviewTerms


def _sides(players: int, options: dict[str, Any]) -> list[int]:
    return list(range(players))


SPEC = GameSpec(
    name="pip-cribbage",
    title="PIP Cribbage",
    min_players=2,
    max_players=2,
    factory=PipCribbageGame,
    options=(
        Option("target", 121, (121, 61), "Points to win: 121, or 61 for a short game."),
        Option("muggins", False, (False, True),
               "Players count their own hands; opponents may take missed points."),
    ),
    ai=choose_action,
    levels=LEVELS,
    rollout=rollout,
    analyse=analyse,
    review_terms=ReviewTerms(plays="pegging"),
    sides=_sides,
    action_label=action_label,
    typed_number=typed_number,
    choice_lines=choice_lines,
    status_lines=status_lines,
    rules=RULES,
    order=20,
    forced=("go",),
    simulation=PipCribbageSim,
    achievements=ACHIEVEMENTS,
    moments=MOMENTS,
)

__all__ = ["SPEC", "PipCribbageGame"]
