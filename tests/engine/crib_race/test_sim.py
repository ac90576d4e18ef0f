"""Crib Race's rules core (engine/crib_race/sim.py) as the search drives it: its own random
playout on the default and the small test board (tests/engine/crib_race/tiny_board.py), the
move table against track.move for every hole and score, codes and actions, clones."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.contract import Game
from engine.crib_race import SPEC
from engine.crib_race.board import BOARDS, BOX, DEFAULT_BOARD, Board
from engine.crib_race.sim import STRIDE, CribRaceSim, track_of
from engine.crib_race.track import Peg, move, position
from engine.registry import GAMES
from engine.sim import random_playout
from tests.engine.crib_race.tiny_board import tiny_board
from tests.engine.sim_checks import check_own_random_playout, play_randomly


def test_the_spec_offers_the_simulation() -> None:
    assert SPEC.simulation is CribRaceSim


@pytest.fixture
def with_tiny_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """The small test board as a `board` option value."""
    monkeypatch.setitem(BOARDS, "tiny", tiny_board())
    spec = GAMES["crib-race"]
    options = tuple(dataclasses.replace(option, choices=(*option.choices, "tiny"))
                    if option.name == "board" else option for option in spec.options)
    monkeypatch.setitem(GAMES, "crib-race", dataclasses.replace(spec, options=options))


@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (3, {}), (4, {}), (6, {}), (8, {}), (4, {"teams": False, "muggins": True}),
    (8, {"muggins": True})])
def test_the_own_random_playout_draws_as_the_protocols(players: int,
                                                      options: dict[str, Any]) -> None:
    assert check_own_random_playout("crib-race", players, options, range(200)) == 200


@pytest.mark.usefixtures("with_tiny_board")
@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"teams": False}), (8, {})])
def test_the_own_random_playout_draws_as_the_protocols_on_a_small_board(
        players: int, options: dict[str, Any]) -> None:
    assert check_own_random_playout("crib-race", players, {**options, "board": "tiny"},
                                    range(200)) == 200


# ----- the parts -------------------------------------------------------------------------------
def every_peg(board: Board) -> list[Peg]:
    pegs = [Peg("main", hole) for hole in range(board.finish + 1)]
    for zone in board.zones:
        if zone.kind != BOX:
            pegs += [Peg(zone.name, index) for index in range(len(zone.route) - 1)]
    return pegs


@pytest.mark.parametrize("board", [BOARDS[DEFAULT_BOARD], tiny_board()], ids=["default", "tiny"])
def test_the_move_table_is_track_move_for_every_peg_and_score(board: Board) -> None:
    track = track_of(board)
    for peg in every_peg(board):
        node = track.node_of(peg)
        assert track.position[node] == position(board, peg)
        for points in range(1, STRIDE):  # nothing scores 0 points
            after = move(board, peg, points).after
            expected = (track.box_node[after.path] if after.is_boxed(board)
                        else track.node_of(after))
            assert track.moves[node * STRIDE + points] == expected, (peg, points)


def played_in(players: int, options: dict[str, Any], seed: int, moves: int) -> tuple[Game, Any]:
    """A contract game `moves` random moves in, and its simulation taken over there."""
    game = GAMES["crib-race"].new(players, options, seed)
    play_randomly(game, random.Random(seed), moves)
    return game, CribRaceSim.from_game(game)


@given(st.sampled_from([(2, {}), (4, {"teams": False}), (8, {"muggins": True})]),
       st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=120))
def test_codes_and_actions_turn_into_each_other(seating: tuple[int, dict[str, Any]], seed: int,
                                                moves: int) -> None:
    players, options = seating
    game, sim = played_in(players, options, seed, moves)
    for seat in sim.to_act():
        for code in sim.legal(seat):
            assert sim.code(seat, sim.action(seat, code)) == code
        assert [sim.code(seat, action) for action in game.legal_actions(seat)] == list(
            sim.legal(seat))


def state_of(sim: CribRaceSim) -> tuple[Any, ...]:
    return (sim.phase, sim.dealer, list(sim.pegs), [list(q) for q in sim.boxes], sim.scores(),
            [list(h) for h in sim.hands], [list(h) for h in sim.peg_hands], list(sim.crib),
            sim.starter, list(sim.pile), sim.count, sim.turn, tuple(sim.to_act()),
            sim.rng.getstate())


@pytest.mark.parametrize(("players", "options"), [(2, {}), (6, {}), (4, {"muggins": True})])
def test_a_clone_is_independent_of_its_original(players: int, options: dict[str, Any]) -> None:
    for seed in range(20):
        _, sim = played_in(players, options, seed, 25 + seed)
        before = state_of(sim)
        copy = sim.clone()
        assert state_of(copy) == before
        first = random_playout(copy, random.Random(seed))
        assert state_of(sim) == before
        # The original plays on from where it was, as its clone did.
        assert random_playout(sim, random.Random(seed)) == first


