"""PIP Cribbage: two-player Cribbage with a PIP die each and the nine-space PIP Track
(docs/RULES.md, PIP Cribbage). `SPEC` makes it GAMES["pip-cribbage"].

Built on engine/cribbage: the rules core is sim.py (over CribbageSim), the contract over it
game.py (over CribbageGame), the track's spaces track.py.
The phases are Cribbage's and "crux" (the dealer on space 5 chooses before anyone discards);
the show also waits for the dealer's Turn choice.

Actions are Cribbage's, a die laid as {"type": "play", "card": "P4"} (at its current value, P1
an ace), and the dealer's choices:
    {"type": "crux", "choice": "renew"}      Crux: +2 pips now (max 6)
    {"type": "crux", "choice": "priority"}   Crux: dealer's hand, crib, then the other hand
    {"type": "flip", "face": 3}              Turn: flip to the opposite face before your hand
    {"type": "keep_die"}                     Turn: leave the die as it is
With muggins the claims offered are the totals a hand of that many cards and dice can make (up
to 40, or 70 for a Borrowed PIP hand).

Views write a die as the piece "P4" wherever one appears ("hand_sizes" count a die still to
be laid) and add to Cribbage's keys:
    dice         [{"owner", "space", "face", "direction": +1 | -1, "piece"}] per seat (public)
    effect       the dealer's space: {"seat", "space", "key", "name", "text", "active"}; key one
                 of crib_bonus, extra_decay, double_pip, rise, crux, turn, borrowed_pip;
                 "active" False for 2/4/6/8 (they act on entry only)
    crux_choice  None, "renew" or "priority" (this deal)
    turn_choice  None unless on Turn: {"pending", "choice", "from_face", "to_face"}
    pip_plays    die plays each seat still has to make in this deal's play
    show_order   this deal's counts in order: [{"kind": "hand" | "crib", "seat"}]
Events are Cribbage's plus "effect", "crux", "turn" and "die_move".
"""

from __future__ import annotations

from engine.cribbage import MUGGINS, TARGET, option_target
from engine.cribbage.analysis import let_pass
from engine.cribbage.presentation import typed_number
from engine.pip_cribbage import rollout
from engine.pip_cribbage.achievements import ACHIEVEMENTS, MOMENTS
from engine.pip_cribbage.ai import choose_action, choose_off_turn
from engine.pip_cribbage.analysis import analyse
from engine.pip_cribbage.game import PipCribbageGame
from engine.pip_cribbage.sim import PipCribbageSim
from engine.pip_cribbage.text import RULES, action_label, choice_lines, status_lines
from engine.spec import LEVELS, GameSpec, ReviewTerms

SPEC = GameSpec(
    name="pip-cribbage",
    title="PIP Cribbage",
    min_players=2,
    max_players=2,
    factory=PipCribbageGame,
    options=(TARGET, MUGGINS),
    target=option_target,
    ai=choose_action,
    off_turn=choose_off_turn,
    levels=LEVELS,
    rollout=rollout,
    analyse=analyse,
    let_pass=let_pass,
    review_terms=ReviewTerms(
        about=("Figures are points on average, yours less your opponent's; the pegging and "
               "Crux ones are estimates."), plays="pegging"),
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
