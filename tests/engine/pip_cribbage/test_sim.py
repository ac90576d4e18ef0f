"""PIP Cribbage's simulation (engine/pip_cribbage/sim.py) against the contract: 10,000 random
games with every option, compared move by move (tests/engine/sim_differential.py); clones and
take-overs of determinized games; action codes both ways."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.pip_cribbage import SPEC
from engine.pip_cribbage.sim import PipCribbageSim

from ..sim_differential import (
    check_clone,
    check_own_random_playout,
    compare_determinized,
    compare_random_games,
    score_events,
    side_scores,
)

CHUNK = 250
#: (options, games): 10,000 games in all.
SEATINGS: list[tuple[dict[str, Any], int]] = [
    ({}, 3500),
    ({"target": 61}, 3000),
    ({"muggins": True, "target": 61}, 2500),
    ({"muggins": True}, 1000),
]
CHUNKS = [(options, start)
          for number, (options, games) in enumerate(SEATINGS)
          for start in range(number * 100_000, number * 100_000 + games, CHUNK)]


def test_the_spec_offers_the_simulation() -> None:
    assert SPEC.simulation is PipCribbageSim
    assert sum(games for _, games in SEATINGS) == 10_000


@pytest.mark.parametrize(("options", "start"), CHUNKS,
                         ids=[f"{'-'.join(f'{k}={v}' for k, v in o.items()) or 'plain'}-{s}"
                              for o, s in CHUNKS])
def test_random_games_match_the_contract(options: dict[str, Any], start: int) -> None:
    assert compare_random_games("pip-cribbage", 2, options, range(start, start + CHUNK),
                                score_events, side_scores) > 0


@pytest.mark.parametrize("options", [{}, {"muggins": True}, {"target": 61}])
def test_the_own_random_playout_draws_as_the_protocols(options: dict[str, Any]) -> None:
    assert check_own_random_playout("pip-cribbage", 2, options, range(300)) == 300


def test_every_space_of_the_track_is_played() -> None:
    """The random games above reach every effect, both Crux choices and both Turn choices."""
    seen: set[Any] = set()
    for seed in range(60):
        sim = PipCribbageSim.new(2, SPEC.check_options({}), seed)
        rng = random.Random(seed)
        while sim.winners() is None:
            seen.add(("space", sim.effect))
            seat = rng.choice(sim.to_act())
            code = rng.choice(sim.legal(seat))
            seen.add(("action", sim.action(seat, code)["type"]))
            sim.play(seat, code)
    assert {("space", n) for n in range(1, 10)} <= seen
    assert {("action", kind) for kind in ("crux", "flip", "keep_die", "play", "go")} <= seen


@given(st.booleans(), st.integers(0, 10_000), st.integers(0, 300))
def test_codes_and_actions_translate_both_ways(muggins: bool, seed: int, moves: int) -> None:
    sim = PipCribbageSim.new(2, SPEC.check_options({"muggins": muggins}), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if sim.winners() is not None:
            break
        for seat in sim.to_act():
            for code in sim.legal(seat):
                assert sim.code(seat, sim.action(seat, code)) == code
        seat = rng.choice(sim.to_act())
        sim.play(seat, rng.choice(sim.legal(seat)))


def snapshot(sim: PipCribbageSim) -> tuple[Any, ...]:
    return (sim.to_act(), {seat: list(sim.legal(seat)) for seat in range(2)}, sim.scores(),
            sim.winners(), sim.rng.getstate(), sim.phase, sim.dealer, list(sim.die_space),
            list(sim.die_face), sim.crux_choice, sim.turn_choice)


@pytest.mark.parametrize("muggins", [False, True])
def test_a_clone_is_independent(muggins: bool) -> None:
    for seed in range(30):
        sim = PipCribbageSim.new(2, SPEC.check_options({"muggins": muggins}), seed)
        check_clone(sim, seed * 4, seed, snapshot)


@pytest.mark.parametrize("options", [{}, {"muggins": True}])
def test_a_determinized_game_is_taken_over(options: dict[str, Any]) -> None:
    taken_over = sum(compare_determinized("pip-cribbage", 2, options, seed, 3 + seed * 3,
                                          score_events, side_scores) for seed in range(60))
    assert taken_over >= 30
