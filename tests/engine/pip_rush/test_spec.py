import pytest
from hypothesis import given
from hypothesis import strategies as st

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
    with pytest.raises(IllegalAction, match="for 2 or 4 players"):
        SPEC.new(3)
    assert SPEC.rules and all(title and text for title, text in SPEC.rules)


def test_sides_pair_partners_opposite():
    assert SPEC.sides(2, {}) == [0, 1]
    assert SPEC.sides(4, {}) == [0, 1, 0, 1]
    assert new_game(4).view(None)["teams"] == [[0, 2], [1, 3]]


def test_action_labels():
    assert SPEC.action_label({"type": "play", "card": "5H"}) == "Play 5♥"
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


def racer_view(action: str, card: str, pips: tuple[int, int]) -> dict:
    racers = [{"pips": 4}, {"pips": 4}, {"pips": pips[0]}, {"pips": pips[1]}]
    resolving = {"index": 1, "seat": 1, "card": card, "action": action}
    return {"team": 1, "racers": racers, "resolution": {"resolving": resolving}}


@pytest.mark.parametrize(
    ("action", "card", "pips", "racer", "words"),
    [
        ("gain", "5H", (2, 6), 0, "Racer A: 2 pips → 3 (5♥)"),
        ("gain", "5H", (2, 6), 1, "Racer B: 6 pips → 6 (5♥)"),
        ("decay", "AD", (1, 3), 1, "Racer B: 3 pips → 2 (A♦)"),
        ("flip", "2S", (2, 3), 0, "Racer A: 2 pips → 5 (2♠)"),
        ("flip", "2S", (1, 3), 0, "Racer A: 1 pip → 6 (2♠)"),
        ("gain", "5H", (1, 3), 0, "Racer A: 1 pip → 2 (5♥)"),
        ("swap", "4C", (2, 3), 1, "Racer B: swap places with A, A stays free (4♣)"),
        ("swap", "4C", (2, 3), 0, "Racer A: swap places with B, B stays free (4♣)"),
    ],
)
def test_a_racer_choice_says_what_the_card_does_to_that_racer(action, card, pips, racer, words):
    view = racer_view(action, card, pips)
    label = SPEC.labels_for(view)
    assert label({"type": "choose_racer", "racer": racer}) == words


@given(racer=st.integers(0, 1), space=st.integers(1, 10), lane=st.integers(1, 3))
def test_a_move_choice_fits_half_an_80_column_row(racer, space, lane):
    """The Movement's choices two to a row in an 80-column terminal ("   1. " before each,
    two spaces between): the pip a move costs, the same for every move, is said above them."""
    view = racer_view("movement", "6H", (4, 2))
    move = {"type": "move", "racer": racer, "space": space, "lane": lane}
    label = SPEC.labels_for(view)(move)
    assert label == f"Move racer {'AB'[racer]} to space {space}, lane {lane}"
    assert len("   1. " + label) <= (80 - 2) // 2


def test_other_games_label_without_a_view():
    assert GAMES["cribbage"].labels_for({})({"type": "play", "card": "TS"}) == "Play 10♠"
