"""How playing feels in Discord: presses per move, messages and mentions per game, and how soon
the next player's hand shows their move. Through the real bot and the fake Discord.

    .venv/bin/python -m benchmarks.discord_flow [--games 1]

Plays 2-player Cribbage to 61, and 4-player PIP Rush with three members and one computer.
The simulated members keep their hand open: they move on the kept hand as soon as the bot has
updated it to show their move, and press My hand first only when it has not. They are prompt,
so no turn notice is due; they leave moves that carry no choice (Go) to play themselves.
Production timings: computers move after 0.8 s, forced moves after 1.5 s, the table message
and each hand are edited at most once a second. Members wait for the fake Discord to change;
they never poll.

Figures per game (targets from issue 12): presses per human move (<= 1.10), messages the
game created / edited / deleted in its thread (<= 6 new for 2p Cribbage), mentions (<= 2),
and the time from a move to the next player's hand showing their move, p50 / p99 (<= 1.5 s).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.registry import GAMES
from tables import Listener
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser
from testkit.players import BUTTON, GameDriver, Refused, test_bot

YOUR_MOVE = "It's your move."
#: How long a member waits for their kept hand to show their move before pressing My hand.
PATIENCE = 2.5
GAME_TIMEOUT = 900.0

SETUPS = {
    "2p Cribbage to 61": ("cribbage", 2, [], "target=61"),
    "4p PIP Rush, one computer": ("pip-rush", 3, ["easy"], None),
}


class MoveClock(Listener):
    """A table listener noting when each move (anyone's, the computer's too) was made."""

    def __init__(self) -> None:
        self.last_move = 0.0

    async def on_update(self, table: Any, events: Any) -> None:
        self.last_move = asyncio.get_running_loop().time()


@dataclass
class GameFigures:
    human_moves: int = 0
    presses: int = 0
    hand_opens: int = 0
    refused: int = 0
    created: int = 0
    edited: int = 0
    deleted: int = 0
    mentions: int = 0
    hand_edits: int = 0
    hand_delays: list[float] = field(default_factory=list)


class FlowPlayers:
    """Members who keep their hand open and move on it."""

    def __init__(
        self, fake: FakeDiscord, driver: GameDriver, humans: list[FakeUser], game: str
    ) -> None:
        self.fake = fake
        self.driver = driver
        self.humans = humans
        self.figures = GameFigures()
        #: History length of each member's kept hand when they last moved on it.
        self.acted_at: dict[int, int] = {}
        #: Hand versions already timed (a hand is timed once per update).
        self.timed: set[tuple[int, int]] = set()
        spec = GAMES[game]
        self.forced_labels = {spec.action_label({"type": kind}) for kind in spec.forced}

    def kept(self, user: FakeUser) -> FakeMessage | None:
        return self.driver.hand(user)

    def ready(self, user: FakeUser) -> FakeMessage | None:
        """The member's kept hand, if it shows their move (and not only a forced one) in a
        version they have not moved on yet."""
        hand = self.kept(user)
        if hand is None or YOUR_MOVE not in hand.content:
            return None
        controls = hand.find_components()
        if not controls or len(hand.history) <= self.acted_at.get(user.id, 0):
            return None
        labels = {c.get("label") for c in controls}
        if len(controls) == 1 and labels <= self.forced_labels:
            return None  # it plays itself
        return hand

    async def move(self, user: FakeUser, hand: FakeMessage) -> None:
        controls = hand.find_components()
        control = self.driver.rng.choice(controls)
        self.acted_at[user.id] = len(hand.history)
        self.figures.presses += 1
        try:
            if control["type"] == BUTTON:
                await self.driver.press(user, hand, custom_id=control["custom_id"])
            else:
                options = [o["value"] for o in control["options"]]
                picked = self.driver.rng.sample(options, control.get("min_values", 1))
                await self.driver.choose(user, hand, picked, custom_id=control["custom_id"])
        except Refused:
            self.figures.refused += 1
            self.driver.hands.pop(user.id, None)
            return
        self.figures.human_moves += 1

    async def open_hand(self, user: FakeUser) -> None:
        self.figures.presses += 1
        self.figures.hand_opens += 1
        hand = await self.driver.open_hand(user)
        self.timed.add((hand.id, len(hand.history)))  # opened by a press, not updated

    async def play(self, clock: MoveClock) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + GAME_TIMEOUT
        progress = loop.time()
        while loop.time() < deadline:
            if self.driver.finished():
                return
            for user in self.humans:
                hand = self.ready(user)
                if hand is not None and (hand.id, len(hand.history)) not in self.timed:
                    self.timed.add((hand.id, len(hand.history)))
                    self.figures.hand_delays.append(loop.time() - clock.last_move)
            ready = [(u, h) for u in self.humans if (h := self.ready(u)) is not None]
            if ready:
                user, hand = ready[0]
                await self.move(user, hand)
                progress = loop.time()
                continue
            if loop.time() - progress > PATIENCE:
                for user in self.driver.waiting():
                    if user in self.humans and self.ready(user) is None:
                        hand = self.kept(user)
                        forced = hand is not None and {
                            c.get("label") for c in hand.find_components()
                        } <= self.forced_labels and hand.find_components()
                        if not forced:
                            await self.open_hand(user)
                progress = loop.time()
                continue
            await self.fake.next_change(timeout=PATIENCE)
        raise AssertionError("the game did not end in time")


async def play_one(setup: str, index: int, folder: str) -> GameFigures:
    game, humans_count, computers, options = SETUPS[setup]
    async with FakeDiscord() as fake:
        bot = test_bot(
            str(Path(folder) / f"flow-{index}.db"),
            ai_delay=0.8, forced_delay=1.5, refresh_interval=1.0, hand_interval=1.0,
            notice_grace=30.0,
        )
        await fake.connect(bot)
        assert bot.tables is not None
        clock = MoveClock()
        bot.tables.subscribe(clock)
        humans = [fake.member(n) for n in ("alice", "bob", "carol", "dave")[:humans_count]]
        driver = GameDriver(fake, rng=random.Random(index))
        watermark = fake.state.snowflakes.next()
        await driver.start_game(game, humans, computers, options)
        players = FlowPlayers(fake, driver, humans, game)
        await players.play(clock)
        await driver.settle()
        figures = players.figures
        table = driver.table_message()
        for message in fake.state.messages.values():
            if message.id < watermark:
                continue
            if message.ephemeral:
                figures.hand_edits += max(0, len(message.history) - 1)
                continue
            if message.channel_id != table.channel_id:
                continue
            figures.created += 1
            figures.edited += max(0, len(message.history) - 1)
            figures.deleted += int(message.deleted)
            figures.mentions += len(message.pings)
        fake.assert_clean()
        return figures


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report(setup: str, games: list[GameFigures]) -> list[tuple[str, str]]:
    n = len(games)
    moves = sum(g.human_moves for g in games)
    presses = sum(g.presses for g in games)
    delays = [d for g in games for d in g.hand_delays]
    return [
        (f"{setup}: games", f"{n}"),
        ("  human moves per game", f"{moves / n:.1f}"),
        ("  presses per human move (target <= 1.10)", f"{presses / max(1, moves):.2f}"),
        ("  My hand presses per game", f"{sum(g.hand_opens for g in games) / n:.1f}"),
        ("  refused presses per game", f"{sum(g.refused for g in games) / n:.1f}"),
        ("  messages created per game (target <= 6)", f"{sum(g.created for g in games) / n:.1f}"),
        ("  messages edited per game", f"{sum(g.edited for g in games) / n:.1f}"),
        ("  messages deleted per game", f"{sum(g.deleted for g in games) / n:.1f}"),
        ("  mentions per game (target <= 2)", f"{sum(g.mentions for g in games) / n:.1f}"),
        ("  private hand edits per game", f"{sum(g.hand_edits for g in games) / n:.1f}"),
        (
            "  move -> next hand shows it, p50 / p99 (target p99 <= 1.5 s)",
            f"{percentile(delays, 0.5):.2f} s / {percentile(delays, 0.99):.2f} s"
            f" ({len(delays)} timed)",
        ),
    ]


async def run(games: int) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        for setup in SETUPS:
            played = [await play_one(setup, i, folder) for i in range(games)]
            rows += report(setup, played)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games of each kind")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows = asyncio.run(run(args.games))
    width = max(len(name) for name, _ in rows)
    print(f"{'measure':<{width}}  value")
    print(f"{'-' * width}  {'-' * 24}")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    print(f"(whole benchmark: {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
