"""PIP Rush's rules core (engine/pip_rush/sim.py), the one implementation of its rules: the
contract game and the fast path play the same games, clones are independent, a determinized
game keeps what its seat has seen, codes and actions map one to one, and the first deal is
the one saved games were dealt."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import shuffled, standard_deck
from engine.pip_rush.game import PipRushGame
from engine.pip_rush.sim import CARD_OF, DECK_RANKS, PipRushSim, shuffled_deck
from engine.registry import GAMES
from engine.sim import random_playout

SPEC = GAMES["pip-rush"]
SEATINGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (4, {}),
    (2, {"track": "obstacles"}),
    (4, {"track": "obstacles", "overtime": True}),
]


def new(players: int, options: dict[str, Any], seed: int) -> PipRushGame:
    game = SPEC.new(players, options, seed)
    assert isinstance(game, PipRushGame)
    return game


@pytest.mark.parametrize(("players", "options"), SEATINGS)
def test_the_contract_and_the_fast_path_play_the_same_games(players: int,
                                                            options: dict[str, Any]) -> None:
    """The contract game narrates its core without changing its play: random moves through
    the contract (a view built before each) end as random_playout on a bare core ends."""
    for seed in range(150):
        game = new(players, options, seed)
        rng = random.Random(seed)
        while game.outcome is None:
            seat = rng.choice(game.to_act())
            game.view(seat)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        sim = PipRushSim.new(players, SPEC.check_options(options), seed)
        assert random_playout(sim, random.Random(seed)) == game.outcome["winners"], seed
        assert sim.scores() == game.outcome["scores"], seed
        assert sim.tricks_played == game.view(None)["tricks_played"], seed


def playout_from(sim: PipRushSim, seed: int) -> tuple[list[int], list[int], list[list[int]]]:
    """Plays to the end; returns the winners, the scores and the hands dealt along the way."""
    rng = random.Random(seed)
    hands: list[list[int]] = []
    while sim.winners() is None:
        seat = rng.choice(sim.to_act())
        legal = sim.legal(seat)
        sim.play(seat, rng.choice(legal))
        hands.append(sorted(sim.hands[seat]))
    return sim.winners() or [], sim.scores(), hands


@pytest.mark.parametrize("players", [2, 4])
def test_a_clone_is_independent_of_its_original(players: int) -> None:
    for seed in range(40):
        sim = SPEC.simulation.new(players, SPEC.check_options({}), seed)
        rng = random.Random(seed)
        for _ in range(seed * 7):  # into the game, across cycles for the later seeds
            if sim.winners() is not None:
                break
            seat = rng.choice(sim.to_act())
            sim.play(seat, rng.choice(sim.legal(seat)))
        first, second, third = sim.clone(), sim.clone(), sim.clone()
        expected = playout_from(first, 99)
        # Playing a copy out (shuffling new cycles with the generator they shared) changes
        # neither the original nor the other copies, whichever plays first.
        random_playout(second, random.Random(5))
        assert playout_from(sim, 99) == expected
        assert playout_from(third, 99) == expected
        assert sim.winners() == first.winners() == third.winners()


def hidden_from(game: PipRushGame, seat: int) -> list[int]:
    core = game.core
    return sorted([c for s, hand in enumerate(core.hands) if s != seat for c in hand] + core.pile)


@pytest.mark.parametrize("players", [2, 4])
def test_a_determinized_game_keeps_what_its_seat_has_seen(players: int) -> None:
    for seed in range(30):
        game = new(players, {"track": "obstacles"}, seed)
        rng = random.Random(seed)
        for _ in range(seed * 5):
            if game.outcome is not None:
                break
            acting = rng.choice(game.to_act())
            game.apply(acting, rng.choice(game.legal_actions(acting)))
        if game.outcome is not None:
            continue
        seat = game.to_act()[0]
        deals = [game.determinize(seat, random.Random(n)) for n in range(2)]
        if len(hidden_from(game, seat)) > 4:
            assert deals[0].core.hands != deals[1].core.hands or (
                deals[0].core.pile != deals[1].core.pile)
        for deal in deals:
            assert deal.view(seat) == game.view(seat)
            assert deal.legal_actions(seat) == game.legal_actions(seat)
            assert deal.view(None) == game.view(None)
            assert hidden_from(deal, seat) == hidden_from(game, seat)
            assert all(hand == sorted(hand) for hand in deal.core.hands)
            # The deal plays on to the end through the contract and leaves the game alone.
            before = game.view(None)
            while deal.outcome is None:
                acting = rng.choice(deal.to_act())
                deal.apply(acting, rng.choice(deal.legal_actions(acting)))
            assert game.view(None) == before


def test_a_determinized_deal_depends_only_on_what_the_seat_has_seen() -> None:
    game = new(4, {}, 11)
    other = game.clone()
    core = other.core
    hidden = [c for s in (1, 2, 3) for c in core.hands[s]] + core.pile
    random.Random(4).shuffle(hidden)
    for s in (1, 2, 3):
        core.hands[s] = sorted(hidden.pop() for _ in range(4))
    core.pile = hidden
    assert other.core.hands != game.core.hands
    one, two = game.determinize(0, random.Random(8)), other.determinize(0, random.Random(8))
    assert one.core.hands == two.core.hands
    assert one.core.pile == two.core.pile
    assert one.core.rng.getstate() == two.core.rng.getstate()


def test_a_finished_game_is_taken_over_as_finished() -> None:
    game = SPEC.new(4, {}, 3)
    rng = random.Random(3)
    while game.outcome is None:
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    sim = PipRushSim.from_game(game)
    assert sim.winners() == game.outcome["winners"]
    assert list(sim.to_act()) == []
    assert list(sim.legal(0)) == []
    assert sim.scores() == game.outcome["scores"]


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 250), players=st.sampled_from([2, 4]))
def test_codes_and_actions_map_one_to_one(seed: int, moves: int, players: int) -> None:
    sim = SPEC.simulation.new(players, SPEC.check_options({}), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if sim.winners() is not None:
            return
        seat = rng.choice(sim.to_act())
        codes = sim.legal(seat)
        assert codes and len(set(codes)) == len(codes)
        for code in codes:
            assert sim.code(seat, sim.action(seat, code)) == code
        for other in set(range(players)) - {seat}:
            assert list(sim.legal(other)) == []
        sim.play(seat, rng.choice(codes))


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 4]))
def test_new_deals_as_the_contract_game_does(seed: int, players: int) -> None:
    game = new(players, {}, seed)
    sim = PipRushSim.new(players, SPEC.check_options({}), seed)
    fresh = PipRushSim.from_game(game)
    for built in (sim, fresh):
        assert built.hands == game.core.hands
        assert built.pile == game.core.pile
        assert list(built.to_act()) == game.to_act()
        assert built.rng.getstate() == game.core.rng.getstate()


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64))
def test_the_deck_is_shuffled_as_engine_cards_shuffles_it(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [CARD_OF[code] for code in shuffled_deck(ours)] == shuffled(
        standard_deck(DECK_RANKS), theirs)
    assert ours.getstate() == theirs.getstate()


def test_the_search_takes_a_silent_copy_of_the_games_core() -> None:
    game = new(2, {}, 5)
    seat = game.to_act()[0]
    game.apply(seat, game.legal_actions(seat)[0])
    before = game.view(None)
    sim = PipRushSim.from_game(game)
    assert sim is not game.core and sim.journal is None and game.core.journal is None
    random_playout(sim, random.Random(1))
    assert sim.winners() is not None
    assert game.view(None) == before and game.outcome is None
