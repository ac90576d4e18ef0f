"""Helpers the Discord layer and scripts/play share: options as written, the outcome's words,
the hand picture's view."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.registry import GAMES
from tables.options import option_value, parse_options
from tables.pictures import hand_view, playable_cards
from tables.seats import SeatInfo
from tables.table import Table
from tables.text import outcome_words


def test_options_are_read_as_players_write_them():
    assert parse_options(GAMES["cribbage"], "target=61 muggins=on") == {
        "target": 61, "muggins": True, "teams": True,
    }
    assert option_value(True) == "on" and option_value(61) == "61"
    with pytest.raises(IllegalAction, match=r"target must be one of 121, 61, not '99'\."):
        parse_options(GAMES["cribbage"], "target=99")


@pytest.mark.parametrize(("written", "reason"), [
    ("foo=bar", "Cribbage has no option 'foo'; its options: target, muggins."),
    ("target", "Write options as name=value, not 'target'; its options: target, muggins."),
])
def test_a_bad_option_is_named_with_the_options_there_are(written, reason):
    with pytest.raises(IllegalAction) as refused:
        parse_options(GAMES["cribbage"], written)
    assert str(refused.value) == reason


@pytest.mark.parametrize("written", [
    "target = 61 muggins= on", "target =61, muggins =on", "target=61   muggins  =  on",
])
def test_options_spaced_around_the_equals_sign_are_read(written):
    assert parse_options(GAMES["cribbage"], written) == {
        "target": 61, "muggins": True, "teams": True,
    }


def test_an_option_given_twice_is_refused_unless_both_agree():
    with pytest.raises(IllegalAction) as refused:
        parse_options(GAMES["cribbage"], "target=61 target=121")
    assert str(refused.value) == "target is given twice, as 61 and 121: give it once."
    assert parse_options(GAMES["cribbage"], "muggins=on muggins=yes")["muggins"] is True


def test_an_option_with_one_choice_says_why_it_has_no_other():
    with pytest.raises(IllegalAction) as refused:
        parse_options(GAMES["cribbage"], "teams=off")
    assert str(refused.value).startswith(
        "teams can only be on. Four players always play as two partnerships")
    with pytest.raises(IllegalAction, match=r"^teams can only be on\. Four players"):
        GAMES["cribbage"].check_options({"teams": False})
    assert parse_options(GAMES["cribbage"], "teams=on")["teams"] is True


def test_outcome_words_name_the_winners():
    names = ["Ann", "Bob", "Cy", "Di"]
    single = {"winners": [1], "shared": False, "detail": "{s1} won with 121; {s0} 99."}
    assert outcome_words(names, single) == (["Bob"], "wins", "Bob won with 121; Ann 99.")
    partners = {"winners": [0, 2], "shared": False, "detail": ""}
    assert outcome_words(names, partners) == (["Ann", "Cy"], "win", "")
    tie = {"winners": [0, 1], "shared": True, "detail": ""}
    assert outcome_words(names, tie) == (["Ann", "Bob"], "share the win", "")


def test_the_hand_view_carries_the_playable_cards():
    seats = [SeatInfo(1, "Ann"), SeatInfo.computer("easy")]
    table = Table(id=1, spec=GAMES["cribbage"], options={}, seed=1, seats=seats, guild_id=0,
                  channel_id=0, host_id=1)
    view = hand_view(table, 0)
    assert view["hand"] == table.view_for(0)["hand"]
    assert sorted(view["playable"]) == sorted(view["hand"])  # any card may go to the crib
    assert playable_cards([{"type": "play", "card": "5H"}, {"type": "go"},
                           {"type": "discard", "cards": ["5H", "6C"]}]) == ["5H", "6C"]
