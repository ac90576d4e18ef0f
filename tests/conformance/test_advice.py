"""Hints and reviews for every registered game: `spec.analyse` ranks every legal action of the
seat exactly once, best first, with the documented keys (engine/analysis/__init__.py), from
the view alone; and a finished game's review (engine/analysis/review.py, worded by
tables/review.py) judges every real decision of the seat against that ranking."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine.analysis import ONLY_MOVE, amount
from engine.analysis.review import NEGLIGIBLE, review_game
from engine.registry import GAMES
from engine.spec import GameSpec
from tables.computer import choose
from tables.review import MESSAGE_LIMIT, review_text
from tests.conformance.games import (
    FIRST_SEATINGS,
    TABLES,
    Seating,
    as_json,
    levels_of,
    params,
    random_game,
    random_move,
    seatings_of,
)

ENTRY_KEYS = {"action", "value", "parts", "why"}
#: An entry may add "again": True (the seat would choose again: a refused claim).
#: Analysis is looked at every few states (a discard is weighed over every starter).
EVERY = 4


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


@pytest.mark.parametrize("seating", params(TABLES))
def test_analyse_ranks_every_legal_action_once_best_first(seating: Seating) -> None:
    spec = seating.spec
    ranked = 0
    for game, moves in random_game(seating, seed=10):
        if moves % EVERY or game.outcome is not None:
            continue
        for seat in game.to_act():
            view, legal = game.view(seat), game.legal_actions(seat)
            untouched = as_json([view, legal])
            entries = spec.analyse(view, legal)
            assert as_json([view, legal]) == untouched, "analyse changed its view or actions"
            assert as_json(entries) == entries
            assert sorted(key(e["action"]) for e in entries) == sorted(key(a) for a in legal)
            values = [e["value"] for e in entries]
            assert values == sorted(values, reverse=True)
            for entry in entries:
                assert set(entry) - {"again"} == ENTRY_KEYS
                assert entry.get("again", True) is True
                assert isinstance(entry["value"], float)
                assert all(isinstance(part, float) for part in entry["parts"].values())
                if entry["parts"]:  # how the value splits
                    assert sum(entry["parts"].values()) == pytest.approx(entry["value"], abs=1e-6)
                assert entry["why"] and "\n" not in entry["why"]
            if len(legal) == 1:
                assert entries == [{"action": legal[0], "value": 0.0, "parts": {},
                                    "why": ONLY_MOVE}]
            ranked += len(legal) > 1
    assert ranked, "some decision had a choice"


def played_to_the_end(spec: GameSpec, seating: Seating, seed: int) -> list[tuple[int, dict]]:
    """A finished game's log: seat 0 plays at random (so it gives points away), the others
    at the game's first computer level if it has one; the log as the store keeps it."""
    game = seating.new(seed)
    rng = random.Random(seed)
    computer = next(iter(levels_of(spec)), None)
    log = []
    while game.outcome is None:
        seat, action = random_move(game, rng)
        if seat != 0 and computer is not None:
            view, legal = game.view(seat), game.legal_actions(seat)
            action = choose(spec, view, legal, seed, len(log), computer)
        log.append(as_json((seat, action)))
        game.apply(seat, action)
    return log


#: Each game at its fewest players and at its most, as a newcomer meets it.
FEWEST_AND_MOST = [*FIRST_SEATINGS, *(Seating(spec.name, spec.max_players)
                                      for spec in GAMES.values()
                                      if spec.max_players != seatings_of(spec)[0].players)]
#: A figure a review gives a loss: one decimal, or two below a tenth, in the game's units; or
#: a chance to win given up on one choice.
LOSS = re.compile(r"\((−(\d+\.\d|0\.\d\d)|about \d+% less chance to win)\)")


@pytest.mark.parametrize("seating", params(FEWEST_AND_MOST))
def test_a_finished_game_is_reviewed_decision_by_decision(seating: Seating) -> None:
    spec = seating.spec
    log = played_to_the_end(spec, seating, seed=11)
    review = review_game(spec, seating.players, seating.options, 11, log, seat=0)
    assert as_json(review) == review
    listed = [d for group in review["groups"] for d in group["decisions"]]
    decisions = [d for d in listed if not d["missed"]]  # the moves made, not chances let go
    game = seating.new(11)
    judged = []
    for step, (seat, action) in enumerate(log):
        if seat == 0 and 0 in game.to_act() and len(game.legal_actions(0)) > 1:
            judged.append(step)
            entries = spec.analyse(game.view(0), game.legal_actions(0))
            decision = decisions[len(judged) - 1]
            assert decision["chosen"] == action and decision["best"] == entries[0]["action"]
            mine = next(e for e in entries if e["action"] == action)
            assert decision["lost"] == pytest.approx(
                max(0.0, entries[0]["value"] - mine["value"]), abs=NEGLIGIBLE)
        game.apply(seat, action)
    assert [d["step"] for d in decisions] == judged and judged
    summary, terms = review["summary"], spec.review_terms
    assert summary["decisions"] == len(judged)
    assert summary["missed"] == len(listed) - len(decisions)
    # A chance to win lost on one choice is counted apart from the figures in units.
    swings = [d["chance"] for d in listed]
    assert summary["swings"] == sum(chance is not None for chance in swings)
    assert summary["chance"] == pytest.approx(sum(chance or 0.0 for chance in swings))
    assert summary["total"] == pytest.approx(
        sum(d["lost"] for d, chance in zip(listed, swings, strict=True) if chance is None))
    assert summary["total"] + summary["chance"] > 0, "a random player gives something away"
    review.update(game_id=1, title=spec.title)
    text = review_text(review, "Alice")
    assert text.startswith(f"📋 **Review of {spec.title} #1** for Alice")
    assert len(text) <= MESSAGE_LIMIT
    # The totals in the game's units, and what those are, before any deal or trick.
    head = text.split("\n\n")[0].splitlines()
    assert (terms.about in head and "estimate" in terms.about) or terms.exact
    if summary["total"]:
        assert f"**in all {amount(summary['total'])} {terms.units}**" in text
    if summary["swings"]:
        assert f"a chance to win: **about {min(1.0, summary['chance']):.0%}**" in text
    shown = [line for line in text.splitlines() if line.startswith("• ")]
    assert shown and all(LOSS.search(line) for line in shown)
