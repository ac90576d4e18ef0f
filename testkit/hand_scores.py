"""Every one of the 12,994,800 deals of four cards and a starter, counted by score (for
tests/engine/cribbage/test_scoring_distribution.py and benchmarks/scoring.py).

One scorer call per deal takes several seconds (see benchmarks/scoring.py), so the count is
split the way the score is: fifteens, pairs and runs depend only on the five ranks, flush and
nobs only on the suits.

1. The rank part comes from the game's own scorer: score_hand on one deal of each of the 6,175
   five-rank multisets (with hand_total agreeing, hand and crib rules), then hand_total on a deal
   of every (four hand ranks, starter rank) pair, checked against that rank part plus the flush
   and nobs this module reckons for itself.
2. Every four-card hand is enumerated card by card. Its 48 starters are "all 52 cards minus the
   four it holds": the whole deck is counted in bulk (by rank for the rank part, by suit for
   flush and nobs), then the held cards are taken back out. Hands without a jack or a flush add
   nothing for any starter suit, so they are tallied per rank multiset. No hand is sampled.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement

from engine.cards import SUITS, Card, standard_deck
from engine.cribbage.scoring import hand_total, score_hand

ALL_DEALS = 52 * 51 * 50 * 49 // 24 * 48  # C(52, 4) hands x 48 starters = 12,994,800

# The well-known distribution of cribbage hand scores (non-crib rules).
HAND_DISTRIBUTION = {
    0: 1_009_008, 1: 99_792, 2: 2_813_796, 3: 505_008, 4: 2_855_676, 5: 697_508,
    6: 1_800_268, 7: 751_324, 8: 1_137_236, 9: 361_224, 10: 388_740, 11: 51_680,
    12: 317_340, 13: 19_656, 14: 90_100, 15: 9_168, 16: 58_248, 17: 11_196, 18: 2_708,
    19: 0, 20: 8_068, 21: 2_496, 22: 444, 23: 356, 24: 3_680, 25: 0, 26: 0, 27: 0, 28: 76,
    29: 4,
}
RANK_KINDS = {"fifteen", "pair", "run"}
JACK = 11
RANKS = range(1, 14)
DECK = standard_deck()

# A rank multiset as one int: each rank owns a base-5 digit holding its count (at most 4).
RANK_DIGIT = [0, *(5 ** (rank - 1) for rank in RANKS)]
HandKey = int
# rank_part[hand key][starter rank] -> fifteens + pairs + runs (None: no fifth card of a rank)
RankPart = dict[HandKey, list[int | None]]


def count_in_key(key: HandKey, rank: int) -> int:
    return key // RANK_DIGIT[rank] % 5


def suit_index(card: Card) -> int:
    assert card.suit is not None, "every card of a deck has a suit"
    return SUITS.index(card.suit)


def deal_of(ranks: tuple[int, ...]) -> list[Card]:
    """A real deal with these ranks (the last one the starter): the k-th of a rank gets suit k."""
    seen: Counter[int] = Counter()
    cards = []
    for rank in ranks:
        cards.append(Card(rank, SUITS[seen[rank]]))
        seen[rank] += 1
    return cards


def suit_extras(hand: tuple[Card, ...] | list[Card], crib: bool) -> tuple[int, int, int, int]:
    """Flush + nobs points for a starter of each suit, in SUITS order: this module's own reckoning
    (a hand flush is 4, 5 with the starter; a crib flush needs all five; nobs is the jack of the
    starter's suit)."""
    extras = []
    hand_suits = {card.suit for card in hand}
    for suit in SUITS:
        extra = sum(1 for card in hand if card.rank == JACK and card.suit == suit)
        if len(hand_suits) == 1:
            extra += 5 if suit in hand_suits else 0 if crib else 4
        extras.append(extra)
    return extras[0], extras[1], extras[2], extras[3]


def rank_part_table() -> RankPart:
    five_rank_scores: dict[tuple[int, ...], int] = {}
    for ranks in combinations_with_replacement(RANKS, 5):
        if max(ranks.count(rank) for rank in ranks) > 4:
            continue
        *pieces, starter = deal_of(ranks)
        breakdown = score_hand(pieces, starter)
        assert hand_total(pieces, starter) == breakdown.total, (pieces, starter)
        crib_total = score_hand(pieces, starter, crib=True).total
        assert hand_total(pieces, starter, crib=True) == crib_total, (pieces, starter)
        five_rank_scores[ranks] = sum(
            item.points for item in breakdown.items if item.kind in RANK_KINDS
        )
    assert len(five_rank_scores) == 6175

    table: RankPart = {}
    for hand_ranks in combinations_with_replacement(RANKS, 4):
        key = sum(RANK_DIGIT[rank] for rank in hand_ranks)
        row: list[int | None] = [None] * 14
        for starter_rank in RANKS:
            if hand_ranks.count(starter_rank) == 4:
                continue
            score = five_rank_scores[tuple(sorted((*hand_ranks, starter_rank)))]
            # The same rank part whichever card is the starter: hand_total must agree.
            *pieces, starter = deal_of((*hand_ranks, starter_rank))
            for crib in (False, True):
                extra = suit_extras(pieces, crib)[suit_index(starter)]
                assert hand_total(pieces, starter, crib=crib) == score + extra, (pieces, starter)
            row[starter_rank] = score
        table[key] = row
    return table


def distributions(rank_part: RankPart) -> tuple[Counter[int], Counter[int]]:
    """Score -> number of deals, under hand rules and under crib rules."""
    digit = [RANK_DIGIT[card.rank] for card in DECK]
    suit_of = [suit_index(card) for card in DECK]
    is_jack = [card.rank == JACK for card in DECK]
    plain_hands: Counter[HandKey] = Counter()  # no jack, no flush: tallied by rank multiset
    # Hands with a jack or a flush. Starters from the whole deck: (key, extras by suit for hand
    # rules, for crib rules) -> hands; minus the held cards: (key, rank, extra, crib extra).
    whole_deck: Counter[tuple[HandKey, tuple[int, ...], tuple[int, ...]]] = Counter()
    held_cards: Counter[tuple[HandKey, int, int, int]] = Counter()

    for a, b, c, d in combinations(range(52), 4):
        key = digit[a] + digit[b] + digit[c] + digit[d]
        flush = suit_of[a] == suit_of[b] == suit_of[c] == suit_of[d]
        if not flush and not (is_jack[a] or is_jack[b] or is_jack[c] or is_jack[d]):
            plain_hands[key] += 1
            continue
        hand = (DECK[a], DECK[b], DECK[c], DECK[d])
        extras = suit_extras(hand, crib=False)
        crib_extras = suit_extras(hand, crib=True)
        whole_deck[key, extras, crib_extras] += 1
        for index in (a, b, c, d):
            suit = suit_of[index]
            held_cards[key, DECK[index].rank, extras[suit], crib_extras[suit]] += 1

    hand_scores: Counter[int] = Counter()
    crib_scores: Counter[int] = Counter()
    for key, hands in plain_hands.items():
        for starter_rank in RANKS:
            free_suits = 4 - count_in_key(key, starter_rank)
            if free_suits:
                score = rank_part[key][starter_rank] or 0  # never None: a starter is free
                hand_scores[score] += hands * free_suits
                crib_scores[score] += hands * free_suits
    for (key, extras, crib_extras), hands in whole_deck.items():
        for starter_rank in RANKS:
            # A rank the hand holds four of has no starter left: its four "whole deck" starters
            # are exactly the four held cards taken back out below, so any base cancels.
            score = rank_part[key][starter_rank] or 0
            for suit in range(4):
                hand_scores[score + extras[suit]] += hands
                crib_scores[score + crib_extras[suit]] += hands
    for (key, rank, extra, crib_extra), cards in held_cards.items():
        score = rank_part[key][rank] or 0
        hand_scores[score + extra] -= cards
        crib_scores[score + crib_extra] -= cards
    # Taking held cards out must never remove a deal the whole deck did not add.
    assert min(hand_scores.values()) >= 0 and min(crib_scores.values()) >= 0
    return _without_zeros(hand_scores), _without_zeros(crib_scores)


def _without_zeros(scores: Counter[int]) -> Counter[int]:
    return Counter({score: deals for score, deals in scores.items() if deals})
