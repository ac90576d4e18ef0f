from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

import render
from engine.registry import GAMES
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


def test_a_plugged_in_games_missing_pictures_are_named_in_the_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game kept outside render/ whose render_package is misspelt, or registers nothing,
    is told which module was looked in and why, not only that no renderer exists."""
    any_spec = next(iter(GAMES.values()))
    monkeypatch.setitem(GAMES, "probe-game", replace(
        any_spec, name="probe-game", render_package="tests.no_such_package.pictures"))
    with pytest.raises(render.UnknownGame) as missing:
        registry.renderer_for("probe-game")
    assert "tests.no_such_package.pictures" in str(missing.value)
    assert "render_package" in str(missing.value)

    monkeypatch.setitem(GAMES, "probe-game", replace(
        any_spec, name="probe-game", render_package="tests.render"))
    with pytest.raises(render.UnknownGame, match=r"tests\.render .*does not call "
                                                 r"render\.registry\.register"):
        registry.renderer_for("probe-game")


def test_an_import_failing_inside_a_games_pictures_is_not_hidden(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Another test imports a probe_pictures of its own: this one must import its file.
    monkeypatch.delitem(sys.modules, "probe_pictures", raising=False)
    (tmp_path / "probe_pictures.py").write_text("import no_such_dependency_of_the_pictures\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    any_spec = next(iter(GAMES.values()))
    monkeypatch.setitem(GAMES, "probe-game", replace(
        any_spec, name="probe-game", render_package="probe_pictures"))
    with pytest.raises(ModuleNotFoundError, match="no_such_dependency_of_the_pictures"):
        registry.renderer_for("probe-game")
