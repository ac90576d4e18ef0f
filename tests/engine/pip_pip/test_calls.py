import pytest

from engine import IllegalAction
from engine.pip_pip import SPEC

from .helpers import hand, play, rigged, seen

CALL_H = {"type": "call", "suit": "H"}


def test_call_on_turn_mid_trick_changes_trump_from_the_next_trick():
    game = rigged(["5C 6C", "KH QH", "7C 8C"], trump="S", leader=0)
    play(game, "5C")
    events = game.apply(1, CALL_H)
    assert events[0]["text"] == (
        "{s1:calls} Pip Pip in hearts for 50 points: hearts are trump from the next trick."
    )
    assert seen(game)["scores"][1] == 50
    assert game.view(None)["declared"][1] == ["QH", "KH"]
    assert seen(game)["trump"] == "S" and seen(game)["next_trump"] == "H"
    assert seen(game)["turn"] == 1  # calling does not use up the turn
    play(game, "KH", "7C")  # hearts are not trump yet: KH is a discard and 7C wins
    assert seen(game)["last_trick"]["winner"] == 2
    assert seen(game)["trump"] == "H"


def test_call_off_turn_is_open_but_not_awaited():
    game = rigged(["5C 6C", "7C 8C", "KH QH"], trump="S", leader=0)
    play(game, "5C")
    assert game.to_act() == [1, 2]
    assert game.waiting_for() == [1]
    game.apply(2, CALL_H)
    assert seen(game)["scores"][2] == 50 and seen(game)["next_trump"] == "H"
    assert game.to_act() == [1]  # the pair is used up


def test_call_right_after_the_deal_sets_trump_for_the_first_trick():
    game = rigged(["5C 6C", "7C 8C", "KH QH"], trump="S", leader=0)
    events = game.apply(2, CALL_H)
    assert "hearts are trump from this trick" in events[0]["text"]
    assert seen(game)["trump"] == "H"
    play(game, "5C", "7C", "QH")  # seat 2 trumps in with its queen
    assert seen(game)["last_trick"]["trump"] == "H" and seen(game)["last_trick"]["winner"] == 2


def test_real_deal_offers_calls_before_the_first_lead():
    # Find a deal where a seat other than the leader holds a callable pair; it may call
    # before anyone has played.
    for seed in range(200):
        game = SPEC.new(5, {}, seed=seed)
        callers = [s for s in game.to_act() if s != seen(game)["turn"]]
        if callers:
            break
    else:
        pytest.fail("no deal with a pair in 200 seeds")
    seat = callers[0]
    call = next(a for a in game.legal_actions(seat) if a["type"] == "call")
    game.apply(seat, call)
    assert seen(game)["trick"] == [] and seen(game)["trump"] == call["suit"]


def test_two_calls_in_one_trick_both_score_and_the_first_sets_trump():
    game = rigged(["5C 6C", "KD QD", "KH QH", "7C 8C"], trump="S", leader=0)
    play(game, "5C")
    game.apply(2, CALL_H)
    events = game.apply(1, {"type": "call", "suit": "D"})
    assert "an earlier call already chose the next trump" in events[0]["text"]
    assert seen(game)["scores"][:3] == [0, 50, 50]
    play(game, "KD", "KH", "7C")
    assert seen(game)["trump"] == "H"


def test_two_calls_before_the_first_lead_the_first_sets_trump():
    game = rigged(["5C 6C", "KD QD", "KH QH"], trump="S", leader=0)
    game.apply(2, CALL_H)
    game.apply(1, {"type": "call", "suit": "D"})
    assert seen(game)["trump"] == "H" and seen(game)["scores"] == [0, 50, 50]


def test_a_call_in_one_trick_beats_a_call_before_the_next_lead():
    game = rigged(["5C 6C", "KD QD 6D", "KH QH 7C"], trump="S", leader=0)
    play(game, "5C")
    game.apply(2, CALL_H)
    play(game, "6D", "7C")
    assert seen(game)["trump"] == "H"
    game.apply(1, {"type": "call", "suit": "D"})  # before the next lead, but second
    assert seen(game)["trump"] == "H" and seen(game)["scores"][1] == 50


def test_double_call_scores_100_and_uses_all_four_cards():
    game = rigged(["5C 6C", "KH QH KH QH 7C", "8C 9C"], trump="S", leader=0)
    assert {"type": "call", "suit": "H", "double": True} in game.legal_actions(1)
    events = game.apply(1, {"type": "call", "suit": "H", "double": True})
    assert events[0]["points"] == 100 and seen(game)["scores"][1] == 100
    assert "Double Pip Pip" in events[0]["text"]
    assert game.view(1)["declared"][1] == ["QH", "QH", "KH", "KH"]
    assert game.legal_actions(1) == []  # not seat 1's turn, nothing left to call


def test_unused_second_pair_may_be_called_later():
    game = rigged(["KH QH KH QH 5C", "6C 7C", "8C 9C"], trump="S", leader=1)
    play(game, "6C")  # calls after the lead wait for the next trick, so hearts stay callable
    game.apply(0, CALL_H)
    assert [a for a in game.legal_actions(0) if a["type"] == "call"] == [CALL_H]
    game.apply(0, CALL_H)
    assert seen(game)["scores"][0] == 100
    assert [a for a in game.legal_actions(0) if a["type"] == "call"] == []


def test_call_in_the_current_trump_suit_is_refused():
    game = rigged(["5C 6C", "KH QH", "7C 8C"], trump="H", leader=0)
    assert game.legal_actions(1) == []
    assert 1 not in game.to_act()
    with pytest.raises(IllegalAction, match="Hearts are already trump"):
        game.apply(1, CALL_H)  # off turn, the reason is still about the call
    game.core.turn = 1
    game.state_changed()
    with pytest.raises(IllegalAction, match="Hearts are already trump"):
        game.apply(1, CALL_H)


def test_call_without_a_pair_explains_what_is_missing():
    game = rigged(["5C 6C", "KH 7C", "7C 8C"], trump="S", leader=0)
    with pytest.raises(IllegalAction, match="needs a king and a queen of hearts"):
        game.apply(1, CALL_H)
    with pytest.raises(IllegalAction, match="not a suit"):
        game.apply(1, {"type": "call", "suit": "stars"})


def test_call_in_the_old_trump_after_a_call_moved_it_before_the_lead():
    game = rigged(["KS QS 5C", "KH QH 7C", "8C 9C 6C"], trump="S", leader=2)
    game.apply(1, CALL_H)
    assert seen(game)["trump"] == "H"
    game.apply(0, {"type": "call", "suit": "S"})  # spades are no longer trump
    assert seen(game)["scores"][:2] == [50, 50] and seen(game)["trump"] == "H"


def test_a_card_is_used_in_one_call_only():
    game = rigged(["5C 6C", "KH QH 7C", "7C 8C"], trump="S", leader=0, pile="9D 9D KH")
    play(game, "5C")  # seat 0 draws KH
    game.apply(1, CALL_H)  # on turn, after the lead: hearts are trump from the next trick
    with pytest.raises(IllegalAction, match="king and a queen of hearts not yet used"):
        game.apply(1, CALL_H)
    with pytest.raises(IllegalAction, match="double Pip Pip needs both kings"):
        game.apply(1, {"type": "call", "suit": "H", "double": True})
    assert game.legal_actions(1) == [{"type": "play", "card": "7C"}]


def test_a_fresh_king_and_queen_after_playing_a_called_card():
    game = rigged(["5C 6C", "KH QH 2H", "7C 8C"], trump="D", leader=1,
                  pile="9D 9D QH 9D 9D 9D")
    play(game, "2H")  # seat 1 leads, then calls: hearts are trump from the next trick
    game.apply(1, CALL_H)
    play(game, "7C", "5C")
    assert seen(game)["turn"] == 1  # the 2 of hearts won; now play the face-up queen
    play(game, "QH")  # seat 1 draws a hidden QH
    assert seen(game)["declared"][1] == ["KH"]
    assert game.view(1)["hand"] == ["QH", "KH", "9D"]
    # The new QH pairs only with a king not yet called: none, and hearts are trump anyway.
    assert all(a["type"] != "call" for a in game.legal_actions(1))


def test_face_up_copy_is_played_first_keeping_the_hidden_copy_free():
    game = rigged(["KH QH 5C", "6C 7C", "8C 9C KH"], trump="S", leader=0)
    game.apply(0, CALL_H)
    game.core.hands[0].append(game.core.hands[0][0])  # a second, hidden KH
    game.core.recount()
    game.state_changed()
    play(game, "KH")
    assert seen(game)["declared"][0] == ["QH"]
    assert [str(c) for c in hand(game, 0)].count("KH") == 1


def test_call_spelling_is_normalised():
    game = rigged(["5C 6C", "KH QH", "7C 8C"], trump="S", leader=0)
    game.apply(1, {"type": "call", "suit": "hearts", "double": False})
    assert seen(game)["scores"][1] == 50


@pytest.mark.parametrize(
    ("action", "label"),
    [({"type": "play", "card": "KH"}, "Play K♥"),
     ({"type": "call", "suit": "H"}, "Pip Pip! (hearts, +50)"),
     ({"type": "call", "suit": "D", "double": True}, "Double Pip Pip! (diamonds, +100)")],
)
def test_action_labels(action, label):
    assert SPEC.action_label(action) == label
