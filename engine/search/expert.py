"""The expert computer player: a determinized Monte Carlo search with the hard level as prior.

For one decision of `seat`, over and over:
1. deal every card the seat cannot see again at random, consistent with its view
   (`Game.determinize`), then, where the game's rollout module has an `inference`, as the
   other seats' own choices make likely;
2. take that deal over in the game's fast simulation (`spec.simulation.from_game`), where
   each legal action is a code in the order of `legal_actions`;
3. for each legal action, on its own copy of the deal, play it, then play the deal on with
   the rollout module's `policy` to its horizon, or search the rest by its `exact` where it
   can (engine/search/rollout.py);
4. score where that leaves the seat's side: the win or loss if the game is over, else the
   module's `lead`.
All actions are tried on the same deals with the same random choices afterwards, so their
difference is measured on paired samples. The hard level's own choice is played unless
another action beats it clearly (`MARGIN`), so a short search does not throw away a good
heuristic for noise; an action that falls clearly behind it (`DROP`), or has scored exactly
as it on every deal (a card of the same rank), is no longer tried, and once none is left
the hard choice is played at once.

The decision depends only on the seat's view and the random generator: nothing is read
from the real hidden cards (tests/engine/search/test_expert.py checks it). The budget is a
number of deals or a time limit (`Budget`); tables/expert_pool.py runs it in a process pool.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from engine.contract import Action, Game
from engine.registry import GAMES
from engine.sim import Simulation
from engine.spec import EXPERT

#: How many standard errors an action must beat the hard choice by to replace it, and on how
#: many deals at least (a spread measured on two or three deals means little).
MARGIN = 2.0
MIN_DEALS = 4
#: How many standard errors behind the hard choice an action stops being tried, and from how
#: many deals on (the spread of fewer says too little to drop anything for good).
DROP = 2.0
DROP_FROM = 16
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


def expert_games() -> list[str]:
    """The registered games that offer the expert, in menu order."""
    return [name for name, spec in GAMES.items() if EXPERT in spec.levels]


def choose(game: Game, seat: int, rng: random.Random, budget: Budget = Budget()) -> Action:
    """The expert's action for `seat`, which the game waits for."""
    deadline = budget.clock() + budget.seconds  # the hard choice's own time counts too
    spec = GAMES[game.name]
    judge, hard, simulation = spec.rollout, spec.ai, spec.simulation
    if judge is None or hard is None or simulation is None:
        raise ValueError(f"{spec.title} offers no expert")
    legal = game.legal_actions(seat)
    if len(legal) <= 1:
        return legal[0]
    view = game.view(seat)
    default = hard(view, legal, random.Random(rng.getrandbits(64)), level="hard")
    inference = getattr(judge, "inference", None)
    infer = None if inference is None else inference(view)
    leads = _Leads(len(legal), legal.index(default))
    iterations = budget.iterations
    timed = iterations is None
    longest = 0.0  # the longest deal so far: one that would end past the deadline is not begun
    while len(leads.tried) > 1 and ((budget.clock() + longest <= deadline) if iterations is None
                                    else leads.deals < iterations):
        began = budget.clock()
        deal = simulation.from_game(game.determinize(seat, rng))
        if infer is not None:
            infer(deal, rng)
        rollout_seed = rng.getrandbits(64)
        values: dict[int, float] = {}
        for index in leads.tried:
            if timed and budget.clock() > deadline:
                break
            values[index] = _sample(judge, deal, seat, index, rollout_seed)
        if len(values) < len(leads.tried):
            break  # out of time half-way: a deal some actions missed would not pair up
        leads.add(values)
        longest = max(longest, budget.clock() - began)
    return legal[leads.best()]


def _sample(judge: ModuleType, deal: Simulation, seat: int, index: int, seed: int) -> float:
    """The value for `seat` of its `index`th legal action on this deal, rolled out."""
    sim = deal.clone()
    sim.play(seat, sim.legal(seat)[index])
    exact = getattr(judge, "exact", None)
    if exact is not None:
        value = exact(sim, seat)
        if value is not None:
            return value
    rng = random.Random(seed)
    progress, policy, mover = judge.progress, judge.policy, judge.mover
    start = progress(sim)
    horizon = start + judge.STEPS
    for _ in range(MAX_ROLLOUT_MOVES):
        winners = sim.winners()
        if winners is not None:
            return judge.WIN_VALUE if seat in winners else -judge.WIN_VALUE
        now = progress(sim)
        if now >= horizon or now < start:
            break
        seat_to_move = mover(sim)
        sim.play(seat_to_move, policy(sim, seat_to_move, rng))
    return float(judge.lead(sim, seat))


class _Leads:
    """Each action's lead over the hard choice (`base`), deal by deal: the running count, sum
    and sum of squares of the paired differences, and the actions still tried."""

    def __init__(self, actions: int, base: int) -> None:
        self.base = base
        self.tried = list(range(actions))
        self.deals = 0
        self.count = [0] * actions
        self.total = [0.0] * actions
        self.squares = [0.0] * actions

    def add(self, values: dict[int, float]) -> None:
        """One deal's values of the actions tried; then those far behind are dropped."""
        default = values[self.base]
        for index, value in values.items():
            difference = value - default
            self.count[index] += 1
            self.total[index] += difference
            self.squares[index] += difference * difference
        self.deals += 1
        if self.deals >= DROP_FROM:  # an action that never once differed plays as hard's
            self.tried = [index for index in self.tried if index == self.base
                          or (self.squares[index] > 0.0 and self.z(index) > -DROP)]

    def mean(self, index: int) -> float:
        return self.total[index] / self.count[index]

    def z(self, index: int) -> float:
        """The mean lead in standard errors (a lead that never varied: 0 if none, else
        infinite)."""
        count, mean = self.count[index], self.mean(index)
        spread = max(0.0, self.squares[index] - count * mean * mean) / (count - 1)
        if spread == 0.0:
            return 0.0 if mean == 0.0 else math.copysign(math.inf, mean)
        return mean / math.sqrt(spread / count)

    def best(self) -> int:
        """The action to play: the hard choice unless another beats it clearly."""
        best, best_mean = self.base, 0.0
        for index in range(len(self.count)):
            if index == self.base or self.count[index] < MIN_DEALS:
                continue
            mean = self.mean(index)
            if mean > best_mean and self.z(index) > MARGIN:
                best, best_mean = index, mean
        return best
