"""Simulated players who use the bot only as a person would: slash commands, buttons, menus.

`GameDriver` opens a lobby, seats humans and computers, starts, and then plays: it reads whose
turn it is from the mentions on the table message, opens that player's hand, and picks one of
the controls it offers (at random, from a seeded generator). It never looks at the engine, so
the tests see the bot exactly as Discord users would. The e2e tests and the Discord
benchmarks use it; tests/e2e/test_players.py checks the driver itself.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot import CardBot, create_bot
from engine.registry import GAMES
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser, InteractionRecord

BUTTON, SELECT = 2, 3
CHANNEL_MESSAGE, DEFERRED_UPDATE = 4, 6
MENTION = re.compile(r"<@(\d+)>")
TABLE_ID = re.compile(r"cb:t:(\d+):hand")

#: Options that make test games short (a test may play every game to the end).
QUICK_OPTIONS: dict[str, str] = {
    "cribbage": "target=61",
    "pip-cribbage": "target=61",
    "pip-pip": "rounds=1",
}


def test_bot(database: str, **knobs: Any) -> CardBot:
    """A bot for tests: computers and forced moves play at once, table messages and hands
    refresh without waiting, no idle timers, and the expert searches one deal a decision
    rather than for a second of real time: the same choices on any machine, however busy,
    and no test waits on its thinking."""
    settings: dict[str, Any] = {
        "expert_iterations": 1,
        "ai_delay": 0.0,
        "forced_delay": 0.0,
        "refresh_interval": 0.0,
        "hand_interval": 0.0,
        "idle_warn": None,
        "idle_takeover": None,
    }
    settings.update(knobs)
    return create_bot(database, **settings)


test_bot.__test__ = False  # type: ignore[attr-defined]  # a factory, not a test


async def wait_settled(bot: CardBot) -> None:
    """Until computer turns, forced moves, table and hand refreshes have all gone out."""
    cog = bot.get_cog("Tables")
    while True:
        if bot.tournaments is not None:
            await bot.tournaments.wait_idle()
        elif bot.tables is not None:
            await bot.tables.wait_idle()
        if cog is None or not cog.pending():  # type: ignore[attr-defined]
            return
        await cog.flush()  # type: ignore[attr-defined]


def has_computer_player(game: str) -> bool:
    from tables.computer import has_computer_player as check

    return check(GAMES[game])


class Refused(Exception):
    """The bot answered a press with an ephemeral explanation instead of acting on it."""


@dataclass
class GameDriver:
    fake: FakeDiscord
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    #: The newest hand message each user has, refreshed in place by the bot after moves.
    hands: dict[int, int] = field(default_factory=dict)
    channel_id: int | None = None
    table_id: int | None = None
    moves: int = 0
    #: Presses the bot refused as out of date or out of turn (the driver then reopens the hand).
    refusals: int = 0
    #: The hand message the last move was made on.
    last_hand: int | None = None
    #: Called after every move (hidden-card checks hook in here).
    after_move: Callable[[], None] | None = None
    _table_message: int | None = None

    @property
    def bot(self) -> CardBot:
        bot = self.fake.bot
        assert isinstance(bot, CardBot)
        return bot

    async def settle(self) -> None:
        await self.fake.wait_quiet()
        await wait_settled(self.bot)
        await self.fake.wait_quiet()

    # ------------------------------------------------------------ lobby

    async def open_lobby(
        self, host: FakeUser, game: str, options: str | None = None, channel: str | None = None,
        hints: bool = False,
    ) -> FakeMessage:
        args: dict[str, Any] = {"game": game}
        if options:
            args["options"] = options
        if hints:
            args["hints"] = True
        answer = await self.fake.slash(host, "play", args, channel=channel)
        assert answer.message is not None, answer.errors
        return answer.message

    async def start_game(
        self,
        game: str,
        humans: list[FakeUser],
        computers: list[str] = (),  # type: ignore[assignment]
        options: str | None = None,
        hints: bool = False,
    ) -> int:
        """Lobby, joins, computers, Start; returns the table id."""
        lobby = await self.open_lobby(humans[0], game, options or QUICK_OPTIONS.get(game),
                                      hints=hints)
        for user in humans[1:]:
            await self.press(user, lobby, label="Join")
        for level in computers:
            await self.choose(humans[0], lobby, [level], placeholder="Add a computer player…")
        await self.press(humans[0], lobby, label="Start")
        await self.settle()
        table = self.find_table()
        assert table is not None, "no table message after Start"
        return self.table_id or 0

    # ------------------------------------------------------------ pressing

    async def press(self, user: FakeUser, message: FakeMessage | int, **which: str) -> Any:
        record = await self.fake.click(user, message, **which)
        return self._answer(record)

    async def choose(
        self, user: FakeUser, message: FakeMessage | int, values: list[str], **which: str
    ) -> Any:
        record = await self.fake.select(user, message, values=values, **which)
        return self._answer(record)

    async def use_at_random(self, user: FakeUser, hand: FakeMessage,
                            control: dict[str, Any]) -> Any:
        """Press `control` of `hand`, or pick its menu's least number of values at random."""
        if control["type"] == BUTTON:
            return await self.press(user, hand, custom_id=control["custom_id"])
        options = [o["value"] for o in control["options"]]
        picked = self.rng.sample(options, control.get("min_values", 1))
        return await self.choose(user, hand, picked, custom_id=control["custom_id"])

    @staticmethod
    def _answer(record: InteractionRecord) -> InteractionRecord:
        """The record; raises Refused when the bot answered with an ephemeral note only."""
        notes = list(record.followups)
        if record.response_type == CHANNEL_MESSAGE and record.message is not None:
            notes.append(record.message)
        refusals = [n for n in notes if n.ephemeral and not n.find_components()]
        if refusals:
            raise Refused(refusals[-1].content)
        return record

    # ------------------------------------------------------------ reading the table

    def find_table(self) -> FakeMessage | None:
        """The newest message carrying a table's Rules button (the table message)."""
        known = self.fake.state.messages.get(self._table_message or 0)
        if known is not None and not known.deleted:
            return known  # reposting deletes the old table message, which ends this shortcut
        for message in reversed(self.fake.state.messages.values()):
            if message.deleted or message.ephemeral:
                continue
            if self.channel_id is not None and message.channel_id != self.channel_id:
                continue
            ids = [c.get("custom_id", "") for c in message.find_components()]
            tables = [re.fullmatch(r"cb:t:(\d+):rules", i) for i in ids]
            found = next((m for m in tables if m), None)
            if found and (self.table_id is None or int(found[1]) == self.table_id):
                self.table_id = int(found[1])
                self.channel_id = message.channel_id
                self._table_message = message.id
                return message
        return None

    def table_message(self) -> FakeMessage:
        message = self.find_table()
        assert message is not None
        return message

    def finished(self) -> bool:
        message = self.table_message()
        return not any(c.get("label") == "My hand" for c in message.find_components())

    def waiting(self) -> list[FakeUser]:
        """The members the table message says the game waits for."""
        lines = [
            line
            for line in self.table_message().content.splitlines()
            if line.startswith(("**Turn:**", "**Waiting for:**"))
        ]
        ids = [int(i) for line in lines for i in MENTION.findall(line)]
        return [self.fake.state.members[i] for i in ids if i in self.fake.state.members]

    # ------------------------------------------------------------ playing

    async def open_hand(self, user: FakeUser) -> FakeMessage:
        record = await self.press(user, self.table_message(), label="My hand")
        assert record.message is not None and record.message.ephemeral
        self.hands[user.id] = record.message.id
        return record.message

    async def open_hand_twice(self, user: FakeUser) -> FakeMessage:
        """Open the hand, then again, the older hand's edit saying it was replaced refused
        (429): the older stays as it was built, buttons and all, as a hand whose press was on
        its way when the newer one opened. Returns the older; the newer is `hand(user)`."""
        record = await self.press(user, self.table_message(), label="My hand")
        assert record.message is not None and record.message.ephemeral
        token = re.escape(str(record.payload["token"]))
        fault = self.fake.inject_fault(429, path=rf"/{token}/messages/@original")
        try:
            await self.open_hand(user)
        finally:
            fault.active = False
        assert fault.hits, "the older hand was not told it was replaced"
        return record.message

    def hand(self, user: FakeUser) -> FakeMessage | None:
        message_id = self.hands.get(user.id)
        message = self.fake.state.messages.get(message_id) if message_id else None
        return None if message is None or message.deleted else message

    async def move(self, user: FakeUser) -> None:
        """One move by `user` through their hand's controls (reopening the hand if stale)."""
        for _attempt in range(2):
            hand = self.hand(user)
            if hand is None or not hand.find_components():
                hand = await self.open_hand(user)
            controls = hand.find_components()
            if not controls:
                raise AssertionError(f"{user.name} is waited for but has no controls")
            control = self.rng.choice(controls)
            try:
                await self.use_at_random(user, hand, control)
            except Refused as refusal:
                if "out of date" not in str(refusal) and "not your turn" not in str(refusal):
                    raise
                self.refusals += 1
                self.hands.pop(user.id, None)
                continue
            self.moves += 1
            self.last_hand = hand.id
            if self.after_move is not None:
                self.after_move()
            return
        raise AssertionError(f"{user.name} could not make a move")

    async def step(self) -> bool:
        """One human move (computers move by themselves). False once the game is over."""
        await self.settle()
        if self.finished():
            return False
        waiting = self.waiting()
        if not waiting:
            raise AssertionError(f"nobody to wait for: {self.table_message().content!r}")
        await self.move(self.rng.choice(waiting))
        return True

    async def play_to_end(self, max_moves: int = 3000) -> FakeMessage:
        for _ in range(max_moves):
            if not await self.step():
                return self.table_message()
        raise AssertionError(f"game not over after {max_moves} moves")
