"""The trick games' rollout modules (engine/pip_rush/rollout.py, pip_pip.py): their lead and
progress equal the expert's view-based ones in every state, and their policy plays legal moves
through whole games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.contract import View
from engine.pip_pip import rollout as pip_pip_rollout
from engine.pip_rush import ai as rush_ai
from engine.pip_rush import rollout as rush_rollout
from engine.pip_rush.sim import DESTINATIONS
from engine.registry import GAMES

# The view-based measures of the first expert (engine/search/expert.py before the simulation),
# written out here so that this test holds the modules to them whatever expert.py becomes.


def _view_progress(view: View) -> int:
    return 1000 * int(view.get("round") or view.get("cycle") or 0) + int(view["trick_number"])


def _rush_view_lead(view: View, seat: int) -> float:
    table = rush_ai.Table(DESTINATIONS[view["track"]["name"]], view["sides"][seat])
    return rush_ai.evaluate(rush_ai.racers_of(view), table) / rush_ai.LEAD_WEIGHT


def _score_view_lead(view: View, seat: int) -> float:
    scores = view["scores"]
    return float(scores[seat] - max(score for other, score in enumerate(scores) if other != seat))


MODULES = {"pip-rush": rush_rollout, "pip-pip": pip_pip_rollout}
VIEW_LEADS = {"pip-rush": _rush_view_lead, "pip-pip": _score_view_lead}
SEATINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("pip-rush", 2, {}),
    ("pip-rush", 4, {}),
    ("pip-rush", 2, {"overtime": True}),
    ("pip-pip", 3, {}),
    ("pip-pip", 4, {}),
    ("pip-pip", 8, {"rounds": 2}),
]
IDS = ["pip-rush-2p", "pip-rush-4p", "pip-rush-2p-overtime", "pip-pip-3p", "pip-pip-4p",
       "pip-pip-8p-2-rounds"]


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS, ids=IDS)
def test_lead_and_progress_equal_the_views(name: str, players: int,
                                           options: dict[str, Any]) -> None:
    """Random games through the contract, the simulation played in step: at every state (and
    in a simulation taken over from it now and then) lead and progress are the view's."""
    module, view_lead = MODULES[name], VIEW_LEADS[name]
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        spec = GAMES[name]
        game = spec.new(players, options, seed)
        sim = spec.simulation.from_game(game)
        while True:
            view = game.view(None)
            taken_over = spec.simulation.from_game(game) if rng.random() < 0.2 else None
            for state in (sim, taken_over):
                if state is None:
                    continue
                assert module.progress(state) == _view_progress(view)
                if game.outcome is None:
                    for seat in range(players):
                        assert module.lead(state, seat) == view_lead(view, seat)
                checked += 1
            if game.outcome is not None:
                break
            seat = rng.choice(game.to_act())
            legal = game.legal_actions(seat)
            index = rng.randrange(len(legal))
            game.apply(seat, legal[index])
            sim.play(seat, sim.legal(seat)[index])
    assert checked > 1000


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS, ids=IDS)
def test_the_policy_plays_legal_moves_to_the_end(name: str, players: int,
                                                 options: dict[str, Any]) -> None:
    """Every seat played by the policy (a random seat of to_act() moving, so off-turn calls
    happen too), from new games and from take-overs of random contract states."""
    module = MODULES[name]
    spec = GAMES[name]
    rng = random.Random(3)
    for seed in range(150):
        sim = spec.simulation.new(players, spec.check_options(options), seed)
        moves = 0
        while sim.winners() is None:
            seat = rng.choice(sim.to_act())
            code = module.policy(sim, seat, rng)
            assert code in sim.legal(seat)
            sim.play(seat, code)
            moves += 1
            assert moves < 5000


@pytest.mark.parametrize(("name", "players", "options"), SEATINGS, ids=IDS)
def test_the_policy_answers_every_state_of_random_games(name: str, players: int,
                                                        options: dict[str, Any]) -> None:
    """In every state of random games, for every seat that may act, the policy returns one
    of its legal codes and leaves the state as it was."""
    module = MODULES[name]
    spec = GAMES[name]
    rng = random.Random(5)
    states = 0
    # A Pip Pip game has several times as many states as a PIP Rush game.
    for seed in range(100 if name == "pip-rush" else 40):
        sim = spec.simulation.new(players, spec.check_options(options), 10_000 + seed)
        while sim.winners() is None:
            for seat in sim.to_act():
                before = sim.clone()
                assert module.policy(sim, seat, rng) in sim.legal(seat)
                assert _state(sim) == _state(before)
                states += 1
            seat = rng.choice(sim.to_act())
            sim.play(seat, rng.choice(sim.legal(seat)))
    assert states > 5_000


def _state(sim: Any) -> dict[str, Any]:
    """What a simulation holds (without its random generator, equal only by state)."""
    return {name: getattr(sim, name) for name in type(sim).__slots__ if name != "rng"}
