"""Game data shipped as JSON inside a game's package (boards, tracks), read with errors that
name the file and the fault."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any, TypeVar

Loaded = TypeVar("Loaded")
#: The keys every named data file (a board, a track) has: its option value and its words.
NAMED_TEXTS = ("name", "title", "description")


def read_package_json(
    package: str, folder: str, name: str, error: type[ValueError], what: str
) -> tuple[Any, str]:
    """The parsed contents of <package>/<folder>/<name>.json and its name for messages
    ("boards/default.json"). Raises `error` for a missing file ("no such `what` file") or
    invalid JSON."""
    source = f"{folder}/{name}.json"
    try:
        text = resources.files(package).joinpath(folder, f"{name}.json").read_text("utf-8")
    except FileNotFoundError as exc:
        raise error(f"{source}: no such {what} file") from exc
    try:
        return json.loads(text), source
    except json.JSONDecodeError as exc:
        raise error(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno})") from exc


def check_keys(data: Any, keys: Sequence[str], source: str, error: type[ValueError],
               what: str) -> None:
    """Refuse (raising `error`) anything but a JSON object with exactly `keys`, whose
    NAMED_TEXTS are non-empty strings."""
    if not isinstance(data, dict):
        raise error(f"{source}: a {what} must be a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - set(keys))
    if unknown:
        raise error(f"{source}: unknown key(s) {', '.join(unknown)}")
    missing = [key for key in keys if key not in data]
    if missing:
        raise error(f"{source}: missing key(s) {', '.join(missing)}")
    for key in NAMED_TEXTS:
        if not isinstance(data[key], str) or not data[key].strip():
            raise error(f"{source}: {key} must be a non-empty string")


def load_named(package: str, folder: str, name: str, error: type[ValueError], what: str,
               parse: Callable[[Any, str], Loaded]) -> Loaded:
    """<package>/<folder>/<name>.json read, parsed and checked by `parse`, whose "name" must be
    the file's."""
    data, source = read_package_json(package, folder, name, error, what)
    loaded = parse(data, source)
    if data["name"] != name:
        raise error(f"{source}: name {data['name']!r} does not match the file name")
    return loaded


def load_every(package: str, folder: str, default: str,
               load: Callable[[str], Loaded]) -> dict[str, Loaded]:
    """Every <package>/<folder>/*.json by name, loaded with `load`: `default` first, the rest
    in the order of their names."""
    names = sorted(entry.name.removesuffix(".json")
                   for entry in resources.files(package).joinpath(folder).iterdir()
                   if entry.name.endswith(".json"))
    return {name: load(name) for name in sorted(names, key=lambda name: name != default)}
