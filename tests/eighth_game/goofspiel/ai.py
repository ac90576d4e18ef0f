"""Goofspiel's computer players and the weighing hints share.

A bid is weighed as the prize points it should win this round, less what the card is worth
kept: each opponent is taken to bid any card it has not shown alike, and a hand's cards to
be worth, rank for rank, a fair share of the prizes still to come.
"""

from __future__ import annotations

import random
from typing import Any

from engine.cards import Card, parse_card
from engine.contract import Action, View
from tests.eighth_game.goofspiel.game import SUITS, suit_cards

#: How far below the best weighed bid the hard player still bids.
NEAR = 1.0


def _cards(texts: Any) -> list[Card]:
    return [parse_card(t) for t in texts]


def future_prizes(view: View) -> list[int]:
    """The prize values still face down: every diamond not in the pot, taken or thrown out."""
    seen = {c.rank for c in _cards(view["pot"]) + _cards(view["thrown"])}
    for won in view["won"]:
        seen |= {c.rank for c in _cards(won)}
    return [rank for rank in range(1, 14) if rank not in seen]


def chance_to_take(view: View, rank: int) -> float:
    """How often a bid of `rank` beats every opponent, each bidding any unshown card alike."""
    chance = 1.0
    for seat, shown in enumerate(view["shown"]):
        if seat == view["seat"]:
            continue
        # What it has not shown yet: its hand and any face-down bid.
        unshown = [c for c in suit_cards(SUITS[seat]) if str(c) not in shown]
        chance *= sum(c.rank < rank for c in unshown) / len(unshown)
    return chance


def weigh(view: View, action: Action) -> dict[str, float]:
    """The parts of a bid's worth: the pot it should take and the worth it spends."""
    rank = parse_card(action["card"]).rank
    pot = sum(c.rank for c in _cards(view["pot"]))
    hand = sum(c.rank for c in _cards(view["hand"]))
    share = (pot + sum(future_prizes(view))) / view["players"]
    return {"prize": chance_to_take(view, rank) * pot, "spent": -share * rank / hand}


def choose_action(view: View, legal: list[Action], rng: random.Random, level: str) -> Action:
    if level == "easy" or len(legal) == 1:
        return rng.choice(legal)
    if level == "normal":  # bid the pot's own value, as near as the hand allows
        pot = sum(c.rank for c in _cards(view["pot"]))
        return min(legal, key=lambda a: (abs(parse_card(a["card"]).rank - min(pot, 13)),
                                         parse_card(a["card"]).rank))
    # Among bids within a point of the best, any: a player who always bids alike is read.
    worth = {a["card"]: sum(weigh(view, a).values()) for a in legal}
    best = max(worth.values())
    return rng.choice([a for a in legal if worth[a["card"]] >= best - NEAR])
