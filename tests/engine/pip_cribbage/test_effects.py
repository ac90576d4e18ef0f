"""Every PIP Track space over a whole deal on stacked decks: what it does during the deal and
how the dealer's die advances afterwards. Seat 0's die moves 1 -> 9, seat 1's 9 -> 1."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.pip_cribbage import PipCribbageGame
from tests.engine.pip_cribbage.helpers import (
    Dice,
    act,
    die_state,
    discard,
    finish_deal,
    of_type,
    pip_game,
    play_first_legal,
    shows,
)

# A plain deal: seat 1 keeps AH 3D 6C, seat 0 keeps 7C 9H 9S; the crib is KS 8D and both
# dice with the QC starter.
HANDS = ("9H 9S 7C KS", "AH 3D 6C 8D")
DISCARDS = {0: "KS", 1: "8D"}
STARTER = "QC"

NORMAL_ORDER = [("hand", 1), ("hand", 0), ("crib", 0)]
PRIORITY_ORDER = [("hand", 0), ("crib", 0), ("hand", 1)]


def deal(dice: Dice, dealer: int = 0, **options: object) -> PipCribbageGame:
    """The plain deal, dealt by `dealer` (who gets HANDS[0])."""
    hands = HANDS if dealer == 0 else (HANDS[1], HANDS[0])
    return pip_game(hands, dealer, STARTER, dice, **options)


def show_order(events: list[dict]) -> list[tuple[str, int]]:
    return [(e["kind"], e["seat"]) for e in of_type(events, "show")]


def die_plays(events: list[dict]) -> list[int]:
    plays = [0, 0]
    for event in of_type(events, "play"):
        plays[event["seat"]] += event["card"].startswith("P")
    return plays


# ---- 1 Crib Bonus ----------------------------------------------------------------------------


def test_crib_bonus_scores_one_right_after_the_crib_even_when_the_crib_scores_nothing() -> None:
    # The crib KS 8D P2 P4 with QC makes nothing.
    game = deal({0: (1, 2), 1: (5, 4)})
    assert game.view(None)["effect"] == {
        "seat": 0, "space": 1, "key": "crib_bonus", "name": "Crib Bonus", "active": True,
        "text": game.view(None)["effect"]["text"]}
    discard(game, DISCARDS)
    events = finish_deal(game)
    assert show_order(events) == NORMAL_ORDER
    assert shows(events)[("crib", 0)]["points"] == 0
    crib_at = events.index(shows(events)[("crib", 0)])
    bonus = events[crib_at + 1]
    assert (bonus["type"], bonus["seat"], bonus["reason"], bonus["points"]) == (
        "score", 0, "crib bonus", 1)
    # Then the dealer's die advances: 1 -> 2, 2 - 1 = 1, Extra Decay keeps it at 1.
    assert die_state(game, 0) == (2, 1) and die_state(game, 1) == (5, 4)
    move = of_type(events, "die_move")[0]
    assert events.index(move) > crib_at and move["seat"] == 0


def dealer_points_before(dice: Dice, reason: str, crux: str | None = None) -> int:
    """What the dealer scores in this deal before its first score for `reason`."""
    game = deal(dice)
    if crux:
        act(game, 0, "crux", choice=crux)
    discard(game, DISCARDS)
    events = finish_deal(game)
    points = 0
    for event in of_type(events, "score"):
        if event["reason"] == reason:
            return points
        points += event["points"] if event["seat"] == 0 else 0
    raise AssertionError(f"no {reason} score in the deal")


def test_crib_bonus_can_win_the_game_at_once() -> None:
    before_bonus = dealer_points_before({0: (1, 2), 1: (5, 4)}, "crib bonus")
    game = deal({0: (1, 2), 1: (5, 4)}, target=61)
    game.scores = [60 - before_bonus, 0]
    discard(game, DISCARDS)
    events = finish_deal(game)
    assert of_type(events, "score")[-1]["reason"] == "crib bonus"
    assert game.outcome is not None and game.outcome["winners"] == [0]
    assert game.scores[0] == 61 and not of_type(events, "die_move")


def test_only_the_dealers_die_acts_and_only_it_advances() -> None:
    # The non-dealer's die sits on Double PIP; the dealer's on Rise (no effect in a deal).
    game = deal({0: (4, 3), 1: (3, 5)})
    assert game.view(None)["effect"]["active"] is False
    assert game.view(None)["pip_plays"] == [1, 1]
    discard(game, DISCARDS)
    events = finish_deal(game)
    assert die_plays(events) == [1, 1]
    assert show_order(events) == NORMAL_ORDER
    assert not [e for e in of_type(events, "score") if e["reason"] == "crib bonus"]
    assert die_state(game, 1) == (3, 5)  # never moved
    assert die_state(game, 0) == (5, 2)  # 4 -> 5, one pip lost, Crux does nothing on entry


# ---- 2 / 8 Extra Decay, 4 / 6 Rise -----------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "dice", "after"),
    [
        (0, {0: (1, 4), 1: (5, 4)}, (2, 2)),  # Extra Decay on 2: 4 - 1 - 1
        (1, {0: (5, 4), 1: (9, 5)}, (8, 3)),  # Extra Decay on 8 (down the track)
        (1, {0: (5, 4), 1: (9, 1)}, (8, 1)),  # never below 1
        (0, {0: (3, 6), 1: (5, 4)}, (4, 6)),  # Rise on 4: 6 - 1 + 1
        (1, {0: (5, 4), 1: (7, 1)}, (6, 2)),  # Rise on 6: 1 stays 1, + 1
        (0, {0: (2, 4), 1: (5, 4)}, (3, 3)),  # leaving Extra Decay: only the plain pip
        (1, {0: (5, 4), 1: (6, 6)}, (5, 5)),  # leaving Rise likewise
        (0, {0: (9, 3), 1: (5, 4)}, (1, 2)),  # wrapping 9 -> 1
        (1, {0: (5, 4), 1: (1, 6)}, (9, 5)),  # wrapping 1 -> 9
    ],
)
def test_the_dealers_die_advances_after_the_deal_with_the_entry_change(
    dealer: int, dice: Dice, after: tuple[int, int]
) -> None:
    game = deal(dice, dealer=dealer)
    other = 1 - dealer
    discard(game, {dealer: "KS", other: "8D"})
    events = finish_deal(game, crux={"type": "crux", "choice": "priority"},
                         turn={"type": "keep_die"})
    assert game.outcome is None and game.core.dealer == other
    assert die_state(game, dealer) == after
    assert die_state(game, other) == dice[other]
    assert [(e["seat"], e["from_space"], e["space"], e["face"])
            for e in of_type(events, "die_move")] == [(dealer, dice[dealer][0], *after)]


def test_spaces_2_4_6_8_do_nothing_during_the_deal() -> None:
    for space in (2, 4, 6, 8):
        game = deal({0: (space, 4), 1: (5, 4)})
        assert game.phase == "discard" and game.view(None)["effect"]["active"] is False
        discard(game, DISCARDS)
        events = finish_deal(game)
        assert die_plays(events) == [1, 1] and show_order(events) == NORMAL_ORDER
        assert not of_type(events, "turn") and not of_type(events, "crux")
        assert len(shows(events)[("hand", 0)]["cards"]) == 4


# ---- 3 Double PIP ----------------------------------------------------------------------------


def test_double_pip_over_a_whole_deal() -> None:
    game = deal({0: (3, 2), 1: (5, 4)})
    assert game.view(None)["effect"]["name"] == "Double PIP"
    discard(game, DISCARDS)
    events = finish_deal(game)
    assert die_plays(events) == [2, 1]
    assert shows(events)[("hand", 0)]["cards"].count("P2") == 1
    assert sorted(shows(events)[("crib", 0)]["cards"]) == ["8D", "KS", "P2", "P4"]
    assert die_state(game, 0) == (4, 2)  # 2 - 1 + 1


# ---- 5 Crux ----------------------------------------------------------------------------------


def test_crux_is_chosen_by_the_dealer_after_seeing_the_cards_and_before_any_discard() -> None:
    game = deal({0: (5, 3), 1: (4, 4)})
    view = game.view(0)
    assert view["phase"] == "crux" and view["to_act"] == [0]
    assert view["hand"] == ["7C", "9S", "9H", "KS"] and view["kept"] is None
    assert game.legal_actions(0) == [{"type": "crux", "choice": "renew"},
                                     {"type": "crux", "choice": "priority"}]
    assert game.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="not your turn"):
        act(game, 1, "discard", cards=["8D"])
    with pytest.raises(IllegalAction, match="before anyone discards"):
        act(game, 0, "discard", cards=["KS"])
    assert game.view(1)["hand"] == ["AH", "3D", "6C", "8D"]


def test_crux_renew_raises_the_die_at_once_for_this_deals_play_and_show() -> None:
    game = deal({0: (5, 3), 1: (4, 4)})
    events = act(game, 0, "crux", choice="renew")
    assert events[0]["text"] == "{s0:chooses} Renew: the die goes from 3 to 5."
    assert die_state(game, 0) == (5, 5)
    assert game.phase == "discard" and game.to_act() == [0, 1]
    assert game.view(None)["crux_choice"] == "renew"
    discard(game, DISCARDS)
    assert "P5" in game.view(0)["hand"]
    events = finish_deal(game)
    assert [e["card"] for e in of_type(events, "play") if e["seat"] == 0
            and e["card"].startswith("P")] == ["P5"]
    assert show_order(events) == NORMAL_ORDER
    assert "P5" in shows(events)[("hand", 0)]["cards"]
    assert "P5" in shows(events)[("crib", 0)]["cards"]
    assert die_state(game, 0) == (6, 5)  # advances from the renewed 5: 5 - 1 + 1


def test_crux_renew_stops_at_six() -> None:
    game = deal({0: (5, 5), 1: (4, 4)})
    act(game, 0, "crux", choice="renew")
    assert die_state(game, 0) == (5, 6)


def test_crux_priority_counts_dealers_hand_then_crib_then_the_other_hand() -> None:
    game = deal({0: (5, 3), 1: (4, 4)})
    act(game, 0, "crux", choice="Priority")  # any case
    assert game.view(None)["crux_choice"] == "priority"
    assert die_state(game, 0) == (5, 3)
    assert [(s["kind"], s["seat"]) for s in game.view(None)["show_order"]] == PRIORITY_ORDER
    discard(game, DISCARDS)
    events = finish_deal(game)
    assert show_order(events) == PRIORITY_ORDER
    assert die_state(game, 0) == (6, 3)


def test_with_priority_a_winning_dealer_hand_ends_the_show_before_the_other_hand() -> None:
    before_hand = dealer_points_before({0: (5, 3), 1: (4, 4)}, "hand", crux="priority")
    game = deal({0: (5, 3), 1: (4, 4)}, target=61)
    game.scores = [60 - before_hand, 0]
    act(game, 0, "crux", choice="priority")
    discard(game, DISCARDS)
    events = finish_deal(game)
    assert game.outcome is not None and game.outcome["winners"] == [0]
    assert show_order(events) == [("hand", 0)]
    assert of_type(events, "score")[-1]["reason"] == "hand"


def test_reaching_the_target_in_the_play_wins_at_once() -> None:
    game = deal({0: (4, 3), 1: (5, 4)}, target=61)
    game.scores = [60, 60]
    discard(game, DISCARDS)
    events = finish_deal(game)
    assert game.outcome is not None
    last = of_type(events, "score")[-1]
    assert last["reason"] in ("play", "go") and game.phase == "over"
    assert not of_type(events, "show") and game.to_act() == []


# ---- 7 Turn ----------------------------------------------------------------------------------


def turn_deal(**options: object) -> PipCribbageGame:
    game = deal({0: (7, 2), 1: (4, 4)}, **options)
    discard(game, DISCARDS)
    return game


def test_turn_waits_for_the_dealer_just_before_the_dealers_hand() -> None:
    game = turn_deal()
    events = play_first_legal(game, "play")
    assert show_order(events) == [("hand", 1)]
    assert game.phase == "show" and game.to_act() == [0] and game.waiting_for() == [0]
    assert game.legal_actions(0) == [{"type": "flip", "face": 5}, {"type": "keep_die"}]
    assert game.legal_actions(1) == []
    assert game.view(1)["turn_choice"] == {"pending": True, "choice": None,
                                           "from_face": 2, "to_face": 5}
    with pytest.raises(IllegalAction, match="opposite face"):
        act(game, 0, "flip", face=3)


def test_turn_flip_counts_the_new_face_in_hand_and_crib_and_the_face_stays() -> None:
    game = turn_deal()
    play_first_legal(game, "play")
    events = act(game, 0, "flip")  # the face may be left out: it can only be the opposite
    assert events[0]["text"] == "{s0:flips} the die from 2 to 5."
    assert show_order(events) == [("hand", 0), ("crib", 0)]
    assert "P5" in shows(events)[("hand", 0)]["cards"]
    assert sorted(shows(events)[("crib", 0)]["cards"]) == ["8D", "KS", "P4", "P5"]
    assert game.view(None)["last_show"][0]["cards"].count("P4") == 1  # the other hand
    # The flipped 5 stays: the die advances from it, 7 -> 8, 5 - 1 - 1.
    assert die_state(game, 0) == (8, 3)


def test_turn_keep_leaves_the_die_as_it_is() -> None:
    game = turn_deal()
    play_first_legal(game, "play")
    events = act(game, 0, "keep_die")
    assert events[0]["text"] == "{s0:keeps} the die on 2."
    assert "P2" in shows(events)[("hand", 0)]["cards"]
    assert die_state(game, 0) == (8, 1)


def test_turn_with_muggins_holds_the_dealers_claim_until_the_choice() -> None:
    game = turn_deal(muggins=True)
    play_first_legal(game, "play")
    act(game, 1, "claim", points=0)  # the non-dealer's hand
    assert game.to_act() == [0]
    assert game.legal_actions(0) == [{"type": "flip", "face": 5}, {"type": "keep_die"},
                                     {"type": "muggins"}]
    with pytest.raises(IllegalAction, match="Flip your die or keep it first"):
        act(game, 0, "claim", points=0)
    act(game, 0, "flip", face=5)
    assert {"type": "claim", "points": 0} in game.legal_actions(0)
    assert game.view(None)["next_count"]["cards"].count("P5") == 1
    finish_deal(game)
    dealer_hand = game.view(None)["last_show"][1]
    assert (dealer_hand["kind"], dealer_hand["seat"]) == ("hand", 0)
    assert "P5" in dealer_hand["cards"]


# ---- 9 Borrowed PIP --------------------------------------------------------------------------


def test_borrowed_pip_over_a_whole_deal() -> None:
    game = deal({0: (9, 3), 1: (5, 4)})
    assert game.view(None)["effect"]["name"] == "Borrowed PIP"
    discard(game, DISCARDS)
    events = finish_deal(game)
    counts = shows(events)
    assert sorted(counts[("hand", 0)]["cards"]) == ["7C", "9H", "9S", "P3", "P4"]
    assert sorted(counts[("hand", 1)]["cards"]) == ["3D", "6C", "AH", "P4"]
    assert sorted(counts[("crib", 0)]["cards"]) == ["8D", "KS", "P3", "P4"]
    assert die_plays(events) == [1, 1]
    assert die_state(game, 1) == (5, 4)  # lent, not changed
    assert die_state(game, 0) == (1, 2)  # 9 wraps to 1
