"""What the other player's hand says about itself: in two-player Cribbage and Crib Race, the
expert's deals give the other seat a hand the hard level would have kept.

A determinized deal (Game.determinize) gives the other seat any cards consistent with what the
searching seat has seen, all equally likely. But the other seat chose its four from six: a
good player keeps fifteens, pairs, runs and fives, and throws into its own crib what suits it.
For each deal of the play, `KeptHands` draws the other seat's six cards again (those it has
laid and any the searching seat cannot see) and keeps the four the hard level would keep: the
hand's average show over every starter it could not see, each total weighed on the track in
Crib Race, plus the crib table's average for or against it (`hard_keep`, the hard level's
own choice on ints). The draw is taken only if those four hold every card the other seat has
laid, and none that fits the count it said go to. That is the deal's chance given what was
seen if the other seat discards as the hard level does: exact against the hard player, close
for a careful person. A deal no draw fits in `TRIES` attempts (a person's unusual keep) is
left as dealt, and so are the decision's later deals.

Everything read is the seat's own view: its cards, its discards, the starter and the play;
the other seat's hidden cards in the deal are only replaced.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from engine.cribbage._tables import RANK_SCORES
from engine.cribbage.ai import END_GAME_NEED, EXPECTED_PEG, GOING_OUT_WORTH
from engine.cribbage.crib_values import CRIB_PAIR_VALUES
from engine.cribbage.deal import DealPlan
from engine.cribbage.pieces import (
    CARDS,
    JACK,
    LIMIT,
    NO_PIECE,
    PIECE_OF_TEXT,
    PLAYING,
    RANK,
    SUIT,
    VALUE,
    WEIGHT,
    hand_score,
)
from engine.cribbage.sim import CribbageSim

#: The deal the model is for: two players dealt six, each throwing two to the crib.
SIX_EACH = DealPlan(cards=(6, 6), discards=(2, 2), crib_from_deck=0, to_bottom=frozenset())
#: Draws of the other seat's six cards before the deal is left as dealt.
TRIES = 200
#: The discards of a six-card hand, by places, in the hard level's order of its legal actions
#: (pairs of a sorted hand in order), each with the four places kept.
_SPLITS = tuple((pair, tuple(place for place in range(6) if place not in pair))
                for pair in combinations(range(6), 2))


class KeptHands:
    """The module's model for one decision of the seat whose `view` this is. `worth` (Crib
    Race) weighs each hand total as the hard level weighs it on the track; `need` is the points
    the other seat still needs (default: from the deal's scores, the play's points in: near
    enough for the end-game bonus)."""

    def __init__(self, view: dict, worth: Sequence[float] | None = None,
                 need: int | None = None) -> None:
        self.seat = int(view["seat"])
        self.other = 1 - self.seat
        self.thrown = [PIECE_OF_TEXT[text] for text in view["discards"]]
        self.worth = worth
        self.need = need
        #: Set when a deal found no fit: the other seat does not keep as the hard level
        #: does, so the decision's other deals are not held up trying.
        self.gave_up = False

    def __call__(self, sim: CribbageSim, rng: random.Random) -> None:
        if self.gave_up or sim.plan != SIX_EACH or sim.phase != PLAYING:
            return
        seat, other, thrown = self.seat, self.other, self.thrown
        left = sim.peg_hands[other]
        laid = [card for card in sim.kept[other] if card not in left]
        seen = set(sim.kept[seat]) | set(thrown) | set(laid) | {sim.starter}
        pool = [card for card in range(CARDS) if card not in seen]
        room = LIMIT - sim.count if sim.passed[other] else None
        sign = 1.0 if other == sim.dealer else -1.0
        need = self.need
        if need is None:
            need = sim.target - sim.side_scores[sim.side_of[other]]
        for _ in range(TRIES):
            hand = sorted(laid + rng.sample(pool, 6 - len(laid)))
            kept = hard_keep(hand, sign, need, self.worth)
            if not all(card in kept for card in laid):
                continue
            holding = [card for card in kept if card not in laid]
            if room is not None and any(VALUE[card] <= room for card in holding):
                continue
            sim.kept[other] = kept
            sim.peg_hands[other] = holding
            sim.low[other] = VALUE[holding[0]] if holding else NO_PIECE
            sim.crib = thrown + [card for card in hand if card not in kept]
            return
        self.gave_up = True


def hard_keep(hand: Sequence[int], sign: float, need: int,
              worth: Sequence[float] | None = None) -> list[int]:
    """The four of a sorted six-card `hand` the hard level keeps: engine/cribbage/ai.py's
    choose_discard and discard_value on ints (`sign` +1 for one's own crib), each total
    weighed by `worth` if given (Crib Race's)."""
    unseen_of_rank = [4] * 14
    unseen_of_suit = [13] * 4
    for card in hand:
        unseen_of_rank[RANK[card]] -= 1
        unseen_of_suit[SUIT[card]] -= 1
    starters = [card for card in range(CARDS) if card not in hand]
    best, best_value = None, -1e9
    for (first, second), places in _SPLITS:
        kept = [hand[place] for place in places]
        totals = None
        if worth is None:
            value = _summed_show(kept, unseen_of_rank, unseen_of_suit) / len(starters)
        else:
            totals = [hand_score(kept, starter, False) for starter in starters]
            value = sum(worth[total] for total in totals) / len(starters)
        low, high = hand[first], hand[second]
        value += sign * CRIB_PAIR_VALUES[(RANK[low], RANK[high], SUIT[low] == SUIT[high])]
        if need <= END_GAME_NEED:
            if totals is None:
                totals = [hand_score(kept, starter, False) for starter in starters]
            reach = sum(1 for total in totals if total + EXPECTED_PEG >= need)
            value += GOING_OUT_WORTH * reach / len(starters)
        if value > best_value:
            best, best_value = kept, value
    assert best is not None
    return best


def _summed_show(kept: list[int], unseen_of_rank: list[int], unseen_of_suit: list[int]) -> int:
    """The kept cards' show summed over every unseen starter, a rank at a time."""
    weight = WEIGHT[kept[0]] + WEIGHT[kept[1]] + WEIGHT[kept[2]] + WEIGHT[kept[3]]
    total = 0
    for rank in range(1, 14):
        if unseen_of_rank[rank]:
            total += unseen_of_rank[rank] * RANK_SCORES[weight + WEIGHT[rank * 4 - 4]]
    for card in kept:
        if RANK[card] == JACK:  # nobs with every unseen starter of its suit
            total += unseen_of_suit[SUIT[card]]
    suit = SUIT[kept[0]]
    if SUIT[kept[1]] == suit and SUIT[kept[2]] == suit and SUIT[kept[3]] == suit:
        total += 4 * (CARDS - 6) + unseen_of_suit[suit]
    return total
