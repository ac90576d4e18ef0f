"""The fast simulation form of a game: what a search (engine/search/expert.py) and random play use.

The contract (engine/contract.py) is built for the table: dict actions a player can read,
events with text, views. A search plays thousands of moves that nobody reads, so it drives
the game's rules core directly, as a `Simulation` with small integers inside: cards are ints,
actions are ints (a code per legal action), and no text, event or view is built
(`Simulation` lists what a core offers).

Every game's contract game is built on its rules core (`from_game` clones the game's own), so
a contract game and its simulation, given the same moves, stay equal move for move, later
deals included.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

Action = dict[str, Any]


class Simulation(Protocol):
    """A game's rules core as search and random play drive it. A core may also have
    random_playout(rng): `random_playout` below, the same draws, faster."""

    players: int
    points: list[tuple[int, int]]  # (seat, points) of each score the last play made, in order

    @classmethod
    def from_game(cls, game: Any) -> Simulation: ...  # any contract state (determinized too)

    @classmethod  # the state spec.new(...) starts in, options checked, no contract game built
    def new(cls, players: int, options: dict[str, Any], seed: int) -> Simulation: ...

    def to_act(self) -> Sequence[int]: ...  # seats that may act now, as the contract's

    def legal(self, seat: int) -> Sequence[int]: ...  # codes, in legal_actions(seat)'s order

    def play(self, seat: int, code: int) -> None: ...  # a code of legal(seat): no checks, no copies

    def scores(self) -> list[int]: ...  # each seat's score as the contract counts it

    def winners(self) -> list[int] | None: ...  # None while running, then outcome["winners"]

    def clone(self) -> Simulation: ...  # an independent copy, its random generator included

    def action(self, seat: int, code: int) -> Action: ...  # the contract's dict for a code

    def code(self, seat: int, action: Action) -> int: ...  # and back


def random_playout(sim: Simulation, rng: random.Random) -> list[int]:
    """Play random moves (`random_move`) to the end; returns the winners. A simulation's own
    random_playout (the same draws, faster) plays instead: tests/engine/sim_checks.py holds
    each to `random_playout_by_protocol`."""
    own = getattr(sim, "random_playout", None)
    if own is not None:
        return own(rng)
    return random_playout_by_protocol(sim, rng)


def random_playout_by_protocol(sim: Simulation, rng: random.Random) -> list[int]:
    """random_playout through to_act, legal and play alone, whatever the simulation offers."""
    getrandbits = rng.getrandbits
    winners = sim.winners
    while (won := winners()) is None:
        random_move(sim, getrandbits)
    return won


def random_move(sim: Simulation, getrandbits: Callable[[int], int]) -> None:
    """One random move (the game is not over): a seat drawn from to_act(), then one of its
    legal codes, each as rng.choice draws it (`below`). tests/engine/test_sim.py holds this
    to rng.choice."""
    seats = sim.to_act()
    if not seats:
        raise IndexError("the game is not over, but no seat may act")
    seat = seats[below(getrandbits, len(seats))]
    codes = sim.legal(seat)
    if not codes:
        raise IndexError(f"seat {seat} may act, but has no legal action")
    sim.play(seat, codes[below(getrandbits, len(codes))])


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """The place in a sequence of `n` that rng.choice draws (getrandbits: the rng's), written
    out without its two calls: choice(seq) is seq[_randbelow(len(seq))], and _randbelow(n)
    draws getrandbits(n.bit_length()) until one is below n."""
    bits = n.bit_length()
    i = getrandbits(bits)
    while i >= n:
        i = getrandbits(bits)
    return i


@functools.cache
def _shuffle_steps(length: int, top: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Random.shuffle's steps (place i, the bits drawn for it), last place first: those for
    the places from `top` on, then those below it."""
    steps = [(i, (i + 1).bit_length()) for i in range(length - 1, 0, -1)]
    return (tuple(step for step in steps if step[0] >= top),
            tuple(step for step in steps if step[0] < top))


def shuffle(items: list[Any], rng: random.Random, top: int | None = None) -> None:
    """rng.shuffle(items), card for card and draw for draw, without its two calls per item:
    Random.shuffle swaps place i (last first) with j = _randbelow(i + 1), written out as in
    `below`, so the generator is left as rng.shuffle leaves it and later deals match
    the contract's. tests/engine/test_sim.py holds this to Random.shuffle on this Python.

    With `top`, only items[:top] come out as rng.shuffle's (all a deal from the top needs): a
    step for a place from top on moves that place's item into place j and leaves the place
    as it is, since no later step reads it. The draws are the same."""
    getrandbits = rng.getrandbits
    passed, kept = _shuffle_steps(len(items), len(items) if top is None else top)
    for i, bits in passed:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[j] = items[i]
    for i, bits in kept:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def copy_of(rng: random.Random) -> random.Random:
    """An independent generator in rng's state (without Random()'s seeding from the system,
    which costs more than the copy)."""
    twin = random.Random.__new__(random.Random)
    twin.setstate(rng.getstate())
    return twin


class Journaling(Protocol):
    """A rules core that records what its moves do while `journal` is a list."""

    journal: list[Any] | None


def journaled(core: Journaling, move: Callable[[], object]) -> list[Any]:
    """What `move` (a call on `core`) did, as the core's journal records it. The journal is on
    only for this call, so search and random play, which never ask, pay nothing for it."""
    journal: list[Any] = []
    core.journal = journal
    try:
        move()
    finally:
        core.journal = None
    return journal
