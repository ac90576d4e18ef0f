"""A game is one package: everything that draws a game (table, hand, words, chart, gallery
moments) lives in render/<game>/, registered there once, and no other module under render/
names a game. The packages come from the registries, not from a list written here; names are
read from the code with `ast` (docstrings are prose and do not count)."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from engine.registry import GAMES
from render import registry

ROOT = Path(__file__).resolve().parents[2]


def package_of(game: str) -> Path:
    """The folder of the game's render package, the module the render registry imports."""
    registry.renderer_for(game)
    module = sys.modules[registry.module_name(game)]
    assert module.__file__ and Path(module.__file__).name == "__init__.py", game  # a package
    return Path(module.__file__).parent


def game_words() -> dict[str, set[str]]:
    """Each registered game -> the names it goes by: its registry name, its module name and
    its title, lower case."""
    return {name: {name, Path(registry.module_name(name).replace(".", "/")).name,
                   spec.title.lower()} for name, spec in GAMES.items()}


def games_named(path: Path, source: str, words: dict[str, set[str]]) -> set[str]:
    """The games this module's code names: in a string (as a whole word), or as a module,
    a name or an attribute, or in the module's own path."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                                | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    strings: list[str] = []
    identifiers = set(path.with_suffix("").parts)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings:
            strings.append(node.value.lower())
        elif isinstance(node, ast.Import):
            identifiers.update(part for alias in node.names for part in alias.name.split("."))
        elif isinstance(node, ast.ImportFrom):
            identifiers.update((node.module or "").split("."))
            identifiers.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Name):
            identifiers.add(node.id)
        elif isinstance(node, ast.Attribute):
            identifiers.add(node.attr)
    named = set()
    for game, names in words.items():
        spelled = re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in names))
        if names & identifiers or any(spelled.search(s) for s in strings):
            named.add(game)
    return named


def test_every_game_is_drawn_by_a_package_of_its_own() -> None:
    for name in GAMES:
        package_of(name)
        table = registry.renderer_for(name).table
        assert table.__module__.startswith(registry.module_name(name) + "."), name


def test_what_a_game_registers_comes_from_the_game_packages() -> None:
    """A game may draw with another's pieces (Crib Race draws Cribbage's hand), never with
    pieces kept outside the games' packages."""
    homes = tuple(registry.module_name(name) + "." for name in GAMES)
    for name in GAMES:
        renderer = registry.renderer_for(name)
        parts = [renderer.table, renderer.hand, renderer.details, renderer.describe,
                 renderer.scores, renderer.series, renderer.describe_hand,
                 *(m.reached for m in renderer.moments)]
        for part in parts:
            if part is not None and part is not registry.no_details:
                assert part.__module__.startswith(homes), (name, part)


def test_no_module_under_render_outside_a_games_package_names_a_game() -> None:
    words = game_words()
    packages = [package_of(name) for name in GAMES]
    found = {}
    for path in sorted((ROOT / "render").rglob("*.py")):
        if any(path.is_relative_to(package) for package in packages):
            continue
        relative = path.relative_to(ROOT)
        named = games_named(relative, path.read_text("utf-8"), words)
        if named:
            found[str(relative)] = sorted(named)
    assert found == {}


@pytest.mark.parametrize("code", [
    'SERIES = {"{name}": chart}',
    "from render.{module} import pictures",
    "import render.{module}.series",
    "{module}.draw_table(view)",
    'TITLE = "the {title} table"',
])
def test_the_search_finds_a_game_named_in_code(code: str) -> None:
    words = game_words()
    game = next(iter(GAMES))
    name, module, title = game, Path(registry.module_name(game).replace(".", "/")).name, \
        GAMES[game].title.lower()
    source = code.replace("{name}", name).replace("{module}", module).replace("{title}", title)
    assert games_named(Path("render/kit/x.py"), source, words) == {game}


def test_the_search_leaves_prose_and_other_words_alone() -> None:
    words = game_words()
    game = next(iter(GAMES))
    source = f'"""Draws the {game} table."""\n# {game}\nX = "a game of {{name}}"\n'
    assert games_named(Path("render/kit/x.py"), source, words) == set()
    module = Path(registry.module_name(game).replace(".", "/")).name
    assert games_named(Path(f"render/alt_text/{module}.py"), "", words) == {game}
