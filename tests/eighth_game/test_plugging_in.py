"""What a game's author is told when plugging a game in goes wrong: each mistake made while
the eighth game was written outside the repository, said with what to do about it."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from engine.contract import Game
from engine.registry import GAMES, _discover
from render import registry
from tests.eighth_game.goofspiel.game import GoofspielGame

GAME = "goofspiel"


def test_a_game_package_python_cannot_find_is_said_with_where_to_put_it() -> None:
    with pytest.raises(ImportError, match=r"CARDBOT_GAMES names no_such_game\.rules, but "
                                          r"Python finds no module no_such_game: put the "
                                          r"folder that holds it on PYTHONPATH"):
        _discover("no_such_game.rules")


def test_an_import_failing_inside_a_game_package_is_not_hidden(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "probe_rules.py").write_text("import no_such_dependency_of_the_rules\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError, match="no_such_dependency_of_the_rules"):
        _discover("probe_rules")


def test_a_second_game_of_a_name_already_taken_is_refused(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Else the later one took the first's place in menus, saved games and ratings."""
    (tmp_path / "probe_twin.py").write_text(
        "from dataclasses import replace\n"
        "from engine.registry import GAMES\n"
        f"SPEC = replace(GAMES['{GAME}'], factory=lambda players, options, seed: None)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match=rf"two games are named '{GAME}': "
                                         r"tests\.eighth_game\.goofspiel and probe_twin"):
        _discover("tests.eighth_game.goofspiel probe_twin")


def test_a_plugged_in_game_without_a_render_package_is_told_to_name_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "probe-game", replace(GAMES[GAME], name="probe-game",
                                                     render_package=None))
    with pytest.raises(registry.UnknownGame, match=r"no module render\.probe_game .*names no "
                                                   r"render_package: a game kept outside"):
        registry.renderer_for("probe-game")


def test_pictures_registered_under_another_name_are_said_by_that_name(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Another test imports a probe_pictures of its own: this one must import its file.
    monkeypatch.delitem(sys.modules, "probe_pictures", raising=False)
    (tmp_path / "probe_pictures.py").write_text(
        "from render.registry import register\n"
        "register('probe-gaem', table=lambda view, four: None, hand=lambda view, four: None)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(GAMES, "probe-game", replace(GAMES[GAME], name="probe-game",
                                                     render_package="probe_pictures"))
    try:
        with pytest.raises(registry.UnknownGame, match=r"does not call render\.registry\."
                                                       r"register\('probe-game', \.\.\.\); "
                                                       r"it registered 'probe-gaem'\.$"):
            registry.renderer_for("probe-game")
    finally:
        registry._RENDERERS.pop("probe-gaem", None)


def test_a_game_that_cannot_be_determinized_says_what_to_override() -> None:
    class Undealt(GoofspielGame):
        _hidden_pools = Game._hidden_pools

    game = Undealt(2, {"ties": "discard"}, 1)
    with pytest.raises(NotImplementedError, match=r"goofspiel cannot be determinized yet: "
                                                  r"override _hidden_cards\(seat\), or "
                                                  r"_hidden_pools\(seat\)"):
        game.determinize(0, random.Random(1))
