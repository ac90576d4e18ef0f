"""Black Lady (Hearts with the Q♠), the seventh game: three or four players, cards passed
unseen between them before each deal, and points that count against you (docs/DESIGN.md,
"Adding a game").

Options: ``points``: the total that ends the game at the end of a deal (50 by default).

Actions: {"type": "pass", "card": "QS"} (three times each, all seats at once, before a deal's
play when it passes) and {"type": "play", "card": "KH"}.

View keys (view(seat); view(None) is the channel's view and has no seat's own keys):
    game, seat, players, to_act, waiting_for, outcome   as in the contract
    deal, points          this deal (1-based), the total that ends the game
    pass_offset           seats onward this deal's passes go (0: nobody passes)
    passing               whether seats are still choosing cards to pass
    chosen_count          per seat, cards chosen to pass so far
    leader, turn          seat that leads this trick; seat to play (None while passing, over)
    trick                 [{"seat", "card"}] cards played to this trick
    last_trick            None, or {"cards": [...as trick], "winner", "points"}
    played                the cards of this deal's finished tricks
    broken                whether a heart has been played this deal
    taken, tricks         per seat, this deal's points and tricks taken
    hand_sizes            per seat, cards in hand
    scores                per seat, points of the finished deals (fewest wins)
    hand, chosen          (own seat only) the seat's cards; those it chose to pass
    known                 (own seat only) {"seat", "cards"}: the cards it passed that seat
                          still holds
"""

from __future__ import annotations

from typing import Any

from engine.achievements import win_margin
from engine.cards import card_symbol
from engine.contract import Action, View
from engine.spec import AI_LEVELS, GameSpec, Option, ReviewTerms

from .ai import choose_action
from .analysis import analyse
from .game import BlackLadyGame, pass_words

RULES = (
    ("The deal", "Every card is dealt (with three players the 2♦ is left out). Each player "
                 "then passes three cards at once: left, right, across (with four), and "
                 "every last deal of the turn nobody passes."),
    ("Tricks", "The 2♣ leads the first trick. Follow suit if you can; the highest card of "
               "the suit led wins (aces high) and leads next. No points on the first trick "
               "unless you hold nothing else; hearts are not led until one is played."),
    ("Scoring", "Each heart you take costs a point and the Q♠ 13. Take all 26 and you shoot "
                "the moon: everyone else takes 26. When a deal ends with anyone on the "
                "game's points, the fewest points win."),
)


def action_label(action: Action) -> str:
    verb = "Pass" if action["type"] == "pass" else "Play"
    return f"{verb} {card_symbol(action['card'])}"


def status_lines(view: View) -> list[str]:
    scores = ", ".join(f"{{s{s}}} {score}" for s, score in enumerate(view["scores"]))
    lines = [f"Deal {view['deal']} · to {view['points']} · totals {scores}"]
    if view["passing"]:
        lines.append(f"Passing three cards {pass_words(view['pass_offset'], view['players'])}")
    else:
        taken = ", ".join(f"{{s{s}}} {t}" for s, t in enumerate(view["taken"]))
        lines.append(f"Points taken this deal: {taken}"
                     + (" · hearts broken" if view["broken"] else ""))
    return lines


def _new_game(players: int, options: dict[str, Any], seed: int) -> BlackLadyGame:
    return BlackLadyGame(players, options, seed)


SPEC = GameSpec(
    name="black-lady",
    title="Black Lady",
    min_players=3,
    max_players=4,
    factory=_new_game,
    options=(Option("points", 50, (50, 100, 26), "The total that ends the game"),),
    ai=choose_action,
    levels=AI_LEVELS,
    analyse=analyse,
    review_terms=ReviewTerms(
        about=("Figures are points as the computer weighs them, a point you take counting "
               "against you: estimates."),
        exact=False, plays="trick play"),
    action_label=action_label,
    status_lines=status_lines,
    rules=RULES,
    fewest_points_win=True,
    moments=(win_margin("points", "the nearest loser's points less the winner's"),),
    order=70,
    render_package="tests.seventh_game.black_lady_render",
)

__all__ = ["SPEC", "BlackLadyGame"]
