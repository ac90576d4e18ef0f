"""Checks of a game's rules core as the search drives it: a clone is independent of its
original, and a core's own random_playout draws as engine/sim.py's protocol loop does."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from engine.contract import Game
from engine.registry import GAMES
from engine.sim import random_move, random_playout, random_playout_by_protocol


def check_clone(sim: Any, moves: int, seed: int, snapshot: Callable[[Any], Any]) -> None:
    """`moves` random moves into `sim`, a clone starts equal to it, playing the clone to the
    end leaves the original as it was, and the original then plays the same game the clone
    did. `snapshot` gives what the game's state must keep equal."""
    rng = random.Random(seed)
    for _ in range(moves):
        if sim.winners() is not None:
            break
        seat = rng.choice(sim.to_act())
        sim.play(seat, rng.choice(sim.legal(seat)))
    before = snapshot(sim)
    copy = sim.clone()
    assert snapshot(copy) == before
    winners = random_playout(copy, random.Random(seed + 1))
    assert snapshot(sim) == before
    assert random_playout(sim, random.Random(seed + 1)) == winners
    assert sim.scores() == copy.scores()


def check_own_random_playout(name: str, players: int, options: dict[str, Any],
                             seeds: Iterable[int]) -> int:
    """A simulation's own random_playout (engine/sim.py) draws as random_playout_by_protocol:
    from a state some random moves into a game (seed % 40 of them: any phase), a clone plays
    out one way and the state the other, with generators of one seed, and they end with the
    same winners, scores, last points and generators. Returns the games checked."""
    spec = GAMES[name]
    assert spec.simulation is not None and hasattr(spec.simulation, "random_playout")
    games = 0
    for seed in seeds:
        sim = spec.simulation.new(players, spec.check_options(options), seed)
        rng = random.Random(seed)
        for _ in range(seed % 40):
            if sim.winners() is not None:
                break
            random_move(sim, rng.getrandbits)
        twin = sim.clone()
        ours, theirs = random.Random(seed + 1), random.Random(seed + 1)
        assert random_playout(sim, ours) == random_playout_by_protocol(twin, theirs), seed
        assert (sim.scores(), sim.points, sim.to_act()) == (
            twin.scores(), twin.points, twin.to_act()), seed
        assert ours.getstate() == theirs.getstate(), seed
        assert sim.rng.getstate() == twin.rng.getstate(), seed  # type: ignore[attr-defined]
        games += 1
    return games


def play_randomly(game: Game, rng: random.Random, moves: int) -> None:
    """Up to `moves` random moves through the contract (fewer if the game ends first)."""
    for _ in range(moves):
        if game.outcome is not None:
            return
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
