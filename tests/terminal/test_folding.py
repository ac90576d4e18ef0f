"""Lines longer than an 80-column terminal, as a newcomer reads them scroll by: a told move's
second line (a hand's count), a hint's and a review's, and help's, are set under where their
line's words start, never at the screen's edge where they read as the state below them. The
review is the whole of it, with no Discord emoji."""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console
from rich.text import Text

from engine.registry import GAMES
from store import Store
from tables import TableManager
from tables.review import check_reviewable, review_of, review_text
from terminal import cli
from terminal.session import PLAYER_ID, TERMINAL_CHANNEL, TERMINAL_GUILD, TerminalGame

COLUMNS = 80
#: A hint's line that names a choice ("  4. Play Q♦ (0.26): ...").
HINT_ENTRY = re.compile(r"  [0-9a-z]+\. \S")


class WatchedGame(TerminalGame):
    """The terminal game, keeping what each told line printed beside its words."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.updates: list[tuple[str, str]] = []  # (a line told, as the screen shows it)

    def _tell(self, line: Text) -> None:
        out = self.console.file
        assert isinstance(out, io.StringIO)
        start = len(out.getvalue())
        super()._tell(line)
        self.updates.append((line.plain, out.getvalue()[start:]))


async def test_long_lines_fold_under_their_words_and_the_review_is_whole() -> None:
    answers = iter(["help", "hint"])

    def read(prompt: str) -> str:
        if prompt.startswith("Type review"):
            return "review"
        return "" if prompt.startswith("Make it now") else next(answers, "1")

    store = await Store.open(":memory:")
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    out = io.StringIO()
    try:
        table = await manager.create(
            guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game="cribbage", options={},
            seats=cli.seats_for(GAMES["cribbage"], 2, "easy", "Ann"), host_id=PLAYER_ID,
            seed=4, settings={"hints": True},
        )
        screen = WatchedGame(Console(file=out, width=COLUMNS), manager, table, 0, read=read)
        manager.subscribe(screen)
        await screen.play(resumed=False)
        record, seat = await check_reviewable(store, table.id, TERMINAL_GUILD, PLAYER_ID)
        review = await review_of(store, record, seat)
    finally:
        await manager.close()
        await store.close()
    assert table.finished
    shown = out.getvalue()
    assert all(len(line) <= COLUMNS for line in shown.splitlines())

    # Each told line two in, its folds too, and nothing else printed with it.
    folded = 0
    for told, printed in screen.updates:
        lines = printed.splitlines()
        assert all(line.startswith("  ") for line in lines), printed
        assert re.sub(r"\s+", " ", " ".join(lines)).strip() == re.sub(r"\s+", " ", told).strip()
        folded += len(lines) - 1
    assert folded > 0  # some count was too long for one line

    hint = shown.split("Hint, the best choices first:\n")[1].split("Figures are ")[0].splitlines()
    assert any(not HINT_ENTRY.match(line) for line in hint)  # a reason folded
    for line in hint:
        assert HINT_ENTRY.match(line) or line.startswith(" " * 5), "\n".join(hint)

    quit_line = next(n for n, line in enumerate(shown.splitlines()) if line.startswith("  quit "))
    assert shown.splitlines()[quit_line + 1].startswith(" " * len("  quit    ") + "goes on")

    # The whole review, which a Discord message would cut short, each point under its bullet.
    assert "… and" in review_text(review, "Ann")
    whole = review_text(review, "Ann", limit=None)
    bullets = [line for line in whole.splitlines() if line.startswith("• ")]
    reviewed = shown.split(f"Review of Cribbage #{table.id} for Ann\n")[1]
    on_screen: list[str] = []
    for line in reviewed.splitlines():
        if line.startswith("• "):
            on_screen.append(line)
        elif line.startswith("  ") and on_screen:
            on_screen[-1] += " " + line.strip()
    assert on_screen == bullets
    assert "📋" not in shown and "… and" not in reviewed

