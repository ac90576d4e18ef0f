import pytest

from engine.pip_rush.sim import PLAY_ORDER, RESOLUTION, trick_winner

from .helpers import codes, finish_choices, new_game, play_cards, resolved, rig


def test_ace_is_high():
    assert trick_winner(codes("AS 6S 2S 5S")) == 0
    assert trick_winner(codes("2S 6S 3S 5S")) == 1


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("2S 6H 5C 3D", 1),
        ("6S AH 5C 3D", 1),
        ("AS 6H AC 3D", 2),  # two aces: the later one wins
        ("6S 6H 2C 6D", 3),
        ("4S 4H 4C 4D", 3),
        ("5S 2H 3C 4D", 0),
    ],
)
def test_highest_rank_wins_ties_to_the_last_tied_card(cards, winner):
    assert trick_winner(codes(cards)) == winner


def test_resolution_starts_after_the_winner_and_ends_with_it():
    assert RESOLUTION[0] == (1, 2, 3, 0)
    assert RESOLUTION[1] == (2, 3, 0, 1)
    assert RESOLUTION[3] == (0, 1, 2, 3)


def test_play_order_two_and_four_players():
    assert PLAY_ORDER[2][0] == (0, 1, 0, 1)
    assert PLAY_ORDER[2][1] == (1, 0, 1, 0)
    assert PLAY_ORDER[4][2] == (2, 3, 0, 1)
    assert PLAY_ORDER[4][3] == (3, 0, 1, 2)


def test_two_player_trick_alternates_and_resolves_in_order():
    game = rig(new_game(2), leader=1, hands={1: "2H 3D 5S 5D", 0: "AS 4H 5C 6C"})
    assert game.view(None)["play_order"] == [1, 0, 1, 0]
    events = play_cards(game, "2H AS 3D 4H")
    events += finish_choices(game)
    assert [e["seat"] for e in events if e["type"] == "play"] == [1, 0, 1, 0]
    won = next(e for e in events if e["type"] == "trick_won")
    assert (won["seat"], won["card"]) == (0, "AS")
    assert resolved(events) == [(1, "3D"), (0, "4H"), (1, "2H"), (0, "AS")]
    assert game.view(None)["leader"] == 0


def test_four_player_trick_goes_clockwise_and_the_later_tie_wins():
    game = rig(
        new_game(4), leader=2, hands={2: "3H 5S", 3: "6D 5C", 0: "2S 5H", 1: "6H 5D"}
    )
    assert game.to_act() == [2]
    events = play_cards(game, "3H 6D 2S 6H")
    events += finish_choices(game)
    assert [e["seat"] for e in events if e["type"] == "play"] == [2, 3, 0, 1]
    assert resolved(events) == [(2, "3H"), (3, "6D"), (0, "2S"), (1, "6H")]
    last = game.view(None)["last_trick"]
    assert last["winner_seat"] == 1
    assert [c["won"] for c in last["cards"]] == [False, False, False, True]
    assert game.view(None)["leader"] == 1
    assert game.to_act() == [1]


def test_only_the_player_in_turn_may_play():
    game = rig(new_game(2), leader=0, hands={0: "2H 3H", 1: "4H 5H"})
    assert game.legal_actions(1) == []
    assert [a["card"] for a in game.legal_actions(0)] == ["2H", "3H"]
