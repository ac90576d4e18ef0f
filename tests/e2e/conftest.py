"""Fixtures for end-to-end tests: a running fake Discord, torn down after each test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.e2e.harness import FakeDiscord


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord with one channel ("games") and members alice, bob, carol and dave.

    Connect the bot with `await fake.connect(create_bot(db))`; the bot is closed, the server
    stopped and discord.py's base URL restored when the test ends."""
    async with FakeDiscord() as discord_fake:
        yield discord_fake
