"""Collects the errors discord.py (and the bot) log while the harness runs.

discord.py catches exceptions in commands, views and event handlers and only logs them, so
a broken cog would otherwise pass as "the bot answered nothing". Tests see them through
`FakeDiscord.errors` and `assert_clean()`.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator


class ErrorLog(logging.Handler):
    """A handler on the root logger that keeps every record at ERROR or above."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.entries: list[str] = []
        self.suspended = False

    @contextlib.contextmanager
    def suspend(self) -> Iterator[None]:
        """Ignore errors for a while (a crashed bot's last gasps are expected to fail)."""
        self.suspended = True
        try:
            yield
        finally:
            self.suspended = False

    def emit(self, record: logging.LogRecord) -> None:
        if self.suspended:
            return
        text = f"{record.name}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text += f" ({type(error).__name__}: {error})"
        self.entries.append(text)

    def install(self) -> None:
        logging.getLogger().addHandler(self)

    def uninstall(self) -> None:
        logging.getLogger().removeHandler(self)
