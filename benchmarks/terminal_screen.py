"""What the terminal keeps in view: `.venv/bin/python -m benchmarks.terminal_screen`.

Plays whole games in an 80x24 terminal (`scripts/play`'s TerminalGame on a console of that
size), the player taking the first move offered and letting every offer pass, against seeded
computers, and prints per game and seating: the prompts, of them the waits for Enter a paged
screen makes ("more": `scripts/play` pages at a terminal), the player's moves (the answers to
"Your move") and the waits for Enter per move ("more/move": what reading a game costs at the
keyboard beyond its moves), and the share of all prompts at
which some of the lines told since the player's last answer have scrolled off the top (what
was printed since that answer, and the prompt's own rows, fill more than the screen); the rows told
between two answers (mean, p95); and the rows of state and choices above a prompt (mean).
`--games N` sets the games per seating (seeds 1..N), `--level` the computers' level, `--only
GAME` one game, `--unpaged` no waits for Enter (as output to a file or pipe has). Each game is
played at its fewest and its most players.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console
from rich.text import Text

from benchmarks.stats import percentile
from engine.registry import GAMES
from store import Store
from tables import TableManager
from terminal import cli
from terminal.session import MORE, PLAYER_ID, TERMINAL_CHANNEL, TERMINAL_GUILD, TerminalGame

WIDTH, HEIGHT = 80, 24
#: How the prompt for a move the game waits for starts (terminal.session._take_move).
MOVE = "Your move "


def seatings() -> list[tuple[str, int]]:
    """Every game at its fewest and its most players."""
    return [(name, players) for name, spec in GAMES.items()
            for players in sorted({spec.allowed_player_counts()[0],
                                   spec.allowed_player_counts()[-1]})]


class Prompts:
    """What the screen held at each prompt of one game."""

    def __init__(self) -> None:
        self.total = 0
        self.lost = 0  # prompts at which a told line had scrolled off
        self.more = 0  # of them, waits for Enter before a screenful is pushed off
        self.moves = 0  # of them, the player's moves when the game waits for them
        self.told_rows: list[int] = []
        self.above_rows: list[int] = []


async def play(game: str, players: int, seed: int, level: str, paged: bool) -> Prompts:
    store = await Store.open(":memory:")
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=HEIGHT)
    prompts = Prompts()
    answered_at = 0
    screen: TerminalGame

    def read(prompt: str) -> str:
        nonlocal answered_at
        more = prompt.startswith(MORE)
        answer = "" if more or prompt.startswith("Make it now") else "1"
        printed = out.getvalue()[answered_at:].count("\n")
        told = screen._told_rows
        prompt_rows = len(Text(prompt + answer).wrap(console, WIDTH))
        prompts.total += 1
        prompts.more += more
        prompts.moves += prompt.startswith(MOVE)
        if told:
            prompts.told_rows.append(told)
            prompts.above_rows.append(printed - told)
            prompts.lost += printed + prompt_rows > HEIGHT
        out.write(prompt + answer + "\n")  # the answer's line, as a terminal echoes it
        answered_at = len(out.getvalue())
        return answer

    try:
        table = await manager.create(
            guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game=game, options={},
            seats=cli.seats_for(GAMES[game], players, level, "Ann"), host_id=PLAYER_ID,
            seed=seed, settings={"hints": True},
        )
        screen = TerminalGame(console, manager, table, 0, read=read, paged=paged)
        manager.subscribe(screen)
        await screen.play(resumed=False)
    finally:
        await manager.close()
        await store.close()
    return prompts


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--only", help="one game (pip-rush ...)")
    parser.add_argument("--unpaged", action="store_true",
                        help="no waits for Enter, as when the output is no terminal")
    args = parser.parse_args()
    print(f"{WIDTH}x{HEIGHT}, {args.games} games a seating, {args.level} computers")
    print(f"{'seating':<18}{'prompts':>8}{'more':>6}{'moves':>7}{'more/move':>10}"
          f"{'told off':>10}{'told rows':>11}{'p95':>5}{'above':>7}")
    for game, players in seatings():
        if args.only not in (None, game):
            continue
        games = [await play(game, players, seed, args.level, not args.unpaged)
                 for seed in range(1, args.games + 1)]
        total = sum(g.total for g in games)
        lost = sum(g.lost for g in games)
        told = [rows for g in games for rows in g.told_rows]
        above = [rows for g in games for rows in g.above_rows]
        more = sum(g.more for g in games)
        moves = sum(g.moves for g in games)
        print(f"{game + ' at ' + str(players):<18}{total:>8}{more:>6}{moves:>7}"
              f"{more / moves:>10.2f}{lost / total:>10.0%}"
              f"{statistics.mean(told):>11.1f}{percentile(told, 0.95):>5.0f}"
              f"{statistics.mean(above):>7.1f}")


if __name__ == "__main__":
    asyncio.run(main())
