"""Where expert computer players think: a small pool of worker processes.

The expert searches for about a second per move (engine/search/expert.py). In a thread it would
hold the interpreter lock and slow every other table's answers; in a process it only takes a
core. The pool is sized to the machine's cores and started on the first expert move.

Only a determinized copy of the game crosses to the worker: the real hidden cards never
leave the bot's process, and the search could not peek at them even if it tried.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.contract import Action, Game
from engine.search import expert
from tables.computer import ai_rng


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


class ExpertPool:
    """Runs expert decisions in worker processes, `budget` per decision."""

    def __init__(self, budget: expert.Budget | None = None, workers: int | None = None) -> None:
        self.budget = budget or expert.Budget()
        self.workers = workers or default_workers()
        self._executor: ProcessPoolExecutor | None = None

    async def choose(self, game: Game, seat: int, seed: int, action_number: int) -> Action:
        """The expert's move for `seat`; its randomness is fixed by the game's seed and the
        action number, like every computer player's (tables.computer.ai_rng)."""
        rng = ai_rng(seed, action_number)
        seen_by_seat = game.determinize(seat, rng)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(), _decide, seen_by_seat, seat,
                                          rng.getstate(), self.budget)

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # Spawned, not forked: the bot's process runs threads and an event loop, which a
            # forked child would inherit half-way.
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    def close(self) -> None:
        """Stop the workers; a decision in progress is abandoned."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def _decide(game: Game, seat: int, rng_state: tuple[Any, ...], budget: expert.Budget) -> Action:
    rng = random.Random()
    rng.setstate(rng_state)
    return expert.choose(game, seat, rng, budget)

