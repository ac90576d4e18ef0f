"""The registry entry: name, player counts, options, sides, button words, rules, and every view
key documented."""

from __future__ import annotations

import re

import pytest

import engine.crib_race
import engine.cribbage.game
from engine.crib_race.board import BOARDS
from engine.errors import IllegalAction
from engine.registry import GAMES

SPEC = GAMES["crib-race"]


def test_spec_registers_crib_race_for_two_to_eight_players() -> None:
    assert (SPEC.name, SPEC.title, SPEC.order) == ("crib-race", "Crib Race", 30)
    assert (SPEC.min_players, SPEC.max_players) == (2, 8)
    assert SPEC.allowed_player_counts() == (2, 3, 4, 6, 8)
    options = {o.name: (o.default, o.choices) for o in SPEC.options}
    assert options == {"teams": (True, (True, False)), "muggins": (False, (False, True)),
                       "board": ("default", tuple(BOARDS))}
    with pytest.raises(IllegalAction):
        SPEC.new(2, {"board": "nowhere"}, seed=1)
    with pytest.raises(IllegalAction):
        SPEC.new(2, {"target": 61}, seed=1)


@pytest.mark.parametrize(
    ("players", "options", "sides"),
    [
        (2, {}, [0, 1]),
        (3, {"teams": True}, [0, 1, 2]),  # teams only concern 4 players
        (4, {}, [0, 1, 0, 1]),
        (4, {"teams": False}, [0, 1, 2, 3]),
        (6, {"teams": False}, [0, 1, 2, 0, 1, 2]),  # 6 and 8 always play as teams
        (8, {}, [0, 1, 2, 3, 0, 1, 2, 3]),
    ],
)
def test_sides_follow_the_seating(players: int, options: dict, sides: list[int]) -> None:
    assert SPEC.sides(players, options) == sides
    game = SPEC.new(players, options, seed=1)
    assert [[s for s in range(players) if sides[s] == side] for side in range(max(sides) + 1)] \
        == game.view(None)["sides"]


@pytest.mark.parametrize(
    ("action", "label"),
    [({"type": "play", "card": "5H"}, "Play 5♥"), ({"type": "go"}, "Go"),
     ({"type": "discard", "cards": ["KS"]}, "Discard K♠"),
     ({"type": "claim", "points": 12}, "Claim 12"), ({"type": "muggins"}, "Muggins!")],
)
def test_action_labels(action: dict, label: str) -> None:
    assert SPEC.action_label(action) == label


def test_rules_cover_seatings_the_race_every_zone_and_muggins() -> None:
    text = " ".join(body for _, body in SPEC.rules)
    for words in ("6 players", "8 players", "under the deck", "share one peg", "finish",
                  "Red slide", "Green advance", "Blue time trap", "crib count continues",
                  "penalty box", "first in, first out", "Muggins"):
        assert words in text
    # A slide starts on a hole: "box" is the penalty box's word.
    assert "Red slide: landing on its first hole slides you to its end." in text


def test_every_view_key_is_documented() -> None:
    race_doc = engine.crib_race.__doc__ or ""
    documented = set(re.findall(r"\w+", race_doc + (engine.cribbage.game.__doc__ or "")))
    for players in (2, 8):
        view = SPEC.new(players, {}, seed=2).view(0)
        missing = set(view) - documented
        assert not missing, f"undocumented view keys: {missing}"
    race_keys = {"board", "finish", "teams", "seating", "pegs", "penalty_boxes", "zone_events",
                 "last_zone_events"}
    assert race_keys <= set(view)
    assert race_keys <= set(re.findall(r"\w+", race_doc))


def test_the_view_carries_the_drawable_board_and_every_peg() -> None:
    view = SPEC.new(4, {"teams": True}, seed=4).view(None)
    board = view["board"]
    assert board["name"] == "default" and set(board["holes"]) >= set(board["track"])
    assert view["pegs"] == [
        {"side": side, "seats": seats, "hole": "0", "path": "main", "index": 0,
         "boxed": False, "position": 0, "to_finish": 121}
        for side, seats in enumerate([[0, 2], [1, 3]])
    ]
    assert view["penalty_boxes"] == {"box-1": [], "box-2": []}
    assert view["finish"] == 121 and view["target"] == 121


def test_changing_a_view_does_not_change_the_board() -> None:
    game = SPEC.new(2, {}, seed=5)
    view = game.view(None)
    view["board"]["holes"]["0"][0] = -1
    view["board"]["slides"].clear()
    fresh = game.view(None)["board"]
    assert fresh["holes"]["0"][0] >= 0 and fresh["slides"]
    assert fresh == BOARDS["default"].drawable()
