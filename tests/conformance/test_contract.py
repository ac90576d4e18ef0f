"""The game contract (docs/DESIGN.md, engine/contract.py), checked the same way for every
registered game: whose turn, legal actions, views, events and outcome; refusals that change
nothing; plain JSON throughout; clones and determinized copies independent of their original;
and (options, seed, action log) replaying to the very same game."""

from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.contract import Game
from engine.errors import IllegalAction
from tests.conformance.games import (
    MAX_MOVES,
    SEATINGS,
    Seating,
    as_json,
    frozen,
    params,
    random_game,
    random_move,
    snapshot,
    told_apart,
)

#: Every view carries these (engine/contract.py).
VIEW_KEYS = {"game", "seat", "to_act", "outcome", "players"}
OUTCOME_KEYS = {"winners", "ranks", "scores", "shared", "win_points"}
READABLE = re.compile(r"\S.*[A-Za-z]{3}.*[.!?]", re.DOTALL)
#: Random games per seating and test: each a whole game, with a new seed every run (the same
#: ones under CI, see tests/conftest.py); the seatings are many. CONFORMANCE_EXAMPLES=20
#: explores further.
EXAMPLES = int(os.environ.get("CONFORMANCE_EXAMPLES", "1"))
SEEDS = st.integers(0, 2**32 - 1)
#: The slower checks (refusals, clones, determinized copies) look at every few states only.
EVERY = 5


def check_events(game: Game, events: Any) -> None:
    assert isinstance(events, list)
    assert as_json(events) == events
    for event in events:
        assert isinstance(event.get("type"), str) and event["type"]
        assert isinstance(event.get("text"), str)
        if "to" in event:
            assert event["to"] in range(game.players), event


def check_state(seating: Seating, game: Game, sampled: bool) -> None:
    """What the contract promises about one state, for every seat; on `sampled` states also
    the views, and that legal actions and views are plain JSON values."""
    seats = range(game.players)
    acting, waiting = game.to_act(), game.waiting_for()
    assert len(set(acting)) == len(acting) and set(acting) <= set(seats)
    assert set(waiting) <= set(acting)
    assert (game.outcome is None) == bool(acting)
    assert (game.outcome is None) == bool(waiting), "someone is waited for until the end"
    for seat in seats:
        legal = game.legal_actions(seat)
        assert bool(legal) == (seat in acting), (seat, acting)
        assert not sampled or as_json(legal) == legal
        assert all(isinstance(a.get("type"), str) for a in legal)
        assert len({repr(sorted(a.items())) for a in legal}) == len(legal), "no action twice"
    for seat in [None, *seats] if sampled else []:
        view = game.view(seat)
        assert as_json(view) == view
        assert set(view) >= VIEW_KEYS, VIEW_KEYS - set(view)
        assert view["game"] == seating.game and view["seat"] == seat
        assert view["outcome"] == game.outcome
    if game.outcome is not None:
        outcome = game.outcome
        assert as_json(outcome) == outcome
        assert set(outcome) >= OUTCOME_KEYS
        assert outcome["winners"] and set(outcome["winners"]) <= set(seats)
        assert len(outcome["ranks"]) == len(outcome["scores"]) == game.players
        assert {s for s in seats if outcome["ranks"][s] == 0} == set(outcome["winners"])
        assert isinstance(outcome["win_points"], int) and outcome["win_points"] >= 1
        if seating.spec.fewest_points_win:  # its scores are points against (GameSpec)
            fewest = min(outcome["scores"])
            assert all(outcome["scores"][s] == fewest for s in outcome["winners"]), outcome


def refusals(game: Game, rng: random.Random, earlier: list[Any]) -> list[tuple[Any, Any]]:
    """(seat, action) pairs the game must refuse now, built from nothing game-specific."""
    acting = game.to_act()
    offered = {seat: game.legal_actions(seat) for seat in acting}
    any_action = next((actions[0] for actions in offered.values()), {"type": "play"})
    wrong: list[tuple[Any, Any]] = [
        (game.players, any_action), (-1, any_action), ("0", any_action), (None, any_action),
        *((seat, action) for seat in acting for action in (
            {"type": "no such move"}, {"no": "type"}, "play", None, [any_action])),
    ]
    idle = [s for s in range(game.players) if s not in acting]
    if idle:
        wrong.append((rng.choice(idle), any_action))
    for seat, actions in offered.items():
        # Another seat's move, or an earlier state's, that is not this seat's now.
        others = [a for other, more in offered.items() if other != seat for a in more]
        wrong += [(seat, a) for a in [*others, *earlier] if a not in actions][:3]
        # A legal move with one of its values changed.
        action = rng.choice(actions)
        for key in [k for k in action if k != "type"][:1]:
            changed = {**action, key: ["nothing", 99]}
            if changed not in actions:
                wrong.append((seat, changed))
    if game.outcome is not None:
        wrong.append((0, {"type": "any"}))
    return wrong


def check_refusals(game: Game, rng: random.Random, earlier: list[Any]) -> None:
    before = frozen(game)
    untouched = game.clone()
    wrong = refusals(game, rng, earlier)
    for seat, action in wrong:
        with pytest.raises(IllegalAction) as refused:
            game.apply(seat, action)
        assert isinstance(refused.value, ValueError)
        message = str(refused.value)
        # A sentence for the player: words, ending as a sentence ends, no Python showing.
        assert READABLE.fullmatch(message), (seat, action, message)
        assert "Traceback" not in message and "{'" not in message, message
    assert frozen(game) == before, f"one of these refused moves changed the game: {wrong}"
    # Nor anything the views do not show (the random generator): the same move on a copy of
    # the game from before the refusals and on one from after makes the same events.
    if game.outcome is None:
        after = game.clone()
        seat, action = random_move(after, rng)
        assert after.apply(seat, action) == untouched.apply(seat, action)
        assert frozen(after) == frozen(untouched)


@pytest.mark.parametrize("seating", params(SEATINGS))
@settings(max_examples=EXAMPLES)
@given(seed=SEEDS)
def test_every_state_keeps_the_contract_and_refusals_change_nothing(seating: Seating,
                                                                     seed: int) -> None:
    game = seating.new(seed)
    rng = random.Random(seed)
    check_events(game, game.start_events)
    earlier: list[Any] = []
    moves = 0
    while True:
        sampled = moves % EVERY == 0 or game.outcome is not None
        check_state(seating, game, sampled)
        if sampled:
            check_refusals(game, rng, earlier)
            earlier = [a for seat in game.to_act() for a in game.legal_actions(seat)][:4]
        if game.outcome is not None:
            break
        assert moves < MAX_MOVES, f"not over after {MAX_MOVES} random moves"
        check_events(game, game.apply(*random_move(game, rng)))
        moves += 1


@pytest.mark.parametrize("seating", params(SEATINGS))
@settings(max_examples=EXAMPLES)
@given(seed=SEEDS)
def test_the_same_options_seed_and_log_replay_to_the_same_game(seating: Seating,
                                                                seed: int) -> None:
    """What the store keeps (options, seed, the log as JSON) rebuilds every event, view, legal
    action and the outcome; so does a clone taken at the start and given the same moves. The
    three games are played in step: their events are compared after every move, all the
    rest every few moves and at the end."""
    game = seating.new(seed)
    twin = game.clone()
    replayed = seating.spec.new(seating.players, as_json(seating.options), seed)
    assert as_json(replayed.start_events) == as_json(game.start_events)
    rng = random.Random(seed + 1)
    moves = 0
    while True:
        if moves % EVERY == 0 or game.outcome is not None:
            assert snapshot(replayed) == snapshot(game) == snapshot(twin), f"after move {moves}"
        if game.outcome is not None:
            break
        seat, action = random_move(game, rng)
        events = as_json(game.apply(seat, action))
        logged_seat, logged_action = as_json([seat, action])
        assert as_json(replayed.apply(logged_seat, logged_action)) == events, f"move {moves}"
        assert as_json(twin.apply(seat, action)) == events
        moves += 1


@pytest.mark.parametrize("seating", params(SEATINGS))
def test_clones_and_determinized_copies_are_independent_of_the_original(
        seating: Seating) -> None:
    rng = random.Random(seating.id)
    redealt = 0
    for game, moves in random_game(seating, seed=3):
        if moves % (3 * EVERY) or game.outcome is not None:
            continue
        before = frozen(game)
        twin = game.clone()
        assert frozen(twin) == before
        twin.apply(*random_move(twin, rng))
        assert frozen(game) == before, "a move on a clone changed the original"
        seat = rng.randrange(game.players)
        copy = game.determinize(seat, random.Random(rng.random()))
        assert frozen(game) == before, "determinize changed the original"
        redealt += told_apart(game, copy, seed=moves)
        # The same random state gives the same copy, whichever of two games the seat cannot
        # tell apart it starts from: nothing of the real hidden cards shows through.
        other_truth = game.determinize(seat, random.Random(rng.random()))
        assert (frozen(game.determinize(seat, random.Random(7)))
                == frozen(other_truth.determinize(seat, random.Random(7))))
        if copy.outcome is None:
            copy.apply(*random_move(copy, rng))
        assert frozen(game) == before, "a move on a determinized copy changed the original"
    assert redealt, ("no determinized copy was another game, now or as play went on: "
                     "determinize deals nothing again (see Game.determinize)")


@pytest.mark.parametrize("seating", params(SEATINGS))
def test_a_game_with_a_target_is_won_by_reaching_it(seating: Seating) -> None:
    """`GameSpec.target` is where the game ends: the winners' scores reach it (the last move
    may carry them past it, points a tournament's spread does not count), everyone else's
    stays short of it."""
    target = seating.spec.target(seating.spec.check_options(seating.options))
    if target is None:
        return
    *_, (game, _) = random_game(seating, seed=5)
    outcome = game.outcome
    assert outcome is not None
    for seat, score in enumerate(outcome["scores"]):
        assert (score >= target) == (seat in outcome["winners"]), (seat, outcome)
