"""The cribbage games' pieces, scores and codes as small integers: what the rules core
(engine/cribbage/sim.py) and the search's tables read.

    pieces      a card is an int 0..51, (rank - 1) * 4 + suit index (S H D C), so sorting ints
                sorts cards by rank then suit; a PIP die showing f is 51 + f (52..57).
                RANK, VALUE, SUIT (4 for a die), WEIGHT (the rank-table key), TEXT ("5H",
                "P4"), piece_of(Card), PIECE_OF_TEXT
    DECK_ORDER  the ints of engine.cards.standard_deck() in its order: a shuffle of this list
                with the game's random.Random (engine.sim.shuffle) deals as the cards would
    hand_score  a Cribbage hand or crib of four cards with the starter (rank table + flush +
                nobs); show_score any pieces and flush rule (dice, PIP's rules)
    peg_score   what the last piece laid scores, from the pile's ranks and the count
    codes       the action codes every cribbage game shares, the core's phases and the
                journal's entries (Entry)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.cards import SUITS, Card, standard_deck
from engine.cribbage._tables import (
    FIVE_PIECE_SCORES,
    JACK,
    RANK_WEIGHT,
    FlushRule,
    show_total,
)
from engine.sim import shuffle

# ===== pieces ===================================================================================
CARDS = 52
DIE_BASE = CARDS - 1  # a die showing f is DIE_BASE + f
PIECES = CARDS + 6
DIE_SUIT = len(SUITS)
LIMIT = 31
#: The lowest value of an empty pegging hand: more than any count leaves room for.
NO_PIECE = 99

RANK: tuple[int, ...] = tuple([c // 4 + 1 for c in range(CARDS)] + list(range(1, 7)))
VALUE: tuple[int, ...] = tuple(min(rank, 10) for rank in RANK)
SUIT: tuple[int, ...] = tuple([c % 4 for c in range(CARDS)] + [DIE_SUIT] * 6)
WEIGHT: tuple[int, ...] = tuple(RANK_WEIGHT[rank] for rank in RANK)
CARD_OF: tuple[Card, ...] = tuple(
    [Card(RANK[c], SUITS[SUIT[c]]) for c in range(CARDS)] + [Card(f, None) for f in range(1, 7)])
TEXT: tuple[str, ...] = tuple(str(card) for card in CARD_OF)
PIECE_OF_TEXT: dict[str, int] = {text: piece for piece, text in enumerate(TEXT)}
_PIECE_OF_CARD: dict[Card, int] = {card: piece for piece, card in enumerate(CARD_OF)}
#: The jack of each card's suit (what makes nobs with that starter); -1 for a die.
NOBS_JACK: tuple[int, ...] = tuple([(JACK - 1) * 4 + SUIT[c] for c in range(CARDS)] + [-1] * 6)
DECK_ORDER: tuple[int, ...] = tuple(_PIECE_OF_CARD[card] for card in standard_deck())


def piece_of(card: Card) -> int:
    return _PIECE_OF_CARD[card]


def shuffled_deck(rng: random.Random, top: int = CARDS) -> list[int]:
    """engine.cards.shuffled(standard_deck(), rng), as piece ints; with `top`, only the first
    `top` cards are sure to be its (engine.sim.shuffle), the draws the same."""
    deck = list(DECK_ORDER)
    shuffle(deck, rng, top)
    return deck


# ===== scoring ==================================================================================
def hand_score(pieces: Sequence[int], starter: int, crib: bool) -> int:
    """A Cribbage hand (crib False) or crib of four cards with the starter: fifteens, pairs and
    runs from the rank table, a flush (a crib's only with the starter), nobs. show_score's
    count cut to the ordinary hand, as the core counts every show with it."""
    a, b, c, d = pieces
    total = FIVE_PIECE_SCORES[WEIGHT[a] + WEIGHT[b] + WEIGHT[c] + WEIGHT[d] + WEIGHT[starter]]
    if NOBS_JACK[starter] in pieces:
        total += 1
    suit = SUIT[a]
    if SUIT[b] == suit and SUIT[c] == suit and SUIT[d] == suit:
        if SUIT[starter] == suit:
            total += 5
        elif not crib:
            total += 4
    return total


def show_score(pieces: Sequence[int], starter: int, rule: FlushRule) -> int:
    """Any pieces (dice too) with the starter under any flush rule, as scoring.hand_total."""
    return show_total([CARD_OF[piece] for piece in pieces], CARD_OF[starter], rule)


def peg_score(ranks: Sequence[int], count: int) -> int:
    """What the last piece laid on the current count scores (scoring.peg_points(...).total):
    15 or 31, the pairs in the tail of equal ranks, the longest run the tail ends with."""
    tail = tuple(ranks[-4:])
    points = _POINTS_OF_TAIL.get(tail)
    if points is None:
        points = _POINTS_OF_TAIL[tail] = tail_points(tail)
    if points == WHOLE_PILE:
        points = pairs_and_runs(ranks)
    return points + 2 if count == 15 or count == LIMIT else points


#: What tail_points says when the ranks before the tail may count.
WHOLE_PILE = -1


def tail_points(tail: Sequence[int]) -> int:
    """The pairs and runs of any pile that ends with these ranks (up to four, the last laid
    last), or WHOLE_PILE when the ranks before them may count: four equal ranks may follow
    more of the same (PIP's dice are ranks too), four different ranks within a span of 7 may
    end a run of five or more."""
    if len(tail) == 4:
        spread = len(set(tail))
        if spread == 1 or (spread == 4 and max(tail) - min(tail) <= 6):
            return WHOLE_PILE
    return pairs_and_runs(tail)


def pairs_and_runs(ranks: Sequence[int]) -> int:
    """peg_score without 15 and 31: the pairs in the tail of equal ranks, else the longest run
    the pile ends with."""
    same, run = scoring_tail(ranks)
    return same * (same - 1) + run


def scoring_tail(ranks: Sequence[int]) -> tuple[int, int]:
    """The pieces the play's pairs and run take: (how many equal ranks end the pile, the
    length of the longest run it ends with, or 0). A pair ends no run."""
    laid = len(ranks)
    if laid < 2:
        return 1, 0
    last = ranks[-1]
    if ranks[-2] == last:
        same = 2
        while same < laid and ranks[-same - 1] == last:
            same += 1
        return same, 0
    if laid < 3:
        return 1, 0
    third = ranks[-3]
    if third == last or third == ranks[-2]:
        return 1, 0  # a run ends with three different ranks
    low = high = last
    seen = 1 << last
    run = 0
    length = 1
    for i in range(laid - 2, -1, -1):
        rank = ranks[i]
        bit = 1 << rank
        if seen & bit:
            break
        seen |= bit
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        length += 1
        if high - low == length - 1:
            if length >= 3:
                run = length
        elif high - low > 6:
            break  # no run longer than 7 fits under 31
    return 1, run


#: tail_points by the tail's ranks (peg_score's table, filled as piles come).
_POINTS_OF_TAIL: dict[tuple[int, ...], int] = {}
#: The same by the tail packed into an int, four bits a rank, the last laid lowest (0: none):
#: the random play keeps its pile packed (_pack_ranks) and looks up packed & TAIL_MASK.
TAIL_MASK = (1 << 16) - 1
_UNSEEN = -2
_POINTS_OF_KEY: list[int] = [_UNSEEN] * (TAIL_MASK + 1)


def _points_of_key(key: int) -> int:
    points = _POINTS_OF_KEY[key]
    if points == _UNSEEN:
        points = _POINTS_OF_KEY[key] = tail_points(_unpack_ranks(key))
    return points


def _pack_ranks(ranks: Sequence[int]) -> int:
    """A pile's ranks in one int, four bits a rank, the last laid lowest (ranks are never 0)."""
    packed = 0
    for rank in ranks:
        packed = packed << 4 | rank
    return packed


def _unpack_ranks(packed: int) -> list[int]:
    ranks = []
    while packed:
        ranks.append(packed & 15)
        packed >>= 4
    ranks.reverse()
    return ranks


# ===== action codes =============================================================================
GO = 64
MUGGINS = 65
KEEP = 66
GIVE_BACK = 67
PASS = 68
CLAIM = 128
DISCARD = 256
DISCARD_PAIR = 4096
_SIMPLE = {GO: "go", MUGGINS: "muggins", KEEP: "keep", GIVE_BACK: "give_back", PASS: "pass"}
_SIMPLE_CODE = {name: code for code, name in _SIMPLE.items()}
#: The discard code of each card, and of each pair of cards (a, b) with a < b.
_SINGLE_CODE = tuple(DISCARD + card for card in range(CARDS))
_PAIR_CODE = {(a, b): DISCARD_PAIR + (a << 6) + b for a, b in combinations(range(CARDS), 2)}
#: The highest card whose value fits in a room of n (n up to LIMIT): the pieces of a sorted
#: Cribbage hand that can be laid are those up to it.
_HIGHEST_WITHIN = tuple(max([-1] + [c for c in range(CARDS) if VALUE[c] <= room])
                        for room in range(LIMIT + 1))

#: What a move did, as `journal` records it while the contract game narrates (first item):
#:   (DEALT,)                       a deal was dealt (the hands, the crib's cards, the starter)
#:   (CUT,)                         every discard is in: the starter is turned
#:   (SCORED, seat, points, reason, side's score before, after)   reason: "play", "go",
#:                                  "last card", "heels", "hand", "crib", "muggins", or a
#:                                  subclass's ("crib bonus")
#:   (RESET,)                       the count starts again at 0
#:   (COUNTED, kind, seat, total, pieces, starter, flush rule)   the show counted a hand
#:                                  or the crib by itself (no claim)
#:   (SHOWN,)                       the show is over (before _after_show)
#:   (WON, side)                    the side has won
#: and a subclass's own entries (from 100 up).
Entry = tuple[Any, ...]
DEALT, CUT, SCORED, RESET, COUNTED, SHOWN, WON = range(7)

# Phases (small ints) and show steps ((kind, seat) with kind HAND or CRIB).
DISCARDING, PLAYING, SHOWING, OVER = 0, 1, 2, 3
HAND, CRIB = 0, 1
#: A kind's word: a count's in views and events, its points' reason when scored.
KIND_WORDS = ("hand", "crib")
_NOBODY: tuple[int, ...] = ()
#: (seat,): the acting tuple of one seat, made once.
_SEAT = tuple((seat,) for seat in range(16))
_GO_ONLY = (GO,)
#: _BITS[n] is n.bit_length(): the bits rng.choice draws to pick one of n.
_BITS = tuple(n.bit_length() for n in range(256))
_KEEP_OR_GIVE = (KEEP, GIVE_BACK)
#: The places (i, j), i < j, of each pair of a sorted hand of each size (up to half the deck),
#: in legal()'s order: a pair's discard code is DISCARD_PAIR + (hand[i] << 6) + hand[j].
_PLACE_PAIRS = tuple(tuple(combinations(range(size), 2)) for size in range(CARDS // 2 + 1))
#: The seat after each seat (to its left), by the number of players.
_NEXT_SEAT = tuple(tuple((seat + 1) % players for seat in range(players)) for players in range(17))
