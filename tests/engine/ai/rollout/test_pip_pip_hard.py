"""The hard level on Pip Pip's simulation (engine/ai/rollout/pip_pip.py `hard_worths`,
`hard_policy`) weighs every card as the hard level does from the seat's view."""

from __future__ import annotations

import random

import pytest

from engine.ai import pip_pip as pip_pip_ai
from engine.ai.rollout import pip_pip
from engine.pip_pip import PipPipGame
from engine.pip_pip.sim import PipPipSimulation


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_the_simulation_weighs_every_card_as_the_hard_level(players: int) -> None:
    """Random games through the contract, the simulation played in step (and taken over now
    and then): at every turn each legal card's worth is the hard level's."""
    rng = random.Random(players)
    turns = 0
    for seed in range(6 if players < 8 else 3):
        game = PipPipGame(players, {"rounds": 2}, seed)
        sim = PipPipSimulation.from_game(game)
        while game.outcome is None:
            seat = game.turn
            plays = [a for a in game.legal_actions(seat) if a["type"] == "play"]
            table = pip_pip_ai.Table.from_view(game.view(seat), counting=True)
            expected = pip_pip_ai.play_worths(table, plays, call_potential=True)
            state = sim if rng.random() < 0.8 else PipPipSimulation.from_game(game)
            codes = [state.code(seat, action) for action in plays]
            assert pip_pip.hard_worths(state, seat, codes) == pytest.approx(expected,
                                                                             abs=1e-9)
            turns += 1
            mover = rng.choice(game.to_act())
            legal = game.legal_actions(mover)
            index = rng.randrange(len(legal))
            game.apply(mover, legal[index])
            sim.play(mover, sim.legal(mover)[index])
    assert turns > 300


@pytest.mark.parametrize("players", [3, 5])
def test_hard_policy_plays_whole_games_with_hard_choices(players: int) -> None:
    """Every seat played by hard_policy to the end: each move legal, each play one the hard
    level ranks first, each call the one it would make first."""
    rng = random.Random(11)
    for seed in range(20):
        sim = PipPipSimulation.new(players, {"rounds": 1}, seed)
        while sim.winners() is None:
            seat = sim.turn
            legal = list(sim.legal(seat))
            code = pip_pip.hard_policy(sim, seat, rng)
            assert code in legal
            plays = [c for c in legal if c < pip_pip.CALL]
            if code < pip_pip.CALL:
                worths = pip_pip.hard_worths(sim, seat, plays)
                assert round(worths[plays.index(code)], 6) == round(max(worths), 6)
            else:
                assert len(plays) < len(legal)
            sim.play(seat, code)
