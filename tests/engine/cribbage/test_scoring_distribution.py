"""Every one of the 12,994,800 deals of four cards and a starter, counted by score.

Walking 13 million hands through the scorer would take minutes, so the count is split the way
the score is: fifteens, pairs and runs depend only on the five ranks, flush and nobs only on the
suits. The rank part is read from the game's own scorer once per (four hand ranks, starter rank)
pair, with hand_total and score_hand checked against each other on every one of them. Then every
four-card hand is enumerated card by card, and its 48 starters are counted in bulk: by rank for
the rank part, by suit for flush and nobs. No hand is skipped or sampled; hands with no jack and
no flush (the large majority) simply share one tally per rank multiset.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations, combinations_with_replacement

import pytest

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
FULL_SUITS = (1 << len(SUITS)) - 1

HandRanks = tuple[int, ...]  # the four hand ranks, sorted


def representative(hand_ranks: HandRanks, starter_rank: int) -> tuple[list[Card], Card]:
    """Some real deal with these ranks: the k-th piece of a rank gets the k-th suit."""
    seen: Counter[int] = Counter()
    cards = []
    for rank in (*hand_ranks, starter_rank):
        cards.append(Card(rank, SUITS[seen[rank]]))
        seen[rank] += 1
    return cards[:4], cards[4]


def rank_part_table() -> dict[tuple[HandRanks, int], int]:
    """(sorted hand ranks, starter rank) -> fifteens + pairs + runs, from the game's scorer."""
    table: dict[tuple[HandRanks, int], int] = {}
    for hand_ranks in _four_rank_multisets():
        for starter_rank in range(1, 14):
            if hand_ranks.count(starter_rank) == 4:
                continue  # a fifth card of one rank does not exist
            pieces, starter = representative(hand_ranks, starter_rank)
            for crib in (False, True):
                breakdown = score_hand(pieces, starter, crib=crib)
                assert hand_total(pieces, starter, crib=crib) == breakdown.total, (pieces, starter)
            table[hand_ranks, starter_rank] = sum(
                item.points for item in breakdown.items if item.kind in RANK_KINDS
            )
    return table


def _four_rank_multisets() -> list[HandRanks]:
    # Four cards can never hold a fifth of a rank, so every multiset of four ranks is dealable.
    return list(combinations_with_replacement(range(1, 14), 4))


def suit_extras(hand: tuple[Card, ...], crib: bool) -> tuple[int, int, int, int]:
    """Flush + nobs points for each starter suit, in SUITS order: the test's own reckoning."""
    extras = [0, 0, 0, 0]
    hand_suits = {card.suit for card in hand}
    for index, suit in enumerate(SUITS):
        if len(hand_suits) == 1:
            if suit in hand_suits:
                extras[index] += 5
            elif not crib:
                extras[index] += 4
        extras[index] += sum(1 for card in hand if card.rank == JACK and card.suit == suit)
    return extras[0], extras[1], extras[2], extras[3]


def distributions(
    rank_part: dict[tuple[HandRanks, int], int],
) -> tuple[Counter[int], Counter[int]]:
    """Score -> number of deals, under hand rules and under crib rules, from one pass."""
    deck = standard_deck()
    suit_bit = [1 << SUITS.index(card.suit) for card in deck]  # type: ignore[arg-type]
    jack_bit = [suit_bit[i] if card.rank == JACK else 0 for i, card in enumerate(deck)]
    plain_hands: Counter[HandRanks] = Counter()
    # (hand ranks, starter rank, crib?) -> Counter of extra points over the free starter suits
    special: defaultdict[tuple[HandRanks, int, bool], Counter[int]] = defaultdict(Counter)

    for a, b, c, d in combinations(range(52), 4):
        ranks = tuple(sorted((deck[a].rank, deck[b].rank, deck[c].rank, deck[d].rank)))
        same_suit = suit_bit[a] == suit_bit[b] == suit_bit[c] == suit_bit[d]
        if not same_suit and not (jack_bit[a] | jack_bit[b] | jack_bit[c] | jack_bit[d]):
            plain_hands[ranks] += 1  # no flush, no jack: every starter adds only its rank
            continue
        hand = (deck[a], deck[b], deck[c], deck[d])
        held: defaultdict[int, int] = defaultdict(int)  # rank -> bits of the suits in hand
        for index in (a, b, c, d):
            held[deck[index].rank] |= suit_bit[index]
        for crib in (False, True):
            extras = suit_extras(hand, crib)
            for starter_rank in range(1, 14):
                free = FULL_SUITS & ~held[starter_rank]
                tally = special[ranks, starter_rank, crib]
                for index in range(4):
                    if free >> index & 1:
                        tally[extras[index]] += 1

    scores: dict[bool, Counter[int]] = {False: Counter(), True: Counter()}
    for ranks, count in plain_hands.items():
        for starter_rank in range(1, 14):
            free_suits = 4 - ranks.count(starter_rank)
            if free_suits:
                for crib in (False, True):
                    scores[crib][rank_part[ranks, starter_rank]] += count * free_suits
    for (ranks, starter_rank, crib), tally in special.items():
        for extra, count in tally.items():
            scores[crib][rank_part[ranks, starter_rank] + extra] += count
    return scores[False], scores[True]


@pytest.fixture(scope="module")
def both_distributions() -> tuple[Counter[int], Counter[int]]:
    return distributions(rank_part_table())


def test_every_rank_multiset_is_covered() -> None:
    assert len(_four_rank_multisets()) == 1820  # C(16, 4): four ranks, repeats allowed


def test_hand_score_distribution_over_every_deal(
    both_distributions: tuple[Counter[int], Counter[int]],
) -> None:
    scores, _ = both_distributions
    assert sum(scores.values()) == ALL_DEALS
    assert {score: scores.get(score, 0) for score in range(30)} == HAND_DISTRIBUTION
    assert max(scores) == 29


def test_crib_score_distribution_over_every_deal(
    both_distributions: tuple[Counter[int], Counter[int]],
) -> None:
    hand, crib = both_distributions
    assert sum(crib.values()) == ALL_DEALS
    assert crib[0] == 1_022_208
    assert crib[18] == 2_264
    assert max(crib) == 29
    for impossible in (19, 25, 26, 27):
        assert crib[impossible] == 0
    # The 28 and 29 hands hold three or four fives: never a four-card flush.
    assert (crib[28], crib[29]) == (hand[28], hand[29])
    # The only difference: a four-card flush with an off-suit starter loses its 4 points.
    # That is 4 suits x C(13, 4) hands x 39 off-suit starters.
    points_lost = sum(score * (hand[score] - crib[score]) for score in hand)
    assert points_lost == 4 * (4 * 715 * 39)
