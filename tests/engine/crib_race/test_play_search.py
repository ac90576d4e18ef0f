"""Crib Race's exact play (engine/crib_race/rollout.py `exact`) against the simulation
itself: for any position of a two-player play, pegs anywhere on the track or boxed, the value
of each piece is the plain minimax value found by playing every line out on CribRaceSim,
through the show and the boxes' release to the next deal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.crib_race import rollout as race_rollout
from engine.crib_race.rest_of_deal import win_chance
from engine.crib_race.sim import CribRaceSim
from engine.cribbage.pieces import DISCARDING, PLAYING
from engine.cribbage.sim import CribbageSim
from tests.engine.crib_race.helpers import NODES, a_play_position
from tests.engine.cribbage import play_lines

WIN = race_rollout.WIN_VALUE


def minimax(sim: CribRaceSim, seat: int) -> float:
    """Every line of the play laid on the simulation, which then shows the hands and crib
    and releases the boxes by itself (no muggins) and deals again."""
    def next_deal(end: CribbageSim) -> float:
        assert isinstance(end, CribRaceSim) and end.phase == DISCARDING
        return WIN * (win_chance(end.track, end.pegs, seat) / 50.0 - 1.0)
    return play_lines.minimax(sim, seat, WIN, next_deal)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 6), seat=st.integers(0, 1),
       nodes=st.tuples(NODES, NODES))
def test_the_search_values_every_piece_as_minimax_on_the_simulation(seed, moves, seat, nodes):
    sim = a_play_position(seed, nodes, moves)
    if sim is None:
        return
    assert race_rollout.exact(sim, seat) == minimax(sim, seat)
    for code in sim.legal(sim.turn):
        after = sim.clone()
        after.play(sim.turn, code)
        assert race_rollout.exact(after, seat) == minimax(after, seat)


def test_a_race_of_more_than_two_is_rolled_out() -> None:
    sim = CribRaceSim.new(4, {}, 5)
    while sim.phase != PLAYING:
        seat = sim.to_act()[0]
        sim.play(seat, sim.legal(seat)[0])
    assert race_rollout.exact(sim, 0) is None
