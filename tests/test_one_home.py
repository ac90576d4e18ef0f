"""One home per game: outside its own package, no product module names a game.

The rule, read with `ast` so that it sees code as Python does:
- the product is every `.py` file of bot.py, settings.py, cogs/, tables/, store/, terminal/,
  engine/ and render/;
- a game's own packages are the engine package whose `SPEC` the registry holds (engine/<game>/,
  or a package the CARDBOT_GAMES setting names) and render/<game>/ of the same name; files
  inside any game's packages are not searched, since PIP Cribbage and Crib Race build on
  engine/cribbage by design;
- a file names a game when a string constant in it (docstrings included) holds the game's
  registry name ("pip-rush") or package name ("pip_rush") as a word of its own, or when it
  imports a module whose dotted path has the package name as a part (`engine.pip_rush.ai`,
  `from engine import pip_rush`). Prose says a game by its title ("PIP Rush", "Cribbage"),
  which the search does not read: the names are matched case-sensitively. Comments are not
  code and are not read.
"""

from __future__ import annotations

import ast
import importlib
import os
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import engine
from engine.registry import GAMES, SETTING, packages_named

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("bot.py", "settings.py", "cogs", "tables", "store", "terminal", "engine", "render")


def game_packages() -> dict[str, Path]:
    """Each registered game's package name -> its folder, found from the registry."""
    specs = {id(spec) for spec in GAMES.values()}
    homes = {}
    named = [f"engine.{module.name}" for module in pkgutil.iter_modules(engine.__path__)
             if module.ispkg]
    for name in [*named, *packages_named(os.environ.get(SETTING, ""))]:
        package = importlib.import_module(name)
        if id(getattr(package, "SPEC", None)) in specs:
            folder = Path(package.__file__).parent  # type: ignore[arg-type]
            homes[name.rsplit(".", 1)[-1]] = folder
    return homes


def product_files(homes: list[Path]) -> Iterator[Path]:
    for entry in PRODUCT:
        path = ROOT / entry
        for file in sorted([path] if path.is_file() else path.rglob("*.py")):
            if not any(file.is_relative_to(home) for home in homes):
                yield file


def names_in(source: str, words: set[str]) -> set[str]:
    """The game names of `words` that the module `source` names (see the module docstring)."""
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(words))) + r")(?![\w-])")
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.update(pattern.findall(node.value))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                found.update(set(alias.name.split(".")) & words)
        elif isinstance(node, ast.ImportFrom):
            parts = set((node.module or "").split("."))
            parts.update(alias.name for alias in node.names)
            found.update(parts & words)
    return found


def test_the_search_finds_a_name_in_strings_and_imports_only() -> None:
    words = {"pip-rush", "pip_rush", "cribbage"}
    assert names_in('KEY = "pip-rush"\n', words) == {"pip-rush"}
    assert names_in("from engine.pip_rush.ai import choose_action\n", words) == {"pip_rush"}
    assert names_in("from engine import pip_rush\n", words) == {"pip_rush"}
    assert names_in("import engine.cribbage.sim\n", words) == {"cribbage"}
    assert names_in('"""Moves for the cribbage games."""\n', words) == {"cribbage"}
    assert names_in('x = f"{game}-pip-cribbage-{n}"\n', words) == set()  # another game's name
    assert names_in('"""PIP Rush and Cribbage, by title."""\n# pip_rush in a comment\n',
                    words) == set()
    assert names_in("pip_rush = 1\nprint(pip_rush)\n", words) == set()


def test_no_module_outside_the_game_packages_names_a_game() -> None:
    homes = game_packages()
    assert sorted(homes) == sorted(spec.name.replace("-", "_") for spec in GAMES.values())
    words = set(homes) | set(GAMES)
    naming = {}
    folders = [*homes.values(), *(ROOT / "render" / package for package in homes)]
    for file in product_files(folders):
        found = names_in(file.read_text(encoding="utf-8"), words)
        if found:
            naming[str(file.relative_to(ROOT))] = sorted(found)
    assert naming == {}, "modules outside the game packages that name a game: " + "; ".join(
        f"{path} names {', '.join(names)}" for path, names in sorted(naming.items()))
