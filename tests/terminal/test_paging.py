"""A screen at a terminal waits for Enter before lines told push those told since the last
answer off its top (Crib Race's show at eight players is longer than a screen): every line
told is on the screen at some prompt, and quit there leaves before the next prompt."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from rich.console import Console
from rich.text import Text

from engine.registry import GAMES
from store import Store
from tables import Table, TableManager
from terminal import cli
from terminal.session import MORE, PLAYER_ID, TERMINAL_CHANNEL, TERMINAL_GUILD, Leave, TerminalGame

COLUMNS, ROWS = 80, 24


async def play(game: str, players: int, seed: int, read: Callable[[str], str],
               paged: bool = True) -> tuple[Table, str, list[tuple[str, int]]]:
    """A whole game on an 80x24 screen: the table, everything shown, and each prompt with the
    screen's rows printed since the answer before it (the prompt's own rows included)."""
    store = await Store.open(":memory:")
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    out = io.StringIO()
    console = Console(file=out, width=COLUMNS, height=ROWS)
    asked: list[tuple[str, int]] = []
    answered_at = 0

    def reading(prompt: str) -> str:
        nonlocal answered_at
        answer = read(prompt)
        shown = out.getvalue()[answered_at:].count("\n")
        asked.append((prompt, shown + len(Text(prompt + answer).wrap(console, COLUMNS))))
        out.write(prompt + answer + "\n")  # as a terminal echoes it
        answered_at = len(out.getvalue())
        return answer

    try:
        table = await manager.create(
            guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game=game, options={},
            seats=cli.seats_for(GAMES[game], players, "easy", "Ann"), host_id=PLAYER_ID,
            seed=seed, settings={"hints": True})
        screen = TerminalGame(console, manager, table, 0, read=reading, paged=paged)
        manager.subscribe(screen)
        await screen.play(resumed=False)
    finally:
        await manager.close()
        await store.close()
    return table, out.getvalue(), asked


def first_or_enter(prompt: str) -> str:
    return "1" if prompt.startswith("Your move") else ""


@pytest.mark.parametrize("seed", [1, 2])
async def test_every_line_told_at_eight_players_is_on_the_screen_at_a_prompt(seed):
    table, shown, asked = await play("crib-race", 8, seed, first_or_enter)
    assert table.finished
    assert any(prompt == MORE for prompt, _ in asked)
    # What was printed since the last answer, and the prompt, fit the screen at every prompt.
    assert all(rows <= ROWS for _, rows in asked), max(rows for _, rows in asked)
    counts = [line for line in shown.splitlines() if "'s hand " in line or "Your hand " in line]
    assert len(counts) > 8  # a whole show was told, and on the screen as above


async def test_output_that_is_no_terminal_is_not_paged():
    table, _, asked = await play("crib-race", 8, 1, first_or_enter, paged=False)
    assert table.finished and asked
    assert all(prompt != MORE for prompt, _ in asked)


async def test_quit_at_a_wait_for_enter_leaves_before_anything_more_is_asked():
    after: list[str] = []

    def read(prompt: str) -> str:
        if after:
            after.append(prompt)
            return ""
        if prompt == MORE:
            after.append(prompt)
            return "quit"
        return first_or_enter(prompt)

    with pytest.raises(Leave):
        await play("crib-race", 8, 1, read)
    assert after[:1] == [MORE] and MORE not in after[1:]  # no more waits once left
    assert not any(p.startswith("Your move") for p in after)
