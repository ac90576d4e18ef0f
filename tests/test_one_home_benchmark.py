"""benchmarks.one_home: issue #44's Targets rows count what they say, and measure real games."""

from __future__ import annotations

import re
from itertools import count
from pathlib import Path
from typing import Any

import pytest

from benchmarks import one_home
from engine.contract import Game
from engine.registry import GAMES
from engine.spec import GameSpec


class _Rules(Game):
    """A game with nothing in it: enough for the counting rule, which only builds one."""

    def _to_act(self) -> list[int]:
        return []

    def _legal_actions(self, seat: int) -> list[dict[str, Any]]:
        return []

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def _apply(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        return []


class _SecondRules:
    """A simulation written apart from the contract game."""


class _Core:
    """A rules core the contract game is built on."""


class _OnTheCore(_Rules):
    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.core = _Core()


def _spec(factory: Any, simulation: Any) -> GameSpec:
    return GameSpec(name="toy", title="Toy", min_players=2, max_players=2, factory=factory,
                    simulation=simulation)


def test_a_simulation_beside_the_contract_game_is_a_second_rules_implementation() -> None:
    assert one_home.rule_implementations(_spec(_Rules, None)) == 1
    assert one_home.rule_implementations(_spec(_Rules, _SecondRules)) == 2
    assert one_home.rule_implementations(_spec(_OnTheCore, _Core)) == 1  # built on it
    assert one_home.rule_implementations(_spec(_Rules, _Rules)) == 1  # the same class


def test_every_registered_game_is_counted() -> None:
    for spec in GAMES.values():
        expected = (1,) if spec.simulation is None else (1, 2)
        assert one_home.rule_implementations(spec) in expected


def _tree(root: Path, files: dict[str, str]) -> Path:
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    return root


def test_code_names_a_game_and_prose_does_not() -> None:
    games = one_home.registered_games()
    first, second = games[0], games[1]
    named = one_home.games_named
    assert named("tables/a.py", f'"""The {first.name} table."""\n# {first.name}\n', games) \
        == set()
    assert named("tables/a.py", f'LEVELS = {{"{first.name}": 1}}\n', games) == {first.name}
    assert named("tables/a.py", f"from engine.{second.module}.sim import X\n", games) \
        == {second.name}
    assert named("tables/a.py", f'load("engine.{second.module}")\n', games) == {second.name}
    assert named(f"engine/ai/{first.module}.py", "x = 1\n", games) == {first.name}
    assert named("tables/a.py", f'x = "a {first.name} hand"\n', games) == set()


def test_naming_leaves_out_each_games_own_packages_and_finds_the_lists(tmp_path: Path) -> None:
    games = one_home.registered_games()
    first, second = games[0], games[1]
    both = f'NAMES = ["{first.name}", "{second.name}"]\n'
    root = _tree(tmp_path, {
        "bot.py": "import tables\n",
        f"{first.module}/game.py": both,  # its own package
        f"render/{first.render}.py": both,
        f"render/alt_text/{first.render}.py": both,
        f"engine/ai/{first.module}.py": f"from engine.{first.module} import SPEC\n",
        f"engine/ai/{second.module}.py": "x = 1\n",
        "engine/search/expert.py": both,
        "render/series.py": f'SERIES = {{"{second.name}": 1}}\n',
        "tables/manager.py": f'"""Runs {first.name} and {second.name} games."""\n',
        "tests/test_x.py": both,  # not product code
    })
    found = one_home.naming(root)
    assert found.files == {f"engine/ai/{first.module}.py": {first.name},
                           f"engine/ai/{second.module}.py": {second.name},
                           "engine/search/expert.py": {first.name, second.name},
                           "render/series.py": {second.name}}
    assert found.lists == ["engine/search/expert.py"]
    assert found.folders == ["engine/ai"]


def test_the_naming_row_agrees_with_a_plain_search_of_the_source() -> None:
    games = one_home.registered_games()
    words = sorted({module for game in games for module in game.modules}
                   | {game.name for game in games}, key=len, reverse=True)
    plain = re.compile("|".join(re.escape(word) for word in words))
    found = one_home.naming()
    product = one_home.product_files()
    for path in found.files:
        assert path in product
        assert not any(game.owns(path) for game in games)
        assert plain.search(path) or plain.search((one_home.ROOT / path).read_text())
    outside = [path for path in product if not any(game.owns(path) for game in games)]
    for path in outside:  # a file no plain search finds is never counted
        if not plain.search(path) and not plain.search((one_home.ROOT / path).read_text()):
            assert path not in found.files
    for folder in found.folders:  # a place where each game has a module of its own
        assert any(str(Path(path).parent) == folder for path in found.files)


def test_generated_modules_are_left_out_of_the_line_counts(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "engine/rules.py": '"""Rules."""\n\nX = 1\n',
        "engine/_table.py": '"""A table. Generated by tools/make.py. Do not edit."""\nT = 1\n',
        "engine/_maker.py": '"""Writes the table."""\nTEXT = "Generated by me. Do not edit."\n',
        "tables/big.py": "\n".join(["x = 1"] * 9) + "\n",
    })
    assert one_home.module_lines(root, under=("engine",)) == {"engine/rules.py": 3,
                                                              "engine/_maker.py": 2}
    assert max(one_home.module_lines(root).values()) == 9
    real = one_home.module_lines(under=("engine",))
    assert all(path.startswith("engine/") for path in real)
    assert sum(real.values()) > 1000


def test_the_contract_and_the_fast_path_play_the_same_random_games() -> None:
    for seed in range(3):
        assert one_home.contract_game(seed) == one_home.fast_game(seed)


def test_rates_take_turns_and_count_whole_games() -> None:
    ticks = count()
    clock = lambda: float(next(ticks))  # noqa: E731  (a fake CPU clock: 1 s per reading)
    played: list[tuple[str, int]] = []
    loops = {"a": lambda seed: played.append(("a", seed)),
             "b": lambda seed: played.append(("b", seed))}
    rates = one_home.rates_in_turns(loops, 3.0, 2, clock)
    # A turn reads the clock at its start and after each game: games at 1 and 2, over at 3.
    assert played == [("a", 0), ("a", 1), ("b", 0), ("b", 1),
                      ("a", 2), ("a", 3), ("b", 2), ("b", 3)]
    assert rates["a"].games == 4 and rates["a"].per_second == pytest.approx(4 / 6)


def test_a_tiny_throughput_run_plays_real_games() -> None:
    ticks = count()
    clock = lambda: next(ticks) * 0.25  # noqa: E731
    rates = one_home.rates_in_turns({"contract": one_home.contract_game,
                                     "fast": one_home.fast_game}, 0.75, 1, clock)
    assert rates["contract"].games == 2 and rates["fast"].games == 2
    assert rates["contract"].per_second > 0 and rates["fast"].per_second > 0


def test_without_openspiel_its_rows_say_how_to_measure_them(monkeypatch: Any,
                                                            capsys: Any) -> None:
    monkeypatch.setattr(one_home, "openspiel_player", lambda: None)
    one_home.main(["--only", "contract", "--only", "fast", "--only", "naming",
                   "--seconds", "0.001", "--rounds", "1"])
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if "÷ OpenSpiel" in line]
    assert len(rows) == 2 and all(one_home.NOT_MEASURED in row for row in rows)
    assert "-m benchmarks.one_home --only contract --seconds 0.001 --rounds 1`" in out
    naming = next(line for line in out.splitlines() if "name a game |" in line)
    assert f"| {len(one_home.naming().files)} |" in naming


@pytest.mark.parametrize("name", ["cribbage", "pip-rush"])
def test_the_expert_row_plays_one_deal_each_way(name: str) -> None:
    alone = one_home.deal_net((name, 1, 0, None))
    assert alone == one_home.deal_net((name, 1, 0, None))  # deterministic
    assert alone[1] == 0  # hard alone never differs from hard
    gains = one_home.expert_gains(name, 1, 2, 1, workers=1)
    assert len(gains.per_deal) == 2 and gains.cpu > 0
    game = GAMES[name].new(2, {}, 1)
    assert len(one_home.standing(name, game.view(None))) == 2
