"""German Whist's computer players, from their own view only.

easy plays any legal card. normal and hard weigh every card with `weigh` (what winning or
losing this trick is worth, less the strength spent); hard also counts the cards gone and the
ones it knows the other seat took, so it leads a card nothing left can beat.
"""

from __future__ import annotations

import random

from engine.cards import Card, parse_card, standard_deck
from engine.contract import Action, View
from tests.sixth_game.german_whist.game import beats, strength

#: What a card spent costs, as a share of a trick, per point of strength above the two.
SPENDING = 0.03


def stake(view: View) -> float:
    """What winning the trick is worth in tricks that count: one after the stock is gone;
    while it lasts, how much better the face-up card is than an unseen one."""
    top = view["stock_top"]
    if top is None:
        return 1.0
    card = parse_card(top)
    worth = max(0.0, (strength(card) - 8) / 6) + (0.5 if card.suit == view["trump"] else 0.0)
    return worth * 0.5


def chance_to_win(view: View, card: Card, counting: bool) -> float:
    """1 or 0 when the trick is already led; as the leader an estimate from how many cards
    still out could beat it (all the unseen ones when `counting` is off)."""
    trump = view["trump"]
    if view["trick"]:
        led_card = parse_card(view["trick"][0]["card"])
        return 1.0 if beats(card, led_card, led_card.suit or "", trump) else 0.0
    gone = set(view["played"])
    own = set(view.get("hand", []))
    outside = [c for c in standard_deck()
               if str(c) not in own and not (counting and str(c) in gone)]
    known = [parse_card(c) for seat, cards in enumerate(view["known"]) if seat != view["seat"]
             for c in cards]
    threats = [c for c in outside if beats(c, card, card.suit or "", trump)]
    if counting and any(beats(c, card, card.suit or "", trump) for c in known):
        return 0.0
    return 1.0 - len(threats) / max(1, len(outside))


def weigh(view: View, action: Action, counting: bool) -> dict[str, float]:
    card = parse_card(action["card"])
    win = chance_to_win(view, card, counting)
    return {"trick": round(win * stake(view), 6),
            "card spent": round(-SPENDING * (strength(card) - 2) * (1 if win else 0.5), 6)}


def choose_action(view: View, legal: list[Action], rng: random.Random, level: str) -> Action:
    if level == "easy" or len(legal) == 1:
        return rng.choice(legal)
    counting = level == "hard"
    return max(legal, key=lambda a: (sum(weigh(view, a, counting).values()), a["card"]))

