"""The PIP Rush computer players: always legal, never peeking, and sensible where it counts."""

from __future__ import annotations

import copy
import random
from random import Random

import pytest

from engine.pip_rush.ai import choose_action
from engine.pip_rush.game import PipRushGame
from engine.registry import GAMES
from tests.engine.pip_rush.helpers import choose, new_game, play_cards, racer, rig

LEVELS = ("easy", "normal", "hard")


def random_states(players: int, track: str, games: int):
    """(game, seat) at every decision of random games, the game left in that state."""
    for seed in range(games):
        game = GAMES["pip-rush"].new(players, {"track": track}, seed)
        rng = random.Random(seed)
        while game.outcome is None:
            seat = game.to_act()[0]
            yield game, seat
            game.apply(seat, rng.choice(game.legal_actions(seat)))


def hide_differently(game: PipRushGame, seat: int, seed: int) -> PipRushGame:
    """The same game with the cards this seat cannot see dealt differently."""
    other = game.clone()
    core = other.core
    hidden = [c for s, hand in enumerate(core.hands) if s != seat for c in hand] + core.pile
    random.Random(seed).shuffle(hidden)
    for s, hand in enumerate(core.hands):
        if s != seat:
            core.hands[s] = sorted(hidden.pop() for _ in hand)
    core.pile = hidden
    return other


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("track", ["open", "obstacles"])
def test_always_legal_and_never_changes_the_view(players, track):
    checked = 0
    for n, (game, seat) in enumerate(random_states(players, track, games=4)):
        view, legal = game.view(seat), game.legal_actions(seat)
        untouched = copy.deepcopy(view)
        action = choose_action(view, legal, random.Random(n), LEVELS[n % 3])
        assert action in legal
        assert view == untouched
        checked += 1
    assert checked > 500


@pytest.mark.parametrize("players", [2, 4])
def test_same_view_and_seed_same_choice_whatever_the_hidden_cards(players):
    compared = 0
    for n, (game, seat) in enumerate(random_states(players, "obstacles", games=2)):
        if n % 4:
            continue
        twin = hide_differently(game, seat, n)
        assert twin.view(seat) == game.view(seat)
        for level in LEVELS:
            mine = choose_action(game.view(seat), game.legal_actions(seat), Random(n), level)
            theirs = choose_action(twin.view(seat), twin.legal_actions(seat), Random(n), level)
            assert mine == theirs
        compared += 1
    assert compared > 50


def test_spec_ai_is_this_module():
    game = new_game(2, seed=4)
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    view = game.view(seat)
    assert GAMES["pip-rush"].ai(view, legal, random.Random(1)) == choose_action(
        view, legal, random.Random(1)
    )


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_plays_the_card_that_wins_the_race(level):
    # Seat 1 leads 2S; seat 0 plays 3H, seat 1 5D: 6C now wins the trick, and with 3H on racer B
    # the Movement takes racer A from space 9 to the Finish while B waits at space 7.
    game = rig(new_game(2), leader=1, hands={1: "2S 5D", 0: "3H 6C 2D"},
               racers=[(9, 2, 3), (7, 1, 3), (4, 1, 4), (4, 2, 4)])
    play_cards(game, "2S 3H 5D")
    action = choose_action(game.view(0), game.legal_actions(0), random.Random(0), level)
    assert action == {"type": "play", "card": "6C"}


@pytest.mark.parametrize("level", LEVELS)
def test_leaves_the_right_racer_free_for_the_winning_movement(level):
    # Seat 0 wins with AS; its 3H must go to racer B so that racer A (space 9) moves last.
    game = rig(new_game(2), leader=0, hands={0: "AS 3H", 1: "2D 4D"},
               racers=[(9, 2, 3), (7, 1, 3), (4, 1, 4), (4, 2, 4)])
    play_cards(game, "AS 2D 3H 4D")  # resolve 2D, 3H, 4D, AS
    choose(game, 1, racer(0))
    action = choose_action(game.view(0), game.legal_actions(0), random.Random(0), level)
    if level == "easy":
        assert action in game.legal_actions(0)  # easy does not look ahead
    else:
        assert action == racer(1)
        game.apply(0, action)
        finish = game.legal_actions(0)[0]
        game.apply(0, choose_action(game.view(0), game.legal_actions(0), random.Random(0), level))
        assert finish["space"] == 10
        assert game.outcome["winners"] == [0]


def test_blocks_the_rival_leader_when_the_move_is_otherwise_equal():
    # Racer A (team 0) moves from (3, 2); the rival leader sits at (3, 3), needing (4, 3) or (4, 2).
    game = rig(new_game(2), leader=0, hands={0: "AS 3H", 1: "2D 4D"},
               racers=[(3, 2, 4), (1, 1, 6), (3, 3, 4), (2, 3, 4)])
    play_cards(game, "AS 2D 3H 4D")
    choose(game, 1, racer(1))
    choose(game, 0, racer(1))
    options = game.legal_actions(0)
    assert len(options) == 3
    action = choose_action(game.view(0), options, random.Random(0), "hard")
    assert action["lane"] in (2, 3)  # either cell leaves the rival a single way forward
