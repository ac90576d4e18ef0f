"""Imports point down the layers: bot.py -> cogs/ (and terminal/) -> tables/ -> render/ ->
store/ -> engine/, the engine on the standard library alone. tools/, testkit/ (what the tests
and the benchmarks share) and benchmarks/ sit apart from the product, and nothing but the tests
imports the tests. Checked on the source with `ast`, imports inside functions included."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]

PRODUCT = {"bot", "settings", "cogs", "terminal", "tables", "render", "store", "engine"}
#: The project's own top-level packages (and bot.py) each may import, besides itself.
MAY_IMPORT: dict[str, set[str]] = {
    "engine": set(),
    "store": {"engine"},
    "render": {"store", "engine"},
    "tables": {"render", "store", "engine"},
    "cogs": {"tables", "render", "store", "engine"},
    "terminal": {"tables", "render", "store", "engine"},
    # bot.py's settings, read from the environment: beside the composition root.
    "settings": {"store"},
    "bot": {"settings", "cogs", "tables", "render", "store", "engine"},
    "tools": PRODUCT,
    "testkit": PRODUCT,
    "benchmarks": PRODUCT | {"testkit"},
    "tests": PRODUCT | {"tools", "testkit", "benchmarks"},
}


def layer_of(path: Path) -> str:
    relative = path.relative_to(ROOT)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def sources() -> Iterator[Path]:
    for path in sorted(ROOT.rglob("*.py")):
        if not {".venv", ".git"} & set(path.relative_to(ROOT).parts):
            yield path


def imported_modules(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) of every absolute import in the file; relative ones stay in the package."""
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.lineno, node.module


def wrong_imports(layer: str) -> list[str]:
    own = set(MAY_IMPORT)
    wrong = []
    for path in sources():
        if layer_of(path) != layer:
            continue
        for line, module in imported_modules(path):
            top = module.split(".")[0]
            if top in own and top != layer and top not in MAY_IMPORT[layer]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return wrong


def test_every_top_level_package_has_a_place_in_the_layers() -> None:
    assert {layer_of(path) for path in sources()} <= set(MAY_IMPORT)


@pytest.mark.parametrize("layer", sorted(MAY_IMPORT))
def test_a_layer_imports_only_the_layers_below_it(layer: str) -> None:
    assert wrong_imports(layer) == []


def test_the_engine_needs_nothing_but_the_standard_library() -> None:
    outside = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in sources() if layer_of(path) == "engine"
        for line, module in imported_modules(path)
        if module.split(".")[0] not in sys.stdlib_module_names | {"engine", "__future__"}
    ]
    assert outside == []
