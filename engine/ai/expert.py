"""The expert computer player: a determinized Monte Carlo search with the hard level inside.

For one decision of `seat`, over and over:
1. deal every card the seat cannot see again at random, consistent with its view
   (`Game.determinize`), so the search knows nothing the seat does not;
2. for each legal action, on its own copy of that deal, play the action and then let the
   normal level (the hard heuristics without their costly one-reply look-ahead) play every
   seat to a horizon (the end of the deal in the Cribbage family, a few tricks in the trick
   games, or the end of the game);
3. score where that leaves the seat's side (`Judge`): the win or loss if the game is over,
   else its lead in the game's own terms.
All actions are tried on the same deals with the same random choices afterwards, so their
difference is measured on paired samples. The hard level's own choice is the default: the
search replaces it only by an action whose mean lead over it is more than `MARGIN` standard
errors, so a short search does not throw away a good heuristic for noise.

The decision depends only on the seat's view and the random generator: nothing is read
from the real hidden cards (tests/engine/ai/test_expert.py checks it). The budget is a
number of deals or a time limit (`Budget`); tables/expert_pool.py runs it in a process pool.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ai import crib_race as race_ai
from engine.ai import cribbage as crib_ai
from engine.ai import pip_cribbage as pip_crib_ai
from engine.ai import pip_pip as pip_pip_ai
from engine.ai import pip_rush as rush_ai
from engine.ai.rollout import pip_pip as pip_pip_rollout
from engine.ai.rollout import pip_rush as rush_rollout
from engine.contract import Action, Game, View
from engine.registry import GAMES

#: The level that plays every seat after the first move of each sample (hard looks a reply
#: ahead in the play, which costs ten times more for little gain inside a rollout).
ROLLOUT_LEVEL = "normal"
#: How many standard errors an action must beat the hard choice by to replace it, and on how
#: many deals at least (a spread measured on two or three deals means little).
MARGIN = 2.0
MIN_DEALS = 4
#: Default thinking time per decision, in seconds.
DEFAULT_SECONDS = 1.0
#: Moves a rollout makes at most (a safety net: every horizon comes much sooner).
MAX_ROLLOUT_MOVES = 2000


@dataclass(frozen=True)
class Budget:
    """How long to search: `iterations` deals if given (tests and benchmarks of strength,
    independent of the machine's speed), else until `seconds` have passed on `clock`. With
    no deal searched the hard choice is played."""

    iterations: int | None = None
    seconds: float = DEFAULT_SECONDS
    clock: Callable[[], float] = time.perf_counter


@dataclass(frozen=True)
class Judge:
    """How a game is searched: its hard player, how far a rollout goes, how a position is
    worth to a side, and what a win is worth on that scale."""

    hard: Callable[..., Action]
    #: A number that grows as the game goes on; a rollout stops once it grew by `steps`.
    progress: Callable[[View], int]
    steps: int
    #: The lead of `seat`'s side in the channel's view of a running game.
    lead: Callable[[View, int], float]
    win_value: float


def _deal(view: View) -> int:
    return int(view["deal_number"])


def _tricks(view: View) -> int:
    return 1000 * int(view.get("round") or view.get("cycle") or 0) + int(view["trick_number"] or 0)


def _score_lead(view: View, seat: int) -> float:
    """Our score against the best other side's: "scores" is per side where there are
    "sides" (the Cribbage family), else per seat (Pip Pip)."""
    scores = view["scores"]
    mine = crib_ai.side_of(view, seat) if view.get("sides") else seat
    return float(scores[mine] - max(score for side, score in enumerate(scores) if side != mine))


def _race_lead(view: View, seat: int) -> float:
    """Crib Race: the hard level's position value (points still needed, the zones ahead
    counted), the closest rival's against ours; a boxed peg waits for the slowest rival."""
    board = race_ai.BOARDS[view["board"]["name"]]
    mine = crib_ai.side_of(view, seat)
    costs = [race_ai.place_cost(board, race_ai.peg_of(view, side))
             for side in range(len(view["pegs"]))]
    rivals = [cost for side, cost in enumerate(costs) if side != mine]
    own = costs[mine]
    if view["pegs"][mine]["boxed"]:
        own += race_ai.BOX_BASE_COST + max(0.0, max(rivals) - own)
    return min(rivals) - own


def _rush_lead(view: View, seat: int) -> float:
    team = view["sides"][seat]
    table = rush_ai.Table(rush_ai.track_of(view), team)
    return rush_ai.evaluate(rush_ai.racers_of(view), table) / rush_ai.LEAD_WEIGHT


JUDGES: dict[str, Judge] = {
    "cribbage": Judge(crib_ai.choose_action, _deal, 1, _score_lead, 60.0),
    "pip-cribbage": Judge(pip_crib_ai.choose_action, _deal, 1, _score_lead, 60.0),
    "crib-race": Judge(race_ai.choose_action, _deal, 1, _race_lead, 60.0),
    "pip-rush": Judge(rush_ai.choose_action, _tricks, 2, _rush_lead, 15.0),
    "pip-pip": Judge(pip_pip_ai.choose_action, _tricks, 3, _score_lead, 150.0),
}


#: Games searched on their simulation (engine/sim.py) with a rollout module's policy and lead.
SIM_ROLLOUTS = {"pip-rush": rush_rollout, "pip-pip": pip_pip_rollout}


def choose(game: Game, seat: int, rng: random.Random, budget: Budget = Budget()) -> Action:
    """The expert's action for `seat`, which the game waits for."""
    deadline = budget.clock() + budget.seconds  # the hard choice's own time counts too
    judge = JUDGES[game.name]
    legal = game.legal_actions(seat)
    if len(legal) <= 1:
        return legal[0]
    default = judge.hard(game.view(seat), legal, random.Random(rng.getrandbits(64)),
                         level="hard")
    base = legal.index(default)
    samples: list[list[float]] = [[] for _ in legal]
    timed = budget.iterations is None
    longest = 0.0  # the longest deal so far: one that would end past the deadline is not begun
    done = 0
    while (budget.clock() + longest <= deadline) if timed else done < budget.iterations:
        began = budget.clock()
        deal = game.determinize(seat, rng)
        rollout_seed = rng.getrandbits(64)
        values: list[float] = []
        rollout = SIM_ROLLOUTS.get(game.name)
        if rollout is not None:
            sim = GAMES[game.name].simulation.from_game(deal)
            codes = sim.legal(seat)
        for index in range(len(legal)):
            if timed and budget.clock() > deadline:
                break
            values.append(_sample(judge, deal, seat, index, rollout_seed) if rollout is None
                          else _sim_sample(rollout, sim, seat, codes[index], rollout_seed))
        if len(values) < len(legal):
            break  # out of time half-way: a deal some actions missed would not pair up
        for index, value in enumerate(values):
            samples[index].append(value)
        longest = max(longest, budget.clock() - began)
        done += 1
    return legal[_best(samples, base)]


def _sample(judge: Judge, deal: Game, seat: int, index: int, seed: int) -> float:
    game = deal.clone()
    game.apply(seat, game.legal_actions(seat)[index])
    rng = random.Random(seed)
    start = judge.progress(game.view(None))
    for _ in range(MAX_ROLLOUT_MOVES):
        if game.outcome is not None:
            break
        view = game.view(None)
        if judge.progress(view) >= start + judge.steps:
            return judge.lead(view, seat)
        waiting = game.waiting_for() or game.to_act()
        mover = waiting[0]
        legal = game.legal_actions(mover)
        action = legal[0] if len(legal) == 1 else judge.hard(
            game.view(mover), legal, rng, level=ROLLOUT_LEVEL)
        game.apply(mover, action)
    return _result(judge, game, seat)


def _sim_sample(rollout: Any, deal: Any, seat: int, code: int, seed: int) -> float:
    """_sample on the simulation: every seat played by the rollout module's policy."""
    sim = deal.clone()
    sim.play(seat, code)
    rng = random.Random(seed)
    horizon = rollout.progress(sim) + rollout.STEPS
    policy = rollout.policy
    for _ in range(MAX_ROLLOUT_MOVES):
        winners = sim.winners()
        if winners is not None:
            return rollout.WIN_VALUE if seat in winners else -rollout.WIN_VALUE
        if rollout.progress(sim) >= horizon:
            break
        # The seat the contract waits for (Pip Pip: the seat to play, who calls on its turn).
        mover = getattr(sim, "turn", None)
        if mover is None:
            mover = sim.to_act()[0]
        legal = sim.legal(mover)
        sim.play(mover, legal[0] if len(legal) == 1 else policy(sim, mover, rng))
    return rollout.lead(sim, seat)


def _result(judge: Judge, game: Game, seat: int) -> float:
    outcome: dict[str, Any] | None = game.outcome
    if outcome is None:
        return judge.lead(game.view(None), seat)
    return judge.win_value if outcome["ranks"][seat] == 0 else -judge.win_value


def _best(samples: list[list[float]], base: int) -> int:
    """The action to play: the hard choice unless another beats it clearly on the pairs."""
    best, best_mean = base, 0.0
    for index, values in enumerate(samples):
        if index == base:
            continue
        differences = [value - default for value, default in zip(values, samples[base],
                                                                  strict=True)]
        if len(differences) < MIN_DEALS:
            continue
        mean = sum(differences) / len(differences)
        if mean <= best_mean:
            continue
        spread = sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)
        if mean > MARGIN * math.sqrt(spread / len(differences)):
            best, best_mean = index, mean
    return best
