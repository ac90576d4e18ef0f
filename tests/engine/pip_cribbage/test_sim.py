"""PIP Cribbage's rules core (engine/pip_cribbage/sim.py) as the search drives it: its own
random playout, clones, every space of the track, action codes both ways."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.pip_cribbage import SPEC
from engine.pip_cribbage.sim import PipCribbageSim

from ..sim_checks import check_clone, check_own_random_playout


def test_the_spec_offers_the_simulation() -> None:
    assert SPEC.simulation is PipCribbageSim


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


