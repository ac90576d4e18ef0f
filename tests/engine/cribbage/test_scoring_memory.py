"""The hand-score cache stays small however many different hands a bot counts over months:
every sequence of ranks counted once is kept only up to a bound (some 2.5 MB)."""

from __future__ import annotations

import gc
import itertools
import tracemalloc

from engine.cards import Card
from engine.cribbage.scoring import _rank_counting, score_hand

SUITS = "SHDC"


def test_counting_twenty_thousand_different_hands_keeps_a_few_megabytes():
    _rank_counting.cache_clear()
    hands = itertools.islice(itertools.product(range(1, 14), repeat=5), 20_000)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for ranks in hands:
            *kept, starter = [Card(rank, SUITS[i % 4]) for i, rank in enumerate(ranks)]
            score_hand(kept, starter)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 8_000_000  # unbounded: 14 MB, and growing with every new hand
