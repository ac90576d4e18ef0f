"""The play with dice: a die play has its current value and rank for 15, 31, pairs and runs,
obeys the 31 limit, is played once (twice by the dealer on Double PIP), and must be played
when it is the only legal play. Seat 0 deals, so seat 1 leads."""

from __future__ import annotations

import json

import pytest

from engine.cribbage.pieces import PIECE_OF_TEXT
from engine.errors import IllegalAction
from tests.engine.pip_cribbage.helpers import discard, of_type, pip_game, play, play_all


def scores_of(events: list[dict]) -> list[tuple[int, str, int, list[str]]]:
    return [(e["seat"], e["reason"], e["points"],
             [i["kind"] for i in (e["breakdown"] or {"items": []})["items"]])
            for e in of_type(events, "score")]


def test_die_plays_make_runs_and_pairs_with_cards() -> None:
    game = pip_game(("3H 8C QD KC", "2S 4H 9D KH"), dealer=0, starter="6S",
                    dice={0: (4, 4), 1: (8, 1)})
    discard(game, {0: "KC", 1: "KH"})
    assert game.view(0)["hand"] == ["3H", "P4", "8C", "QD"]
    assert game.view(1)["hand"] == ["P1", "2S", "4H", "9D"]
    assert {"type": "play", "card": "P1"} in game.legal_actions(1)
    events = play_all(game, [(1, "2S"), (0, "3H"), (1, "P1")])
    assert scores_of(events) == [(1, "play", 3, ["run"])]  # A (the die), 2, 3
    events = play(game, 0, "P4")
    assert scores_of(events) == [(0, "play", 4, ["run"])]  # A-2-3-4
    events = play(game, 1, "4H")
    assert scores_of(events) == [(1, "play", 2, ["pair"])]  # the die's 4 pairs the 4H
    assert game.view(None)["count"] == 14
    assert game.view(None)["played"] == [["3H", "P4"], ["2S", "P1", "4H"]]
    assert of_type(events, "play")[0]["text"] == "{s1:plays} 4H, count 14."
    assert of_type(events, "score")[0]["together"] == ("{s1:plays} 4H, count 14: a pair is "
                                                       "two (P4 4H). Score 5.")


def test_a_die_play_counts_its_value_toward_fifteen() -> None:
    game = pip_game(("3H 8C QD KC", "TS 4H 9D KH"), dealer=0, starter="6S",
                    dice={0: (4, 5), 1: (8, 2)})
    discard(game, {0: "KC", 1: "KH"})
    play(game, 1, "TS")
    events = play(game, 0, "P5")
    assert scores_of(events) == [(0, "play", 2, ["fifteen"])]
    assert of_type(events, "play")[0]["text"] == "{s0:plays} PIP 5, count 15."


def test_a_die_that_would_pass_31_is_refused_and_an_only_legal_die_must_be_played() -> None:
    game = pip_game(("KH 2D QH 8H", "KS 7C 9D 8S"), dealer=0, starter="5D",
                    dice={0: (4, 6), 1: (8, 2)})
    discard(game, {0: "8H", 1: "8S"})
    play_all(game, [(1, "KS"), (0, "KH"), (1, "7C")])
    # Count 27: the dealer's die shows 6 and would make 33; only the 2D fits.
    assert game.legal_actions(0) == [{"type": "play", "card": "2D"}]
    before = json.dumps([game.view(s) for s in (None, 0, 1)], sort_keys=True)
    with pytest.raises(IllegalAction, match="P6 would take the count past 31"):
        game.apply(0, {"type": "play", "card": "P6"})
    with pytest.raises(IllegalAction, match="Your die shows 6"):
        game.apply(0, {"type": "play", "card": "P2"})
    assert json.dumps([game.view(s) for s in (None, 0, 1)], sort_keys=True) == before
    play(game, 0, "2D")
    # Count 29: seat 1's nine does not fit, its die's 2 does: the die is its only move.
    assert game.legal_actions(1) == [{"type": "play", "card": "P2"}]
    with pytest.raises(IllegalAction, match="can still play"):
        game.apply(1, {"type": "go"})
    events = play(game, 1, "P2")
    # 31 and a pair with the 2D: the points of one play are scored together.
    assert scores_of(events) == [(1, "play", 4, ["thirty-one", "pair"])]
    assert game.view(None)["count"] == 0


def test_double_pip_gives_the_dealer_two_die_plays_and_one_die_in_the_show() -> None:
    game = pip_game(("9S TC JD KS", "3H 3D KC 2H"), dealer=0, starter="7C",
                    dice={0: (3, 3), 1: (6, 5)})
    assert game.view(None)["effect"]["name"] == "Double PIP"
    assert game.view(None)["pip_plays"] == [2, 1]
    discard(game, {0: "KS", 1: "2H"})
    assert game.view(0)["hand"] == ["P3", "P3", "9S", "TC", "JD"]
    assert game.view(None)["hand_sizes"] == [5, 4]
    play(game, 1, "3H")
    # The die held twice is offered once, in the core's codes and in the actions.
    die = PIECE_OF_TEXT["P3"]
    assert list(game.core.legal(0)).count(die) == 1
    assert game.legal_actions(0).count({"type": "play", "card": "P3"}) == 1
    events = play(game, 0, "P3")
    assert scores_of(events) == [(0, "play", 2, ["pair"])]
    assert game.view(None)["pip_plays"] == [1, 1]
    assert "P3" in game.view(0)["hand"]  # the second die play is still to come
    events = play(game, 1, "3D")
    assert scores_of(events) == [(1, "play", 6, ["pair"])]  # pair royal
    events = play(game, 0, "P3")
    assert scores_of(events) == [(0, "play", 12, ["pair"])]  # double pair royal, two die plays
    assert game.view(None)["pip_plays"] == [0, 1]
    assert game.view(None)["played"][0] == ["P3", "P3"]
    # The play runs on; in the show the dealer's hand holds the die once.
    events = []
    while game.phase == "play":
        seat = game.to_act()[0]
        events += game.apply(seat, game.legal_actions(seat)[0])
    dealer_hand = [e for e in of_type(events, "show") if e["seat"] == 0 and e["kind"] == "hand"]
    assert dealer_hand[0]["cards"] == ["P3", "9S", "TC", "JD"]


def test_each_player_lays_the_die_exactly_once_in_a_plain_deal() -> None:
    game = pip_game(("AS 2S 3S 4S", "AH 2H 3H 4H"), dealer=0, starter="KD",
                    dice={0: (4, 6), 1: (8, 5)})
    discard(game, {0: "4S", 1: "4H"})
    die_plays = [0, 0]
    while game.phase == "play":
        seat = game.to_act()[0]
        if die_plays[seat]:
            with pytest.raises(IllegalAction, match="already played your die"):
                game.apply(seat, {"type": "play", "card": f"P{game.core.die_face[seat]}"})
        action = game.legal_actions(seat)[-1]  # dice sort last: played as early as allowed
        die_plays[seat] += action.get("card", "").startswith("P")
        game.apply(seat, action)
    assert die_plays == [1, 1]
