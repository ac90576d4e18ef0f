"""The exact search of a two-player play (engine/cribbage/play_search.py) against the play of
the simulation itself: for any position of the play, the value it finds for each piece is the
plain minimax value found by playing every line out on the simulation. Crib Race's pegs on
the track: tests/engine/crib_race/test_play_search.py."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.crib_race import rollout as race_rollout
from engine.cribbage import rollout as crib_rollout
from engine.cribbage.pieces import SHOWING
from engine.cribbage.play_search import PlaySearch
from engine.cribbage.sim import CribbageSim
from engine.registry import GAMES
from engine.search import expert
from tests.engine.cribbage import play_lines

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
    def show_not_begun(end: CribbageSim) -> float:
        assert end.phase == SHOWING and end.step_index == 0
        return leaf(seat)((end.side_scores[0], end.side_scores[1]))
    return play_lines.minimax(sim, seat, WIN, show_not_begun)


def a_play_position(seed: int, scores: tuple[int, int], moves: int) -> CribbageSim | None:
    """A random deal with these scores before it, `moves` random moves into the play."""
    sim = CribbageSim.new(2, {"muggins": True}, seed)
    sim.side_scores = list(scores)
    return play_lines.into_the_play(sim, seed, moves)


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


@pytest.mark.parametrize(("name", "judge"), [("cribbage", crib_rollout),
                                             ("crib-race", race_rollout)])
def test_the_expert_values_a_two_player_play_by_the_search_not_a_rollout(
        name: str, judge: ModuleType) -> None:
    """In the play, an action's sample is the searched value on that deal, whatever the
    rollout's random choices."""
    spec = GAMES[name]
    game = spec.new(2, {}, 3)
    rng = random.Random(3)
    plays = 0
    while game.outcome is None and plays < 12:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        if len(legal) > 1 and game.phase == "play":
            deal = spec.simulation.from_game(game.determinize(seat, rng))
            for index in range(len(legal)):
                samples = {expert._sample(judge, deal, seat, index, seed)
                           for seed in range(4)}
                after = deal.clone()
                after.play(seat, deal.legal(seat)[index])
                assert samples == {judge.exact(after, seat)}
                plays += 1
        game.apply(seat, spec.ai(game.view(seat), legal, rng, level="hard"))
    assert plays >= 12
