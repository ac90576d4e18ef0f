"""The counts a hand can score: what a muggins claim menu offers.

No cribbage hand counts 19, 25, 26 or 27, and PIP dice (which pair and run with the cards)
make higher counts possible. Rather than list such numbers here, every distinct hand of a
shape is scored with the project's own scorer and the totals are collected, once per shape.

Fifteens, pairs and runs depend only on the ranks; suits add a flush or nobs. So each multiset
of card ranks and starter rank is scored with a few suit layouts that between them reach every
flush-and-nobs combination the ranks allow: the cards spread over the suits (each rotation, so
a jack can match the starter's suit or not, with the starter in each suit), and all the cards
in one suit with the starter in it or not. Dice have no suit, so their faces only change the
rank part, which is read from the scorer's rank table.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement, groupby

from engine.cards import SUITS, Card
from engine.cribbage._tables import JACK, RANK_SCORES, RANK_WEIGHT, RANKS, key_of_ranks
from engine.cribbage.scoring import FlushRule, hand_total
from engine.seat_words import spoken_list

DIE_FACES = tuple(range(1, 7))
COPIES = 4  # one deck: at most four cards of a rank


def suit_layouts(ranks: Sequence[int], starter_rank: int) -> list[tuple[list[Card], Card]]:
    """Suited versions of the cards and starter (sorted ranks), covering every flush and
    nobs combination those ranks can have; none repeats a card."""
    layouts: list[tuple[list[Card], Card]] = []
    # Without a jack nobs cannot happen, and a spread never makes a flush: one spread will do.
    rotations = len(SUITS) if JACK in ranks else 1
    for rotation in range(rotations):
        # Equal ranks sit side by side, so consecutive suits keep their cards distinct.
        spread = [Card(rank, SUITS[(n + rotation) % len(SUITS)]) for n, rank in enumerate(ranks)]
        layouts += [(spread, Card(starter_rank, suit)) for suit in SUITS]
    if len(set(ranks)) == len(ranks):
        flush = [Card(rank, SUITS[0]) for rank in ranks]
        layouts += [(flush, Card(starter_rank, suit)) for suit in SUITS[:2]]
    return [(cards, starter) for cards, starter in layouts if starter not in cards]


@cache
def possible_counts(cards: int, dice: int, flush: FlushRule) -> tuple[int, ...]:
    """Every total a hand of `cards` cards and `dice` PIP dice can score with a starter, under
    the given flush rule, in increasing order."""
    dice_keys = {key_of_ranks(faces) for faces in combinations_with_replacement(DIE_FACES, dice)}
    probe = [Card(face, None) for face in DIE_FACES[:1] * dice]
    # What the suits add (flush, nobs) depends only on how many jacks the cards hold, whether
    # their ranks differ, and how the starter's rank meets them: not on the other ranks, and
    # not on the dice's faces. Each such case is scored once; rank keys are gathered per case.
    extras_of: dict[tuple[int, bool, int, bool], set[int]] = {}
    keys_of: dict[tuple[int, bool, int, bool], set[int]] = {}
    for ranks in combinations_with_replacement(RANKS, cards):
        held = {rank: ranks.count(rank) for rank in RANKS}
        if max(held.values()) > COPIES:
            continue
        hand_key = key_of_ranks(ranks)
        jacks, distinct = held[JACK], len(set(ranks)) == len(ranks)
        for starter_rank in RANKS:
            if held[starter_rank] >= COPIES:
                continue
            case = (jacks, distinct, held[starter_rank], starter_rank == JACK)
            card_key = hand_key + RANK_WEIGHT[starter_rank]
            if case not in extras_of:
                base = RANK_SCORES[card_key + key_of_ranks([DIE_FACES[0]] * dice)]
                extras_of[case] = {
                    hand_total([*layout, *probe], starter, flush=flush) - base
                    for layout, starter in suit_layouts(ranks, starter_rank)
                }
                keys_of[case] = set()
            keys = keys_of[case]
            for dice_key in dice_keys:
                keys.add(card_key + dice_key)
    return tuple(sorted({
        RANK_SCORES[key] + extra
        for case, extras in extras_of.items()
        for key in keys_of[case]
        for extra in extras
    }))


def claim_ranges(counts: Sequence[int]) -> str:
    """ (0, 1, 2, 3, 20, 28, 29) -> "0–3, 20, 28 or 29": the claims in words."""
    words: list[str] = []
    # Counts in a row share their distance from their place in the list.
    for _, run in groupby(enumerate(counts), lambda placed: placed[1] - placed[0]):
        span = [count for _, count in run]
        words += [f"{span[0]}–{span[-1]}"] if len(span) > 2 else [str(n) for n in span]
    return spoken_list(words, "or")
