"""Hostile and odd input: every game's images must still draw, never crash."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import render
from render.gallery import Sample
from tests.render.conftest import open_png

GAMES_DRAWN = ("cribbage", "pip-cribbage", "crib-race", "pip-pip", "pip-rush")
HOSTILE_NAMES: list[Any] = [
    "🃏🦊👨‍👩‍👧‍👦🏳️‍🌈",
    "שרה בת אברהם",
    "عبد الرحمن بن محمد",
    "A" * 400,
    "",
    None,
    12345,
    "\u202e\u0000\n\t",
]


def _first(samples: list[Sample], game: str, kind: str, where: str = "") -> Sample:
    return next(s for s in samples if s.game == game and s.kind == kind and where in s.filename)


def _draw(game: str, kind: str, view: dict[str, Any]) -> None:
    fn = render.draw_table if kind == "table" else render.draw_hand
    for four in (False, True):
        image = open_png(fn(game, view, four_colour=four))
        assert image.width <= 1200


def test_hostile_names_draw_on_every_image(samples: list[Sample]) -> None:
    for sample in samples:
        players = len(sample.view["names"])
        view = {**sample.view, "names": (HOSTILE_NAMES * 2)[:players], "ai": [True] * players}
        _draw(sample.game, sample.kind, view)


@pytest.mark.parametrize("game", GAMES_DRAWN)
@pytest.mark.parametrize("kind", ["table", "hand"])
def test_missing_or_garbage_keys_do_not_crash(game: str, kind: str) -> None:
    _draw(game, kind, {})
    _draw(game, kind, {"players": 3, "names": "not a list", "ai": "yes", "scores": None,
                       "hand": [None, 5, "ZZ", "5H"], "trick": "nope", "sides": [[0], "x"],
                       "racers": [None, {"space": "far"}], "declared": [None],
                       "show": [None, {"breakdown": "bad"}], "outcome": {"winners": ["x"]}})


@pytest.mark.parametrize("game", GAMES_DRAWN)
def test_an_empty_hand_draws(samples: list[Sample], game: str) -> None:
    view = {**_first(samples, game, "hand").view, "hand": []}
    _draw(game, "hand", view)


@pytest.mark.parametrize(("target", "scores", "backs"), [
    (121, [121, 120], [120, 119]),  # the last hole and the one before it
    (121, [130, -5], [118, -9]),  # past the game hole, below zero
    (61, [61, 60], [55, 0]),
])
def test_the_last_hole_and_beyond(samples: list[Sample], target: int, scores: list[int],
                                  backs: list[int]) -> None:
    view = copy.deepcopy(_first(samples, "cribbage", "table", "2p").view)
    view.update(target=target, scores=scores, previous_scores=backs)
    _draw("cribbage", "table", view)


def test_eight_hostile_seats_at_pip_pip(samples: list[Sample]) -> None:
    view = copy.deepcopy(_first(samples, "pip-pip", "table", "8p").view)
    view["names"] = ["W" * 300 + str(i) for i in range(8)]
    view["declared"] = [["KH", "QH", "KH", "QH"]] * 8
    _draw("pip-pip", "table", view)


@settings(max_examples=15,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(names=st.lists(st.text(max_size=60), min_size=8, max_size=8))
def test_any_unicode_names(samples: list[Sample], names: list[str]) -> None:
    for game, where in (("cribbage", "3p"), ("pip-pip", "8p"), ("pip-rush", "4p"),
                        ("pip-cribbage", "2p"), ("crib-race", "6p")):
        sample = _first(samples, game, "table", where)
        view = {**sample.view, "names": names[: len(sample.view["names"])]}
        _draw(game, "table", view)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=5),
    max_leaves=12,
)


@settings(max_examples=40,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_value_under_any_key_draws(samples: list[Sample], data: st.DataObject) -> None:
    """A view from a newer or broken engine must not crash the renderer: replace some of a
    real view's values (or their insides) with arbitrary JSON."""
    sample = data.draw(st.sampled_from(samples))
    view = copy.deepcopy(sample.view)
    keys = data.draw(st.lists(st.sampled_from(sorted(view)), min_size=1, max_size=4))
    for key in keys:
        value = view[key]
        if isinstance(value, list) and value and data.draw(st.booleans()):
            value[data.draw(st.integers(0, len(value) - 1))] = data.draw(JSON)
        elif isinstance(value, dict) and value and data.draw(st.booleans()):
            value[data.draw(st.sampled_from(sorted(value)))] = data.draw(JSON)
        else:
            view[key] = data.draw(JSON)
    _draw(sample.game, sample.kind, view)
