"""Where the unseen cards of Pip Pip are, as the other seats' play makes likely: a seat keeps
its trumps, kings and queens and throws its low plain cards, so as the round goes on the
cards still in hands are richer in those than the draw pile is.

A determinized deal (Game.determinize) spreads the cards the searching seat cannot see over
the others' hands and the pile all alike. `HeldCards` deals them again with a weight for each
card by kind (trump or not; 2, ace, king, queen, jack or lower) and by how far the round is:
the odds, measured in games of hard players, that a card of that kind still in play is in a
hand rather than in the pile, against the odds of a card chosen blindly. Hands take their
cards by weighted sampling without replacement; each seat's share of them is drawn at
random, and the pile gets the rest. Once drawing stops, every unseen card is in a hand.

Everything read is the seat's own view; the deal's hidden cards are only replaced.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.cards import SUITS, parse_card
from engine.pip_pip.sim import KQ_CODES, PACK, PipPipSimulation, encode

#: Odds ratios by tricks played (1-5, 6-10, 11-15, 16 on), then plain cards and trumps, each
#: 2, ace, king, queen, jack, lower. Measured over 150 one-round games of four hard players.
ODDS = (
    ((1.05, 1.05, 1.13, 1.11, 1.12, 0.78), (1.34, 1.24, 1.62, 1.82, 1.18, 1.24)),
    ((1.01, 0.91, 1.28, 1.32, 1.07, 0.56), (1.81, 1.65, 2.56, 3.11, 1.44, 1.45)),
    ((1.22, 0.79, 1.27, 1.39, 0.99, 0.49), (1.94, 1.86, 3.65, 4.95, 1.54, 1.46)),
    ((1.30, 0.93, 1.25, 1.44, 1.13, 0.48), (2.04, 1.49, 4.40, 5.26, 1.26, 1.48)),
)
#: The kind of a card by strength (3 is 0 .. 2 is 12): 2, ace, king, queen, jack, lower.
KIND = [5] * 8 + [4, 3, 2, 1, 0]


def stage(trick_number: int) -> int:
    """The row of ODDS: tricks 1-5, 6-10, 11-15, 16 on."""
    return min(3, (trick_number - 1) // 5)


class HeldCards:
    """For one decision of the seat whose `view` this is, while the others still draw: deals
    each determinized deal's hidden cards again, hands richer in what players keep."""

    def __init__(self, view: dict) -> None:
        self.seat = int(view["seat"])
        seen = Counter(encode(parse_card(text)) for text in view["hand"])
        seen.update(encode(parse_card(text)) for text in view["played"])
        seen.update(encode(parse_card(play["card"])) for play in view["trick"])
        for other, face_up in enumerate(view["declared"]):
            if other != self.seat:
                seen.update(encode(parse_card(text)) for text in face_up)
        self.unseen = sorted((Counter(PACK) - seen).elements())
        odds = ODDS[stage(int(view["trick_number"]))]
        trump = SUITS.index(view["trump"])
        self.exponents = [1.0 / odds[card >> 4 == trump][KIND[card & 15]]
                          for card in self.unseen]

    def __call__(self, sim: PipPipSimulation, rng: random.Random) -> None:
        others = [other for other in range(sim.players) if other != self.seat]
        face_up = {other: [code for code in KQ_CODES
                           for _ in range(sim.declared[other << 6 | code])]
                   for other in others}
        room = [len(sim.hands[other]) - len(face_up[other]) for other in others]
        # Weighted sampling without replacement: the largest keys u ** (1 / weight).
        random_ = rng.random
        keyed = sorted(zip([random_() ** exponent for exponent in self.exponents],
                           self.unseen, strict=True), reverse=True)
        cards = [card for _, card in keyed]
        held = cards[:sum(room)]
        rng.shuffle(held)
        rest = cards[sum(room):]
        rng.shuffle(rest)
        hands = [hand[:] for hand in sim.hands]
        for other, size in zip(others, room, strict=True):
            hands[other] = face_up[other] + held[:size]
            del held[:size]
        sim.replace_hidden(hands, rest[:len(sim.pile)])
