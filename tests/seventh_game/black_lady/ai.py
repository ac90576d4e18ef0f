"""Black Lady's computer players, from their own view only.

easy plays any legal card. normal and hard weigh every card with `weigh`: for a pass, how
dangerous the card is to keep; for a play, the points the trick is likely to cost if the card
wins it, less a little for each high card kept. hard also counts the cards gone, so it knows
when a card can no longer be beaten.
"""

from __future__ import annotations

import random

from engine.cards import Card, parse_card, standard_deck
from engine.contract import Action, View

from .game import QUEEN, penalty, strength

#: Points the seats still to play are expected to add to a trick, each.
DUMPED = 0.6
#: What keeping a high card costs, per point of strength above the two.
KEEPING = 0.05


def danger(card: Card, hand: list[Card]) -> float:
    """How many points keeping `card` is likely to cost: the queen most, then the spades
    above her while she is out, then high hearts and high cards."""
    if card == QUEEN:
        return 13.0
    spades = [c for c in hand if c.suit == "S"]
    if card.suit == "S" and strength(card) > 12 and QUEEN not in hand and len(spades) < 4:
        return 6.0
    high = strength(card) - 2
    return high * (0.5 if card.suit == "H" else 0.25)


def unseen_higher(view: View, card: Card, counting: bool) -> int:
    own = set(view.get("hand", []))
    gone = set(view["played"]) | {p["card"] for p in view["trick"]} if counting else set()
    return sum(1 for c in standard_deck()
               if c.suit == card.suit and strength(c) > strength(card)
               and str(c) not in own and str(c) not in gone)


def chance_to_win(view: View, card: Card, counting: bool) -> float:
    trick = [parse_card(p["card"]) for p in view["trick"]]
    if trick:
        led = trick[0].suit
        best = max((c for c in trick if c.suit == led), key=strength)
        if card.suit != led or strength(card) < strength(best):
            return 0.0
        if len(trick) == view["players"] - 1:
            return 1.0
    return 1.0 / (1 + unseen_higher(view, card, counting))


def weigh(view: View, action: Action, counting: bool) -> dict[str, float]:
    card = parse_card(action["card"])
    hand = [parse_card(c) for c in view.get("hand", [])]
    if action["type"] == "pass":
        return {"danger passed on": round(danger(card, hand), 6)}
    win = chance_to_win(view, card, counting)
    later = view["players"] - 1 - len(view["trick"])
    at_stake = sum(penalty(parse_card(p["card"])) for p in view["trick"]) + penalty(card)
    return {"points taken": round(-win * (at_stake + DUMPED * later), 6),
            "high card shed": round(KEEPING * (strength(card) - 2) * (1 - win), 6)}


def choose_action(view: View, legal: list[Action], rng: random.Random, level: str) -> Action:
    if level == "easy" or len(legal) == 1:
        return rng.choice(legal)
    counting = level == "hard"
    return max(legal, key=lambda a: (sum(weigh(view, a, counting).values()), a["card"]))
