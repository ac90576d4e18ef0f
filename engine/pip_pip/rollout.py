"""Pip Pip on the simulation (engine/pip_pip/sim.py) for the expert's search: how far a
rollout goes, what a position is worth, and a fast rollout player.

`policy` plays with the hard level's ideas in their perfect-information form: inside a
determinized deal every hand is known, so whether a card can still be beaten this trick is a
fact, not a chance. It calls Pip Pip at once (a double first, then the suit it is strongest
in), takes a trick with its cheapest sure winner when the trick is worth it, keeps trumps,
points and king-queen partners otherwise, and throws its lowest card when it cannot win.
"""

from __future__ import annotations

import random

from engine.pip_pip.ai import call_preference
from engine.pip_pip.sim import (
    CALL,
    DOUBLE,
    HAND_SIZE,
    PACK,
    PARTNER,
    POINTS,
    PipPipSimulation,
    beats,
    trick_winner,
)

#: Tricks a rollout plays before the position is judged. Three (the view-based expert's)
#: let the search spend trumps and aces for this trick's points, whose cost shows only later:
#: at 3 (50 deals) the expert won 4 of 30 games against three hard players, at 8 (30 deals)
#: 13 of 48 (both too few to tell apart for sure).
STEPS = 8
#: A won game on lead's scale (points).
WIN_VALUE = 150.0

#: What playing a trump away costs, a king or queen whose partner is in hand, and each step
#: of a card's strength (in points): the hand's future tricks.
_TRUMP_COST = 4.0
_PARTNER_COST = 6.0
_STRENGTH_COST = 0.3
#: Points the seats still to play are expected to add to a trick won safely.
_LATER_CARD_POINTS = 1.0


def progress(sim: PipPipSimulation) -> int:
    """1000 * round + trick number, as the view counts them (round, trick_number)."""
    players = sim.players
    if sim.drawing:
        played = len(PACK) - HAND_SIZE * players - len(sim.pile) - len(sim.trick)
        trick = played // players + 1
    else:
        # The cards set aside are fewer than the players: the round has len(PACK) // players.
        trick = len(PACK) // players - max(len(hand) for hand in sim.hands) + 1
    return 1000 * sim.round + trick


def mover(sim: PipPipSimulation) -> int:
    """The seat to play: in a rollout a seat calls on its own turn, as the computer players
    do at the table (any seat may call at any time, so to_act() would let callers cut in)."""
    return sim.turn


def lead(sim: PipPipSimulation, seat: int) -> float:
    """Our score against the best other seat's, as the view-based expert counts it."""
    totals = sim.totals
    return float(totals[seat] - max(score for other, score in enumerate(totals) if other != seat))


def policy(sim: PipPipSimulation, seat: int, rng: random.Random) -> int:
    """A good, fast move for `seat` (the seat to play, or one that may call)."""
    legal = sim.legal(seat)
    if len(legal) == 1:
        return legal[0]
    if legal[-1] >= CALL:  # calls come after the plays: the one the computer players prefer
        hand = sim.hands[seat]
        return max((code for code in legal if code >= CALL),
                   key=lambda code: call_preference(hand, code & 3, code >= DOUBLE))
    return _play(sim, seat, legal)


def _play(sim: PipPipSimulation, seat: int, plays: list[int] | tuple[int, ...]) -> int:
    players, trump, trick, hands = sim.players, sim.trump, sim.trick, sim.hands
    hand = hands[seat]
    best = trick[trick_winner(trick, trump)] if trick else -1
    on_table = sum(POINTS[card] for card in trick)
    # Each seat still to play: its highest card of each suit (-1: none).
    tops = []
    for step in range(1, players - len(trick)):
        top = [-1, -1, -1, -1]
        for card in hands[(seat + step) % players]:
            if card > top[card >> 4]:
                top[card >> 4] = card
        tops.append(top)
    led = trick[0] >> 4 if trick else -1
    best_card, best_value = plays[0], None
    for card in plays:
        suit = card >> 4
        cost = _STRENGTH_COST * (card & 15)
        if suit == trump:
            cost += _TRUMP_COST
        partner = PARTNER[card]
        if partner >= 0 and partner in hand:
            cost += _PARTNER_COST
        wins_now = best < 0 or beats(card, best, trump)
        if wins_now and not _beaten(card, suit if led < 0 else led, trump, tops):
            value = on_table + POINTS[card] + _LATER_CARD_POINTS * len(tops) - cost
        else:
            value = -POINTS[card] - cost
        if best_value is None or value > best_value:
            best_card, best_value = card, value
    return best_card


def _beaten(card: int, led: int, trump: int, tops: list[list[int]]) -> bool:
    """Whether a seat still to play can beat `card`, winning the trick so far: it must follow
    the led suit if it can, else it may trump."""
    for top in tops:
        answer = top[led] if top[led] >= 0 else top[trump]
        if answer >= 0 and beats(answer, card, trump):
            return True
    return False
