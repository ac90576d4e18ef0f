"""`scripts/play [GAME] [--players N] [--level L] [--resume] [--images DIR]`: the arguments,
the game and seats chosen, then one TerminalGame played to its end or until the player leaves.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import shlex
import signal
import socket
import sys
import termios
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from rich.console import Console

from engine.errors import IllegalAction
from engine.registry import GAMES, LEVELS, GameSpec
from store import Store
from tables import SeatInfo, Table, TableManager
from tables.options import find_game, option_value, parse_options
from terminal.session import (
    PLAYER_ID,
    TERMINAL_CHANNEL,
    TERMINAL_GUILD,
    Leave,
    Pictures,
    TerminalGame,
)
from terminal.telling import HOLD

#: Terminal games live in their own file so that a terminal never plays the computer turns of
#: a bot's Discord games (TableManager.start resumes every running game of its database).
DEFAULT_DATABASE = "data/terminal.db"
DEFAULT_LEVEL = "normal"


def example_command() -> str:
    """A command line for --help: the first game that has an option, with a value other than
    its default."""
    for name, spec in GAMES.items():
        for option in spec.options:
            for choice in option.choices:
                if choice != option.default:
                    return f"scripts/play {name} --option {option.name}={option_value(choice)}"
    return f"scripts/play {next(iter(GAMES))}"


def parser() -> argparse.ArgumentParser:
    games = ", ".join(GAMES)
    parser = argparse.ArgumentParser(
        prog="scripts/play",
        description="Play a game of the card table bot in this terminal, against computer "
        "players. No Discord needed.",
        epilog=f"Example: {example_command()}",
    )
    parser.add_argument("game", nargs="?", help=f"one of {games} (asked if left out)")
    parser.add_argument("--players", type=int, help="how many seats, you included")
    parser.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                        help=f"the computer players' level (default {DEFAULT_LEVEL})")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, as in /play: target=61, muggins=on, rounds=1 ...")
    parser.add_argument("--resume", action="store_true",
                        help="go on with your last unfinished game")
    parser.add_argument("--images", type=Path, metavar="DIR",
                        help="write table.png and hand.png into DIR after every move")
    parser.add_argument("--name", help="your name at the table")
    parser.add_argument("--database", default=DEFAULT_DATABASE,
                        help=f"where games are saved (default {DEFAULT_DATABASE})")
    parser.add_argument("--delay", type=float, default=0.5, metavar="SECONDS",
                        help="pause before each computer move (default 0.5)")
    parser.add_argument("--seed", type=int, help=argparse.SUPPRESS)
    return parser


def resume_command(database: str) -> str:
    """The command that goes on with a game saved in `database`."""
    if database == DEFAULT_DATABASE:
        return "scripts/play --resume"
    return f"scripts/play --resume --database {shlex.quote(database)}"


def play_again_command(table: Table, database: str) -> str:
    """The command that starts another game like `table`: the same game, seats, computer
    level and options, saved in the same database; what is left at its default is left out."""
    spec = table.spec
    words = ["scripts/play", spec.name]
    if len(table.seats) != spec.allowed_player_counts()[0]:
        words += ["--players", str(len(table.seats))]
    levels = {seat.level for seat in table.seats if seat.is_computer}
    if len(levels) == 1 and levels != {DEFAULT_LEVEL}:
        words += ["--level", levels.pop()]
    for option in spec.options:
        value = table.options.get(option.name, option.default)
        if value != option.default:
            words += ["--option", f"{option.name}={option_value(value)}"]
    if database != DEFAULT_DATABASE:
        words += ["--database", database]
    return " ".join(shlex.quote(word) for word in words)


def ask_game(console: Console) -> GameSpec | None:
    """The game the player picks from a numbered list; None if they leave instead."""
    specs = list(GAMES.values())
    console.print("Which game?")
    for number, spec in enumerate(specs, start=1):
        console.print(f"  {number}. {spec.title} ({spec.players_in_words()})", markup=False)
    while True:
        try:
            typed = console.input(f"Game [1-{len(specs)}]: ").strip()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return None
        if typed.isdigit() and 1 <= int(typed) <= len(specs):
            return specs[int(typed) - 1]
        if typed.lower() in ("help", "rules", "?"):
            console.print("Type a game's number or name. Once it starts, rules shows its rules "
                          "and help how to move.")
            continue
        if not typed or typed.isdigit():  # no game is named by nothing, nor by a number
            console.print(f"Choose a number from 1 to {len(specs)}, or type a game's name.")
            continue
        try:
            return find_game(typed)
        except IllegalAction as problem:
            console.print(f"Choose a number from 1 to {len(specs)}. {problem}", markup=False)


def ask_players(console: Console, spec: GameSpec) -> int | None:
    """How many seats, asked once the game is chosen from the list, for a game several can
    play: the fewest when the player just presses Enter; None if they leave instead."""
    counts = spec.allowed_player_counts()
    if len(counts) == 1:
        return counts[0]
    allowed = spec.players_in_words().removesuffix(" players")
    while True:
        try:
            typed = console.input(f"Players, you included [{allowed}; Enter for {counts[0]}]: ")
        except (EOFError, KeyboardInterrupt):
            console.print()
            return None
        typed = typed.strip()
        if not typed:
            return counts[0]
        if typed.isdigit() and int(typed) in counts:
            return int(typed)
        console.print(f"{spec.title} is for {spec.players_in_words()}: type how many, or "
                      f"press Enter for {counts[0]}.", markup=False)


def seats_for(spec: GameSpec, players: int | None, level: str, name: str) -> list[SeatInfo]:
    counts = spec.allowed_player_counts()
    players = counts[0] if players is None else players
    if players not in counts:
        raise IllegalAction(f"{spec.title} is for {spec.players_in_words()}, not {players}.")
    computers = players - 1
    return [SeatInfo(PLAYER_ID, name)] + [
        SeatInfo.computer(level, f"Computer {n}" if computers > 1 else "Computer")
        for n in range(1, computers + 1)
    ]


def login_name() -> str:
    try:
        return getpass.getuser().capitalize() or "Player"
    except (KeyError, OSError):  # no login name for this user id (e.g. in a container)
        return "Player"


def saved_games(manager: TableManager, spec: GameSpec | None) -> list[Table]:
    tables = manager.table_of(TERMINAL_GUILD, PLAYER_ID)
    return sorted(
        (t for t in tables if spec is None or t.spec is spec), key=lambda t: t.id
    )


async def run(args: argparse.Namespace, console: Console, ctrl_c: CtrlC) -> int:
    spec = find_game(args.game) if args.game else None
    if spec is None and not args.resume:
        spec = ask_game(console)
        if spec is None:
            return 0
        if args.players is None:
            args.players = ask_players(console, spec)
            if args.players is None:
                return 0
    options = parse_options(spec, " ".join(args.option)) if spec is not None else {}
    name = args.name or login_name()
    seats = seats_for(spec, args.players, args.level, name) if spec is not None else []
    store = await Store.open(args.database)
    manager = TableManager(store, ai_delay=args.delay, idle_warn=None, idle_takeover=None)
    try:
        await manager.start()
        if args.resume:
            saved = saved_games(manager, spec)
            if not saved:
                what = f"{spec.title} game" if spec is not None else "game"
                console.print(f"No unfinished {what} is saved in {args.database}.",
                              markup=False)
                return 1
            table = saved[-1]
        else:
            assert spec is not None  # asked for above unless resuming
            table = await manager.create(
                guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game=spec.name,
                options=options, seats=seats, host_id=PLAYER_ID, seed=args.seed,
                settings={"hints": True},  # `hint` is always there, as with hints on in a lobby
            )
        seat = table.seat_of(PLAYER_ID)
        assert seat is not None
        game = TerminalGame(
            console, manager, table, seat,
            read=ctrl_c.interrupting(unseen_lines_dropped(console.input)),
            pictures=Pictures(args.images) if args.images else None,
            paged=console.is_terminal,  # a screen to keep lines on, not a file or a pipe
            hold=HOLD if console.is_terminal else None,  # watched as it comes
        )
        manager.subscribe(game)
        try:
            await game.play(resumed=args.resume)
        except Leave:
            console.print(f"Saved game #{table.id}. {resume_command(args.database)} goes on "
                          "with it.", markup=False)
            return 0
        if table.finished:  # one line, however wide, so that it copies whole
            console.print(f"Another game like this one: {play_again_command(table, args.database)}",
                          markup=False, soft_wrap=True)
        return 0
    finally:
        await manager.close()
        await store.close()


def unseen_lines_dropped(read: Callable[[str], str]) -> Callable[[str], str]:
    """`read`, first dropping what was typed before the prompt showed (Enter pressed while the
    computers played): it would answer a question the player has not seen, passing an offer
    of Muggins! unseen. At a terminal only; input from a pipe or file is read whole."""
    def reading(prompt: str) -> str:
        with contextlib.suppress(OSError, termios.error, ValueError):
            if sys.stdin.isatty():
                termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
        return read(prompt)

    return reading


class CtrlC:
    """Ctrl-C, wherever the program is. At a prompt it raises KeyboardInterrupt inside input(),
    the only way to stop a blocked read. Anywhere else it cancels the game's task, so the stop
    lands at an await and never as an exception in the middle of the table's own code, where
    a finaliser or a callback could swallow it."""

    def __init__(self) -> None:
        self._reading = False
        self._task: asyncio.Task[int] | None = None

    def handle(self, signum: int, frame: object) -> None:
        if self._reading or self._task is None:
            raise KeyboardInterrupt
        self._task.get_loop().call_soon_threadsafe(self._task.cancel)

    def interrupting(self, read: Callable[[str], str]) -> Callable[[str], str]:
        def reading(prompt: str) -> str:
            self._reading = True
            try:
                return read(prompt)
            finally:
                self._reading = False

        return reading

    async def guard(self, work: Coroutine[Any, Any, int]) -> int:
        """Runs `work` as the task a Ctrl-C cancels."""
        loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()
        # The kernel may hand the signal to a worker thread (aiosqlite's) while the loop sleeps
        # in its selector; the byte Python then writes to the wakeup socket wakes the loop, so
        # the handler runs at once rather than at the next timer.
        wake, woken = socket.socketpair()
        woken.setblocking(False)
        wake.setblocking(False)
        loop.add_reader(woken.fileno(), _drain, woken)
        previous = signal.set_wakeup_fd(wake.fileno(), warn_on_full_buffer=False)
        try:
            return await work
        finally:
            signal.set_wakeup_fd(previous)
            loop.remove_reader(woken.fileno())
            wake.close()
            woken.close()
            self._task = None


def _drain(sock: socket.socket) -> None:
    with contextlib.suppress(BlockingIOError):
        while sock.recv(64):
            pass


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    console = Console(highlight=False)
    ctrl_c = CtrlC()
    previous = signal.signal(signal.SIGINT, ctrl_c.handle)
    try:
        return asyncio.run(ctrl_c.guard(run(args, console, ctrl_c)))
    except IllegalAction as problem:
        console.print(str(problem), markup=False)
        return 2
    except (KeyboardInterrupt, EOFError, asyncio.CancelledError):
        console.print(f"\nStopped; every move so far is saved. {resume_command(args.database)} "
                      "goes on.", markup=False)
        return 130
    finally:
        signal.signal(signal.SIGINT, previous)


if __name__ == "__main__":
    sys.exit(main())
