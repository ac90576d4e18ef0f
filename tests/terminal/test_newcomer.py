"""What a newcomer meets in the terminal: the prompt names hint, a small terminal keeps the
state and the moves just told in view, a hint the game moved past says so in the terminal's own
words."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from engine.registry import GAMES
from store import Store
from tables import Table, TableManager
from terminal import cli, session
from terminal.session import PLAYER_ID, TERMINAL_CHANNEL, TERMINAL_GUILD, TerminalGame

#: The smallest terminal a newcomer is likely to have.
COLUMNS, ROWS = 80, 24
#: The first line of a deal's show: a hand counted ("Your hand 7♠ …", "Computer's hand …").
COUNT = re.compile(r"  (Your|\S+'s) hand ")


@dataclass
class At:
    """Where a prompt is asked: the manager, the table and the screen so far."""

    manager: TableManager
    table: Table
    out: io.StringIO


async def play(game: str, options: dict[str, Any], players: int, seed: int,
               read: Callable[[At, str], str], monkeypatch: Any = None,
               hint_for: Any = None) -> tuple[Table, str]:
    """A whole game on an 80-column screen, the player at seat 0 answering with `read`, easy
    computers elsewhere; `hint_for(manager, real)` may stand in for the tables' hint."""
    store = await Store.open(":memory:")
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    if hint_for is not None:
        monkeypatch.setattr(session, "hint_for", hint_for(manager, session.hint_for))
    out = io.StringIO()
    try:
        table = await manager.create(
            guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game=game, options=options,
            seats=cli.seats_for(GAMES[game], players, "easy", "Ann"), host_id=PLAYER_ID,
            seed=seed, settings={"hints": True},
        )
        at = At(manager, table, out)
        screen = TerminalGame(Console(file=out, width=COLUMNS), manager, table, 0,
                              read=lambda prompt: read(at, prompt))
        manager.subscribe(screen)
        await screen.play(resumed=False)
    finally:
        await manager.close()
        await store.close()
    return table, out.getvalue()


def first_or_pass(at: At, prompt: str) -> str:
    return "" if prompt.startswith(("Make it now", "Type review")) else "1"


async def test_the_prompt_and_the_first_lines_name_hint():
    prompts = []

    def read(at: At, prompt: str) -> str:
        prompts.append(prompt)
        return first_or_pass(at, prompt)

    table, shown = await play("pip-pip", {"rounds": 1}, 3, 7, read)
    assert table.finished
    assert "Type help for how to move, rules for the rules, hint for the best choices." in shown
    moves = [p for p in prompts if p.startswith("Your move")]
    assert moves and all(p.endswith(", hint, rules, help, quit]: ") for p in moves)


async def test_a_small_terminal_shows_the_state_the_choices_and_the_moves_just_told():
    """At every discard but the first of a Cribbage game on an 80×24 terminal, the screen
    still shows how the last deal was counted (each hand and the crib), the scores, the hand
    and all fifteen discards: the list goes in columns, not fifteen lines."""
    prompts: list[tuple[int, bool]] = []  # where the screen stood at each prompt; a discard?

    def read(at: At, prompt: str) -> str:
        discard = prompt.startswith("Your move") and at.table.view_for(0)["phase"] == "discard"
        prompts.append((len(at.out.getvalue()), discard))
        return first_or_pass(at, prompt)

    table, shown = await play("cribbage", {"target": 61}, 2, 5, read)
    discards = [n for n, (_, discard) in enumerate(prompts) if discard][1:]
    assert table.finished and len(discards) >= 2
    for n in discards:
        before, end = prompts[n - 1][0], prompts[n][0]
        in_view = shown[:end].splitlines()[-(ROWS - 1):]  # the prompt takes the last row
        told = [line for line in shown[before:end].splitlines() if line.startswith("  ")]
        counts = told[next(n for n, line in enumerate(told) if COUNT.match(line)):]
        assert any("for the crib" in line for line in counts)
        assert all(line in in_view for line in counts), "\n".join(in_view)
        assert any(line.startswith("Scores (to 61): you ") for line in in_view)
        assert any(line.startswith("Your hand: ") for line in in_view)
        assert sum(line.count(". Discard ") for line in in_view) == 15
        assert all(len(line) <= COLUMNS for line in in_view)


async def test_a_hint_the_game_moved_past_says_so_in_the_terminals_words(monkeypatch):
    """Offered Muggins!, the player asks for a hint; the game does not wait for an optional
    move, so the computers claim meanwhile. The terminal says the game moved on, in its own
    words (no Discord button to press), and play goes on to the end."""
    hinted = []

    def settled_first(manager: TableManager, real: Any) -> Any:
        async def hint_for(table: Table, seat: int, version: int) -> list[dict[str, Any]]:
            await manager.wait_idle()  # every computer moves before the hint is ready
            return await real(table, seat, version)
        return hint_for

    def read(at: At, prompt: str) -> str:
        if prompt.startswith("Make it now") and not hinted:
            hinted.append(prompt)
            return "hint"
        return "0" if "claim" in prompt else first_or_pass(at, prompt)

    table, shown = await play("crib-race", {"muggins": True}, 4, 5, read, monkeypatch,
                              settled_first)
    assert hinted and table.finished
    assert session.MOVED_ON in shown.replace("\n", " ")
    assert "My hand" not in shown  # the Discord hand's button
