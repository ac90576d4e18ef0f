"""Goofspiel's computer players and the weighing hints share.

The normal player bids the pot's own value, as near as its hand allows. The hard player
weighs a bid as the prize points it should win this round, less what the card is worth kept:
each opponent is taken to bid the pot's value half the time and any card it has not shown
the other half, and a hand's cards to be worth, rank for rank, a fair share of the prizes
still to come.
"""

from __future__ import annotations

import random
from typing import Any

from engine.cards import Card, parse_card
from engine.contract import Action, View
from tests.eighth_game.goofspiel.game import SUITS, suit_cards

#: How far below the best weighed bid the hard player still bids.
NEAR = 1.0
#: How often the hard player expects an opponent to bid the pot's value.
FOLLOWS_POT = 0.5


def _cards(texts: Any) -> list[Card]:
    return [parse_card(t) for t in texts]


def future_prizes(view: View) -> list[int]:
    """The prize values still face down: every diamond not in the pot, taken or thrown out."""
    seen = {c.rank for c in _cards(view["pot"]) + _cards(view["thrown"])}
    for won in view["won"]:
        seen |= {c.rank for c in _cards(won)}
    return [rank for rank in range(1, 14) if rank not in seen]


def pot_value(view: View) -> int:
    return sum(c.rank for c in _cards(view["pot"]))


def nearest(cards: list[Card], value: int) -> Card:
    """The card whose rank is nearest the value (a king for more than 13), the lower of two."""
    return min(cards, key=lambda c: (abs(c.rank - min(value, 13)), c.rank))


def chance_to_take(view: View, rank: int) -> float:
    """How often a bid of `rank` beats every opponent (each as the module's docstring says)."""
    chance, pot = 1.0, pot_value(view)
    for seat, shown in enumerate(view["shown"]):
        if seat == view["seat"]:
            continue
        # What it has not shown yet: its hand and any face-down bid.
        unshown = [c for c in suit_cards(SUITS[seat]) if str(c) not in shown]
        below = sum(c.rank < rank for c in unshown) / len(unshown)
        follows = nearest(unshown, pot).rank < rank
        chance *= FOLLOWS_POT * follows + (1 - FOLLOWS_POT) * below
    return chance


def weigh(view: View, action: Action) -> dict[str, float]:
    """The parts of a bid's worth: the pot it should take and the worth it spends."""
    rank = parse_card(action["card"]).rank
    pot = pot_value(view)
    hand = sum(c.rank for c in _cards(view["hand"]))
    share = (pot + sum(future_prizes(view))) / view["players"]
    return {"prize": chance_to_take(view, rank) * pot, "spent": -share * rank / hand}


def choose_action(view: View, legal: list[Action], rng: random.Random, level: str) -> Action:
    if level == "easy" or len(legal) == 1:
        return rng.choice(legal)
    if level == "normal":
        card = str(nearest(_cards(view["hand"]), pot_value(view)))
        return next(a for a in legal if a["card"] == card)
    # Among bids within a point of the best, any: a player who always bids alike is read.
    worth = {a["card"]: sum(weigh(view, a).values()) for a in legal}
    best = max(worth.values())
    return rng.choice([a for a in legal if worth[a["card"]] >= best - NEAR])
