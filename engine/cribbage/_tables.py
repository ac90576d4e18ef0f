"""Rank-only hand scores (fifteens + pairs + runs) looked up by a rank-multiset key.

Fifteens, pairs and runs depend only on which ranks a hand holds and how many of each, never on
suits or order, so the fast scorer reduces a hand to one integer key and reads the points from a
table. The key is the sum of RANK_WEIGHT[rank] over every piece: each rank owns one base-8 digit
holding its count. A hand with the starter has at most 7 pieces (6 pieces + starter), so no digit
ever overflows into the next and equal keys mean equal multisets.

The table is filled at import for every 5-piece multiset a deck can deal (the 6,175 multisets of
the ordinary hand and crib) and grows on demand for any other size (dice, 6-piece PIP hands).
Scores here are computed from rank counts only, by a different method from the itemised
breakdown in scoring.py, so the tests can check one against the other.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.cards import VALUE_OF_RANK

MAX_PIECES = 7  # the largest group a key may describe: 6 pieces + the starter
_DIGIT_BITS = 3  # one base-8 digit per rank holds a count of 0..7 pieces
_DIGIT_MASK = (1 << _DIGIT_BITS) - 1
RANKS = range(1, 14)

# RANK_WEIGHT[rank] is the key contribution of one piece of that rank (index 0 unused).
RANK_WEIGHT: tuple[int, ...] = (0, *(1 << (_DIGIT_BITS * (rank - 1)) for rank in RANKS))


def key_of_ranks(ranks: list[int] | tuple[int, ...]) -> int:
    return sum(RANK_WEIGHT[rank] for rank in ranks)


def counts_of_key(key: int) -> list[int]:
    """counts[rank] = how many pieces of that rank the key describes (index 0 unused)."""
    counts = [0] * 14
    for rank in RANKS:
        counts[rank] = (key >> (_DIGIT_BITS * (rank - 1))) & _DIGIT_MASK
    return counts


def fifteen_count(counts: list[int]) -> int:
    """How many distinct sets of pieces add up to 15.

    Pieces of one rank are distinct pieces, so a rank held m times can contribute k of them in
    C(m, k) ways: a counting knapsack over ranks instead of walking every subset."""
    ways = [0] * 16
    ways[0] = 1
    for rank in RANKS:
        held = counts[rank]
        if not held:
            continue
        value = VALUE_OF_RANK[rank]
        choose = 1
        new_ways = ways[:]
        for taken in range(1, held + 1):
            choose = choose * (held - taken + 1) // taken  # C(held, taken)
            step = value * taken
            if step > 15:
                break
            for total in range(15 - step + 1):
                if ways[total]:
                    new_ways[total + step] += ways[total] * choose
        ways = new_ways
    return ways[15]


def pair_count(counts: list[int]) -> int:
    return sum(held * (held - 1) // 2 for held in counts)


def run_points(counts: list[int]) -> int:
    """Each maximal stretch of 3+ consecutive ranks scores its length once per way of choosing
    one piece of each rank in it (5-6-6-7: two runs of three)."""
    points = 0
    length = 0
    ways = 1
    for rank in (*RANKS, 14):  # 14: a sentinel rank that is never held, closing the last run
        held = counts[rank] if rank <= 13 else 0
        if held:
            length += 1
            ways *= held
            continue
        if length >= 3:
            points += length * ways
        length = 0
        ways = 1
    return points


def rank_score(counts: list[int]) -> int:
    return 2 * fifteen_count(counts) + 2 * pair_count(counts) + run_points(counts)


class RankScoreTable(dict[int, int]):
    """key -> fifteens + pairs + runs points; a missing key is computed once and remembered."""

    def __missing__(self, key: int) -> int:
        score = rank_score(counts_of_key(key))
        self[key] = score
        return score


RANK_SCORES = RankScoreTable()


def _fill_five_piece_multisets() -> None:
    for ranks in combinations_with_replacement(RANKS, 5):
        if all(ranks.count(rank) <= 4 for rank in set(ranks)):
            RANK_SCORES[key_of_ranks(ranks)]  # the lookup fills the entry


_fill_five_piece_multisets()
