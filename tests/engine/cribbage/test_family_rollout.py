"""The Cribbage family's rollout modules (engine/cribbage/rollout.py,
engine/pip_cribbage/rollout.py, engine/crib_race/rollout.py): the policy plays legal codes and
whole games, `progress` falls exactly when a new deal begins, and `lead` is the expert's
view-based lead on the same state."""

from __future__ import annotations

import math
import random
from types import ModuleType
from typing import Any

import pytest

from engine.contract import View
from engine.crib_race import rollout as race_rollout
from engine.crib_race.board import BOARDS
from engine.crib_race.position import BOX_BASE_COST, peg_of, place_cost
from engine.crib_race.rest_of_deal import WIN_SPREAD, WIN_SPREAD_PER_POINT
from engine.cribbage import ai as crib_ai
from engine.cribbage import rollout as crib_rollout
from engine.pip_cribbage import rollout as pip_crib_rollout
from engine.registry import GAMES

MODULES = {"cribbage": crib_rollout, "pip-cribbage": pip_crib_rollout, "crib-race": race_rollout}
SEATINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("cribbage", 2, {}),
    ("cribbage", 3, {}),
    ("cribbage", 4, {}),
    ("cribbage", 2, {"muggins": True}),
    ("cribbage", 4, {"muggins": True}),
    ("pip-cribbage", 2, {}),
    ("pip-cribbage", 2, {"muggins": True}),
    ("crib-race", 2, {}),
    ("crib-race", 3, {}),
    ("crib-race", 4, {"teams": False}),
    ("crib-race", 6, {}),
    ("crib-race", 8, {"muggins": True}),
]
IDS = [f"{name}-{players}p{'-muggins' if options.get('muggins') else ''}"
       f"{'-solo' if options.get('teams') is False else ''}" for name, players, options in SEATINGS]
# The view-based leads of the first expert (engine/search/expert.py before the simulation),
# written out here so that this test holds the modules to them.


def _race_view_lead(view: View, seat: int) -> float:
    """The hard level's position value: the closest rival's cost to finish against ours; a
    boxed peg waits for the slowest rival. With two sides, as a chance to win: a logistic of
    the two costs, each boxed peg waiting for the other."""
    board = BOARDS[view["board"]["name"]]
    mine = crib_ai.side_of(view, seat)
    costs = [place_cost(board, peg_of(view, side))
             for side in range(len(view["pegs"]))]
    rivals = [cost for side, cost in enumerate(costs) if side != mine]
    own = costs[mine]
    if view["pegs"][mine]["boxed"]:
        own += BOX_BASE_COST + max(0.0, max(rivals) - own)
    if len(costs) > 2:
        return min(rivals) - own
    theirs = rivals[0]
    if view["pegs"][1 - mine]["boxed"]:
        theirs += BOX_BASE_COST + max(0.0, costs[mine] - rivals[0])
    spread = WIN_SPREAD + WIN_SPREAD_PER_POINT * (own + theirs)
    chance = 1.0 / (1.0 + math.exp((own - theirs) / spread))
    return race_rollout.WIN_VALUE * (2.0 * chance - 1.0)


def _score_view_lead(view: View, seat: int) -> float:
    scores = view["scores"]
    mine = crib_ai.side_of(view, seat)
    return float(scores[mine] - max(score for side, score in enumerate(scores) if side != mine))


#: A safety net: every game here ends far sooner.
MOST_MOVES = 5000


def mover(sim: Any, rng: random.Random) -> int:
    return rng.choice(sim.to_act())


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS, ids=IDS)
def test_the_policy_plays_legal_codes_in_random_states(name: str, players: int,
                                                       options: dict[str, Any]) -> None:
    """Random play, and at every state the policy's answer for every seat to act is legal
    (and leaves the state alone)."""
    module = MODULES[name]
    simulation = GAMES[name].simulation
    asked = 0
    for seed in range(15):
        rng = random.Random(seed)
        sim = simulation.new(players, options, seed)
        while sim.winners() is None:
            for seat in sim.to_act():
                before = sim.clone()
                code = module.policy(sim, seat, random.Random(asked))
                assert code in sim.legal(seat)
                assert sim.scores() == before.scores() and sim.to_act() == before.to_act()
                asked += 1
            seat = mover(sim, rng)
            sim.play(seat, rng.choice(sim.legal(seat)))
    assert asked > 1000


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS, ids=IDS)
def test_the_policy_plays_whole_games_to_the_end(name: str, players: int,
                                                 options: dict[str, Any]) -> None:
    module = MODULES[name]
    simulation = GAMES[name].simulation
    for seed in range(10):
        rng = random.Random(seed)
        sim = simulation.new(players, options, seed)
        for _ in range(MOST_MOVES):
            if sim.winners() is not None:
                break
            seat = mover(sim, rng)
            sim.play(seat, module.policy(sim, seat, rng))
        assert sim.winners(), f"game {seed} did not end"


def test_the_policy_beats_random_play() -> None:
    """The rollout player must be much better than random (it is what the search imagines
    everyone does): 2p Cribbage, paired seats."""
    simulation = GAMES["cribbage"].simulation
    wins = 0
    for seed in range(40):
        for hero in (0, 1):
            rng = random.Random(seed)
            sim = simulation.new(2, {}, seed)
            while sim.winners() is None:
                seat = sim.to_act()[0]
                legal = sim.legal(seat)
                code = crib_rollout.policy(sim, seat, rng) if seat == hero else rng.choice(legal)
                sim.play(seat, code)
            wins += hero in sim.winners()
    assert wins >= 70, f"{wins} of 80"


def contract_states(name: str, players: int, options: dict[str, Any], seeds: range):
    """Every state of random contract games, with its simulation taken over."""
    spec = GAMES[name]
    for seed in seeds:
        game = spec.new(players, options, seed)
        rng = random.Random(seed)
        while game.outcome is None:
            yield game, spec.simulation.from_game(game)
            seat = (game.waiting_for() or game.to_act())[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {}), (4, {"teams": False}),
                                                  (6, {}), (8, {})])
def test_crib_race_lead_is_the_view_based_lead(players: int, options: dict[str, Any]) -> None:
    checked = boxed = 0
    for game, sim in contract_states("crib-race", players, options, range(6)):
        view = game.view(None)
        for seat in range(players):
            assert race_rollout.lead(sim, seat) == pytest.approx(_race_view_lead(view, seat),
                                                              abs=1e-9)
            checked += 1
        boxed += any(peg["boxed"] for peg in view["pegs"])
    assert checked > 1000 and boxed > 0, "boxed pegs were compared too"


@pytest.mark.parametrize(("name", "players"), [("cribbage", 3), ("cribbage", 4),
                                               ("pip-cribbage", 2)])
def test_the_score_lead_is_the_view_based_lead(name: str, players: int) -> None:
    for game, sim in contract_states(name, players, {}, range(3)):
        view = game.view(None)
        for seat in range(players):
            assert MODULES[name].lead(sim, seat) == _score_view_lead(view, seat)


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS, ids=IDS)
def test_a_rollout_ends_with_its_deal(name: str, players: int, options: dict[str, Any]) -> None:
    """The expert stops a rollout once progress grew by STEPS or fell below where it started
    (after the searched move). Started from any state of a game (the contract's deal number
    as the witness), it never stops within the deal, and stops when the next deal is dealt
    or at its first move."""
    module: ModuleType = MODULES[name]
    spec = GAMES[name]
    deals = 0
    for seed in range(6):
        game = spec.new(players, options, seed)
        sim = spec.simulation.from_game(game)
        rng = random.Random(seed)
        states = []  # (deal number, progress) after every move
        while game.outcome is None:
            seat = (game.waiting_for() or game.to_act())[0]
            code = module.policy(sim, seat, rng)
            game.apply(seat, sim.action(seat, code))
            sim.play(seat, code)
            if game.outcome is None:  # a finished game's rollout ends on its winners
                states.append((game.view(None)["deal_number"], module.progress(sim)))
        for first, (deal, start) in enumerate(states):
            stop = next((later for later in range(first + 1, len(states))
                         if not start <= states[later][1] < start + module.STEPS), None)
            if stop is None:
                continue  # the game ended first
            deals += 1
            if start == 4:  # the move ended its deal: the next deal's first move
                assert states[stop][0] == deal and stop == first + 1
            else:
                assert states[stop][0] == deal + 1
                before = states[stop - 1]
                assert before[0] == deal or (stop - 1 > first and before[1] == 4)
    assert deals > 100
