"""The deal: who gets how many cards, who discards how many, and the cuts.

A `DealPlan` is built per deal because it depends on the dealer (Crib Race: the dealing team's
discards go under the deck; the four seats left of the dealer get the fifth card). Everything
is keyed by real seat numbers so the game never has to think in offsets.

Cuts are drawn from a random.Random the caller owns, so a game stays reproducible from its seed.
The starter is the top card of what is left of the (already shuffled) deck after the deal:
a random cut of a shuffled deck adds no randomness, and it lets tests stack a deal exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from engine.cards import Card
from engine.cribbage.pieces import CARD_OF, RANK, shuffled_deck


@dataclass(frozen=True)
class DealPlan:
    """cards[seat]: cards dealt to that seat; discards[seat]: how many it must give up.

    crib_from_deck: cards dealt straight from the deck into the crib (3 players: 1).
    to_bottom: seats whose discards go to the bottom of the deck instead of the crib
    (Crib Race, 6 seats: the dealer's team).
    """

    cards: tuple[int, ...]
    discards: tuple[int, ...]
    crib_from_deck: int = 0
    to_bottom: frozenset[int] = field(default_factory=frozenset)

    def crib_size(self) -> int:
        from_seats = sum(d for s, d in enumerate(self.discards) if s not in self.to_bottom)
        return from_seats + self.crib_from_deck

    #: Worked out with the plan, as every deal dealt by it reads it: (if every seat gets as
    #: many cards, for each dealer the slice of the deck each seat's hand is, one card at a time
    #: from the dealer's left, else (); whether each seat has nothing to discard; the seats that
    #: discard; how many cards the hands take from the top of the deck; how many the deal
    #: takes: the hands, the crib's from the deck and the starter). A field, not a
    #: cached_property: the search reads it every deal, and a plain attribute is the quicker
    #: read.
    layout: tuple[tuple[tuple[slice, ...], ...], tuple[bool, ...], tuple[int, ...], int, int] = (
        field(init=False, repr=False, compare=False))

    def __post_init__(self) -> None:
        cards = self.cards
        players, dealt = len(cards), sum(cards)
        cuts: tuple[tuple[slice, ...], ...] = ()
        if all(n == cards[0] for n in cards):
            cuts = tuple(tuple(slice((seat - dealer - 1) % players, dealt, players)
                               for seat in range(players)) for dealer in range(players))
        discarded = tuple(n == 0 for n in self.discards)
        acting = tuple(seat for seat, done in enumerate(discarded) if not done)
        layout = (cuts, discarded, acting, dealt, dealt + self.crib_from_deck + 1)
        object.__setattr__(self, "layout", layout)  # the dataclass is frozen


@cache  # a plan is frozen: every deal of a game shares one
def cribbage_plan(players: int) -> DealPlan:
    """Plain Cribbage: 2 players 6 cards, discard 2; 3 or 4 players 5 cards, discard 1; with 3
    players the crib's fourth card comes from the deck."""
    if players == 2:
        return DealPlan(cards=(6, 6), discards=(2, 2))
    if players in (3, 4):
        return DealPlan(
            cards=(5,) * players, discards=(1,) * players, crib_from_deck=4 - players
        )
    raise ValueError(f"Cribbage is for 2 to 4 players, not {players}")


def seats_from_left(players: int, dealer: int) -> list[int]:
    """Every seat in playing order: the dealer's left first, the dealer last."""
    return [(dealer + 1 + i) % players for i in range(players)]


@dataclass(frozen=True)
class FirstDealCut:
    """rounds[i] maps each seat that cut in round i to its card (later rounds: only the tied)."""

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int

    def to_json(self) -> dict[str, object]:
        return {
            "dealer": self.dealer,
            "rounds": [[{"seat": s, "card": str(c)} for s, c in r] for r in self.rounds],
        }


def cut_for_first_deal(players: int, rng: random.Random) -> FirstDealCut:
    """The cut as the table shows it: first_dealer, with every round's cards."""
    rounds: list[tuple[tuple[int, Card], ...]] = []
    dealer = first_dealer(players, rng, rounds)
    return FirstDealCut(rounds=tuple(rounds), dealer=dealer)


def first_dealer(players: int, rng: random.Random,
                 rounds: list[tuple[tuple[int, Card], ...]] | None = None) -> int:
    """The seat that wins the cut for first deal. Each seat cuts a card from a fresh shuffled
    deck; the lowest rank deals (ace low); the seats tied for lowest cut again until one is
    lowest. `rounds`, if given, gets each round's (seat, card) pairs; the search, which only
    needs the dealer, passes none and builds no Card."""
    cutting: Sequence[int] = range(players)
    while True:
        deck = shuffled_deck(rng, len(cutting))  # the cut cards are a full shuffle's top cards
        if rounds is not None:
            rounds.append(tuple(zip(cutting, map(CARD_OF.__getitem__, deck), strict=False)))
        low = RANK[min(deck[:len(cutting)])]  # pieces sort by rank first
        cutting = [seat for seat, piece in zip(cutting, deck, strict=False) if RANK[piece] == low]
        if len(cutting) == 1:
            return cutting[0]


def starter_cutter(players: int, dealer: int) -> int:
    """The player to the dealer's right cuts the starter."""
    return (dealer - 1) % players
