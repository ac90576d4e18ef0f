"""Cribbage scoring shared by Cribbage, PIP Cribbage and Crib Race, on Cards: the show and the
play.

  score_hand   an itemised Breakdown (every fifteen, pair, run...; engine/cribbage/
               breakdown.py spells it in words), for players and logs;
  hand_total   just the number, from the rank table, for the computer players' discard search;
  peg_points   what the last piece laid in the play scores, itemised.

The counting rules themselves are written once, in _tables.py (the show's) and pieces.py (the
play's); this module applies them to cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any, NamedTuple

from engine.cards import VALUE_OF_RANK, Card, card_strs
from engine.cribbage._tables import (
    MAX_PIECES,
    FlushRule,
    flush_cards,
    nobs_jacks,
    rank_items,
    show_total,
)
from engine.cribbage.breakdown import (
    NO_POINTS_WORDS,
    Breakdown,
    ScoreItem,
    item_phrase,
)
from engine.cribbage.pieces import scoring_tail

_HAND, _CRIB = FlushRule.HAND, FlushRule.CRIB


def count_of(pile: Sequence[Card]) -> int:
    """The running count of a pile: the sum of values, face cards 10."""
    return sum(VALUE_OF_RANK[piece.rank] for piece in pile)


# ---------------------------------------------------------------------------------------------
# The show: itemised


def score_hand(
    pieces: Sequence[Card],
    starter: Card | None,
    *,
    crib: bool = False,
    flush: FlushRule | None = None,
) -> Breakdown:
    """Every scoring item of a hand or crib: fifteens, pairs, runs, flush, nobs, in that order.

    pieces: the hand without the starter (2..6 pieces, dice allowed); starter None scores the
    pieces alone. flush defaults to CRIB for a crib, HAND otherwise.

    Every count is published (its show event, its score event, the views), so its JSON items
    and words are made here in the same pass, the rank items' words coming ready-made for each
    sequence of ranks (`_rank_counting`)."""
    rule = flush if flush is not None else _CRIB if crib else _HAND
    group = (*pieces, starter) if starter is not None else tuple(pieces)
    if len(group) > MAX_PIECES:
        raise ValueError(_TOO_MANY)
    counting = _rank_counting(tuple([piece.rank for piece in group]))
    texts = card_strs(group)
    items = [ScoreItem(kind, points, pick(group)) for kind, points, pick in counting.items]
    items_json = [{"kind": kind, "points": points, "cards": list(pick(texts))}
                  for kind, points, pick in counting.items]
    words = counting.words.format(*texts)
    running = counting.points
    for item in _suit_items(pieces, starter, rule):
        running += item.points
        shown = card_strs(item.cards)
        items.append(item)
        items_json.append({"kind": item.kind, "points": item.points, "cards": shown})
        said = item_phrase(item.kind, item.points, shown, running)
        words = f"{words}, {said}" if words else said
    return _counted(tuple(items), running, items_json, words or NO_POINTS_WORDS)


def _suit_items(pieces: Sequence[Card], starter: Card | None, rule: FlushRule
                ) -> list[ScoreItem]:
    """The items of a count that suits make, after its rank items: the flush, then nobs."""
    items = []
    flush = flush_cards(pieces, starter, rule)
    if flush:
        items.append(ScoreItem("flush", len(flush), flush))
    if starter is not None:
        items += [ScoreItem("nobs", 1, (jack, starter)) for jack in nobs_jacks(pieces, starter)]
    return items


def _counted(items: tuple[ScoreItem, ...], total: int, items_json: list[dict[str, Any]],
             words: str) -> Breakdown:
    """Breakdown(items) (`total`: their points), its fields filled in directly (a frozen
    record's __init__ sets each through object.__setattr__), with what to_json and words
    would make already made."""
    breakdown = object.__new__(Breakdown)
    fields = breakdown.__dict__
    fields["items"], fields["total"] = items, total
    fields["_items_json"], fields["_words"] = items_json, words
    return breakdown


# The rank table gives each rank a 3-bit count, so more pieces could alias another hand.
_TOO_MANY = f"A hand scores at most {MAX_PIECES} pieces with the starter."


class RankCounting(NamedTuple):
    """What the ranks of a count's pieces (in their order) score, ready to apply to pieces."""

    #: (kind, points, pick) per item, in counting order; pick(sequence) -> a tuple of the
    #: item's pieces (every rank item has two or more, so itemgetter gives a tuple).
    items: tuple[tuple[str, int, itemgetter[Any]], ...]
    #: The items in words, running totals included, a "{i}" standing for the text of piece i.
    words: str
    points: int


# Some 600 bytes an entry, and a bot meets about 23,000 sequences over months of play: bounded
# to some 2.5 MB. A miss costs under 10 microseconds, once per hand shown.
@lru_cache(maxsize=1 << 12)
def _rank_counting(ranks: tuple[int, ...]) -> RankCounting:
    """rank_items made ready for score_hand. They depend on the ranks alone, and hands
    repeat their sequences of ranks, so each sequence is worked out once."""
    items = []
    phrases = []
    running = 0
    for kind, points, where in rank_items(ranks):
        running += points
        phrases.append(_rank_phrase(kind, points, where, running))
        items.append((kind, points, _picker(where)))
    return RankCounting(tuple(items), ", ".join(phrases), running)


# A new sequence of ranks is met for hundreds of games (about 23,000 of a hand and starter):
# its items are made from these parts, which repeat across sequences.
@cache
def _rank_phrase(kind: str, points: int, where: tuple[int, ...], running: int) -> str:
    """One rank item in words for _rank_counting's template: "fifteen four ({1} {4})"."""
    return item_phrase(kind, points, [f"{{{i}}}" for i in where], running)


@cache
def _picker(where: tuple[int, ...]) -> itemgetter[Any]:
    return itemgetter(*where)


# ---------------------------------------------------------------------------------------------
# The show: the fast total


def hand_total(
    pieces: Sequence[Card],
    starter: Card | None,
    *,
    crib: bool = False,
    flush: FlushRule | None = None,
) -> int:
    """The same number as score_hand(...).total, without building any items."""
    if len(pieces) + (starter is not None) > MAX_PIECES:
        raise ValueError(_TOO_MANY)
    return show_total(pieces, starter, flush if flush is not None else _CRIB if crib else _HAND)


# ---------------------------------------------------------------------------------------------
# The play


def peg_points(pile: Sequence[Card]) -> Breakdown:
    """What the last piece laid on the current count scores: 15, 31, pairs royal, a run (go
    and last card are the game's to score)."""
    if not pile:
        return _NO_POINTS
    count = count_of(pile)
    same, run = scoring_tail([piece.rank for piece in pile])
    if count != 15 and count != 31 and same == 1 and not run:
        return _NO_POINTS  # most pieces score nothing
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem("fifteen", 2, tuple(pile)))
    elif count == 31:
        items.append(ScoreItem("thirty-one", 2, tuple(pile)))
    if same >= 2:
        # Every pair among the matching tail scores 2: 2, 6, 12 for two, three, four of a kind.
        items.append(ScoreItem("pair", same * (same - 1), tuple(pile[-same:])))
    if run:
        items.append(ScoreItem("run", run, tuple(pile[-run:])))
    return Breakdown(tuple(items))


_NO_POINTS = Breakdown(())
