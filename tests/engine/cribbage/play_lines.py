"""Plain minimax over a two-player play on a Cribbage-family simulation, and random play
positions: the reference the exact play searches (engine/cribbage/play_search.py) are
checked against."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from engine.cribbage.pieces import DISCARDING, PLAYING
from engine.cribbage.sim import CribbageSim

Sim = TypeVar("Sim", bound=CribbageSim)


def minimax(sim: CribbageSim, seat: int, win: float,
            after_the_play: Callable[[CribbageSim], float]) -> float:
    """Every line of the rest of the play, laid on the simulation; a won game is worth ±win,
    anything else `after_the_play` of where the play left the simulation."""
    if sim.winners() is not None:
        return win if seat in sim.winners() else -win
    if sim.phase != PLAYING:
        return after_the_play(sim)
    mover = sim.turn
    values = []
    for code in sim.legal(mover):
        after = sim.clone()
        after.play(mover, code)
        values.append(minimax(after, seat, win, after_the_play))
    return max(values) if mover == seat else min(values)


def into_the_play(sim: Sim, seed: int, moves: int) -> Sim | None:
    """The simulation after random discards and `moves` random moves into the play; None
    where the game ended or the play ran out first."""
    rng = random.Random(seed)
    while sim.phase != PLAYING or moves:
        if sim.winners() is not None or sim.phase not in (DISCARDING, PLAYING):
            return None
        if sim.phase == PLAYING:
            moves -= 1
        seat = sim.to_act()[0]
        sim.play(seat, rng.choice(list(sim.legal(seat))))
    return sim
