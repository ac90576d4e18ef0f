"""The simulations' shared helpers (engine/sim.py): the shuffle every simulation deals with
must be Random.shuffle itself, draw for draw, and a copied generator must be independent."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine.sim import copy_of, shuffle


@given(length=st.integers(0, 60), seed=st.integers(0, 2**64))
def test_shuffle_is_random_shuffle_draw_for_draw(length: int, seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, reference = list(range(length)), list(range(length))
    shuffle(mine, ours)
    theirs.shuffle(reference)
    assert mine == reference
    assert ours.getstate() == theirs.getstate()


def test_a_copied_generator_goes_on_alone() -> None:
    rng = random.Random(7)
    rng.random()
    twin = copy_of(rng)
    assert [twin.random() for _ in range(5)] == [rng.random() for _ in range(5)]
    twin.random()
    assert twin.getstate() != rng.getstate()
