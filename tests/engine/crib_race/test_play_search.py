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
from tests.engine.cribbage import play_lines

WIN = race_rollout.WIN_VALUE


def minimax(sim: CribRaceSim, seat: int) -> float:
    """Every line of the play laid on the simulation, which then shows the hands and crib
    and releases the boxes by itself (no muggins) and deals again."""
    def next_deal(end: CribbageSim) -> float:
        assert isinstance(end, CribRaceSim) and end.phase == DISCARDING
        return WIN * (win_chance(end.track, end.pegs, seat) / 50.0 - 1.0)
    return play_lines.minimax(sim, seat, WIN, next_deal)


def a_play_position(seed: int, nodes: tuple[int, int], moves: int) -> CribRaceSim | None:
    """A random deal with the pegs on these nodes of the track (a box node: queued in it, in
    seat order), `moves` random moves into the play."""
    sim = CribRaceSim.new(2, {}, seed)
    track = sim.track
    sim.pegs = list(nodes)
    sim.boxes = [[] for _ in track.box_holes]
    for side, node in enumerate(nodes):
        sim.side_scores[side] = track.position[node]
        if node >= track.first_box:
            sim.boxes[node - track.first_box].append(side)
    return play_lines.into_the_play(sim, seed, moves)


_TRACK = CribRaceSim.new(2, {}, 0).track
#: Every node but the finish; the holes just short of the boxes and of the finish, and the
#: boxes themselves, drawn often: there a point more or less changes most, and a peg may
#: finish in the play.
_NODES = st.one_of(
    st.integers(0, len(_TRACK.position) - 1).filter(lambda node: node != _TRACK.finish),
    st.sampled_from([hole - step for hole in _TRACK.box_holes for step in range(1, 8)]),
    st.integers(_TRACK.finish - 4, _TRACK.finish - 1),
    st.sampled_from(range(_TRACK.first_box, len(_TRACK.position))),
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 6), seat=st.integers(0, 1),
       nodes=st.tuples(_NODES, _NODES))
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
