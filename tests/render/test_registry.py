from __future__ import annotations

import pytest
from PIL import Image

import render
from render import registry
from render.kit import palette
from tests.render.conftest import open_png


def test_unknown_game_raises_a_clear_error() -> None:
    with pytest.raises(render.UnknownGame, match="no-such-game"):
        render.draw_table("no-such-game", {})
    with pytest.raises(render.UnknownGame):
        render.draw_hand("../etc", {})


def test_a_module_that_is_not_a_game_is_not_a_game() -> None:
    # render/registry.py exists but registers nothing under that name.
    with pytest.raises(render.UnknownGame, match="registry"):
        render.draw_table("registry", {})


def test_each_known_game_dispatches_to_its_own_module() -> None:
    for name in ("cribbage", "pip-cribbage", "crib-race", "pip-pip", "pip-rush"):
        assert registry.renderer_for(name).name == name


def test_a_registered_game_is_drawn_through_the_lookup() -> None:
    def table(view: dict, four_colour: bool) -> Image.Image:
        return Image.new("RGB", (30, 20), palette.CARD_BACK if four_colour else palette.FELT)

    registry.register("test-only-game", table=table, hand=table)
    try:
        image = open_png(render.draw_table("test-only-game", {}, four_colour=False))
        assert image.size == (30, 20)
        # The fixed palette keeps every kit colour (to within Pillow's lookup precision).
        drawn = image.convert("RGB").getpixel((5, 5))
        assert all(abs(a - b) <= 8 for a, b in zip(drawn, palette.FELT, strict=True))
        assert render.draw_hand("test-only-game", {}) != render.draw_hand(
            "test-only-game", {}, four_colour=True)
    finally:
        registry._RENDERERS.pop("test-only-game")


def test_too_wide_an_image_is_refused() -> None:
    def table(view: dict, four_colour: bool) -> Image.Image:
        return Image.new("RGB", (1300, 10))

    registry.register("test-too-wide", table=table, hand=table)
    try:
        with pytest.raises(ValueError, match="1200"):
            render.draw_table("test-too-wide", {})
    finally:
        registry._RENDERERS.pop("test-too-wide")
