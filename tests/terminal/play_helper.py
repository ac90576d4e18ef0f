"""Driving scripts/play's program through a pseudo-terminal, as a player at a keyboard would,
or in this process with the answers typed by a function."""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pexpect
from rich.console import Console

from engine.registry import GAMES
from store import Store
from tables import TableManager
from tables.table import Table
from terminal import cli
from terminal.session import PLAYER_ID, TERMINAL_CHANNEL, TERMINAL_GUILD, TerminalGame

ROOT = Path(__file__).resolve().parents[2]
MOVE_PROMPT = r"Your move \[[^\]]*rules, help, quit\]: "
OFFER_PROMPT = r"Make it now \[[^\]]*\], or press Enter to let play go on: "
THE_END = r"(wins|win|share the win)!"
#: A screenful told at a terminal waits for Enter before more push it off (session.MORE).
MORE_PROMPT = "More to read: press Enter "
ANSI = re.compile(r"\x1b\[[0-9;]*m")
REVIEW_PROMPT = "Type review to see your choices judged, or press Enter to leave: "


def spawn(database: Path, *args: str, delay: str = "0") -> pexpect.spawn:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="160", PYTHONUNBUFFERED="1")
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "terminal", *args, "--database", str(database), "--delay", delay, "--name", "Ann"],
        cwd=str(ROOT), env=env, encoding="utf-8", timeout=60, dimensions=(50, 160),
    )
    child.delaybeforesend = None  # each answer follows its prompt, so no pause is needed
    return child


def play_to_end(child: pexpect.spawn, moves: int = 2000) -> int:
    """Take the first listed move at every turn and let every off-turn offer pass, until the
    winner is announced (then leave without a review); the number of moves made."""
    made = 0
    for _ in range(moves):
        found = child.expect([MOVE_PROMPT, OFFER_PROMPT, THE_END, MORE_PROMPT])
        if found == 3:
            child.sendline("")
            continue
        if found == 2:
            child.expect(REVIEW_PROMPT)
            # The game's own last line told the score: the banner does not say it again.
            assert not ANSI.sub("", child.before).strip(), child.before
            child.sendline("")
            return made
        child.sendline("1" if found == 0 else "")
        made += found == 0
    raise AssertionError("the game did not end")


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


async def played_in_terminal(database: str, game: str, options: dict[str, Any], players: int,
                             seed: int, read: Callable[[str], str], width: int = 200,
                             level: str = "easy") -> tuple[Table, str]:
    """A whole game in the terminal program, in this process, the player at seat 0 answering
    every prompt with `read` and computers of `level` in the other seats: the finished table
    and everything shown."""
    spec = GAMES[game]
    store = await Store.open(database)
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    out = io.StringIO()
    try:
        table = await manager.create(
            guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game=game, options=options,
            seats=cli.seats_for(spec, players, level, "Ann"), host_id=PLAYER_ID, seed=seed,
        )
        game_screen = TerminalGame(Console(file=out, width=width), manager, table, 0, read=read)
        manager.subscribe(game_screen)
        await game_screen.play(resumed=False)
    finally:
        await manager.close()
        await store.close()
    return table, out.getvalue()
