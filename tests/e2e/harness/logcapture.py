"""Collects the errors discord.py (and the bot) log while the harness runs.

discord.py catches exceptions in commands, views and event handlers and only logs them, so
a broken cog would otherwise pass as "the bot answered nothing". Tests see them through
`FakeDiscord.errors` and `assert_clean()`.
"""

from __future__ import annotations

import logging


class ErrorLog(logging.Handler):
    """A handler on the root logger that keeps every record at ERROR or above."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.entries: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = f"{record.name}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text += f" ({type(error).__name__}: {error})"
        self.entries.append(text)

    def install(self) -> None:
        logging.getLogger().addHandler(self)

    def uninstall(self) -> None:
        logging.getLogger().removeHandler(self)
