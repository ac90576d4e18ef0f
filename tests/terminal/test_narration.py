"""What a player reads, in the terminal and on Discord: their own moves as "you", each event
told once, cards with suit symbols, every line a sentence, a computer's level said once, lines
that fit an 80-column terminal, and a --resume recap in the order things happened. Whole games
of every seating are played by the player taking the first move offered and seeded computers."""

from __future__ import annotations

import io
import itertools
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from cogs.text import table_content
from engine.registry import GAMES
from store import Store
from tables import Listener, Table, TableManager
from tables.options import parse_options
from tables.table import RECENT_LINES
from tables.text import event_line, events_read_by
from terminal import cli
from terminal.cards import styled
from terminal.session import PLAYER_ID, TERMINAL_CHANNEL, TERMINAL_GUILD, Leave, TerminalGame
from terminal.telling import BETWEEN
from tests.e2e.seatings import WHOLE_GAMES, params

WIDTH = 80


@dataclass
class Played:
    table: Table
    screen: str
    #: Every line that tells a move (indented under the prompts), as the terminal printed it.
    told: list[str] = field(default_factory=list)


async def play_in_terminal(tmp_path: Any, game: str, players: int,
                           options: dict[str, Any] | None = None, seed: int = 1,
                           listener: Any = None) -> Played:
    """A whole game, the player at seat 0 taking the first move offered each time."""
    store = await Store.open(":memory:")  # no disk writes: seconds, not minutes
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    out = io.StringIO()

    def read(prompt: str) -> str:
        return "" if prompt.startswith("Make it now") else "1"

    try:
        table = await manager.create(
            guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game=game,
            options=options or {}, seats=cli.seats_for(GAMES[game], players, "easy", "Ann"),
            host_id=PLAYER_ID, seed=seed,
        )
        # Soft wrap: each line as printed, not as the terminal folds it.
        console = Console(file=out, width=WIDTH, soft_wrap=True)
        screen = TellingGame(console, manager, table, 0, read=read)
        manager.subscribe(screen)
        if listener is not None:
            manager.subscribe(listener)
        await screen.play(resumed=False)
    finally:
        await manager.close()
        await store.close()
    return Played(table, out.getvalue(), screen.told)


class TellingGame(TerminalGame):
    """The terminal game, keeping apart the lines that tell what happened from the state
    block and the choices printed before a prompt: as the screen printed them (a run of goes
    joined, short plays side by side), and each event's own line in the order read."""

    def __init__(self, console: Console, *args: Any, **kwargs: Any) -> None:
        super().__init__(console, *args, **kwargs)
        self.told: list[str] = []
        self.read_lines: list[str] = []

    def _introduce(self, resumed: bool) -> None:
        self.read_lines += self.table.lines_for(self.seat)
        super()._introduce(resumed)

    def _tell(self, line: Text) -> None:
        start = len(self.console.file.getvalue())
        super()._tell(line)
        self.told += told_lines(self.console.file.getvalue()[start:])

    async def on_update(self, table: Table, events: list[dict[str, Any]]) -> None:
        await super().on_update(table, events)
        self.read_lines += [line for event in events_read_by(events, self.seat)
                            for line in [event_line(event, table.names, self.seat)] if line]


def told_lines(shown: str) -> list[str]:
    """The lines that tell moves, as the terminal prints them: indented by two."""
    return [line[2:] for line in shown.splitlines() if re.match(r"  \S", line)]


async def test_eight_players_read_their_moves_as_you_and_each_level_once(tmp_path):
    played = await play_in_terminal(tmp_path, "pip-pip", 8, {"rounds": 1})
    lines = played.screen.splitlines()
    assert all(len(line) <= WIDTH for line in lines if line.startswith(("Players", "Scores")))
    players = lines[1:next(n for n, line in enumerate(lines) if line.startswith("Type help"))]
    assert " ".join(players).startswith("Players: Ann (you), Computer 1 (easy), ")
    assert "(easy)" not in "\n".join(lines[len(players) + 1:])
    assert any(line.startswith("You play ") for line in played.told)
    assert not [line for line in played.told if "Ann" in line]
    assert all(line.endswith(".") for line in played.told)


@pytest.mark.parametrize(("game", "players", "options"), [
    ("cribbage", 2, {"target": 61}), ("pip-pip", 3, {"rounds": 1}), ("pip-rush", 4, {}),
])
@pytest.mark.parametrize("moves", [1, 3, 8])
async def test_resume_recaps_the_last_lines_in_the_order_they_were_read(
        tmp_path, game, players, options, moves):
    store = await Store.open(str(tmp_path / "recap.db"))
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    made = 0

    def read(prompt: str) -> str:
        nonlocal made
        if prompt.startswith("Make it now"):
            return ""
        made += 1
        if made > moves:
            raise EOFError
        return "1"

    def leave_at_once(prompt: str) -> str:
        raise EOFError

    live, again = io.StringIO(), io.StringIO()
    try:
        table = await manager.create(
            guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game=game, options=options,
            seats=cli.seats_for(GAMES[game], players, "easy", "Ann"), host_id=PLAYER_ID, seed=3,
        )
        for out, reading, resumed in ((live, read, False), (again, leave_at_once, True)):
            screen = TellingGame(Console(file=out, width=WIDTH, soft_wrap=True), manager,
                                 table, 0, read=reading)
            if not resumed:
                live_screen = screen
            manager.subscribe(screen)
            with pytest.raises(Leave):
                await screen.play(resumed=resumed)
    finally:
        await manager.close()
        await store.close()
    recap = told_lines(again.getvalue().split("Where you left off:\n", 1)[1].split("\n\n")[0])
    # Each event's own line: the screen joined some as they came (terminal.telling).
    lines_read = [styled(line).plain for line in live_screen.read_lines]
    assert recap == lines_read[-len(recap):]
    assert len(recap) == min(len(lines_read), RECENT_LINES)


#: A card written the engine's way ("5H", "TS") rather than as players read it ("5♥").
LETTER_SUIT = re.compile(r"(?<![A-Za-z0-9])(?:10|[A2-9TJQK])[SHDC](?![A-Za-z0-9])")


@dataclass
class Channel(Listener):
    """What Discord shows of the table after each update: the table message's quoted event
    lines and the player's hand message lines."""

    table_lines: list[str] = field(default_factory=list)
    hand_lines: list[str] = field(default_factory=list)

    async def on_update(self, table: Table, events: list[dict[str, Any]]) -> None:
        content = table_content(table)
        self.table_lines += [line[2:] for line in content.splitlines() if line.startswith("> ")]
        self.hand_lines += table.private_lines(0)


#: Cards as a line may give them: named ("5♣ 9♥"), or only counted ("2 cards", "a card").
SOME_CARDS = re.compile(r"(?:(?:10|[A2-9JQK])[♠♥♦♣](?: (?:10|[A2-9JQK])[♠♥♦♣])*|\d+ cards?|a card)")


def told_twice(lines: list[str]) -> list[tuple[str, str]]:
    """Neighbouring lines that tell one event twice, once with its cards and once without
    ("You discard 2 cards to the crib." and "You discard 5♣ 9♥ to the crib.")."""
    return [(one, two) for one, two in itertools.pairwise(lines)
            if SOME_CARDS.sub("#", one) == SOME_CARDS.sub("#", two)]


@pytest.mark.parametrize("seating", params(WHOLE_GAMES))
async def test_what_a_player_reads_in_a_whole_game(tmp_path, seating):
    spec = GAMES[seating.game]
    options = parse_options(spec, seating.lobby_options() or "")
    channel = Channel()
    played = await play_in_terminal(tmp_path, seating.game, seating.players, options,
                                    listener=channel)
    assert played.table.status == "finished"
    for lines in (played.told, channel.table_lines, channel.hand_lines):
        assert lines
        assert not [line for line in lines if LETTER_SUIT.search(line)]
        assert not [line for line in lines if not line.endswith((".", "!"))]
    assert not told_twice([part for row in played.told for part in row.split(BETWEEN)])
    # The player reads their own moves as "you": in the terminal and in their hand message.
    for lines in (played.told, channel.hand_lines):
        assert not [line for line in lines if "Ann" in line]
    assert [line for line in played.told if line.startswith(("You ", "Your "))]
    # The channel reads everyone in the third person.
    assert not [line for line in channel.table_lines if re.search(r"\b[Yy]ou\b", line)]
    assert [line for line in channel.table_lines if "Ann" in line]


async def test_a_choice_is_asked_once_by_its_prompt_and_its_result_told_to_everyone(tmp_path):
    """At PIP Rush with 4, a line a trick about who chooses next pushed what the computers did
    off an 80x24 terminal, and a line telling the chooser "You choose which racer ..." said
    again what the words above their choices ask: the prompt alone asks, everyone reads the
    result."""
    channel = Channel()
    played = await play_in_terminal(tmp_path, "pip-rush", 4, listener=channel)
    assert played.table.status == "finished"
    asked = [line for line in played.screen.splitlines()
             if re.match(r"Your \S+ did not win: pick the racer", line)]
    assert asked
    for lines in (played.told, channel.hand_lines, channel.table_lines):
        assert not [line for line in lines if " choose" in line]
    # What each computer chose, told by its result, which names its racer.
    for lines in (played.told, channel.table_lines):
        choosers = {match.group(1) for line in lines
                    for match in [re.search(r"(Computer \d)'s racer [AB] ", line)] if match}
        assert choosers == {"Computer 1", "Computer 2", "Computer 3"}
