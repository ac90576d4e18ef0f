"""Fixtures for end-to-end tests: a running fake Discord, torn down after each test, and
pictures replaced by a pixel."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from cogs import images
from testkit.fake_discord import FakeDiscord


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord with one channel ("games") and members alice, bob, carol and dave.

    Connect the bot with `await fake.connect(create_bot(db))`; the bot is closed, the server
    stopped and discord.py's base URL restored when the test ends."""
    async with FakeDiscord() as discord_fake:
        yield discord_fake


#: The smallest valid PNG: a 1x1 transparent pixel.
TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)


@pytest.fixture
def quick_pictures(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, dict[str, Any]]]:
    """Replace drawing by a 1-pixel PNG (most tests are about the flow, not the pictures) and
    record what was asked to be drawn: (kind, game, view)."""
    drawn: list[tuple[str, str, dict[str, Any]]] = []

    async def draw(kind: str, game_name: str, view: dict[str, Any], **options: Any) -> bytes:
        drawn.append((kind, game_name, view))
        return TINY_PNG

    real_revealed = images.revealed_picture

    async def revealed_picture(game_name: str, view: dict[str, Any]
                               ) -> tuple[bytes | None, str | None]:
        drawn.append(("revealed", game_name, view))
        _, alt = await real_revealed(game_name, view)  # the words as the product says them
        return TINY_PNG, alt

    monkeypatch.setattr("cogs.images.draw", draw)
    monkeypatch.setattr("cogs.images.revealed_picture", revealed_picture)
    return drawn
