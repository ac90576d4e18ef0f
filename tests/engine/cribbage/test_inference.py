"""The other player's hand drawn as the hard level keeps (engine/cribbage/inference.py): the
integer keep is the hard level's own, every deal it makes fits what the seat has seen, and
nothing in it comes from the real hidden cards."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.contract import Game
from engine.crib_race import rollout as race_rollout
from engine.cribbage import ai as crib_ai
from engine.cribbage import inference
from engine.cribbage.pieces import CARDS, LIMIT, PIECE_OF_TEXT, PLAYING, TEXT, VALUE
from engine.cribbage.sim import CribbageSim
from engine.registry import GAMES


def hard_discard(hand: list[int], dealer: bool, need: int) -> set[int]:
    """The cards the hard level itself throws from `hand`, through the contract."""
    game = GAMES["cribbage"].new(2, {}, 0)
    seat = 0 if dealer == (game.core.dealer == 0) else 1
    view = {**game.view(seat), "hand": [TEXT[card] for card in hand], "kept": [],
            "discards": [], "scores": [121 - need, 121 - need]}
    legal = [{"type": "discard", "cards": [TEXT[a], TEXT[b]]}
             for i, a in enumerate(hand) for b in hand[i + 1:]]
    action = crib_ai.choose_discard(view, legal, random.Random(0), "hard")
    return {PIECE_OF_TEXT[text] for text in action["cards"]}


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.integers(0, CARDS - 1), min_size=6, max_size=6, unique=True),
       dealer=st.booleans(), need=st.integers(1, 121))
def test_the_keep_is_the_hard_level_s(hand: list[int], dealer: bool, need: int) -> None:
    hand.sort()
    kept = inference.hard_keep(hand, 1.0 if dealer else -1.0, need)
    assert set(hand) - set(kept) == hard_discard(hand, dealer, need)


def test_crib_race_s_keep_is_its_hard_level_s() -> None:
    """Crib Race's hard level weighs each total on the track: the keep the other seat is
    drawn with, worked out from the searching seat's view, is the one it makes."""
    spec = GAMES["crib-race"]
    game = spec.new(2, {}, 7)
    rng = random.Random(7)
    checked = 0
    while game.outcome is None:
        seat = game.waiting_for()[0]
        view = game.view(seat)
        action = spec.ai(view, game.legal_actions(seat), rng, level="hard")
        if action["type"] == "discard":
            other_seat_s = race_rollout.inference({**game.view(1 - seat), "discards": []})
            assert other_seat_s is not None
            hand = sorted(PIECE_OF_TEXT[text] for text in view["hand"])
            sign = 1.0 if seat == game.core.dealer else -1.0
            kept = inference.hard_keep(hand, sign, other_seat_s.need, other_seat_s.worth)
            assert set(hand) - set(kept) == {PIECE_OF_TEXT[text] for text in action["cards"]}
            checked += 1
        game.apply(seat, action)
    assert checked > 10


def positions(seed: int) -> Iterator[tuple[Game, int]]:
    """A two-player Cribbage game played by the hard level, at each decision in the play."""
    spec = GAMES["cribbage"]
    game = spec.new(2, {}, seed)
    rng = random.Random(seed)
    while game.outcome is None:
        seat = game.waiting_for()[0]
        sim = CribbageSim.from_game(game)
        if sim.phase == PLAYING:
            yield game, seat
        game.apply(seat, spec.ai(game.view(seat), game.legal_actions(seat), rng, level="hard"))


def inferred(game: Game, seat: int, seed: int) -> CribbageSim:
    rng = random.Random(seed)
    sim = CribbageSim.from_game(game.determinize(seat, rng))
    inference.KeptHands(game.view(seat))(sim, rng)
    return sim


def test_in_the_play_the_other_hand_is_a_hard_keep_that_holds_what_it_laid() -> None:
    checked = 0
    for number, (game, seat) in enumerate(positions(seed=3)):
        other = 1 - seat
        truth = CribbageSim.from_game(game)
        sim = inferred(game, seat, number)
        laid = [card for card in truth.kept[other] if card not in truth.peg_hands[other]]
        assert set(laid) <= set(sim.kept[other])
        assert sim.peg_hands[other] == [card for card in sim.kept[other] if card not in laid]
        mine = [PIECE_OF_TEXT[text] for text in game.view(seat)["discards"]]
        assert sim.crib[:2] == mine and len(sim.crib) == 4
        everything = sim.kept[seat] + sim.kept[other] + sim.crib + [sim.starter]
        assert len(set(everything)) == 13
        thrown = set(sim.crib) - set(mine)
        sign = 1.0 if other == sim.dealer else -1.0
        need = sim.target - sim.side_scores[other]
        assert inference.hard_keep(sorted(sim.kept[other] + list(thrown)), sign,
                                   need) == sim.kept[other]
        if sim.passed[other]:
            assert all(VALUE[card] > LIMIT - sim.count for card in sim.peg_hands[other])
        checked += 1
    assert checked > 20


def test_the_deal_does_not_depend_on_the_real_hidden_cards() -> None:
    """From the real game and from one with the hidden cards dealt otherwise, the same random
    draws give the same hand."""
    moved = 0
    for number, (game, seat) in enumerate(positions(seed=5)):
        elsewhere = game.determinize(seat, random.Random(-number))
        first, second = inferred(game, seat, number), inferred(elsewhere, seat, number)
        other = 1 - seat
        assert first.hands[other] == second.hands[other]
        assert sorted(first.crib) == sorted(second.crib)
        assert first.peg_hands[other] == second.peg_hands[other]
        moved += CribbageSim.from_game(elsewhere).hands[other] != (
            CribbageSim.from_game(game).hands[other])
    assert moved > 0


def test_a_hand_hard_would_never_keep_leaves_the_deal_as_dealt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A keep that never holds the cards the other seat laid (a person's odd choice, here
    forced) is not fitted: the deal stays as Game.determinize dealt it, and the decision's
    later deals are not held up trying."""
    tried = []

    def never_the_laid(hand: list[int], *stakes: object) -> list[int]:
        tried.append(hand)
        return []  # holds no card laid

    monkeypatch.setattr(inference, "hard_keep", never_the_laid)
    checked = 0
    for number, (game, seat) in enumerate(positions(seed=6)):
        other = 1 - seat
        truth = CribbageSim.from_game(game)
        if len(truth.peg_hands[other]) == 4:
            continue  # nothing laid yet: any keep fits
        rng = random.Random(number)
        dealt = CribbageSim.from_game(game.determinize(seat, rng))
        before = (list(dealt.kept[other]), list(dealt.peg_hands[other]), list(dealt.crib))
        fitter = inference.KeptHands(game.view(seat))
        fitter(dealt, rng)
        assert (dealt.kept[other], dealt.peg_hands[other], dealt.crib) == before
        assert len(tried) == inference.TRIES
        tried.clear()
        fitter(dealt, rng)
        assert not tried, "the decision's next deal is not tried again"
        checked += 1
    assert checked > 5
