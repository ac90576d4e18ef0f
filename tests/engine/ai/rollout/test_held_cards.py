"""Pip Pip's unseen cards dealt as players keep them (engine/ai/rollout/held_cards.py): every
deal keeps what the seat has seen, hands come out richer in what players keep, and nothing
comes from the real hidden cards."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.rollout import pip_pip as rollout
from engine.ai.rollout.held_cards import HeldCards
from engine.cards import SUITS
from engine.pip_pip.game import PipPipGame
from engine.pip_pip.sim import CARD_OF, PACK, PipPipSimulation, encode
from engine.registry import GAMES


def drawing_decisions(players: int, seed: int) -> Iterator[tuple[PipPipGame, int]]:
    """Each state of a one-round game of hard players while everyone still draws."""
    spec = GAMES["pip-pip"]
    game = spec.new(players, {"rounds": 1}, seed)
    rng = random.Random(seed)
    while game.outcome is None and game.drawing:
        seat = game.waiting_for()[0]
        yield game, seat
        game.apply(seat, spec.ai(game.view(seat), game.legal_actions(seat), rng, level="hard"))


def inferred(game: PipPipGame, seat: int, seed: int) -> PipPipSimulation:
    sim = PipPipSimulation.from_game(game.determinize(seat, random.Random(seed)))
    HeldCards(game.view(seat))(sim, random.Random(seed + 1))
    return sim


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 10_000), deal_seed=st.integers(0, 99))
def test_every_inferred_deal_keeps_what_the_seat_has_seen(players: int, seed: int,
                                                          deal_seed: int) -> None:
    for step, (game, seat) in enumerate(drawing_decisions(players, seed)):
        if step % 9:
            continue
        sim = inferred(game, seat, deal_seed + step)
        assert sorted(sim.hands[seat]) == sorted(encode(card) for card in game.hands[seat])
        assert [len(hand) for hand in sim.hands] == [len(hand) for hand in game.hands]
        assert len(sim.pile) == len(game.pile)
        for other, face_up in enumerate(game.declared):
            assert not Counter(encode(card) for card in face_up) - Counter(sim.hands[other])
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


def test_late_in_a_round_hands_hold_more_trump_kings_and_fewer_low_plain_cards() -> None:
    game, seat = next((game, seat) for game, seat in drawing_decisions(4, seed=5)
                      if game.trick_number >= 12)
    trump = SUITS.index(game.trump)
    in_hands = Counter()
    everywhere = Counter()
    for deal in range(300):
        sim = inferred(game, seat, deal)
        for other, hand in enumerate(sim.hands):
            if other != seat:
                in_hands.update(_kind(card, trump) for card in hand)
        everywhere.update(_kind(card, trump) for hand in sim.hands for card in hand)
        everywhere.update(_kind(card, trump) for card in sim.pile)
    share = {kind: in_hands[kind] / everywhere[kind] for kind in everywhere}
    assert share["trump king"] > 1.5 * share["low plain"]


def _kind(card: int, trump: int) -> str:
    if card >> 4 == trump and card & 15 == 10:
        return "trump king"
    return "low plain" if card >> 4 != trump and card & 15 < 8 else "other"


def test_the_inferred_deal_does_not_depend_on_the_hidden_cards() -> None:
    checked = 0
    for game, seat in drawing_decisions(4, seed=21):
        twin = game.determinize(seat, random.Random(checked))  # the same view, other cards
        assert twin.view(seat) == game.view(seat)
        assert inferred(twin, seat, 8).hands == inferred(game, seat, 8).hands
        checked += 1
    assert checked > 20


def test_once_drawing_stops_there_is_nothing_to_infer() -> None:
    game = GAMES["pip-pip"].new(4, {"rounds": 1}, 3)
    rng = random.Random(3)
    assert rollout.inference(game.view(0)) is not None
    while game.drawing:
        seat = game.waiting_for()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert rollout.inference(game.view(game.waiting_for()[0])) is None
