"""The rollout player of the Cribbage family (Cribbage, PIP Cribbage, Crib Race) on their
simulations (engine/cribbage/sim.py and its subclasses), and the parts their rollout modules
share: the progress through a deal and the score lead.

The policy is a cheap version of the hard level, a few microseconds a move:
- discard: the kept cards' points as they stand (no starter) plus the crib table's average
  for the thrown cards (engine/cribbage/crib_values.py), for or against us;
- the play: the points a piece takes, less the best points the next seat's real pieces answer
  with (a determinized deal may be read whole), with a small preference for laying high
  pieces first; `worth` turns points into the game's own terms (Crib Race: the track);
- the show: the true count is claimed, an undercount is caught, muggins points are kept;
  a game's own choices (PIP's Crux and Turn) through `own_choice`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.cribbage._tables import RANK_SCORES
from engine.cribbage.crib_values import CRIB_PAIR_VALUES, CRIB_SINGLE_VALUES
from engine.cribbage.pieces import (
    CARDS,
    CLAIM,
    DISCARD,
    DISCARD_PAIR,
    DISCARDING,
    GO,
    KEEP,
    LIMIT,
    MUGGINS,
    NO_PIECE,
    PASS,
    PLAYING,
    RANK,
    SHOWING,
    SUIT,
    VALUE,
    WEIGHT,
    peg_score,
)
from engine.cribbage.sim import CribbageSim

#: The next seat's best answer counts this much against the piece (it may not see it coming
#: as clearly as a rollout that reads its hand).
REPLY_WEIGHT = 0.8
#: A piece the next seat cannot answer at all usually brings the go point.
GO_BONUS = 0.5
#: Laying high pieces first keeps low ones for later counts.
HIGH_FIRST = 0.01
#: What a kept hand of four of one suit adds (the flush without the starter).
FLUSH_POINTS = 4.0

#: The game's own simulation: the family's hooks take it as its own class.
Sim = TypeVar("Sim", bound=CribbageSim)
#: (sim, seat, points) -> what scoring those points is worth to `seat`'s side.
Worth = Callable[[Sim, int, int], float]
#: (sim, seat, legal) -> a code of the game's own phase or show choice, or None for the
#: family's default.
OwnChoice = Callable[[Sim, int, Sequence[int]], int | None]


#: By discard code: the cards thrown, their weight in the hand's rank key, and the crib's
#: average for them (a pair's code has the lower card first: cards are numbered in order of
#: rank). A die is not thrown.
_THROWN: dict[int, tuple[tuple[int, ...], int, float]] = {
    **{DISCARD + card: ((card,), WEIGHT[card], CRIB_SINGLE_VALUES[RANK[card]])
       for card in range(CARDS)},
    **{DISCARD_PAIR + (first << 6) + second:
       ((first, second), WEIGHT[first] + WEIGHT[second],
        CRIB_PAIR_VALUES[(RANK[first], RANK[second], SUIT[first] == SUIT[second])])
       for first in range(CARDS) for second in range(first + 1, CARDS)},
}


def stage(sim: CribbageSim) -> int:
    """progress for the family: where the deal stands (1 a discard made, 2 the play, 3 the
    show, 4 over: the next deal's discards not begun). A one-deal rollout (STEPS 3) started
    in the discard stops when the next deal is dealt; one started later stops at the next
    deal's first move, when progress falls."""
    phase = sim.phase
    if phase == PLAYING:
        return 2
    if phase == SHOWING:
        return 3
    if phase != DISCARDING:
        return 4
    discards, discarded = sim.plan.discards, sim.discarded
    begun = any(discarded[seat] and discards[seat] for seat in range(sim.players))
    return 1 if begun else 4


def score_lead(sim: CribbageSim, seat: int) -> float:
    """Our side's score against the best other side's."""
    scores = sim.side_scores
    mine = sim.side_of[seat]
    return float(scores[mine] - max(score for side, score in enumerate(scores) if side != mine))


def points(sim: CribbageSim, seat: int, scored: int) -> float:
    """Worth in plain points: Cribbage and PIP Cribbage."""
    return float(scored)


def policy(sim: Sim, seat: int, rng: random.Random, worth: Worth[Sim] = points,
           own_choice: OwnChoice[Sim] | None = None, extra: Sequence[int] = ()) -> int:
    """One of sim.legal(seat); `extra`: pieces the seat lays beside its cards (PIP's die),
    counted in its kept hand's points."""
    legal = sim.legal(seat)
    if len(legal) == 1:
        return legal[0]
    if own_choice is not None:
        chosen = own_choice(sim, seat, legal)
        if chosen is not None:
            return chosen
    phase = sim.phase
    if phase == PLAYING:
        return play(sim, seat, legal, worth)
    if phase == DISCARDING:
        return discard(sim, seat, legal, extra)
    return show(sim, seat, legal)


def discard(sim: CribbageSim, seat: int, legal: Sequence[int], extra: Sequence[int]) -> int:
    hand = sim.hands[seat]
    ours = sim.side_of[seat] == sim.side_of[sim.dealer]
    sign = 0.0 if seat in sim.plan.to_bottom else 1.0 if ours else -1.0  # whose crib it feeds
    base = sum(WEIGHT[piece] for piece in (*hand, *extra))
    suits = [SUIT[card] for card in hand]
    flush_suit = max(range(4), key=suits.count)
    may_flush = suits.count(flush_suit) >= 4
    best, best_value = legal[0], -1e9
    for code in legal:
        thrown, weight, crib = _THROWN[code]
        value = RANK_SCORES[base - weight] + sign * crib
        if may_flush and _kept_flush(hand, thrown, flush_suit):
            value += FLUSH_POINTS
        if value > best_value:
            best, best_value = code, value
    return best


def _kept_flush(hand: Sequence[int], thrown: tuple[int, ...], suit: int) -> bool:
    """Whether the kept cards, four or more, are all of `suit`."""
    return len(hand) - len(thrown) >= 4 and all(
        SUIT[card] == suit for card in hand if card not in thrown)


def next_seat(sim: CribbageSim, seat: int) -> int | None:
    """The next seat after `seat` that holds a piece and has not said go (None: only us)."""
    players, passed, low = sim.players, sim.passed, sim.low
    for step in range(1, players):
        other = (seat + step) % players
        if not passed[other] and low[other] != NO_PIECE:
            return other
    return None


def play(sim: Sim, seat: int, legal: Sequence[int], worth: Worth[Sim]) -> int:
    if legal[0] == GO:
        return GO
    pile, count = sim.pile, sim.count
    answering = next_seat(sim, seat)
    if answering is not None and sim.side_of[answering] == sim.side_of[seat]:
        answering = None  # a partner answers: no rival's reply to fear
    answers = sim.peg_hands[answering] if answering is not None else ()
    best, best_value = legal[0], -1e9
    for code in legal:
        after = count + VALUE[code]
        laid = [*pile, RANK[code]]
        value = worth(sim, seat, peg_score(laid, after)) + HIGH_FIRST * VALUE[code]
        if answering is not None and after < LIMIT:
            reply = -1
            for piece in answers:
                if after + VALUE[piece] <= LIMIT:
                    laid.append(RANK[piece])
                    reply = max(reply, peg_score(laid, after + VALUE[piece]))
                    laid.pop()
            if reply < 0:
                value += GO_BONUS
            elif reply:
                value -= REPLY_WEIGHT * worth(sim, answering, reply)
        if value > best_value:
            best, best_value = code, value
    return best


def undercounted(sim: CribbageSim) -> bool:
    """Whether the claim open to muggins missed points."""
    return sim.window is not None and sim.window[2] > 0


def show(sim: CribbageSim, seat: int, legal: Sequence[int]) -> int:
    """Keep muggins points, catch an undercount, claim the true count, else pass."""
    if KEEP in legal:
        return KEEP
    if MUGGINS in legal and undercounted(sim):
        return MUGGINS
    claims = [code for code in legal if CLAIM <= code < DISCARD]
    if claims:
        true = sim.count_now()
        fitting = [code for code in claims if code - CLAIM <= true]
        return max(fitting) if fitting else min(claims)
    return PASS if PASS in legal else legal[0]
