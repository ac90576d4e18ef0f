"""Pip Pip's state block: the trump in force, changed by calls, always stated."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, card_symbol
from engine.pip_pip.text import status_lines
from tests.engine.status_games import views_along


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6))
def test_the_trump_in_force_the_trick_and_every_score_are_stated(seed, players):
    for view in views_along("pip-pip", players, seed, {"rounds": 1}):
        lines = status_lines(view)
        text = "\n".join(lines)
        assert "Scores: " + " · ".join(f"{{s{s}}} {v}" for s, v in enumerate(view["scores"])) \
            in lines
        if view["outcome"] is not None:
            continue
        trump = view["trump"]
        assert f"trump {SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}" in lines[0]
        for played in view["trick"]:
            assert f"{{s{played['seat']}}} {card_symbol(played['card'])}" in text
        assert f"turn: {{s{view['turn']}}}" in text


def test_a_call_changes_the_trump_stated():
    changed = False
    for seed in range(40):
        stated = [status_lines(v)[0] for v in views_along("pip-pip", 3, seed, {"rounds": 1})
                  if v["outcome"] is None]
        trumps = {line.split("trump ")[1].split(" (")[0] for line in stated}
        if len(trumps) > 1:
            changed = True
            break
    assert changed


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 8))
def test_the_draw_pile_is_on_the_round_line_and_the_last_trick_is_not_repeated(seed, players):
    """The trick just finished was told card by card, with who took it: the state does not
    say it again, and the draw pile shares the round's line, so that what was told since the
    player's last move stays on an 80x24 screen."""
    for view in views_along("pip-pip", players, seed, {"rounds": 1}):
        lines = status_lines(view)
        assert not any(line.startswith("Last trick") for line in lines)
        if view["outcome"] is not None:
            continue
        pile = ("drawing has stopped" if view["drawing_stopped"]
                else f"draw pile {view['pile_count']}")
        assert f" · {pile} · " in lines[0]
        assert len(lines) == 3 + any(view["declared"])
