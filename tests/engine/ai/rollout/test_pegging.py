"""The exact search of a two-player play (engine/ai/rollout/pegging.py) against the play of
the simulation itself: for any position of the play, the value it finds for each piece is the
plain minimax value found by playing every line out on the simulation."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.rollout.pegging import PlaySearch
from engine.cribbage.sim import DISCARDING, PLAYING, SHOWING, CribbageSim

WIN = 1000.0


def leaf(seat: int):
    """Any function of the two scores, so the scores reaching it must be exactly right."""
    def value(scores: tuple[int, int]) -> float:
        mine, theirs = scores[seat], scores[1 - seat]
        return float((mine * 7 - theirs * 3) % 23 - 11)
    return value


def minimax(sim: CribbageSim, seat: int) -> float:
    """Every line of the play, laid on the simulation (muggins on: the show waits, so the
    scores at its start are the play's own)."""
    if sim.winners() is not None:
        return WIN if seat in sim.winners() else -WIN
    if sim.phase != PLAYING:
        assert sim.phase == SHOWING and sim.step_index == 0
        return leaf(seat)((sim.side_scores[0], sim.side_scores[1]))
    mover = sim.turn
    values = []
    for code in sim.legal(mover):
        after = sim.clone()
        after.play(mover, code)
        values.append(minimax(after, seat))
    return max(values) if mover == seat else min(values)


def a_play_position(seed: int, scores: tuple[int, int], moves: int) -> CribbageSim | None:
    """A random deal with these scores before it, `moves` random moves into the play."""
    sim = CribbageSim.new(2, {"muggins": True}, seed)
    sim.side_scores = list(scores)
    rng = random.Random(seed)
    while sim.phase != PLAYING or moves:
        if sim.winners() is not None or sim.phase not in (DISCARDING, PLAYING):
            return None
        if sim.phase == PLAYING:
            moves -= 1
        seat = sim.to_act()[0]
        sim.play(seat, rng.choice(list(sim.legal(seat))))
    return sim


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), near_the_end=st.booleans(), moves=st.integers(0, 6),
       seat=st.integers(0, 1), first=st.integers(0, 120), second=st.integers(0, 120))
def test_the_search_values_every_piece_as_minimax_on_the_simulation(
        seed, near_the_end, moves, seat, first, second):
    scores = (100 + first % 21, 100 + second % 21) if near_the_end else (first, second)
    sim = a_play_position(seed, scores, moves)
    if sim is None:
        return
    search = PlaySearch(seat, sim.target, WIN, leaf(seat))
    assert search.value_of(sim) == minimax(sim, seat)
    for code in sim.legal(sim.turn):
        after = sim.clone()
        after.play(sim.turn, code)
        assert search.value_of(after) == minimax(after, seat)
