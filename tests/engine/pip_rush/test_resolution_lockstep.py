"""The computer players resolve tricks in imagination; here the rules core (sim.py) resolves
the same tricks, and both must agree, position by position.

- The hard level's lookahead (ai.action_values on a resolution choice, or on the trick's last
  card) must give each action the value the core reaches when both teams choose, through the
  core, as well as they can (a minimax over the core's own choices).
- The easy level judges a choice at once: by the position the core's journal says the
  choice left.
- The expert's rollout player finishes a trick greedily (rollout._resolution): each choice
  it imagines must end in the position the core reaches when every later choice is made by
  the same greedy rule (the best _worth one step ahead, the first of equals).

Positions come from seeded random games on both tracks, 2 and 4 players, with the racers'
pips scattered at the start of some tricks so that tired and fresh racers both turn up.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.pip_rush import rollout
from engine.pip_rush.ai import action_values, balance
from engine.pip_rush.game import PipRushGame
from engine.pip_rush.sim import (
    CARDS,
    CARDS_PER_TRICK,
    MAX_PIPS,
    MIN_PIPS,
    RESOLVED,
    PipRushSim,
    chosen,
)
from engine.pip_rush.track import TRACKS
from engine.sim import journaled
from tests.engine.pip_rush.helpers import new_game

GAMES_PER_SETTING = 12
SAMPLES = 2


def positions(players: int, track: str, games: int) -> Iterator[PipRushGame]:
    """Every position of seeded random games where a trick is being resolved, or where the
    trick's last card is to be played."""
    for seed in range(games):
        rng = random.Random(f"lockstep {players} {track} {seed}")
        game = new_game(players, seed=seed, track=track)
        while game.outcome is None:
            core = game.core
            if not core.trick and core.choices is None and rng.random() < 0.5:
                core.pips[:] = [rng.randint(MIN_PIPS, MAX_PIPS) for _ in range(4)]
                game.state_changed()
            if core.choices is not None or len(core.trick) == CARDS_PER_TRICK - 1:
                yield game
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))


def choices(players: int, track: str) -> Iterator[PipRushGame]:
    """The positions where a card of the trick being resolved has more than one way to go."""
    return (game for game in positions(players, track, GAMES_PER_SETTING)
            if game.core.choices is not None)


def describe(game: PipRushGame, asked: object) -> str:
    core = game.core
    return (f"seat {core.seat} asked {asked}; trick {core.trick} by {core.order}, resolving "
            f"{core.resolving[:core.step]}|{core.resolving[core.step:]}; cells {core.cells}, "
            f"pips {core.pips}, affected {core.affected:04b}")


SETTINGS = [(players, track) for players in (2, 4) for track in TRACKS]


# ----- the hard and easy levels -----


def best_after(core: PipRushSim, seat: int, code: int, team: int) -> float:
    """The evaluation for `team` once the core has resolved the trick after `seat` plays
    `code`, each team choosing the best for itself among the core's own choices."""
    tricks = core.tricks_played

    def value(state: PipRushSim) -> float:
        if state.tricks_played != tricks:
            return balance(state.cells, state.pips, state.dest, team)
        chooser = state.to_act()[0]
        values = []
        for code in state.legal(chooser):
            after = state.clone()
            after.play(chooser, code)
            values.append(value(after))
        return max(values) if chooser & 1 == team else min(values)

    after = core.clone()
    after.play(seat, code)
    return value(after)


def after_one_step(core: PipRushSim, seat: int, code: int, team: int) -> float:
    """The evaluation for `team` of the position the choice alone left."""
    return balance(*one_step(core, seat, code), core.dest, team)


@pytest.mark.parametrize("players, track", SETTINGS)
def test_the_lookahead_resolves_tricks_as_the_core_does(players: int, track: str) -> None:
    checked = 0
    for game in positions(players, track, GAMES_PER_SETTING):
        core = game.core
        seat = core.seat
        team = seat & 1
        legal = game.legal_actions(seat)
        if len(legal) < 2:
            continue
        values = action_values(game.view(seat), legal, random.Random(checked), SAMPLES)
        expected = []
        for action in legal:
            best = best_after(core, seat, core.code(seat, action), team)
            # A card is judged over SAMPLES deals of the unseen cards; this trick has none.
            expected.append(sum(best for _ in range(SAMPLES)) if core.choices is None else best)
        assert values == pytest.approx(expected, rel=1e-12, abs=1e-9), describe(game, legal)
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("players, track", SETTINGS)
def test_a_choice_judged_at_once_is_judged_on_the_position_the_core_leaves(
        players: int, track: str) -> None:
    checked = 0
    for game in choices(players, track):
        core = game.core
        seat = core.seat
        legal = game.legal_actions(seat)
        values = action_values(game.view(seat), legal, random.Random(0), SAMPLES,
                               lookahead=False)
        expected = [after_one_step(core, seat, core.code(seat, action), seat & 1)
                    for action in legal]
        assert values == pytest.approx(expected, rel=1e-12, abs=1e-9), describe(game, legal)
        checked += 1
    assert checked > 20


# ----- the expert's rollout player -----


def greedy_through_core(core: PipRushSim, seat: int, code: int) -> tuple[list[int], list[int]]:
    """The racers once the core has resolved the trick after `code`, every later choice made
    by the rollout's greedy rule: the best _worth for the choosing team one step ahead, the
    first of equals."""
    state = core.clone()
    tricks = state.tricks_played
    state.play(seat, code)
    while state.tricks_played == tricks:
        chooser = state.to_act()[0]
        choices = state.legal(chooser)
        worths = [rollout._worth(*one_step(state, chooser, c), state.dest, chooser & 1)
                  for c in choices]
        state.play(chooser, choices[worths.index(max(worths))])
    return state.cells, state.pips


def one_step(core: PipRushSim, seat: int, code: int) -> tuple[list[int], list[int]]:
    """The racers' cells and pips right after the choice `code` alone, from the core's journal
    (the racer's cell and pips, its teammate's cell)."""
    trial = core.clone()
    journal = journaled(trial, lambda: trial.play(seat, code))
    _, _, racer, _, pips, cell, teammate_cell = next(e for e in journal if e[0] == RESOLVED)
    cells, all_pips = core.cells[:], core.pips[:]
    cells[racer], cells[racer ^ 1], all_pips[racer] = cell, teammate_cell, pips
    return cells, all_pips


def greedy_through_rollout(sim: PipRushSim, seat: int, code: int) -> tuple[list[int], list[int]]:
    """What rollout._resolution imagines after choosing `code`."""
    return rollout._finish_greedily(sim, chosen(seat, code))


@pytest.mark.parametrize("players, track", SETTINGS)
def test_the_rollout_finishes_tricks_as_the_core_does(players: int, track: str) -> None:
    checked = 0
    for game in choices(players, track):
        core = game.core
        seat = core.seat
        for code in core.legal(seat):
            assert code >= CARDS
            assert greedy_through_rollout(core.clone(), seat, code) == \
                greedy_through_core(core, seat, code), describe(game, code)
            checked += 1
    assert checked > 50
