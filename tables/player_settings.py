"""A player's own preferences, set with /settings and kept in the store.

notices: when a separate message mentions them on their turn: "always", "slow" (only once
    their turn has waited longer than the grace period) or "never".
autoplay: whether a move that carries no choice (GameSpec.forced, e.g. Go) is played for them.
four_colour: a four-colour deck in their hand picture.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction

NOTICE_CHOICES = ("always", "slow", "never")
DEFAULTS: dict[str, Any] = {"notices": "slow", "autoplay": True, "four_colour": False}


def with_defaults(stored: dict[str, Any]) -> dict[str, Any]:
    """Stored settings over the defaults; unknown or malformed stored values are ignored."""
    settings = dict(DEFAULTS)
    for name, value in stored.items():
        try:
            settings.update(checked({name: value}))
        except IllegalAction:
            continue
    return settings


def checked(changes: dict[str, Any]) -> dict[str, Any]:
    """The changes, validated; IllegalAction names the first bad one."""
    for name, value in changes.items():
        if name not in DEFAULTS:
            raise IllegalAction(f"There is no setting {name}.")
        if name == "notices" and value not in NOTICE_CHOICES:
            raise IllegalAction(f"Turn notices are one of {', '.join(NOTICE_CHOICES)}.")
        if name in ("autoplay", "four_colour") and not isinstance(value, bool):
            raise IllegalAction(f"{name} is on or off.")
    return dict(changes)
