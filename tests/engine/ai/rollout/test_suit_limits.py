"""Pip Pip's deals kept within the suits each seat has shown it lacks
(engine/ai/rollout/suit_limits.py): every deal keeps what the table knows, each allowed hand is
as likely as the next, and nothing comes from the real hidden cards."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.rollout import pip_pip as rollout
from engine.ai.rollout.suit_limits import SuitLimits, _draw_within
from engine.cards import SUITS
from engine.pip_pip.game import PipPipGame
from engine.pip_pip.sim import CARD_OF, PACK, PipPipSimulation, encode
from engine.registry import GAMES

HEART, SPADE = SUITS.index("H"), SUITS.index("S")


def limited_decisions(players: int, seed: int) -> Iterator[tuple[PipPipGame, int]]:
    """Each state of a one-round game of hard players where the seat to play knows another
    seat's suit limit (the searching seat's view says so)."""
    spec = GAMES["pip-pip"]
    game = spec.new(players, {"rounds": 1}, seed)
    rng = random.Random(seed)
    while game.outcome is None:
        seat = game.waiting_for()[0]
        if rollout.inference(game.view(seat)) is not None:
            yield game, seat
        game.apply(seat, spec.ai(game.view(seat), game.legal_actions(seat), rng, level="hard"))


def inferred(game: PipPipGame, seat: int, seed: int) -> PipPipSimulation:
    sim = PipPipSimulation.from_game(game.determinize(seat, random.Random(seed)))
    SuitLimits(game.view(seat))(sim, random.Random(seed + 1))
    return sim


def test_a_limited_hand_is_drawn_with_each_allowed_hand_equally_likely() -> None:
    hearts = [HEART << 4 | strength for strength in range(4)]
    spades = [SPADE << 4 | strength for strength in range(6)]
    rng = random.Random(4)
    with_a_heart = 0
    draws = 4000
    for _ in range(draws):
        rest = hearts + spades
        rng.shuffle(rest)
        hand = _draw_within(rest, 3, {HEART: 1}, rng)
        assert hand is not None and len(hand) == 3 and len(rest) == 7
        assert Counter(hand) + Counter(rest) == Counter(hearts + spades)
        held = sum(card >> 4 == HEART for card in hand)
        assert held <= 1
        with_a_heart += held
    # Hands of three with at most one heart: 4 * C(6, 2) = 60 with one, C(6, 3) = 20 without.
    assert abs(with_a_heart / draws - 60 / 80) < 0.03


def test_a_hand_no_card_left_can_fill_is_refused() -> None:
    rest = [HEART << 4 | 1, HEART << 4 | 2, SPADE << 4 | 3]
    assert _draw_within(rest, 3, {HEART: 1}, random.Random(0)) is None
    assert len(rest) == 3


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10_000), deal_seed=st.integers(0, 99))
def test_every_inferred_deal_keeps_what_the_table_knows(players: int, seed: int,
                                                        deal_seed: int) -> None:
    for step, (game, seat) in enumerate(limited_decisions(players, seed)):
        if step % 7:
            continue
        view = game.view(seat)
        sim = inferred(game, seat, deal_seed + step)
        assert sorted(sim.hands[seat]) == sorted(encode(card) for card in game.hands[seat])
        assert [len(hand) for hand in sim.hands] == [len(hand) for hand in game.hands]
        assert len(sim.pile) == len(game.pile)
        for other, limits in enumerate(view["suit_limits"]):
            held = Counter(encode(card) for card in game.declared[other])
            assert not held - Counter(sim.hands[other])  # the face-up cards stay in the hand
            if other != seat:
                for suit, most in limits.items():
                    assert sum(card >> 4 == SUITS.index(suit) for card in sim.hands[other]) \
                        <= most
        dealt = Counter(card for hand in sim.hands for card in hand) + Counter(sim.pile)
        gone = Counter(encode(card) for card in game.played)
        gone.update(encode(card) for _, card in game.trick)
        assert not dealt + gone - Counter(PACK)
        # The simulation's own records (calls, suits, copies) are those of its new hands.
        same = game.clone()
        same.hands = [[CARD_OF[code] for code in hand] for hand in sim.hands]
        same.pile = [CARD_OF[code] for code in sim.pile]
        fresh = PipPipSimulation.from_game(same)
        assert (sim.kq, sim.mask, sim.suited, sim.doubled) == \
            (fresh.kq, fresh.mask, fresh.suited, fresh.doubled)


def test_the_inferred_deal_does_not_depend_on_the_hidden_cards() -> None:
    checked = 0
    for game, seat in limited_decisions(4, seed=21):
        # Another game the seat cannot tell from this one: the hidden cards dealt elsewhere.
        twin = game.determinize(seat, random.Random(checked))
        assert twin.view(seat) == game.view(seat)
        assert inferred(twin, seat, 8).hands == inferred(game, seat, 8).hands
        checked += 1
    assert checked > 20


def test_no_limit_that_bites_leaves_the_deal_as_determinized() -> None:
    game = GAMES["pip-pip"].new(4, {"rounds": 1}, 3)
    assert rollout.inference(game.view(0)) is None
    sim = PipPipSimulation.from_game(game.determinize(0, random.Random(1)))
    hands = [hand[:] for hand in sim.hands]
    SuitLimits(game.view(0))(sim, random.Random(2))
    assert sim.hands == hands
