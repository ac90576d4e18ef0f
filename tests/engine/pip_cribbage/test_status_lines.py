"""PIP Cribbage's state block: Cribbage's, then each die on the PIP Track."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pip_cribbage.text import status_lines
from engine.pip_cribbage.track import TRACK
from engine.seat_words import fill_seats
from tests.engine.pip_cribbage.helpers import act, pip_game, play_first_legal
from tests.engine.status_games import views_along

NAMES = ["Ann", "Bob"]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_die_is_placed_on_the_track(seed):
    for view in views_along("pip-cribbage", 2, seed, {"target": 61}):
        lines = status_lines(view)
        assert lines[0].startswith("Scores (to 61): {s0} ")
        track = next(line for line in lines if line.startswith("PIP Track (1-9): "))
        dice = track.removeprefix("PIP Track (1-9): ").split(" · ")
        assert len(dice) == len(view["dice"]) == 2
        for die, said in zip(view["dice"], dice, strict=True):
            way = "up" if die["direction"] > 0 else "down"
            assert said == (f"{{s{die['owner']}}} on space {die['space']} "
                            f"{TRACK[die['space']].name}, showing {die['face']}, moving {way}")
        effect = view["effect"]
        if effect and effect["active"] and view["phase"] != "over":
            line = f"This deal, {effect['name']}: {effect['text']}"
            assert [x for x in lines if x.startswith(line)], lines  # and any choice made


def test_the_crux_line_reads_right_for_the_dealer_and_the_other_player():
    game = pip_game(("5H 5S 5D JC", "2C 3C 4C 9D"), 0, "5C", {0: (5, 3), 1: (9, 5)})
    lines = [status_lines(game.view(seat)) for seat in (0, 1)]
    assert "Crux · you choose Renew or Priority" in [fill_seats(line, NAMES, 0)
                                                      for line in lines[0]]
    assert "Crux · Ann chooses Renew or Priority" in [fill_seats(line, NAMES, 1)
                                                       for line in lines[1]]


def _deal_line(game) -> str:
    return next(line for line in status_lines(game.view(1)) if line.startswith("This deal, "))


def test_the_deal_line_tells_the_choice_made_on_the_dealers_space():
    game = pip_game(("5H 5S 5D JC", "2C 3C 4C 9D"), 0, "5C", {0: (5, 3), 1: (9, 5)})
    assert _deal_line(game) == f"This deal, Crux: {TRACK[5].text}"
    game.apply(0, {"type": "crux", "choice": "priority"})
    assert _deal_line(game) == f"This deal, Crux: {TRACK[5].text} Chosen: Priority."


@pytest.mark.parametrize("action, made", [({"type": "flip"}, " Flipped 2→5."),
                                          ({"type": "keep_die"}, " Die kept as it was.")])
def test_the_deal_line_tells_the_turn_taken(action, made):
    game = pip_game(("5H 5S 6D JC", "2C 3C 4C 9D"), 0, "4H", {0: (7, 2), 1: (9, 5)},
                    muggins=True)  # the show waits for Ann's claim after her choice
    act(game, 0, "discard", cards=["JC"])
    act(game, 1, "discard", cards=["9D"])
    play_first_legal(game, "play")
    while {"type": "keep_die"} not in game.legal_actions(0):  # Bob counts his hand first
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert _deal_line(game) == f"This deal, Turn: {TRACK[7].text}"
    game.apply(0, action)
    assert _deal_line(game) == f"This deal, Turn: {TRACK[7].text}{made}"
