"""Cribbage scoring shared by Cribbage, PIP Cribbage and Crib Race: the show and the play.

Two ways to score a hand, kept independent on purpose:
  score_hand   an itemised Breakdown (every fifteen, pair, run...; engine/cribbage/
               breakdown.py spells it in words), for players and logs;
  hand_total   just the number, from precomputed rank tables (_tables.py), for the computer
               players' discard search. Tests check the two always agree.

A PIP die is Card(rank, None): it counts by rank in fifteens, pairs and runs like any card, and
never helps a flush or scores nobs.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, product
from operator import itemgetter
from typing import Any, NamedTuple

from engine.cards import VALUE_OF_RANK, Card, card_strs
from engine.cribbage._tables import MAX_PIECES, RANK_SCORES, RANK_WEIGHT
from engine.cribbage.breakdown import (
    NO_POINTS_WORDS,
    Breakdown,
    ScoreItem,
    item_phrase,
    number_words,
)

JACK = 11
MIN_FLUSH = 4  # a flush needs four suited cards (a CRIB flush needs every piece: five)


class FlushRule(enum.Enum):
    """Which flush a hand may score. Dice have no suit: they are left out of HAND and
    WITH_STARTER flushes and spoil a CRIB flush. A flush is never shorter than MIN_FLUSH."""

    HAND = "hand"  # the suited non-starter pieces one suit: that many, +1 if the starter too
    CRIB = "crib"  # only every piece and the starter one suit: that many (5 for a crib)
    WITH_STARTER = "with-starter"  # PIP hand: suited pieces and the starter one suit (4)
    NONE = "none"  # never a flush (PIP Cribbage crib)


_HAND, _CRIB = FlushRule.HAND, FlushRule.CRIB
_WITH_STARTER, _NONE = FlushRule.WITH_STARTER, FlushRule.NONE


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
    rule = flush if flush is not None else _CRIB if crib else _HAND  # _flush_rule, inline
    group = (*pieces, starter) if starter is not None else tuple(pieces)
    if len(group) > MAX_PIECES:
        _check_size(pieces, starter)
    counting = _rank_counting(tuple([piece.rank for piece in group]))
    texts = card_strs(group)
    items = [_score_item(kind, points, pick(group)) for kind, points, pick in counting.items]
    items_json = [{"kind": kind, "points": points, "cards": list(pick(texts))}
                  for kind, points, pick in counting.items]
    words = counting.words.format(*texts)
    running = counting.points
    for item in _suit_items(pieces, starter, rule):
        running += item.points
        shown = card_strs(item.cards)
        items.append(item)
        items_json.append({"kind": item.kind, "points": item.points, "cards": shown})
        phrase = item_phrase(item.kind, item.points, len(item.cards), number_words(running))
        said = f"{phrase} ({' '.join(shown)})"
        words = f"{words}, {said}" if words else said
    return _counted(tuple(items), running, items_json, words or NO_POINTS_WORDS)


def _suit_items(pieces: Sequence[Card], starter: Card | None, rule: FlushRule
                ) -> list[ScoreItem]:
    """The items of a count that suits make, after its rank items: the flush, then nobs."""
    items = []
    flush_cards = _flush_cards(pieces, starter, rule)
    if flush_cards:
        items.append(ScoreItem("flush", len(flush_cards), flush_cards))
    if starter is not None and starter.suit is not None:
        for jack in _nobs_jacks(pieces, starter):
            items.append(ScoreItem("nobs", 1, (jack, starter)))
    return items


def _score_item(kind: str, points: int, cards: tuple[Card, ...]) -> ScoreItem:
    """ScoreItem(kind, points, cards), its fields filled in directly: a frozen record's
    __init__ sets each through object.__setattr__, and every show makes dozens of items."""
    item = _new_object(ScoreItem)
    fields = item.__dict__
    fields["kind"], fields["points"], fields["cards"] = kind, points, cards
    return item


_new_object = object.__new__


def _counted(items: tuple[ScoreItem, ...], total: int, items_json: list[dict[str, Any]],
             words: str) -> Breakdown:
    """Breakdown(items) (`total`: their points), filled in directly as _score_item is, with
    what to_json and words would make already made."""
    breakdown = _new_object(Breakdown)
    fields = breakdown.__dict__
    fields["items"], fields["total"] = items, total
    fields["_items_json"], fields["_words"] = items_json, words
    return breakdown


def _flush_rule(crib: bool, flush: FlushRule | None) -> FlushRule:
    if flush is not None:
        return flush
    return _CRIB if crib else _HAND


def _check_size(pieces: Sequence[Card], starter: Card | None) -> None:
    # The rank tables give each rank a 3-bit count, so more pieces could alias another hand.
    if len(pieces) + (starter is not None) > MAX_PIECES:
        raise ValueError(f"A hand scores at most {MAX_PIECES} pieces with the starter.")


def _rank_items(ranks: tuple[int, ...]) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """The fifteens, pairs and runs of pieces of these ranks (in this order), as (kind, points,
    positions of the pieces), in the order a player counts them."""
    items = [("fifteen", 2, subset) for subset in _fifteens(ranks)]
    items += [("pair", 2, (first, second))
              for first, second in combinations(range(len(ranks)), 2)
              if ranks[first] == ranks[second]]
    items += [("run", len(run), run) for run in _runs(ranks)]
    return tuple(items)


class RankCounting(NamedTuple):
    """What the ranks of a count's pieces (in their order) score, ready to apply to pieces."""

    #: (kind, points, pick) per item, in counting order; pick(sequence) -> a tuple of the
    #: item's pieces (every rank item has two or more, so itemgetter gives a tuple).
    items: tuple[tuple[str, int, itemgetter[Any]], ...]
    #: The items in words, running totals included, a "{i}" standing for the text of piece i.
    words: str
    points: int


@lru_cache(maxsize=1 << 16)
def _rank_counting(ranks: tuple[int, ...]) -> RankCounting:
    """_rank_items made ready for score_hand. They depend on the ranks alone, and hands
    repeat their sequences of ranks, so each sequence is worked out once."""
    items = []
    phrases = []
    running = 0
    for kind, points, where in _rank_items(ranks):
        running += points
        phrases.append(_rank_phrase(kind, points, where, running))
        items.append((kind, points, _picker(where)))
    return RankCounting(tuple(items), ", ".join(phrases), running)


# A new sequence of ranks is met for hundreds of games (about 23,000 of a hand and starter):
# its items are made from these parts, which repeat across sequences.
@cache
def _rank_phrase(kind: str, points: int, where: tuple[int, ...], running: int) -> str:
    """One rank item in words for _rank_counting's template: "fifteen four ({1} {4})"."""
    phrase = item_phrase(kind, points, len(where), number_words(running))
    return f"{phrase} ({' '.join(f'{{{i}}}' for i in where)})"


@cache
def _picker(where: tuple[int, ...]) -> itemgetter[Any]:
    return itemgetter(*where)


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


def _fifteens(ranks: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The positions of every distinct set of pieces adding up to 15, smallest sets first,
    in table order."""
    return _fifteens_of_values(tuple([VALUE_OF_RANK[rank] for rank in ranks]))


@lru_cache(maxsize=1 << 14)
def _fifteens_of_values(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """_fifteens by the pieces' values: the ten-cards share one value, so far fewer sequences
    (a sorted hand and its starter: about 7,000) than of ranks repeat, and each is worked out
    once."""
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
    piece per rank."""
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


def _flush_cards(
    pieces: Sequence[Card], starter: Card | None, rule: FlushRule
) -> tuple[Card, ...]:
    """The cards of the flush the rule allows, or () for none. Dice never count."""
    if rule is _NONE:
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
    if rule is _CRIB:
        # Every piece, dice included, must be a card of the one suit, and the starter too.
        group = (*pieces, starter) if starter is not None else tuple(pieces)
        suits = {p.suit for p in group}
        if len(group) >= 5 and len(suits) == 1 and None not in suits:
            return group
        return ()
    if not suited or len({p.suit for p in suited}) != 1:
        return ()
    suit = suited[0].suit
    starter_matches = starter is not None and starter.suit == suit
    if rule is _WITH_STARTER:
        if starter is not None and starter_matches and len(suited) + 1 >= MIN_FLUSH:
            return (*suited, starter)
        return ()
    # HAND: the suited pieces alone make the flush; a matching starter adds one more.
    if len(suited) < MIN_FLUSH:
        return ()
    return (*suited, starter) if starter is not None and starter_matches else suited


def _nobs_jacks(pieces: Sequence[Card], starter: Card | None) -> list[Card]:
    if starter is None or starter.suit is None:
        return []
    return [p for p in pieces if p.rank == JACK and p.suit == starter.suit]


# ---------------------------------------------------------------------------------------------
# The show: the fast total


def hand_total(
    pieces: Sequence[Card],
    starter: Card | None,
    *,
    crib: bool = False,
    flush: FlushRule | None = None,
) -> int:
    """The same number as score_hand(...).total, without building any items: the fifteens,
    pairs and runs from the rank tables (_tables.py), then nobs and the flush."""
    _check_size(pieces, starter)
    rule = _flush_rule(crib, flush)
    starter_suit = starter.suit if starter is not None else None
    key = RANK_WEIGHT[starter.rank] if starter is not None else 0
    nobs = 0
    for piece in pieces:
        rank = piece.rank
        key += RANK_WEIGHT[rank]
        if rank == JACK and starter_suit is not None and piece.suit == starter_suit:
            nobs += 1
    flush_points = 0 if rule is _NONE else len(_flush_cards(pieces, starter, rule))
    return RANK_SCORES[key] + nobs + flush_points


# ---------------------------------------------------------------------------------------------
# The play


def peg_points(pile: Sequence[Card], count: int | None = None) -> Breakdown:
    """What the last piece laid on the current count scores: 15, 31, pairs royal, a run.
    `count` is the pile's count, when the caller keeps it.

    Go and last card are the game's to score."""
    if not pile:
        return _NO_POINTS
    if count is None:
        count = count_of(pile)
    laid = len(pile)
    last_rank = pile[-1].rank
    same = 1
    while same < laid and pile[-same - 1].rank == last_rank:
        same += 1
    run = 0
    if same == 1 and laid >= 3:  # a pair ends no run
        # A run ends with three different ranks within its span, which is under its length
        # (at most the pile's): most piles fail this at once.
        before, third = pile[-2].rank, pile[-3].rank
        if (before != third and third != last_rank
                and max(before, third, last_rank) - min(before, third, last_rank) < laid):
            run = _peg_run_length(pile)
    if count != 15 and count != 31 and same == 1 and not run:
        return _NO_POINTS  # most pieces score nothing
    items: list[ScoreItem] = []
    if count == 15:
        items.append(_score_item("fifteen", 2, tuple(pile)))
    elif count == 31:
        items.append(_score_item("thirty-one", 2, tuple(pile)))
    if same >= 2:
        # Every pair among the matching tail scores 2: 2, 6, 12 for two, three, four of a kind.
        items.append(_score_item("pair", same * (same - 1), tuple(pile[-same:])))
    if run:
        items.append(_score_item("run", run, tuple(pile[-run:])))
    return Breakdown(tuple(items))


_NO_POINTS = Breakdown(())


def _peg_run_length(pile: Sequence[Card]) -> int:
    """The longest n >= 3 whose last n pieces are n distinct consecutive ranks; 0 if none."""
    last = pile[-1].rank
    low = high = last
    seen = {last}
    run = 0
    # Walking back from the last piece: once a rank repeats, no longer tail can be a run.
    for length, piece in enumerate(reversed(pile[:-1]), start=2):
        rank = piece.rank
        if rank in seen:
            break
        seen.add(rank)
        low, high = min(low, rank), max(high, rank)
        if length >= 3 and high - low == length - 1:
            run = length
    return run
