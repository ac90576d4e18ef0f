"""The hard level's pegging on the simulation (engine/ai/rollout/hard_pegging.py) lays what
the hard level lays at the table, and the play searched against it (pegging.py
`HardRivalSearch`) values each position as every line with that rival laid out."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.rollout.hard_pegging import HardPegger
from engine.ai.rollout.pegging import HardRivalSearch
from engine.cribbage.sim import GO, PLAYING, SHOWING, TEXT, CribbageSim
from engine.registry import GAMES
from tests.engine.ai.rollout import play_lines

WIN = 1000.0


def lays(pegger: HardPegger, sim: CribbageSim) -> int:
    """The code the pegger's seat lays in `sim`'s play (its turn), go included."""
    seat = pegger.seat
    if list(sim.legal(seat)) == [GO]:
        return GO
    ours = sim.peg_hands[1 - seat]
    return pegger.choose(tuple(sim.peg_hands[seat]), tuple(sim.pile), sim.count, tuple(ours),
                         bool(ours) and not sim.passed[1 - seat],
                         (sim.side_scores[0], sim.side_scores[1]))


def test_the_pegger_lays_what_the_hard_level_lays() -> None:
    """Every pegging choice of games of hard players, near the end of the game too: the
    pegger made when the deal's play began lays the card the hard level chose."""
    spec = GAMES["cribbage"]
    compared = 0
    for seed in range(60):
        game = spec.new(2, {"target": 61 if seed % 2 else 121}, seed)
        rng = random.Random(seed)
        peggers: dict[int, HardPegger] = {}
        while game.outcome is None:
            seat = game.waiting_for()[0]
            legal = game.legal_actions(seat)
            if game.phase != "play":
                peggers = {}
            elif not peggers:
                sim = spec.simulation.from_game(game)
                peggers = {s: HardPegger(sim, s) for s in (0, 1)}
            chosen = spec.ai(game.view(seat), legal, rng, level="hard")
            if game.phase == "play" and len(legal) > 1:
                sim = spec.simulation.from_game(game)
                assert sim.phase == PLAYING
                assert TEXT[lays(peggers[seat], sim)] == chosen["card"], f"seed {seed}"
                compared += 1
            game.apply(seat, chosen)
    assert compared > 1000


def leaf(seat: int):
    def value(scores: tuple[int, int]) -> float:
        mine, theirs = scores[seat], scores[1 - seat]
        return float((mine * 7 - theirs * 3) % 23 - 11)
    return value


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32), near_the_end=st.booleans(), moves=st.integers(0, 6),
       seat=st.integers(0, 1), first=st.integers(0, 120), second=st.integers(0, 120))
def test_the_search_against_hard_values_every_line_with_that_rival(
        seed, near_the_end, moves, seat, first, second):
    scores = (100 + first % 21, 100 + second % 21) if near_the_end else (first, second)
    sim = CribbageSim.new(2, {"muggins": True}, seed)
    sim.side_scores = list(scores)
    sim = play_lines.into_the_play(sim, seed, 0)
    if sim is None:
        return
    pegger = HardPegger(sim, 1 - seat)
    sim = play_lines.into_the_play(sim, seed, moves)
    if sim is None:
        return

    def show_not_begun(end: CribbageSim) -> float:
        assert end.phase == SHOWING and end.step_index == 0
        return leaf(seat)((end.side_scores[0], end.side_scores[1]))

    search = HardRivalSearch(seat, sim.target, WIN, leaf(seat), pegger)
    expected = play_lines.minimax(sim, seat, WIN, show_not_begun, lambda s: lays(pegger, s))
    assert search.value_of(sim) == expected
