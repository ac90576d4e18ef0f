"""PIP Cribbage's table keeps what a player needs at phone size: the PIP Track's headline fits
one line, and whose turn it is stays on the picture in the play even when the track is at
its tallest (a long name, the two dice on one space)."""

from __future__ import annotations

import pytest

import render
from engine.pip_cribbage.track import TRACK
from render.alt_text import describe
from render.cribbage import pictures as cribbage
from render.kit import text
from render.pip_cribbage.pictures import details, effect_headline
from tests.engine.pip_cribbage.helpers import pip_game, play_all, play_first_legal

LONG_NAME = "Christopher Montgomery-Smythe"


def _table_texts(view: dict) -> list[str]:
    with text.recording() as drawn:
        render.draw_table("pip-cribbage", view)
    return [d.text for d in drawn if d.kind == "text"]


@pytest.mark.parametrize("space, crux, turn", [
    *((space, None, None) for space in sorted(TRACK)),
    (5, "priority", None), (5, "renew", None), (7, None, "flip"), (7, None, "keep_die"),
])
def test_the_headline_keeps_to_one_line(space: int, crux: str | None, turn: str | None):
    view = {"effect": {"seat": 0, **TRACK[space].to_json()}, "crux_choice": crux,
            "turn_choice": {"choice": turn, "from_face": 2, "to_face": 5} if turn else None}
    headline = effect_headline(view)
    room = cribbage.WIDTH - 2 * cribbage.MARGIN
    assert len(text.wrap(headline, cribbage.BODY, room, 2)) == 1, headline


def test_a_space_that_acts_on_entry_says_so_as_the_deal_did():
    view = {"effect": {"seat": 0, **TRACK[2].to_json()}}
    assert effect_headline(view) == "This deal: Extra Decay (no effect this deal)"


def test_the_crux_choice_is_written_as_its_button_names_it():
    game = pip_game(("5H 5S 5D JC", "2C 3C 4C 9D"), 0, "5C", {0: (5, 3), 1: (9, 5)})
    game.apply(0, {"type": "crux", "choice": "priority"})
    view = {**game.view(None), "names": ["Ann", "Bob"]}
    assert effect_headline(view) == "This deal: Crux, chosen: Priority"
    assert details(view)[-1].endswith(" Chosen: Priority.")


def _mid_play(dice: dict[int, tuple[int, int]], names: list[str]) -> dict:
    game = pip_game(("5H 5S 6D JC", "2C 3C 4C 9D"), 0, "4H", dice)
    game.apply(0, {"type": "discard", "cards": ["JC"]})
    game.apply(1, {"type": "discard", "cards": ["9D"]})
    play_all(game, [(1, "2C"), (0, "5S"), (1, "3C")])
    return {**game.view(None), "names": names, "ai": [False, True]}


@pytest.mark.parametrize("dice, names", [
    ({0: (2, 3), 1: (9, 5)}, [LONG_NAME, "Bob"]),  # a long dealer's name, a space of entry
    ({0: (3, 2), 1: (3, 4)}, ["Ann", "Bob"]),  # both dice on one space
])
def test_whose_turn_it_is_stays_on_the_table_in_the_play(dice, names):
    view = _mid_play(dice, names)
    assert view["phase"] == "play" and view["turn"] == 0
    turn_words = [t for t in _table_texts(view) if t.endswith(" to play")]
    assert [t for t in turn_words if t.startswith(names[0][:8])], turn_words  # maybe shortened


def test_the_words_for_the_picture_tell_the_choice_made_on_the_dealers_space():
    game = pip_game(("5H 5S 6D JC", "2C 3C 4C 9D"), 0, "4H", {0: (7, 2), 1: (9, 5)},
                    muggins=True)  # the show waits for Ann's claim after the flip
    game.apply(0, {"type": "discard", "cards": ["JC"]})
    game.apply(1, {"type": "discard", "cards": ["9D"]})
    play_first_legal(game, "play")
    while {"type": "keep_die"} not in game.legal_actions(0):  # Bob counts his hand first
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    game.apply(0, {"type": "flip"})
    view = {**game.view(None), "names": ["Ann", "Bob"]}
    assert "Dealer's space: Turn. Flipped 2→5." in describe("pip-cribbage", view)


def _die_line(game) -> list[str]:
    view = {**game.view(0), "names": ["Ann", "Bob"]}
    with text.recording() as drawn:
        render.draw_hand("pip-cribbage", view)
    return [d.text for d in drawn if d.text.startswith("Your die")]


def test_the_hand_says_why_it_shows_the_die_twice_on_double_pip():
    game = pip_game(("5H 5S 6D JC", "2C 3C 4C 9D"), 0, "4H", {0: (3, 2), 1: (9, 5)})
    game.apply(0, {"type": "discard", "cards": ["JC"]})
    game.apply(1, {"type": "discard", "cards": ["9D"]})
    play_all(game, [(1, "2C")])
    assert _die_line(game) == ["Your die: PIP 2 on space 3 (Double PIP: 2 plays left)"]
    play_all(game, [(0, "P2"), (1, "3C")])
    assert _die_line(game) == ["Your die: PIP 2 on space 3"]


def test_the_dealers_crux_choice_is_named_as_a_phase_and_a_turn():
    game = pip_game(("5H 5S 5D JC", "2C 3C 4C 9D"), 0, "5C", {0: (5, 3), 1: (9, 5)})
    view = {**game.view(None), "names": ["Ann", "Bob"]}
    assert view["phase"] == "crux"
    words = describe("pip-cribbage", view)
    assert "PIP Cribbage, deal 1, choosing Renew or Priority on Crux." in words
    assert "Ann to choose Renew or Priority." in words
