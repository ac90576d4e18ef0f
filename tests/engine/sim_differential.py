"""The check every game's simulation (engine/sim.py) passes: random games played through the
contract and through the simulation side by side, compared at every step.

At every state: the same seats to act, and for each of them the same legal actions in the same
order (the simulation's codes turned back into the contract's dicts, and each dict into the
same code). After every move: the same scores, the same points scored (as the game's events
report them), and in the end the same winners. A game's test gives how its events report
points (`points_of`) and its scores (`scores_of`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from engine.contract import Event, Game
from engine.registry import GAMES
from tests.engine.sim_checks import play_randomly

PointsOf = Callable[[list[Event]], list[tuple[int, int]]]
ScoresOf = Callable[[Game], list[int]]


def score_events(events: list[Event]) -> list[tuple[int, int]]:
    """points_of for the Cribbage family: its "score" events (a boxed Crib Race side's
    "boxed_points" move no peg, so they are not points)."""
    return [(event["seat"], event["points"]) for event in events if event["type"] == "score"]


def side_scores(game: Game) -> list[int]:
    """scores_of for the Cribbage family: each seat's side's score."""
    return [game.scores[side] for side in game.sides.side_of]  # type: ignore[attr-defined]


def compare_random_game(name: str, players: int, options: dict[str, Any], seed: int,
                        points_of: PointsOf, scores_of: ScoresOf,
                        start_after: int = 0) -> int:
    """One random game (seed drives both the deal and the moves). The simulation starts as
    `simulation.new` builds it or, with `start_after`, is taken over from the contract game
    that many moves in (`simulation.from_game`), as a search does. Returns the moves
    compared."""
    spec = GAMES[name]
    assert spec.simulation is not None, f"{name} has no simulation"
    game = spec.new(players, options, seed)
    rng = random.Random(seed)
    play_randomly(game, rng, start_after)
    if start_after:
        sim = spec.simulation.from_game(game)
    else:
        sim = spec.simulation.new(players, spec.check_options(options), seed)
    return compare_playing(game, sim, rng, f"{name} {players}p {options} seed {seed}",
                           points_of, scores_of)


def compare_determinized(name: str, players: int, options: dict[str, Any], seed: int,
                         moves: int, points_of: PointsOf, scores_of: ScoresOf,
                         seat_index: int = 0) -> bool:
    """A contract game `moves` random moves in, determinized for one of the seats to act, taken
    over by the simulation and compared with it move by move to the end: the hidden cards'
    new places and the reseeded deals included. False if the game was over before."""
    spec = GAMES[name]
    game = spec.new(players, options, seed)
    rng = random.Random(seed)
    play_randomly(game, rng, moves)
    if game.outcome is not None:
        return False
    seat = game.to_act()[seat_index]
    redealt = game.determinize(seat, random.Random(seed))
    compare_playing(redealt, spec.simulation.from_game(redealt), rng,
                    f"{name} {players}p {options} seed {seed}, determinized for seat {seat}",
                    points_of, scores_of)
    return True


def compare_playing(game: Game, sim: Any, rng: random.Random, where: str,
                    points_of: PointsOf, scores_of: ScoresOf) -> int:
    """Play a contract game and a simulation of the same state side by side, moves drawn from
    `rng`, comparing them at every step to the end; returns the moves compared."""
    moves = 0
    while game.outcome is None:
        step = f"{where}, move {moves}"
        acting = game.to_act()
        assert list(sim.to_act()) == acting, step
        for seat in acting:
            legal = game.legal_actions(seat)
            codes = list(sim.legal(seat))
            assert [sim.action(seat, code) for code in codes] == legal, f"{step}, seat {seat}"
            assert [sim.code(seat, action) for action in legal] == codes, f"{step}, seat {seat}"
        seat = rng.choice(acting)
        index = rng.randrange(len(codes := list(sim.legal(seat))))
        events = game.apply(seat, game.legal_actions(seat)[index])
        sim.play(seat, codes[index])
        assert sim.points == points_of(events), f"{step}: points"
        assert sim.scores() == scores_of(game), f"{step}: scores"
        assert sim.winners() is None or game.outcome is not None, f"{step}: ended early"
        moves += 1
    assert sim.winners() == game.outcome["winners"], f"{where}: winners"
    assert list(sim.to_act()) == [], f"{where}: still acting after the end"
    return moves


def compare_random_games(name: str, players: int, options: dict[str, Any],
                         seeds: Iterable[int], points_of: PointsOf, scores_of: ScoresOf) -> int:
    """Many games, every third one taken over mid-game; returns the moves compared."""
    return sum(
        compare_random_game(name, players, options, seed, points_of, scores_of,
                            start_after=(seed % 3) * 17)
        for seed in seeds
    )
