"""PIP Rush's picture and alt text in the rules' words: what a card does as the legend says
it, one full stop per sentence, and the last trick not numbered against the title bar."""

from __future__ import annotations

from render.alt_text import name
from render.kit import text
from render.pip_rush.alt_text import describe
from render.pip_rush.pictures import draw_table
from tests.engine.pip_rush.helpers import choose, new_game, play_cards, racer, rig


def _diamond_trick():
    """Seat 0's 3♦ resolves first (seat 1's A♠ wins): seat 0 sends it to racer A."""
    game = rig(new_game(2), leader=0, hands={0: "2D 3D", 1: "AS 4S"},
               racers=[(0, None, 4), (0, None, 4), (2, 1, 4), (2, 3, 4)])
    play_cards(game, "2D AS 3D 4S")
    choose(game, 0, racer(0))
    return game


def _drawn(view) -> list[str]:
    with text.recording() as drawn:
        draw_table(view)
    return [d.text for d in drawn if d.kind == "text"]


def test_alt_text_mid_trick_has_one_full_stop_and_says_what_the_card_does() -> None:
    words = describe(_diamond_trick().view(None))
    assert "loses a pip (4→3). Resolving " in words
    assert ".." not in words
    assert ": a racer's die flips." in words  # seat 1's 4♠, not "(flip)"
    assert "(flip)" not in words


def test_after_the_trick_the_words_and_picture_show_the_last_trick_in_the_rules_words() -> None:
    game = _diamond_trick()
    while game.to_act() and game.view(None)["phase"] == "resolve":
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    view = game.view(None)
    assert view["trick"] == [] and view["last_trick"]["number"] == 1
    words = describe(view)
    assert "Last trick: " in words and ".." not in words
    drawn = _drawn(view)
    assert "Last trick (in play order)" in drawn
    # Each card's tag is worded as the legend beside the track words it.
    assert {"1. −1 pip", "3. −1 pip"} <= set(drawn)
    assert not [t for t in drawn if "Decay" in t or "Gain" in t]


def test_alt_text_names_who_is_to_play_as_a_spoken_list() -> None:
    view = new_game(4).view(None)
    view["waiting_for"] = [0, 2]  # any two seats: the words join them with "and", not "&"
    assert f"{name(view, 0)} and {name(view, 2)} to play." in describe(view)
