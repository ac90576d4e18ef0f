"""Snowflake ids and timestamps shaped like Discord's."""

from __future__ import annotations

import datetime
import itertools
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class SnowflakeFactory:
    """Hands out increasing snowflakes whose timestamp part is the current time.

    discord.py derives `created_at` from a snowflake, so real-looking ids keep its models honest;
    the counter in the low bits keeps ids unique and ordered even within one millisecond.
    """

    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def next(self) -> int:
        millis = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (millis << 22) | (next(self._counter) & 0x3FFFFF)


def iso_now() -> str:
    """The current time as Discord writes timestamps (ISO 8601 with an offset)."""
    return datetime.datetime.now(datetime.UTC).isoformat()
