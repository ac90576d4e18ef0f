"""Every computer level every registered game offers plays whole games: each decision is one
of the seat's legal actions, chosen from what the table layer gives it (the seat's view and
legal actions; the expert a determinized copy), leaves those untouched, and takes a bounded
effort, counted rather than timed: a game ends within a bound of decisions, the expert's
search stops at its time budget on a clock that ticks at every reading, and (a generous
sanity bound only) no other decision takes seconds of CPU."""

from __future__ import annotations

import time
from typing import Any

import pytest

from engine.contract import Game
from engine.search import expert
from tables.computer import EXPERT, ai_rng, choose
from tests.conformance.games import (
    MAX_MOVES,
    TABLES,
    Seating,
    as_json,
    levels_of,
)

#: CPU seconds one decision of the easy, normal or hard level may take: a sanity bound far
#: above what any takes (a few milliseconds), so a busy machine cannot fail it.
DECISION_CPU_SECONDS = 2.0
#: The expert's thinking time per decision, and how far a fake clock moves at each reading.
EXPERT_SECONDS = 1.0
TICK = 0.05
#: The expert plays every seat at each game's smallest count, this many moves at most (a deal
#: or more in every game).
EXPERT_MOVES = 120


def level_seatings() -> list[Any]:
    return [pytest.param(seating, level, id=f"{seating.id}-{level}")
            for seating in TABLES for level in levels_of(seating.spec) if level != EXPERT]


def decide(seating: Seating, game: Game, seat: int, seed: int, number: int, level: str) -> Any:
    """One decision as the table layer makes it, checked."""
    view, legal = game.view(seat), game.legal_actions(seat)
    untouched = as_json([view, legal])
    began = time.process_time()
    action = choose(seating.spec, view, legal, seed, number, level)
    spent = time.process_time() - began
    assert action in legal, f"{level} chose {action!r}, not one of {legal}"
    assert as_json([view, legal]) == untouched, f"{level} changed the view or legal actions"
    assert spent < DECISION_CPU_SECONDS, f"{level} thought for {spent:.1f} s of CPU"
    return action


@pytest.mark.parametrize(("seating", "level"), level_seatings())
def test_a_level_plays_whole_games_with_legal_moves(seating: Seating, level: str) -> None:
    seed = 7
    game = seating.new(seed)
    decisions = 0
    while game.outcome is None:
        assert decisions < MAX_MOVES, f"not over after {MAX_MOVES} decisions"
        seat = (game.waiting_for() or game.to_act())[0]
        game.apply(seat, decide(seating, game, seat, seed, decisions, level))
        decisions += 1
    assert game.to_act() == []


class TickingClock:
    """A clock that moves on by TICK at every reading, so thinking time is counted in
    readings and no busy machine changes it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += TICK
        return self.now


def expert_seatings() -> list[Any]:
    firsts = {}
    for seating in TABLES:
        firsts.setdefault(seating.game, seating)
    return [pytest.param(s, id=s.id) for s in firsts.values() if EXPERT in levels_of(s.spec)]


@pytest.mark.parametrize("seating", expert_seatings())
def test_the_expert_plays_legal_moves_within_its_time_budget(seating: Seating) -> None:
    """Every seat expert, as at a table: the search sees a copy determinized for the seat and
    must stop once its budget has passed on the clock (a deal that would end past it is not
    begun; one out of time half-way is dropped)."""
    seed = 8
    game = seating.new(seed)
    searched = 0
    for number in range(EXPERT_MOVES):
        if game.outcome is not None:
            break
        seat = (game.waiting_for() or game.to_act())[0]
        legal = game.legal_actions(seat)
        rng = ai_rng(seed, number)
        seen_by_seat = game.determinize(seat, rng)
        clock = TickingClock()
        budget = expert.Budget(seconds=EXPERT_SECONDS, clock=clock)
        action = expert.choose(seen_by_seat, seat, rng, budget)
        assert action in legal, f"the expert chose {action!r}, not one of {legal}"
        assert clock.now <= EXPERT_SECONDS + 3 * TICK, f"searched until {clock.now:.2f}"
        searched += clock.now >= EXPERT_SECONDS
        game.apply(seat, action)
    assert searched, "some decision used its whole budget"
