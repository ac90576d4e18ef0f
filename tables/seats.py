"""Who sits in each seat of a lobby or table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.registry import LEVELS

#: The level the computer plays with when it takes over an idle human's seat.
TAKEOVER_LEVEL = "normal"


@dataclass
class SeatInfo:
    user_id: int | None  # None for a computer seat
    name: str
    ai: str | None = None  # "easy" / "normal" / "hard" for computer seats

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def level(self) -> str:
        """The level a computer plays this seat with (a human's seat only when taken over)."""
        return self.ai if self.ai in LEVELS else TAKEOVER_LEVEL

    def to_json(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "ai": self.ai}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatInfo:
        return cls(user_id=data.get("user_id"), name=str(data["name"]), ai=data.get("ai"))

    @classmethod
    def computer(cls, level: str, name: str | None = None) -> SeatInfo:
        return cls(user_id=None, name=name or f"Computer ({level})", ai=level)
