"""The scorer against a slow reference written from the rules, on random hands, dice and piles."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, standard_deck
from engine.cribbage.scoring import FlushRule, hand_total, peg_points, score_hand

DECK = standard_deck()
JACK = 11


def value(card: Card) -> int:
    return min(card.rank, 10)


# --- A reference scorer, brute force and deliberately naive ---------------------------------


def reference_hand(
    pieces: Sequence[Card], starter: Card | None, crib: bool, rule: FlushRule | None
) -> int:
    if rule is None:
        rule = FlushRule.CRIB if crib else FlushRule.HAND
    group = [*pieces, starter] if starter is not None else list(pieces)
    indexed = list(enumerate(group))
    points = 0
    for size in range(2, len(group) + 1):
        points += 2 * sum(
            1 for subset in combinations(group, size) if sum(value(c) for c in subset) == 15
        )
    points += 2 * sum(1 for a, b in combinations(group, 2) if a.rank == b.rank)
    # A run is a set of 3+ pieces of consecutive distinct ranks; count only those that no
    # larger run contains.
    runs = [
        frozenset(i for i, _ in subset)
        for size in range(3, len(group) + 1)
        for subset in combinations(indexed, size)
        if sorted(c.rank for _, c in subset)
        == list(range(min(c.rank for _, c in subset), min(c.rank for _, c in subset) + size))
    ]
    points += sum(len(run) for run in runs if not any(run < other for other in runs))
    points += reference_flush(pieces, starter, rule)
    if starter is not None and starter.suit is not None:
        points += sum(1 for c in pieces if c.rank == JACK and c.suit == starter.suit)
    return points


def reference_flush(pieces: Sequence[Card], starter: Card | None, rule: FlushRule) -> int:
    cards = [c for c in pieces if c.suit is not None]
    starter_suit = starter.suit if starter is not None else None
    one_suit = len({c.suit for c in cards}) == 1
    if rule is FlushRule.HAND and one_suit and len(cards) >= 4:
        return len(cards) + (starter_suit == cards[0].suit)
    if rule is FlushRule.CRIB:
        everything = [*pieces, starter] if starter is not None else list(pieces)
        suits = {c.suit for c in everything}
        all_one_suit = suits in ({"S"}, {"H"}, {"D"}, {"C"})
        return len(everything) if len(everything) >= 5 and all_one_suit else 0
    if rule is FlushRule.WITH_STARTER and one_suit and starter_suit == cards[0].suit:
        return len(cards) + 1 if len(cards) + 1 >= 4 else 0
    return 0


def reference_peg(pile: Sequence[Card]) -> int:
    points = 0
    count = sum(value(c) for c in pile)
    if count in (15, 31):
        points += 2
    tail = 1
    while tail < len(pile) and pile[-tail - 1].rank == pile[-1].rank:
        tail += 1
    points += tail * (tail - 1)
    longest_run = 0
    for length in range(3, len(pile) + 1):
        ranks = sorted(c.rank for c in pile[-length:])
        if ranks == list(range(ranks[0], ranks[0] + length)):
            longest_run = length
    points += longest_run
    return points


# --- Strategies -----------------------------------------------------------------------------

dice = st.integers(1, 6).map(lambda rank: Card(rank, None))


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Card], Card | None, bool, FlushRule | None]:
    """2..6 pieces (cards from one deck, up to two dice), maybe a starter, any rule."""
    die_count = draw(st.integers(0, 2))
    card_count = draw(st.integers(max(0, 2 - die_count), 6 - die_count))
    has_starter = draw(st.booleans())
    cards = draw(st.permutations(DECK))[: card_count + has_starter]
    pieces = cards[:card_count] + [draw(dice) for _ in range(die_count)]
    pieces = draw(st.permutations(pieces))
    starter = cards[card_count] if has_starter else None
    crib = draw(st.booleans())
    rule = draw(st.sampled_from([None, *FlushRule]))
    return pieces, starter, crib, rule


@st.composite
def suit_heavy_deals(draw: st.DrawFn) -> tuple[list[Card], Card, bool, FlushRule | None]:
    """PIP-shaped and ordinary deals from one or two suits, so flushes and nobs come up."""
    suits = draw(st.sampled_from(["S", "H", "SH", "DC"]))
    cards = draw(st.permutations([c for c in DECK if c.suit in suits]))
    card_count, die_count = draw(st.sampled_from([(4, 0), (3, 1), (3, 2), (2, 2), (5, 0)]))
    pieces = draw(st.permutations(cards[:card_count] + [draw(dice) for _ in range(die_count)]))
    crib = draw(st.booleans())
    rule = draw(st.sampled_from([None, *FlushRule]))
    return pieces, cards[card_count], crib, rule


piles = st.lists(st.one_of(st.sampled_from(DECK), dice), min_size=1, max_size=8)


# --- Properties -----------------------------------------------------------------------------


@given(deals())
def test_hand_total_equals_breakdown_and_reference(
    deal: tuple[list[Card], Card | None, bool, FlushRule | None],
) -> None:
    pieces, starter, crib, rule = deal
    breakdown = score_hand(pieces, starter, crib=crib, flush=rule)
    assert hand_total(pieces, starter, crib=crib, flush=rule) == breakdown.total
    assert breakdown.total == reference_hand(pieces, starter, crib, rule)
    assert breakdown.to_json()["total"] == breakdown.total


@settings(max_examples=300)  # cheap examples; enough for every rule and shape to flush
@given(suit_heavy_deals())
def test_flush_rules_agree_with_reference_on_suited_deals(
    deal: tuple[list[Card], Card, bool, FlushRule | None],
) -> None:
    pieces, starter, crib, rule = deal
    total = hand_total(pieces, starter, crib=crib, flush=rule)
    assert total == score_hand(pieces, starter, crib=crib, flush=rule).total
    assert total == reference_hand(pieces, starter, crib, rule)


@given(deals(), st.randoms(use_true_random=False))
def test_order_of_pieces_does_not_matter(
    deal: tuple[list[Card], Card | None, bool, FlushRule | None], rng: random.Random
) -> None:
    pieces, starter, crib, rule = deal
    shuffled = pieces[:]
    rng.shuffle(shuffled)
    assert hand_total(shuffled, starter, crib=crib, flush=rule) == hand_total(
        pieces, starter, crib=crib, flush=rule
    )
    assert score_hand(shuffled, starter, crib=crib, flush=rule).total == score_hand(
        pieces, starter, crib=crib, flush=rule
    ).total


@given(piles)
def test_peg_points_equals_reference(pile: list[Card]) -> None:
    assert peg_points(pile).total == reference_peg(pile)


def test_large_random_sample_of_ordinary_deals() -> None:
    """Four cards and a starter from one deck, hand and crib, against both scorers."""
    rng = random.Random(20261129)
    for _ in range(4000):
        cards = rng.sample(DECK, 5)
        pieces, starter = cards[:4], cards[4]
        for crib in (False, True):
            total = hand_total(pieces, starter, crib=crib)
            assert total == score_hand(pieces, starter, crib=crib).total
            assert total == reference_hand(pieces, starter, crib, None)


def test_random_sample_of_flush_and_jack_deals() -> None:
    """Deals chosen so flush and nobs actually come up, which plain random deals rarely do."""
    rng = random.Random(7)
    jacks = [c for c in DECK if c.rank == JACK]
    for _ in range(2000):
        suit = rng.choice("SHDC")
        same_suit = [c for c in DECK if c.suit == suit]
        if rng.random() < 0.5:
            pieces = rng.sample(same_suit, 4)
        else:
            jack = rng.choice(jacks)
            pieces = [jack, *rng.sample([c for c in DECK if c != jack], 3)]
        starter = rng.choice([c for c in DECK if c not in pieces])
        for crib in (False, True):
            total = hand_total(pieces, starter, crib=crib)
            assert total == score_hand(pieces, starter, crib=crib).total
            assert total == reference_hand(pieces, starter, crib, None)
