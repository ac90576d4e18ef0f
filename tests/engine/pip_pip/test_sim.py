"""The Pip Pip simulation (engine/pip_pip/sim.py) against the contract: 10,000 random games
compared move by move at every seating from 3 to 8 players and every rounds option (every third
one taken over mid-game), and the simulation's own promises: clones are independent, a
determinized game is taken over, codes and actions map one to one, the pack is shuffled with
the contract's draws."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.contract import Event, Game
from engine.pip_pip.game import PipPipGame
from engine.pip_pip.ranking import pack
from engine.pip_pip.sim import CALL, CARD_OF, PACK, PipPipSimulation
from engine.registry import GAMES
from engine.sim import random_playout, shuffle
from tests.engine.sim_differential import compare_determinized, compare_random_games

SPEC = GAMES["pip-pip"]
#: (players, options, games): 10,000 random games in all. One-round games are most of them
#: (a round is where the rules are); longer games carry the deal from round to round.
SEATINGS: list[tuple[int, dict[str, Any], int]] = [
    *((players, {"rounds": 1}, 1500 if players < 8 else 900) for players in range(3, 9)),
    *((players, {"rounds": 2}, 150) for players in range(3, 9)),
    (3, {}, 150),
    (4, {}, 150),
    (5, {"rounds": 5}, 50),
    (8, {}, 50),
    (6, {"rounds": 3}, 100),
    (7, {"rounds": 4}, 100),
    (8, {"rounds": 6}, 30),
    (8, {"rounds": 7}, 30),
    (8, {"rounds": 8}, 40),
]
CHUNK = 500
CHUNKS = [
    (players, options, start, min(CHUNK, games - start))
    for players, options, games in SEATINGS
    for start in range(0, games, CHUNK)
]


def points_of(events: list[Event]) -> list[tuple[int, int]]:
    """Points come from tricks won (a trick of no court cards, twos or aces scores none) and
    from calls, in the order the events report them."""
    return [
        (event["winner"] if event["type"] == "trick" else event["seat"], event["points"])
        for event in events
        if event["type"] in ("trick", "call") and event["points"]
    ]


def scores_of(game: Game) -> list[int]:
    assert isinstance(game, PipPipGame)
    return list(game.scores)


@pytest.mark.parametrize(("players", "options", "start", "games"), CHUNKS)
def test_simulation_plays_as_the_contract(players: int, options: dict[str, Any], start: int,
                                          games: int) -> None:
    seeds = range(start, start + games)
    assert compare_random_games("pip-pip", players, options, seeds, points_of, scores_of) > 0


def test_the_seatings_cover_ten_thousand_games_and_every_option() -> None:
    assert sum(games for _, _, games in SEATINGS) == 10_000
    assert {players for players, _, _ in SEATINGS} == set(range(3, 9))
    for option in SPEC.options:
        for value in option.choices:
            assert any(SPEC.check_options(options)[option.name] == value
                       for _, options, _ in SEATINGS), (option.name, value)


def random_moves(sim: PipPipSimulation, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if sim.winners() is not None:
            return
        seat = rng.choice(sim.to_act())
        sim.play(seat, rng.choice(sim.legal(seat)))


def playout_from(sim: PipPipSimulation, seed: int) -> list[Any]:
    """Plays to the end; returns everything seen on the way: who acted with what choice, the
    points, the scores and the winners."""
    rng = random.Random(seed)
    seen: list[Any] = []
    while sim.winners() is None:
        acting = sim.to_act()
        seat = rng.choice(acting)
        legal = list(sim.legal(seat))
        sim.play(seat, rng.choice(legal))
        seen.append((acting, legal, sim.points, sim.scores()))
    return [*seen, sim.winners()]


@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_clone_is_independent_of_its_original(players: int) -> None:
    for seed in range(20):
        sim = SPEC.simulation.new(players, SPEC.check_options({"rounds": 2}), seed)
        # Into the game: the later seeds are in the second round.
        random_moves(sim, random.Random(seed), seed * 12)
        clone = sim.clone()
        before = playout_from(sim.clone(), 99)
        # Playing the clone out (dealing the next round with its generator) leaves the
        # original untouched, and the original then plays exactly as a fresh clone of it did.
        random_playout(clone, random.Random(5))
        assert playout_from(sim, 99) == before


@pytest.mark.parametrize("players", [3, 4, 8])
def test_a_determinized_game_is_taken_over(players: int) -> None:
    taken_over = sum(compare_determinized("pip-pip", players, {"rounds": 2}, seed, seed * 9,
                                          points_of, scores_of, seat_index=-1)
                     for seed in range(20))
    assert taken_over >= 10


def test_a_finished_game_is_taken_over_as_finished() -> None:
    game = SPEC.new(3, {"rounds": 1}, 3)
    rng = random.Random(3)
    while game.outcome is None:
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    sim = PipPipSimulation.from_game(game)
    assert sim.winners() == game.outcome["winners"]
    assert list(sim.to_act()) == []
    assert all(list(sim.legal(seat)) == [] for seat in range(3))
    assert sim.scores() == game.outcome["scores"]


def test_a_game_taken_over_keeps_its_generator_to_itself() -> None:
    game = SPEC.new(4, {}, 8)
    state = game.rng.getstate()
    random_playout(PipPipSimulation.from_game(game), random.Random(1))
    assert game.rng.getstate() == state


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 400), players=st.integers(3, 8))
def test_codes_and_actions_map_one_to_one(seed: int, moves: int, players: int) -> None:
    sim = SPEC.simulation.new(players, SPEC.check_options({}), seed)
    rng = random.Random(seed)
    random_moves(sim, rng, moves)
    for seat in sim.to_act():
        codes = list(sim.legal(seat))
        assert codes and len(set(codes)) == len(codes)
        for code in codes:
            action = sim.action(seat, code)
            assert sim.code(seat, action) == code
            assert (code >= CALL) == (action["type"] == "call")


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_new_deals_as_the_contract_does(seed: int, players: int) -> None:
    game = SPEC.new(players, {}, seed)
    sim = PipPipSimulation.new(players, SPEC.check_options({}), seed)
    taken_over = PipPipSimulation.from_game(game)
    for built in (sim, taken_over):
        assert [[CARD_OF[card] for card in hand] for hand in built.hands] == game.hands
        assert [CARD_OF[card] for card in built.pile] == game.pile
        assert built.dealer == game.dealer
        assert list(built.to_act()) == game.to_act()
        assert built.rng.getstate() == game.rng.getstate()


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64))
def test_the_pack_is_shuffled_with_the_draws_of_random_shuffle(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    deck, cards = list(PACK), pack()
    shuffle(deck, ours)
    theirs.shuffle(cards)
    assert [CARD_OF[card] for card in deck] == cards
    assert ours.getstate() == theirs.getstate()
