"""Game data shipped as JSON inside a game's package (boards, tracks), read with errors that
name the file and the fault."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


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
