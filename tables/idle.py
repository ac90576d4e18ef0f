"""Idle-timer settings: when to warn a player who keeps the table waiting, and when the
computer plays for them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAction

#: Choices a lobby offers for the idle timer, in minutes ("off": never take over).
IDLE_CHOICES: tuple[int | str, ...] = (2, 5, 10, 30, "off")


@dataclass(frozen=True)
class IdleTiming:
    warn: float | None  # seconds of waiting before the warning; None: no warning
    takeover: float | None  # seconds before the computer plays; None: never


def check_idle_setting(idle: int | str) -> int | str:
    if idle == "off" or (isinstance(idle, int) and not isinstance(idle, bool) and idle > 0):
        return idle
    raise IllegalAction("The idle timer is a number of minutes, or off.")


def idle_timing(settings: dict[str, Any], default: IdleTiming) -> IdleTiming:
    """The table's own setting if it has one, else the bot's default.

    A setting of m minutes takes over after m minutes and warns halfway there, so the player
    always has as long after the warning as before it."""
    idle = settings.get("idle")
    if idle == "off":
        return IdleTiming(None, None)
    if isinstance(idle, int | float) and not isinstance(idle, bool) and idle > 0:
        takeover = 60.0 * idle
        return IdleTiming(takeover / 2, takeover)
    return default
