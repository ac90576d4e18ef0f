"""The simulations' shared helpers (engine/sim.py): the shuffle every simulation deals with
must be Random.shuffle itself, draw for draw, random_playout must draw as rng.choice does, and
a copied generator must be independent."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine.sim import copy_of, random_playout, shuffle


@given(length=st.integers(0, 60), seed=st.integers(0, 2**64))
def test_shuffle_is_random_shuffle_draw_for_draw(length: int, seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, reference = list(range(length)), list(range(length))
    shuffle(mine, ours)
    theirs.shuffle(reference)
    assert mine == reference
    assert ours.getstate() == theirs.getstate()


@given(length=st.integers(0, 60), top=st.integers(0, 62), seed=st.integers(0, 2**64))
def test_a_shuffle_for_the_top_is_random_shuffle_there(length: int, top: int,
                                                       seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, reference = list(range(length)), list(range(length))
    shuffle(mine, ours, top)
    theirs.shuffle(reference)
    assert mine[:top] == reference[:top]
    assert ours.getstate() == theirs.getstate()


def test_a_copied_generator_goes_on_alone() -> None:
    rng = random.Random(7)
    rng.random()
    twin = copy_of(rng)
    assert [twin.random() for _ in range(5)] == [rng.random() for _ in range(5)]
    twin.random()
    assert twin.getstate() != rng.getstate()


class _Countdown:
    """A tiny game for random_playout: seats take turns; a seat's move subtracts 1, 2 or 3
    (those that keep the total at 0 or more); whoever reaches 0 wins. Any seat may act."""

    def __init__(self, players: int, total: int) -> None:
        self.players, self.total, self.won = players, total, None

    def winners(self) -> list[int] | None:
        return self.won

    def to_act(self) -> list[int]:
        return list(range(self.players))

    def legal(self, seat: int) -> list[int]:
        return [step for step in (1, 2, 3) if step <= self.total]

    def play(self, seat: int, code: int) -> None:
        self.total -= code
        if not self.total:
            self.won = [seat]


def _choice_playout(game: _Countdown, rng: random.Random) -> list[int]:
    while game.winners() is None:
        seat = rng.choice(game.to_act())
        game.play(seat, rng.choice(game.legal(seat)))
    return game.winners()  # type: ignore[return-value]


@given(players=st.integers(1, 5), total=st.integers(1, 40), seed=st.integers(0, 2**64))
def test_random_playout_draws_as_rng_choice(players: int, total: int, seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert random_playout(_Countdown(players, total), ours) == _choice_playout(
        _Countdown(players, total), theirs)
    assert ours.getstate() == theirs.getstate()


class _CountdownWithItsOwnPlayout(_Countdown):
    def random_playout(self, rng: random.Random) -> list[int]:
        self.total = 0
        self.won = [-1]
        return self.won


def test_random_playout_plays_a_simulations_own() -> None:
    assert random_playout(_CountdownWithItsOwnPlayout(2, 10), random.Random(1)) == [-1]
