import pytest

from engine.errors import IllegalAction
from engine.registry import GAMES

from .helpers import new_game, play_cards, rig

SPEC = GAMES["pip-rush"]


def test_spec_registration_and_options():
    assert (SPEC.title, SPEC.order, SPEC.allowed_player_counts()) == ("PIP Rush", 40, (2, 4))
    assert SPEC.check_options(None) == {"overtime": False, "track": "open"}
    assert SPEC.check_options({"track": "obstacles", "overtime": True})["track"] == "obstacles"
    with pytest.raises(IllegalAction, match="track must be one of"):
        SPEC.check_options({"track": "moon"})
    with pytest.raises(IllegalAction, match="for 2, 4 players"):
        SPEC.new(3)
    assert SPEC.rules and all(title and text for title, text in SPEC.rules)


def test_sides_pair_partners_opposite():
    assert SPEC.sides(2, {}) == [0, 1]
    assert SPEC.sides(4, {}) == [0, 1, 0, 1]
    assert new_game(4).view(None)["teams"] == [[0, 2], [1, 3]]


def test_action_labels():
    assert SPEC.action_label({"type": "play", "card": "5H"}) == "Play 5H"
    assert SPEC.action_label({"type": "choose_racer", "racer": 0}) == "Racer A"
    move = {"type": "move", "racer": 1, "space": 4, "lane": 1}
    assert SPEC.action_label(move) == "Move racer B to space 4, lane 1"


def test_equivalent_spellings_are_accepted():
    game = rig(new_game(2), leader=0, hands={0: "5H 2C", 1: "AS 3S"},
               racers=[(0, None, 4)] * 4)
    game.apply(0, {"type": "play", "card": "5h"})
    play_cards(game, "AS 2C 3S")  # AS wins: resolve 2C (seat 0 chooses), 3S, 5H, AS
    game.apply(0, {"type": "choose_racer", "racer": "b"})
    assert game.view(None)["racers"][1]["affected"]
    game.apply(1, {"type": "choose_racer", "racer": "A"})
    game.apply(1, {"type": "move", "racer": 1, "lane": 3})  # the space may be left out
    assert game.view(None)["racers"][3]["space"] == 1


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "fly"}, "not a PIP Rush move"),
        ({"type": "play", "card": "5H", "why": 1}, "has no why"),
        ({"type": "play"}, "needs card"),
        ({"type": "play", "card": "XX"}, "not a card"),
        ({"type": "play", "card": "4D"}, "You do not hold 4D"),
        ({"type": "choose_racer", "racer": True}, "not a racer"),
        ({"type": "choose_racer", "racer": 0}, "Play a card first"),
        ({"type": "move", "racer": 0, "space": 1, "lane": "1"}, "not a lane number"),
    ],
)
def test_refusals_explain_themselves(action, message):
    game = rig(new_game(2), leader=0, hands={0: "5H 2C", 1: "AS 3S"})
    with pytest.raises(IllegalAction, match=message):
        game.apply(0, action)
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(1, {"type": "play", "card": "AS"})
