"""Goofspiel, the eighth game: two or three players bid at once for each diamond.

Options: ``ties``: what a tie for the highest bid does to the prize, "discard" (thrown out,
the default) or "carry" (it stays in the pot for the next round).

Actions: {"type": "bid", "card": "KS"}.

View keys (view(seat); view(None) is the channel's view and has no "hand" nor "my_bid"):
    game, seat, players, to_act, waiting_for, outcome   as in the contract
    round          this round, 1 to 13
    ties           the option
    pot            the prizes up for bids this round (more than one after a carried tie)
    prizes_left    prizes still face down
    bid            per seat, whether it has bid this round (its card stays face down)
    shown          per seat, the cards it bid in the rounds before this one, by rank
    won            per seat, the prizes it took
    thrown         prizes a tie threw out
    scores         per seat, the values of the prizes it took
    last_round     None, or {"round", "pot", "bids": per seat, "winner": seat or None}
    hand, my_bid   (own seat only) its cards, and its face-down bid this round or None
"""

from __future__ import annotations

from typing import Any

from engine.cards import card_symbol, parse_card
from engine.contract import Action, View
from engine.spec import AI_LEVELS, GameSpec, Option, ReviewTerms
from tests.eighth_game.goofspiel.ai import choose_action
from tests.eighth_game.goofspiel.analysis import analyse
from tests.eighth_game.goofspiel.game import GoofspielGame

RULES = (
    ("The cards", "Each player takes one suit: spades, hearts, then clubs. The diamonds are "
                  "the prizes, shuffled face down."),
    ("Bidding", "Each round one prize is turned up and everyone bids a card from their hand "
                "at once, face down. The bids are shown together: the highest takes the "
                "prize. Aces are 1 and kings 13, bids and prizes alike."),
    ("Ties", "A tie for the highest bid takes nothing: the prize is thrown out, or, with "
             "ties carried, stays for the next round's winner."),
    ("Winning", "After 13 rounds the most prize points win."),
)


def action_label(action: Action) -> str:
    return f"Bid {card_symbol(action['card'])}"


def status_lines(view: View) -> list[str]:
    totals = ", ".join(f"{{s{s}}} {score}" for s, score in enumerate(view["scores"]))
    pot = " ".join(card_symbol(c) for c in view["pot"])
    lines = [f"Round {view['round']} of 13 · totals {totals}"]
    if view["outcome"] is None:
        waiting = ", ".join(f"{{s{s}}}" for s in view["to_act"])
        lines.append(f"Up for bids: {pot} · waiting for {waiting}")
    last = view["last_round"]
    if last:
        bids = ", ".join(f"{{s{s}}} {card_symbol(c)}" for s, c in enumerate(last["bids"]))
        lines.append(f"Last round's bids: {bids}")
    return lines


def choice_lines(view: View) -> list[str]:
    """What a bid is for: the pot, shown beside the seat's cards."""
    if view["outcome"] is not None or not view["pot"]:
        return []
    worth = sum(parse_card(c).rank for c in view["pot"])
    pot = " ".join(card_symbol(c) for c in view["pot"])
    return [f"Up for bids: {pot}, worth {worth} {'point' if worth == 1 else 'points'}"]


def _new_game(players: int, options: dict[str, Any], seed: int) -> GoofspielGame:
    return GoofspielGame(players, options, seed)


SPEC = GameSpec(
    name="goofspiel",
    title="Goofspiel",
    min_players=2,
    max_players=3,
    factory=_new_game,
    options=(Option("ties", "discard", ("discard", "carry"),
                    "What a tie for the highest bid does to the prize"),),
    ai=choose_action,
    levels=AI_LEVELS,
    analyse=analyse,
    review_terms=ReviewTerms(
        about="Figures are prize points as the computer weighs them: estimates.",
        exact=False, plays="bidding"),
    action_label=action_label,
    status_lines=status_lines,
    choice_lines=choice_lines,
    rules=RULES,
    order=80,
    render_package="tests.eighth_game.goofspiel_render",
)

__all__ = ["SPEC", "GoofspielGame"]
