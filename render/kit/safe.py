"""Reading untrusted view values: a view from a newer (or broken) engine must never crash
the renderer, so every value is checked for its type where it is read."""

from __future__ import annotations

from typing import Any


def listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def integer(value: Any, default: int = 0) -> int:
    """An int (not a bool), else the default."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default
