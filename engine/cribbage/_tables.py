"""The counting rules of a show, each written once: fifteens, pairs and runs (by the pieces'
ranks), the flush (by a FlushRule), nobs; and the rank table the fast scorers read.

A PIP die is Card(rank, None): it counts by rank in fifteens, pairs and runs like any card, and
never helps a flush or scores nobs.

Fifteens, pairs and runs depend only on which ranks a hand holds and how many of each, never on
suits or order, so the fast scorers reduce a hand to one integer key and read its points from
RANK_SCORES. The key is the sum of RANK_WEIGHT[rank] over every piece: each rank owns one base-8
digit holding its count. A hand with the starter has at most 7 pieces (6 pieces + starter), so
no digit ever overflows into the next and equal keys mean equal multisets. The table holds the
totals of rank_items, filled at import for every 5-piece multiset a deck can deal (the 6,175 of
the ordinary hand and crib) and on demand for any other size (dice, 6-piece PIP hands).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

from engine.cards import SUITS, VALUE_OF_RANK, Card

MAX_PIECES = 7  # the largest group a key may describe: 6 pieces + the starter
_DIGIT_BITS = 3  # one base-8 digit per rank holds a count of 0..7 pieces
_DIGIT_MASK = (1 << _DIGIT_BITS) - 1
RANKS = range(1, 14)
JACK = 11
MIN_FLUSH = 4  # a flush needs four suited cards (a CRIB flush needs every piece: five)

# RANK_WEIGHT[rank] is the key contribution of one piece of that rank (index 0 unused).
RANK_WEIGHT: tuple[int, ...] = (0, *(1 << (_DIGIT_BITS * (rank - 1)) for rank in RANKS))


def key_of_ranks(ranks: list[int] | tuple[int, ...]) -> int:
    return sum(RANK_WEIGHT[rank] for rank in ranks)


# ---------------------------------------------------------------------------------------------
# Fifteens, pairs and runs


def rank_items(ranks: tuple[int, ...]) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """The fifteens, pairs and runs of pieces of these ranks (in this order), as (kind, points,
    positions of the pieces), in the order a player counts them."""
    values = tuple([VALUE_OF_RANK[rank] for rank in ranks])
    items = [("fifteen", 2, subset) for subset in _fifteens(values)]
    items += [("pair", 2, (first, second))
              for first, second in combinations(range(len(ranks)), 2)
              if ranks[first] == ranks[second]]
    items += [("run", len(run), run) for run in _runs(ranks)]
    return tuple(items)


def _subsets_in_counting_order(pieces: int) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """Every non-empty subset of `pieces` positions as (mask, mask without its last position,
    that position, the positions), smallest first, then in table order: the order a player
    counts fifteens in, and each subset comes after the one it extends."""
    subsets = []
    for size in range(1, pieces + 1):
        for positions in combinations(range(pieces), size):
            mask = sum(1 << i for i in positions)
            last = positions[-1]
            subsets.append((mask, mask ^ (1 << last), last, positions))
    return tuple(subsets)


_SUBSETS = tuple(_subsets_in_counting_order(pieces) for pieces in range(MAX_PIECES + 1))


@lru_cache(maxsize=1 << 14)
def _fifteens(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The positions of every distinct set of pieces adding up to 15, smallest sets first, in
    table order. Cached by the pieces' values, not ranks: the ten-cards share one value, so far
    fewer sequences (a sorted hand and its starter: about 7,000) repeat."""
    if sum(values) < 15:
        return ()
    sums = [0] * (1 << len(values))
    hits = []
    for mask, rest, last, positions in _SUBSETS[len(values)]:
        total = sums[mask] = sums[rest] + values[last]
        if total == 15:
            hits.append(positions)
    return tuple(hits)


def _runs(ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """The positions of each maximal stretch of 3+ consecutive ranks, once per choice of one
    piece per rank (5-6-6-7: two runs of three)."""
    held = 0
    for rank in ranks:
        held |= 1 << rank
    if not held & held >> 1 & held >> 2:  # no three consecutive ranks
        return []
    by_rank: dict[int, list[int]] = {}
    for position, rank in enumerate(ranks):
        by_rank.setdefault(rank, []).append(position)
    runs: list[tuple[int, ...]] = []
    stretch: list[int] = []
    for rank in range(1, 15):  # 14 is never held: it closes the last stretch
        if rank in by_rank:
            stretch.append(rank)
            continue
        if len(stretch) >= 3:
            runs.extend(product(*(by_rank[r] for r in stretch)))
        stretch = []
    return runs


class RankScoreTable(dict[int, int]):
    """key -> fifteens + pairs + runs points; a missing key is counted once and remembered."""

    def __missing__(self, key: int) -> int:
        ranks = tuple(rank for rank in RANKS
                      for _ in range((key >> (_DIGIT_BITS * (rank - 1))) & _DIGIT_MASK))
        score = self[key] = sum(points for _, points, _ in rank_items(ranks))
        return score


RANK_SCORES = RankScoreTable()


def _fill_five_piece_multisets() -> None:
    for ranks in combinations_with_replacement(RANKS, 5):
        if all(ranks.count(rank) <= 4 for rank in set(ranks)):
            RANK_SCORES[key_of_ranks(ranks)]  # the lookup fills the entry


_fill_five_piece_multisets()
#: RANK_SCORES's five-piece keys (a hand or crib with the starter) in a plain dict: every
#: one is filled above, and a plain dict is read quicker than a subclass (CPython
#: specializes the read of a dict, not of a dict with __missing__).
FIVE_PIECE_SCORES: dict[int, int] = dict(RANK_SCORES)


# ---------------------------------------------------------------------------------------------
# The flush and nobs


class FlushRule(enum.Enum):
    """Which flush a hand may score. Dice have no suit: they are left out of HAND and
    WITH_STARTER flushes and spoil a CRIB flush. A flush is never shorter than MIN_FLUSH."""

    HAND = "hand"  # the suited non-starter pieces one suit: that many, +1 if the starter too
    CRIB = "crib"  # only every piece and the starter one suit: that many (5 for a crib)
    WITH_STARTER = "with-starter"  # PIP hand: suited pieces and the starter one suit (4)
    NONE = "none"  # never a flush (PIP Cribbage crib)


def flush_cards(pieces: Sequence[Card], starter: Card | None, rule: FlushRule
                ) -> tuple[Card, ...]:
    """The cards of the flush the rule allows, or () for none. Dice never count."""
    if rule is FlushRule.NONE:
        return ()
    # Any rule's flush needs every card among the pieces in one suit: most hands fail at once.
    first = None
    for piece in pieces:
        suit = piece.suit
        if suit is not None:
            if first is None:
                first = suit
            elif suit != first:
                return ()
    suited = tuple(p for p in pieces if p.suit is not None)
    if rule is FlushRule.CRIB:
        # Every piece, dice included, must be a card of the one suit, and the starter too.
        group = (*pieces, starter) if starter is not None else tuple(pieces)
        suits = {p.suit for p in group}
        if len(group) >= 5 and len(suits) == 1 and None not in suits:
            return group
        return ()
    if not suited:
        return ()
    starter_matches = starter is not None and starter.suit == first
    if rule is FlushRule.WITH_STARTER:
        if starter is not None and starter_matches and len(suited) + 1 >= MIN_FLUSH:
            return (*suited, starter)
        return ()
    # HAND: the suited pieces alone make the flush; a matching starter adds one more.
    if len(suited) < MIN_FLUSH:
        return ()
    return (*suited, starter) if starter is not None and starter_matches else suited


#: The jack that scores nobs with a starter of each suit (a die starter, suit None, has none).
_NOBS_JACK: dict[str | None, Card] = {suit: Card(JACK, suit) for suit in SUITS}


def nobs_jacks(pieces: Sequence[Card], starter: Card | None) -> list[Card]:
    if starter is None:
        return []
    jack = _NOBS_JACK.get(starter.suit)
    return [p for p in pieces if p == jack]


def show_total(pieces: Sequence[Card], starter: Card | None, rule: FlushRule) -> int:
    """What a show's items add up to, without making them: the fifteens, pairs and runs from
    the rank table, then the flush and nobs."""
    if starter is None:
        key = nobs = 0
    else:
        key = RANK_WEIGHT[starter.rank]
        nobs = pieces.count(_NOBS_JACK.get(starter.suit))
    for piece in pieces:
        key += RANK_WEIGHT[piece.rank]
    return RANK_SCORES[key] + len(flush_cards(pieces, starter, rule)) + nobs
