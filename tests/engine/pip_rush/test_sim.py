"""The PIP Rush simulation (engine/pip_rush/sim.py) against the contract: 10,000 random games
compared move by move across both seatings, both tracks and overtime (every third one taken
over mid-game), and the simulation's own promises: clones are independent, a determinized game
is taken over, codes and actions map one to one."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import shuffled, standard_deck
from engine.contract import Event, Game
from engine.pip_rush.game import DECK_RANKS, PipRushGame, team_of
from engine.pip_rush.sim import CARD_OF, PipRushSim, shuffled_deck
from engine.registry import GAMES
from engine.sim import random_playout
from tests.engine.sim_differential import compare_determinized, compare_random_games

SPEC = GAMES["pip-rush"]
#: (players, options, games): 10,000 random games in all.
SEATINGS: list[tuple[int, dict[str, Any], int]] = [
    (2, {}, 3000),
    (4, {}, 3000),
    (2, {"track": "obstacles"}, 1000),
    (4, {"track": "obstacles"}, 1000),
    (2, {"overtime": True}, 500),
    (4, {"overtime": True, "track": "obstacles"}, 1500),
]
CHUNK = 500
CHUNKS = [
    (players, options, start)
    for players, options, games in SEATINGS
    for start in range(0, games, CHUNK)
]


def points_of(events: list[Event]) -> list[tuple[int, int]]:
    """PIP Rush scores no points: its events never report any."""
    return []


def scores_of(game: Game) -> list[int]:
    """Each seat's team's progress, as the outcome counts it."""
    assert isinstance(game, PipRushGame)
    progress = [sum(r.space for r in game.racers if r.team == team) for team in (0, 1)]
    return [progress[team_of(seat)] for seat in range(game.players)]


@pytest.mark.parametrize(("players", "options", "start"), CHUNKS)
def test_simulation_plays_as_the_contract(players: int, options: dict[str, Any],
                                          start: int) -> None:
    seeds = range(start, start + CHUNK)
    assert compare_random_games("pip-rush", players, options, seeds, points_of, scores_of) > 0


def test_the_seatings_cover_ten_thousand_games_and_every_option() -> None:
    assert sum(games for _, _, games in SEATINGS) == 10_000
    assert {players for players, _, _ in SEATINGS} == set(SPEC.allowed_player_counts())
    for option in SPEC.options:
        for value in option.choices:
            assert any(SPEC.check_options(options)[option.name] == value
                       for _, options, _ in SEATINGS), (option.name, value)


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


@pytest.mark.parametrize("players", [2, 4])
def test_a_determinized_game_is_taken_over(players: int) -> None:
    taken_over = sum(compare_determinized("pip-rush", players, {"track": "obstacles"}, seed,
                                          seed * 5, points_of, scores_of) for seed in range(30))
    assert taken_over >= 15


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
def test_new_deals_as_the_contract_does(seed: int, players: int) -> None:
    game = SPEC.new(players, {}, seed)
    sim = PipRushSim.new(players, SPEC.check_options({}), seed)
    fresh = PipRushSim.from_game(game)
    for built in (sim, fresh):
        assert built.hands == fresh.hands
        assert built.pile == fresh.pile
        assert list(built.to_act()) == game.to_act()
        assert built.rng.getstate() == game.rng.getstate()


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64))
def test_the_deck_is_shuffled_as_the_contract_shuffles_it(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [CARD_OF[code] for code in shuffled_deck(ours)] == shuffled(
        standard_deck(DECK_RANKS), theirs)
    assert ours.getstate() == theirs.getstate()
