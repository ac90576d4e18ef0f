"""What a suit not followed says about a hand: in Pip Pip, the expert's deals give no seat more
cards of a suit than the table knows it can hold.

A seat that did not follow the led suit held no other card of it; each card it drew since may
be of any suit, and each it played of that suit since was one of those (the game keeps that
count for everyone: the view's `suit_limits`). A determinized deal (Game.determinize) knows
nothing of it. In the last seven tricks, when no one draws, the limits stay for the rest of
the round, and a search that hands a void seat the trumps it lacks plays against a phantom.

For each deal `SuitLimits` deals the cards the searching seat cannot see (PACK less its hand,
the cards played and the others' face-up cards) to the other seats' hidden places again: each
seat held to its limits, taking its cards' counts by suit in proportion to the number of
hands with those counts, then the cards of each suit at random; the seats without a limit,
the draw pile and the cards set aside take the rest at random. One limited seat is then dealt
exactly as its limits allow; with several, each in turn, which is close. A deal in which the
seats dealt first left a later one no way to keep its limits is drawn again, up to `TRIES`
times, and then left as determinized.

Everything read is the seat's own view; the deal's hidden cards are only replaced.
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb, prod

from engine.cards import SUITS, parse_card
from engine.pip_pip.sim import KQ_CODES, PACK, PipPipSimulation, encode

#: Deals drawn again before one is left as determinized.
TRIES = 20


class SuitLimits:
    """For one decision of the seat whose `view` this is: deals each determinized deal's
    hidden cards again within what every other seat's plays showed of its suits."""

    def __init__(self, view: dict) -> None:
        self.seat = int(view["seat"])
        self.limits = [{SUITS.index(suit): most for suit, most in limits.items()}
                       for limits in view["suit_limits"]]
        seen = Counter(encode(parse_card(text)) for text in view["hand"])
        seen.update(encode(parse_card(text)) for text in view["played"])
        seen.update(encode(parse_card(play["card"])) for play in view["trick"])
        for other, face_up in enumerate(view["declared"]):
            if other != self.seat:
                seen.update(encode(parse_card(text)) for text in face_up)
        self.unseen = sorted((Counter(PACK) - seen).elements())

    def __call__(self, sim: PipPipSimulation, rng: random.Random) -> None:
        others = [other for other in range(sim.players) if other != self.seat]
        face_up = {other: [code for code in KQ_CODES
                           for _ in range(sim.declared[other << 6 | code])]
                   for other in others}
        room = {other: len(sim.hands[other]) - len(face_up[other]) for other in others}
        # A seat's face-up kings and queens count toward its limit in their suit.
        limits = {}
        for other in others:
            hidden = {suit: most - sum(code >> 4 == suit for code in face_up[other])
                      for suit, most in self.limits[other].items()}
            if any(most < room[other] for most in hidden.values()):
                limits[other] = hidden
        if not limits:
            return
        # The tightest first: the seat allowed the fewest suits, the fewest cards.
        order = sorted(limits, key=lambda other: sorted(limits[other].values()))
        for _ in range(TRIES):
            rest = self.unseen[:]
            rng.shuffle(rest)
            hands: dict[int, list[int]] = {}
            for other in order:
                hand = _draw_within(rest, room[other], limits[other], rng)
                if hand is None:
                    break
                hands[other] = hand
            else:
                for other in others:
                    if other not in hands:
                        hands[other] = rest[:room[other]]
                        del rest[:room[other]]
                pile = rest[:len(sim.pile)]
                sim.replace_hidden([sim.hands[seat][:] if seat == self.seat
                                    else face_up[seat] + hands[seat]
                                    for seat in range(sim.players)], pile)
                return


def _draw_within(rest: list[int], size: int, limits: dict[int, int],
                 rng: random.Random) -> list[int] | None:
    """`size` cards taken from the shuffled `rest` with at most `limits[suit]` of each limited
    suit, every such hand equally likely; None if there is none."""
    held = [[card for card in rest if card >> 4 == suit] for suit in range(4)]
    most = [min(limits.get(suit, size), len(held[suit])) for suit in range(4)]
    counts: list[tuple[int, ...]] = []
    weights: list[int] = []
    for first in range(min(most[0], size) + 1):
        for second in range(min(most[1], size - first) + 1):
            for third in range(min(most[2], size - first - second) + 1):
                fourth = size - first - second - third
                if fourth <= most[3]:
                    split = (first, second, third, fourth)
                    counts.append(split)
                    weights.append(prod(comb(len(held[suit]), count)
                                        for suit, count in enumerate(split)))
    if not counts:
        return None
    split = rng.choices(counts, weights)[0]
    hand = [card for suit, count in enumerate(split) for card in held[suit][:count]]
    for card in hand:
        rest.remove(card)
    return hand
