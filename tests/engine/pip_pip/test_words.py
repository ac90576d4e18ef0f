"""What tells a newcomer to Pip Pip that a trick's figure is points and that a 2 is the
highest card: the trick's line, the first cut and the words above the cards of the first
round."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pip_pip import SPEC, PipPipGame
from engine.pip_pip.text import RANKS_LINE, choice_lines

from .helpers import play, rigged


def test_a_trick_taken_says_its_points_are_points():
    game = rigged(["2H 4D", "AH 5D", "3H 6D"], trump="S", leader=0)
    [won] = [e for e in play(game, "2H", "AH", "3H") if e["type"] == "trick"]
    assert won["text"] == "{s0:wins} the trick and 21 points."
    [empty] = [e for e in play(game, "4D", "5D", "6D") if e["type"] == "trick"]
    assert empty["text"] == "{s2:wins} the trick (no points in it)."


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 8))
def test_every_trick_and_call_says_its_figure_in_points(seed, players):
    game = PipPipGame(players, {"rounds": 1}, seed)
    rng = random.Random(seed)
    told = []
    while game.outcome is None:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        told += game.apply(seat, SPEC.ai(game.view(seat), legal, rng, "easy"))
    tricks = [e for e in told if e["type"] in ("trick", "call")]
    assert tricks
    for event in tricks:
        assert "+" not in event["text"]
        words = (f" {event['points']} points" if event["points"]
                 else " (no points in it).")
        assert words in event["text"], event["text"]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 8))
def test_the_first_cut_says_the_lowest_deals_and_that_2_is_highest(seed, players):
    game = PipPipGame(players, {}, seed)
    cuts = [e for e in game.start_events if e["type"] == "cut"]
    assert cuts[0]["text"].startswith(
        "Cut for the deal (the lowest card deals; 3 is the lowest, 2 the highest): ")
    assert all(e["text"].startswith("Cut for the deal: ") for e in cuts[1:])


def test_the_ranks_are_said_above_the_cards_of_the_first_round_only():
    game = PipPipGame(4, {"rounds": 2}, 5)
    rng = random.Random(5)
    said_in = set()
    while game.outcome is None:
        turn = game.waiting_for()[0]
        for seat in range(4):
            lines = choice_lines(game.view(seat))
            assert (lines == [RANKS_LINE]) is (seat == turn and game.core.round == 1)
            if lines:
                said_in.add(game.core.round)
        game.apply(turn, SPEC.ai(game.view(turn), game.legal_actions(turn), rng, "easy"))
    assert said_in == {1}
    assert choice_lines(game.view(0)) == []  # the game over
    assert "3 4 5 6 7 8 9 10 J Q K A 2" in RANKS_LINE and "2 = 11" in RANKS_LINE
