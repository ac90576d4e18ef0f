"""The registry entry: name, players, options, button words, rules, and the documented view."""

from __future__ import annotations

import re

import pytest

import engine.pip_cribbage
from engine.errors import IllegalAction
from engine.registry import GAMES

SPEC = GAMES["pip-cribbage"]


def test_spec_registers_a_two_player_game_with_target_and_muggins_options() -> None:
    assert (SPEC.name, SPEC.title, SPEC.order) == ("pip-cribbage", "PIP Cribbage", 20)
    assert SPEC.allowed_player_counts() == (2,)
    options = {o.name: (o.default, o.choices) for o in SPEC.options}
    assert options == {"target": (121, (121, 61)), "muggins": (False, (False, True))}
    assert SPEC.sides(2, {}) == [0, 1]
    with pytest.raises(IllegalAction):
        SPEC.new(3, {}, seed=1)
    with pytest.raises(IllegalAction):
        SPEC.new(2, {"target": 100}, seed=1)
    assert SPEC.new(2, {"target": 61}, seed=1).view(None)["target"] == 61


@pytest.mark.parametrize(
    ("action", "label"),
    [
        ({"type": "play", "card": "5H"}, "Play 5♥"),
        ({"type": "play", "card": "P4"}, "Play PIP 4"),
        ({"type": "crux", "choice": "renew"}, "Renew (+2 pips)"),
        ({"type": "crux", "choice": "priority"}, "Priority (count first)"),
        ({"type": "flip", "face": 3}, "Flip die to 3"),
        ({"type": "keep_die"}, "Keep die"),
        ({"type": "go"}, "Go"),
        ({"type": "discard", "cards": ["KS"]}, "Discard K♠"),
        ({"type": "claim", "points": 12}, "Claim 12"),
    ],
)
def test_action_labels(action: dict, label: str) -> None:
    assert SPEC.action_label(action) == label


def test_rules_cover_the_dice_the_track_and_the_show() -> None:
    titles = [title for title, _ in SPEC.rules]
    assert {"PIP dice", "The play", "The show", "The PIP Track", "Advancing", "Winning"} <= set(
        titles)
    text = " ".join(body for _, body in SPEC.rules)
    for words in ("Crib Bonus", "Double PIP", "Crux", "Renew", "Priority", "Turn",
                  "Borrowed PIP", "31", "never scores a flush"):
        assert words in text


def test_every_view_key_is_documented_in_the_module_docstring() -> None:
    doc = engine.pip_cribbage.__doc__ or ""
    documented = set(re.findall(r"^    (\w+)\s", doc, re.MULTILINE))
    view = SPEC.new(2, {}, seed=2).view(0)
    pip_keys = {"dice", "effect", "crux_choice", "turn_choice", "pip_plays", "show_order"}
    assert pip_keys <= set(view) and pip_keys <= documented


def test_the_first_deal_is_the_first_dealers_crib_bonus_deal() -> None:
    game = SPEC.new(2, {}, seed=3)
    view = game.view(None)
    dealer = view["dealer"]
    assert view["effect"]["space"] == 1 and view["effect"]["name"] == "Crib Bonus"
    assert view["dice"][dealer]["space"] == 1
    assert view["hand_sizes"] == [4, 4] and view["phase"] == "discard"
    assert view["show_order"] == [{"kind": "hand", "seat": 1 - dealer},
                                  {"kind": "hand", "seat": dealer},
                                  {"kind": "crib", "seat": dealer}]
    assert game.legal_actions(0) == [{"type": "discard", "cards": [c]}
                                     for c in game.view(0)["hand"]]
