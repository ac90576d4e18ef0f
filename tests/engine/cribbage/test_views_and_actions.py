"""What the contract game hands out and may reuse: views are new dicts each call, and a card's
play action, made once per game, is offered again whenever that card may be played."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.contract import Game
from engine.errors import IllegalAction
from engine.registry import GAMES


def play_until(name: str, players: int, seed: int, moves: int) -> Game:
    game = GAMES[name].new(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.outcome is not None:
            break
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(["cribbage", "pip-cribbage", "crib-race"]),
       seed=st.integers(0, 10_000), moves=st.integers(0, 60))
def test_changing_a_view_changes_neither_the_game_nor_the_next_view(
        name: str, seed: int, moves: int) -> None:
    game = play_until(name, 2, seed, moves)
    first = game.view(0)
    kept = copy.deepcopy(first)
    for key in ("to_act", "scores", "previous_scores", "pile", "hand", "discards", "sides"):
        first[key].append("changed")
    first["played"][0].append("changed")
    first["sides"][0].append("changed")
    first["phase"] = "changed"
    assert game.view(0) == kept
    assert first is not game.view(0)


def test_a_play_action_offered_earlier_is_still_the_same_move() -> None:
    game = play_until("cribbage", 2, 3, 0)
    offered_before: dict[str, dict[str, str]] = {}
    while game.outcome is None:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        for action in legal:
            if action["type"] == "play":
                assert action == {"type": "play", "card": action["card"]}
                earlier = offered_before.setdefault(action["card"], action)
                assert earlier == action
        choice = legal[-1]
        if choice["type"] == "play":  # play the dict offered in an earlier state
            choice = offered_before[choice["card"]]
        deal = game.view(None)["deal_number"]
        events = game.apply(seat, choice)
        if choice["type"] == "play":
            assert events[0]["type"] == "play" and events[0]["card"] == choice["card"]
            if game.view(None)["deal_number"] == deal:  # the deal goes on: the card is down
                assert game.view(seat)["played"][seat][-1] == choice["card"]


@pytest.mark.parametrize(("name", "title"), [("cribbage", "Cribbage"),
                                             ("pip-cribbage", "PIP Cribbage"),
                                             ("crib-race", "Crib Race")])
def test_a_move_no_game_has_is_refused_in_the_game_s_own_name(name: str, title: str) -> None:
    game = GAMES[name].new(2, {}, 1)
    before = game.view(0)
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, {"type": "fly"})
    assert str(refused.value) == f"{title} has no move called 'fly'."
    assert game.view(0) == before
