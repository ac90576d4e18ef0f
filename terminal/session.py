"""One terminal game: the table layer plays it, this module shows it and asks for moves.

The player sits at a table of the TableManager like a Discord member (the same store, engine,
computer players and event lines); every accepted move is committed before the next prompt, so
leaving at any point loses nothing.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from engine.errors import IllegalAction
from tables import Listener, Table, TableManager
from tables.hints import hint_lines, hint_now
from tables.lobby import group_sides
from tables.pictures import hand_view
from tables.review import check_reviewable, review_of, review_text
from tables.table import OutOfDate
from tables.text import (
    event_line,
    events_read_by,
    fill_names,
    outcome_said_once,
    outcome_words,
)
from terminal.cards import cards_text, styled, without_pictographs
from terminal.layout import beside, fit, fitted, in_columns
from terminal.moves import Choices, NotOffered
from terminal.rows import hanging_rows, no_lone_word, print_hanging, rows_of
from terminal.telling import Teller

#: The terminal's games are kept apart from every Discord server's in the same kind of store.
TERMINAL_GUILD = 0
TERMINAL_CHANNEL = 0
#: The player at the keyboard (Discord user ids are far larger, so this never meets one).
PLAYER_ID = 1

#: One line per paragraph: the console wraps them to the terminal's width (a line broken here
#: as well would break again short of it).
HELP = """\
Choose a move by its key in the list (1, 2 ... or a, b ...), or type its cards: 5h, 10s, qd, \
or all of a move's cards together: 5h 6c. A move as the list writes it works too: play 5h.
  hint    the best few choices now, and why
  review  once the game is over: each of your choices against the best
  rules   the rules of this game
  help    this text
  quit    save and stop (Ctrl-D or Ctrl-C do the same); scripts/play --resume goes on
To see the board as pictures, start with --images DIR: table.png and hand.png are written \
there after every move."""

#: Said after HELP's first paragraph while a move is chosen by its number (a claim's points).
NUMBER_HELP = " A claim is made by typing its number: 12 claims 12."

#: Answers to the offer of a review after the end that see it; the words of the game's
#: prompts there ask again; anything else leaves.
REVIEW_YES = ("review", "r", "yes", "y")
GAME_WORDS = ("help", "?", "hint", "rules")

#: A line of HELP that names a word and what it does: its lines are set under what it does.
HELP_WORD = re.compile(r"  \S+ +")
#: The wait for Enter on a paged screen, before lines that would push those told since the
#: last answer off its top.
MORE = "More to read: press Enter "

#: Before each told line: the state and the prompt below start at the screen's edge.
LEAD = "  "

#: A move typed for a decision play moved past while it was typed (a computer claimed the next
#: count before a Muggins! press arrived): refused, and the choices of now shown instead.
TOO_LATE = "Too late: play moved on before your move arrived, so it was not made."


class Leave(Exception):
    """The player stops: end of input, Ctrl-C or quit. The game is already saved."""


@dataclass
class Pictures:
    """Writes table.png and hand.png into a folder after every move."""

    folder: Path

    def write(self, table: Table, seat: int) -> str | None:
        """None when written, else a one-line reason."""
        import render

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            table_png = render.draw_table(table.game_name, table.public_view())
            hand_png = render.draw_hand(table.game_name, hand_view(table, seat))
            (self.folder / "table.png").write_bytes(table_png)
            (self.folder / "hand.png").write_bytes(hand_png)
        except Exception as error:  # a picture that fails must not stop the game
            return f"Could not write the pictures to {self.folder}: {error}"
        return None


class TerminalGame(Listener):
    """Shows one table to the player at `seat` and carries out their moves."""

    def __init__(
        self,
        console: Console,
        manager: TableManager,
        table: Table,
        seat: int,
        *,
        read: Callable[[str], str],
        pictures: Pictures | None = None,
        paged: bool = False,
        hold: float | None = None,
    ) -> None:
        self.console = console
        self.manager = manager
        self.table = table
        self.seat = seat
        self.read = read
        self.pictures = pictures
        self._offered_at: int | None = None
        #: The version whose moves the screen has told (see on_update).
        self._told_version = table.version
        self._offer = asyncio.Event()
        self._idle: asyncio.Future[None] | None = None
        #: The screen's rows that told moves since the player last answered a prompt.
        self._told_rows = 0
        #: Whether a screenful of lines waits for Enter before more are told (a screen of
        #: `console.height` rows, at a terminal), and whether the player left at such a wait.
        #: A move's line waits for the next to join it (terminal.telling) until a prompt, or
        #: at most `hold` seconds on the manager's clock.
        self.paged = paged
        self._left = False
        self._teller = Teller(lambda line: self._tell(styled(line)),
                              lambda: console.width - len(LEAD), manager.clock, hold)

    # ------------------------------------------------------------ the listener

    async def on_update(self, table: Table, events: list[dict[str, Any]]) -> None:
        if table is not self.table:
            return
        for event in events_read_by(events, self.seat):
            line = event_line(event, table.names, self.seat)
            if line is not None:
                self._teller.add(event, line, table.names, self.seat)
        self._teller.wait()
        # The table announces each move it accepts once, in order: this update tells the move
        # after the last one told (the table may be further on already).
        self._told_version = min(self._told_version + 1, table.version)
        self._draw_pictures()
        if self._offer_due():
            self._offer.set()

    # ------------------------------------------------------------ playing

    async def play(self, resumed: bool) -> None:
        self._introduce(resumed)
        self._draw_pictures()
        while True:
            must = await self._until_player_needed()
            self._teller.flush()  # every move so far told before the game asks anything
            if self._left:
                raise Leave
            if must is None:
                break
            self._show_choices(must)
            await self._take_move(must)
        # The move that ended the game may still be being stored and told: its lines come
        # before the winner, and a review needs the game stored as finished.
        await self.manager.wait_idle()
        self._teller.flush()
        if self._left:
            raise Leave
        self._show_end()
        if self.table.status == "finished":
            await self._offer_review()

    async def _until_player_needed(self) -> bool | None:
        """True when the game waits for the player, False when they may make an off-turn
        move (a call), None when the game is over or cannot go on."""
        while True:
            if not self.table.active:
                return None
            if self._offer_due():
                return False
            if self._idle is None or self._idle.done():
                # Never cancelled: cancelling wait_idle would cancel the computer's turn too.
                self._idle = asyncio.ensure_future(self.manager.wait_idle())
            offer = asyncio.ensure_future(self._offer.wait())
            waits: set[asyncio.Future[Any]] = {self._idle, offer}
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            offer.cancel()
            self._offer.clear()
            if not self._idle.done():
                continue
            self._told_version = self.table.version  # idle: every update is delivered
            if not self.table.active:
                return None
            if self.seat in self.table.waiting_for():
                return True
            if not self._offer_due():
                return None  # nobody can move: the table stopped

    def _offer_due(self) -> bool:
        """A move the player may make before their turn, not yet offered, once the screen has
        told every move so far: an offer ahead of a move's lines would show its scores first."""
        version = self.table.version
        return (self._told_version == version and self._offered_at != version
                and bool(self._optional_moves()))

    def _optional_moves(self) -> list[dict[str, Any]]:
        if self.seat in self.table.waiting_for():
            return []
        return self.table.legal_for(self.seat)

    def _choices(self) -> Choices:
        spec = self.table.spec
        view = self.table.view_for(self.seat)
        return Choices(self.table.legal_for(self.seat), spec.labels_for(view), spec.typed_number)

    async def _take_move(self, must: bool) -> None:
        choices = self._choices()
        keys = choices.prompt_keys()
        words = ("hint, " if self.table.spec.analyse is not None else "") + "rules, help, quit"
        prompt = (
            f"Your move [{keys}, {words}]: "
            if must
            else f"Make it now [{keys}, {words}], or press Enter to let play go on: "
        )
        version = self.table.version
        # The decision these choices answer: a move typed for it is refused once play has
        # moved past it (a computer claimed the next count), never carried out on the next.
        stamped = self.table.seat_version(self.seat)
        while True:
            typed = self._ask(prompt).strip()
            word = typed.lower()
            if word == "rules":
                self._show_rules()
                self._show_choices(must)  # the rules filled the screen: the game again below
                continue
            if word in ("help", "?"):
                self._show_help()
                continue
            if word == "hint":
                self._show_hint()
                continue
            if word == "review":
                self.console.print("The review comes once the game is over: type review "
                                   "then.", markup=False)
                continue
            if word in ("quit", "exit"):
                raise Leave
            if not typed:
                if not must:
                    self._offered_at = version
                    return
                self.console.print("Type a move: its key from the list, or its cards.")
                continue
            try:
                try:
                    action = choices.choose(typed)
                except NotOffered as refusal:
                    if refusal.attempt is None:
                        raise
                    action = refusal.attempt  # the game says what is wrong with it
                await self.manager.act(self.table.id, PLAYER_ID, action, version=stamped)
            except OutOfDate:
                self.console.print(TOO_LATE, style="yellow", markup=False)
                return  # the choices of now follow
            except IllegalAction as refusal:
                self.console.print(styled(str(refusal)), style="yellow")
                if self.table.version != version:
                    return  # the table moved on meanwhile: show the new choices
                continue
            self._offered_at = None
            return

    def _show_hint(self) -> None:
        """The bot's Hint: the best few choices by the game's own analysis, worked out at once
        (milliseconds), so that no computer moves between the choices and their hint."""
        # Games saved before the terminal turned hints on: asked for, they are assisted now.
        self.table.settings["hints"] = True
        try:
            entries = hint_now(self.table, self.seat)
        except IllegalAction as refusal:
            self.console.print(styled(str(refusal)), style="yellow")
            return
        choices = self._choices()
        # Each choice under the key that plays it, as in the list of moves, never a rank
        # that would read as another move's key.
        self.console.print("Hint, the best choices first:")
        terms = self.table.spec.review_terms
        for action, figure, why in hint_lines(entries, terms):
            print_hanging(self.console, f"  {choices.key_of(action)}. ", styled(
                f"{choices.label(action)} ({figure}): {why}"))
        self.console.print(terms.about, markup=False)

    async def _offer_review(self) -> None:
        """After the end: the bot's review of the player's choices, if they want it."""
        prompt = "Type review to see your choices judged, or press Enter to leave: "
        while True:
            try:
                typed = self.read(prompt).strip().lower()
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return
            if typed in REVIEW_YES:
                break
            if typed not in GAME_WORDS:
                return
            # A word for the game's prompts must not leave with the review unseen.
            self.console.print("The game is over: review judges your choices, Enter leaves.")
        store = self.manager.store
        try:
            record, seat = await check_reviewable(store, self.table.id, TERMINAL_GUILD,
                                                  PLAYER_ID)
            review = await review_of(store, record, seat)
        except IllegalAction as refusal:
            self.console.print(str(refusal), style="yellow", markup=False)
            return
        # The whole review: a terminal has no message limit to keep it under.
        text = review_text(review, self.table.names[self.seat], limit=None).replace("**", "")
        for line in text.splitlines():
            bullet, space, rest = line.partition(" ")
            if bullet == "•" and space:
                print_hanging(self.console, "• ", styled(rest))
            else:
                self.console.print(styled(without_pictographs(line)))

    def _show_help(self) -> None:
        lines = HELP.splitlines()
        if self._choices().by_number:  # a claim: other games and other moments have none
            lines[0] += NUMBER_HELP
        for line in lines:
            word = HELP_WORD.match(line)
            if word:
                print_hanging(self.console, word.group(), Text(line[word.end():]))
            else:
                self.console.print(line, markup=False)

    def _ask(self, prompt: str) -> str:
        try:
            typed = self.read(escape(prompt))
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise Leave from None
        self._told_rows = 0  # what is told from here on follows this answer
        return typed

    # ------------------------------------------------------------ showing

    def _introduce(self, resumed: bool) -> None:
        table, console = self.table, self.console
        console.rule(f"{table.spec.title} · game #{table.id}")
        sides = group_sides(table.spec, len(table.seats), table.options)
        mine = next(side for side in sides if self.seat in side)
        seats = [self._seated(s) for s in range(len(table.seats))]
        heading = [fitted("Players: ", seats, ", ", console.width)]
        partners = [table.names[s] for s in mine if s != self.seat]
        if partners:
            heading.append(f"Your partner: {' and '.join(partners)}")
        if resumed:
            heading.append("Where you left off:")
        else:
            hint = ", hint for the best choices" if table.spec.analyse is not None else ""
            heading.append(f"Type help for how to move, rules for the rules{hint}.")
        for line in heading:
            console.print(line, markup=False)
        # Read before the first prompt as the lines told are: kept on the screen with them.
        self._told_rows = 1 + sum(rows_of(console, Text(line)) for line in heading)
        for line in table.lines_for(self.seat):
            self._tell(styled(line))

    def _seated(self, seat: int) -> str:
        """A seat in the list of players: a computer with its level, said only here."""
        info = self.table.seats[seat]
        level = f"({info.level})"
        if info.is_computer and not info.name.endswith(level):  # older games named it so
            return f"{info.name} {level}"
        return self._who(seat)

    def _who(self, seat: int) -> str:
        name = self.table.names[seat]
        return f"{name} (you)" if seat == self.seat else name

    def _tell(self, line: Text) -> None:
        """A move's line, after a wait for Enter if it would push a line told since the last
        answer off the top of the screen."""
        self._room_for(hanging_rows(self.console, LEAD, line))
        self._told_rows += print_hanging(self.console, LEAD, line)

    def _room_for(self, rows: int) -> None:
        """Waits for Enter first when `rows` more, under the lines told since the last answer
        and above a prompt's row, would scroll one of those lines off a paged screen."""
        if not self.paged or self._left or not self._told_rows:
            return
        if self._told_rows + rows + 1 <= self.console.height:
            return
        try:
            typed = self.read(escape(MORE))
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            typed = "quit"
        if typed.strip().lower() in ("quit", "exit"):
            self._left = True  # left at the next prompt; the game meanwhile goes on as saved
        self._told_rows = 0

    def _fill(self, line: str) -> str:
        """A game's line with seats named, the player's own as "you"."""
        return fill_names(line, self.table.names, self.seat)

    def _state(self, view: dict[str, Any]) -> list[Text]:
        """The game's state block (scores, whose turn, the count, the track ...)."""
        width = self.console.width
        lines = beside([self._fill(line) for line in self.table.spec.status_lines(view)], width)
        return [Text(), *(row for line in lines for row in no_lone_word(
            self.console, styled(fit(line, width))))]

    def _show_choices(self, must: bool) -> None:
        view = self.table.view_for(self.seat)
        above = self._state(view)
        hand = view.get("hand")
        if hand and isinstance(hand, list) and all(isinstance(c, str) for c in hand):
            above.append(Text("Your hand: ") + cards_text(hand))
        above += [styled(self._fill(line)) for line in self.table.spec.choice_lines(view)]
        if not must:
            above.append(Text("You may move now, before your turn:"))
        rows = self._choices().lines()
        keyed = [Text(f"  {key + '.':>3} ") + styled(label) for key, label in rows if key]
        below = [Text("      ") + styled(label) for key, label in rows if not key]
        console = self.console
        width, height = console.width, console.height
        # The prompt takes a row under the block.
        block = sum(rows_of(console, line) for line in [*above, *below]) + 1
        # One move a line would push the moves told since the last prompt off the screen.
        crowded = self._told_rows + block + len(keyed) > height
        listed = in_columns(keyed, width, crowded)
        self._room_for(block - 1 + sum(rows_of(console, line) for line in listed))
        if not self._told_rows and crowded:  # a screen of its own now: a move a line if it fits
            listed = in_columns(keyed, width, block + len(keyed) > height)
        for line in [*above, *listed, *below]:
            self.console.print(line)

    def _show_rules(self) -> None:
        sections = self.table.spec.rules or (("Rules", "No rules are written for this game."),)
        self.console.rule(f"{self.table.spec.title}: rules")
        for title, text in sections:
            self.console.print(Text(title, style="bold"))
            self.console.print(styled(text))
            self.console.print()
        self.console.rule()

    def _show_end(self) -> None:
        table, console = self.table, self.console
        outcome = table.outcome
        if outcome is None:
            console.print()
            console.print(f"The game stopped ({table.status}).", markup=False)
            return
        who, rest = outcome_said_once(table.names, outcome, self.seat)
        detail = outcome_words(table.names, outcome, self.seat)[2]
        if detail and detail in table.lines_for(self.seat):  # said just above
            winner = Text(f"{who.rstrip('!')}!", style="bold green")
        else:
            winner = Text(who, style="bold green") + styled(rest)
        # The final scores, or the racers where they ended; a blank row; who won.
        state = [*self._state(table.view_for(self.seat)), Text(), winner]
        self._room_for(sum(rows_of(console, line) for line in state))
        for line in state:
            console.print(line)

    def _draw_pictures(self) -> None:
        if self.pictures is None:
            return
        problem = self.pictures.write(self.table, self.seat)
        if problem is not None:
            self.console.print(problem, style="yellow", markup=False)
            self.pictures = None  # said once; the game goes on without them

