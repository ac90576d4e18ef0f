"""Cribbage's rules core (engine/cribbage/sim.py) as the search drives it: its own random
playout, its parts (shuffle, hand and pegging scores, action codes) against the itemised
scorer's, clones."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import Card, standard_deck
from engine.cribbage import SPEC
from engine.cribbage.pieces import (
    CARD_OF,
    DECK_ORDER,
    TAIL_MASK,
    WHOLE_PILE,
    _pack_ranks,
    _points_of_key,
    _unpack_ranks,
    hand_score,
    pairs_and_runs,
    peg_score,
    piece_of,
    show_score,
    tail_points,
)
from engine.cribbage.scoring import FlushRule, hand_total, peg_points, score_hand
from engine.cribbage.sim import CribbageSim
from engine.sim import shuffle

from ..sim_checks import check_clone, check_own_random_playout


def test_the_spec_offers_the_simulation() -> None:
    assert SPEC.simulation is CribbageSim
    assert isinstance(SPEC.new(2, {}, 0).core, CribbageSim)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (3, {}), (4, {}), (2, {"muggins": True}), (3, {"muggins": True}),
    (4, {"muggins": True, "target": 61})])
def test_the_own_random_playout_draws_as_the_protocols(players: int,
                                                      options: dict[str, Any]) -> None:
    assert check_own_random_playout("cribbage", players, options, range(300)) == 300


# ----- the parts ------------------------------------------------------------------------------
def test_deck_order_and_the_shuffle_are_the_contracts() -> None:
    assert [CARD_OF[piece] for piece in DECK_ORDER] == standard_deck()
    assert sorted(DECK_ORDER) == list(range(52))
    for seed in range(500):
        ours, theirs = random.Random(seed), random.Random(seed)
        deck, cards = list(DECK_ORDER), standard_deck()
        shuffle(deck, ours)
        theirs.shuffle(cards)
        assert [CARD_OF[piece] for piece in deck] == cards
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_cuts_and_deals_as_the_contract(players: int) -> None:
    for seed in range(300):
        sim, game = CribbageSim.new(players, {}, seed), SPEC.new(players, {}, seed)
        core: CribbageSim = game.core  # type: ignore[attr-defined]
        assert sim.dealer == game.first_cut.dealer == core.dealer  # type: ignore[attr-defined]
        assert (sim.hands, sim.crib, sim.starter) == (core.hands, core.crib, core.starter)
        assert sim.rng.getstate() == core.rng.getstate()


def test_sorting_pieces_sorts_cards_by_rank_then_suit() -> None:
    from engine.cribbage.words import card_key

    cards = list(CARD_OF[:52])  # the dice follow
    assert sorted(cards, key=card_key) == cards
    assert all(piece_of(card) == piece for piece, card in enumerate(CARD_OF))


cards = st.sampled_from(standard_deck())


@given(st.lists(cards, min_size=5, max_size=5, unique=True), st.booleans())
def test_hand_score_is_the_itemised_count(five: list[Card], crib: bool) -> None:
    *hand, starter = five
    pieces = [piece_of(card) for card in hand]
    expected = score_hand(hand, starter, crib=crib).total
    assert hand_score(pieces, piece_of(starter), crib) == expected
    rule = FlushRule.CRIB if crib else FlushRule.HAND
    assert show_score(pieces, piece_of(starter), rule) == expected


@given(st.lists(cards, min_size=2, max_size=5, unique=True),
       st.lists(st.integers(1, 6), min_size=0, max_size=2), st.sampled_from(list(FlushRule)))
def test_show_score_with_dice_is_hand_total(hand: list[Card], faces: list[int],
                                            rule: FlushRule) -> None:
    *held, starter = hand
    pieces = [*held, *(Card(face, None) for face in faces)]
    ints = [piece_of(piece) for piece in pieces]
    assert show_score(ints, piece_of(starter), rule) == hand_total(pieces, starter, flush=rule)


@given(st.lists(st.integers(1, 13), min_size=1, max_size=13))
def test_peg_score_is_the_contracts(ranks: list[int]) -> None:
    pile = [Card(rank, "S") for rank in ranks]
    count = sum(min(rank, 10) for rank in ranks)
    assert peg_score(ranks, count) == peg_points(pile).total


@given(st.lists(st.integers(1, 13), min_size=0, max_size=3),
       st.lists(st.integers(1, 13), min_size=1, max_size=4))
def test_the_tables_by_the_last_four_ranks_are_the_walk(before: list[int],
                                                        tail: list[int]) -> None:
    """tail_points, and the random play's table by packed key, score a pile as pairs_and_runs
    does, or say that only the whole pile can (WHOLE_PILE)."""
    ranks = before + tail
    assert _unpack_ranks(_pack_ranks(ranks)) == ranks
    expected = pairs_and_runs(ranks)
    for points in (tail_points(ranks[-4:]), _points_of_key(_pack_ranks(ranks) & TAIL_MASK)):
        assert points == expected or (points == WHOLE_PILE and len(ranks) >= 4)


@pytest.mark.parametrize("ranks", [
    [9, 3, 5, 7, 4, 6], [9, 3, 5, 7, 6, 4], [2, 6, 4, 7, 3, 5], [1, 3, 2, 5, 4, 6, 7],
    [13, 7, 5, 4, 2, 3, 1, 6], [4, 6, 5, 3, 7], [5, 6, 5, 3, 7, 4], [3, 4, 6, 5, 7, 2],
    [1, 1, 1, 1, 1], [2, 1, 1, 1, 1, 1], [3, 1, 1, 1, 1]])
def test_what_the_last_four_ranks_cannot_tell_is_scored_whole(ranks: list[int]) -> None:
    """Runs of five and more; five and more of a rank (PIP's dice are ranks beside the cards)."""
    pile = [Card(rank, "S") for rank in ranks]
    count = sum(min(rank, 10) for rank in ranks)
    assert peg_score(ranks, count) == peg_points(pile).total


@given(st.integers(2, 4), st.booleans(), st.integers(0, 10_000), st.integers(0, 300))
def test_codes_and_actions_translate_both_ways(players: int, muggins: bool, seed: int,
                                               moves: int) -> None:
    sim = CribbageSim.new(players, SPEC.check_options({"muggins": muggins}), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if sim.winners() is not None:
            break
        for seat in sim.to_act():
            for code in sim.legal(seat):
                assert sim.code(seat, sim.action(seat, code)) == code
        seat = rng.choice(sim.to_act())
        sim.play(seat, rng.choice(sim.legal(seat)))


# ----- search: clones and take-overs -----------------------------------------------------------
def snapshot(sim: CribbageSim) -> tuple[Any, ...]:
    return (sim.to_act(), {seat: list(sim.legal(seat)) for seat in range(sim.players)},
            sim.scores(), sim.winners(), sim.rng.getstate(), sim.phase, sim.dealer)


@pytest.mark.parametrize(("players", "muggins"), [(2, False), (3, True), (4, False)])
def test_a_clone_is_independent(players: int, muggins: bool) -> None:
    for seed in range(30):
        sim = CribbageSim.new(players, SPEC.check_options({"muggins": muggins}), seed)
        check_clone(sim, seed * 3, seed, snapshot)


