"""The test game itself must be a fair stand-in: hidden hands, optional off-turn actions."""

import pytest

from engine.errors import IllegalAction
from tests.tables.race_game import DASH


def test_hands_are_hidden_from_the_channel_and_other_seats():
    game = DASH.new(3, {}, seed=1)
    assert "hand" not in game.view(None)
    assert game.view(1)["hand"] == game.hands[1]
    assert "hand" not in {k for k, v in game.view(0).items() if v == game.hands[1]}


def test_off_turn_cheer_is_optional_and_once_between_turns():
    game = DASH.new(3, {}, seed=1)
    assert game.waiting_for() == [0]
    assert game.to_act() == [0, 1, 2]
    game.apply(2, {"type": "cheer"})
    assert game.to_act() == [0, 1]
    with pytest.raises(IllegalAction):
        game.apply(2, {"type": "cheer"})


def test_same_seed_same_game_and_teams_share_a_total():
    a, b = DASH.new(4, {"teams": True}, seed=5), DASH.new(4, {"teams": True}, seed=5)
    assert a.hands == b.hands
    card = a.hands[0][0]
    a.apply(0, {"type": "play", "card": str(card)})
    assert a.view(None)["scores"][2] == card
