"""A busy evening in one server, through the real bot and the fake Discord: how quiet each
table's thread stays, whom it mentions, and how soon a press shows in the hand while many
tables run.

    .venv/bin/python -m benchmarks.busy_evening [--threads off]

Sixteen members in three channels play six tables at once (all five games, three with
computers); four members end up sitting in two games each. While they play, a lobby fills
and one more member presses Join on it once it is full, a second lobby fills and starts (a
seventh and an eighth table, in channels that already have games), onlookers ask
/leaderboard and /profile, and members ask /hand where none of their games plays. Members
keep their hand open and move on it; most take 3 s a move, Kim takes 40 s every move (turn
notices), Mallory 130 s and Heidi 310 s over their first moves (idle warnings, the computer
taking over).
Production timings on the tables' fake clock (computers 0.8 s, forced moves 1.5 s, one edit
a second per table and per hand, turn notices after 30 s or longer for a member who usually
takes longer, idle warning 2 min, takeover 5).

Figures per table: messages created / edited / deleted in its thread and those left, mentions
per member, and mentions of anyone not seated there (should be 0); with `--threads off` the
figures are its channel's, shared with the other tables there (lobbies and public answers
included, and their players' mentions counted as not seated there); then the private
hands, the refusals members read, and the real time from a press to the bot having shown the
move in the presser's hand (p50 / p99), with six or more tables busy.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import discord

from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser
from testkit.players import GameDriver, Refused, test_bot

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy",
         "kim", "leo", "mallory", "niaj", "olivia", "peggy")
#: (game, channel, members, computers, options): Alice and Carol sit in two games.
TABLES = [
    ("cribbage", "games", ["alice", "bob"], [], "target=61"),
    ("pip-cribbage", "games", ["carol"], ["hard"], "target=61"),
    ("crib-race", "cards", ["dave", "erin", "frank"], ["normal"], None),
    ("pip-rush", "cards", ["grace", "heidi", "ivan"], ["easy"], None),
    ("pip-pip", "pips", ["carol", "judy", "kim", "alice"], [], "rounds=1"),
    ("cribbage", "pips", ["leo", "mallory"], ["normal"], "target=61"),
]
#: Lobbies that fill while the tables play: (fake seconds in, game, channel, members); Bob
#: and Olivia sit in two games.
LATE = [
    (60.0, "pip-cribbage", "games", ["niaj", "olivia"]),
    (120.0, "pip-pip", "pips", ["peggy", "bob", "olivia"]),
]
THINK = 3.0
#: Member -> (seconds a move, over how many of their first moves; None: every move).
SLOW: dict[str, tuple[float, int | None]] = {
    "kim": (40.0, None), "mallory": (130.0, 3), "heidi": (310.0, 3)}
TICK = 0.5
EVENING = 4 * 3600.0


@dataclass
class Evening:
    fake: FakeDiscord
    clock: FakeClock
    members: dict[str, FakeUser]
    tables: list[tuple[GameDriver, list[FakeUser]]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    press_seconds: list[float] = field(default_factory=list)
    moves: Counter[int] = field(default_factory=Counter)
    made: Counter[str] = field(default_factory=Counter)
    due: dict[tuple[int, int], float] = field(default_factory=dict)
    acted_on: dict[tuple[int, int], int] = field(default_factory=dict)

    async def wait(self, seconds: float) -> None:
        await self.clock.advance(seconds)
        await self.fake.wait_quiet()

    async def start(self, game: str, channel: str, names: list[str], computers: list[str],
                    options: str | None) -> None:
        host, *others = (self.members[n] for n in names)
        args = {"game": game} | ({"options": options} if options else {})
        lobby = (await self.fake.slash(host, "play", args, channel=channel)).message
        assert lobby is not None
        for user in others:
            await self.fake.click(user, lobby, label="Join")
        if len(names) == 2 and game == "pip-cribbage":  # full: one more tries anyway
            self.note(await self.fake.click(self.members["peggy"], lobby, label="Join"))
        for level in computers:
            await self.fake.select(host, lobby, values=[level],
                                   placeholder="Add a computer player…")
        await self.fake.click(host, lobby, label="Start")
        await self.wait(TICK)
        found = re.search(r"game #(\d+)", self.fake.state.messages[lobby.id].content)
        assert found is not None, "the lobby did not start"
        driver = GameDriver(self.fake, rng=random.Random(int(found[1])))
        driver.table_id = int(found[1])
        driver.find_table()
        self.tables.append((driver, [self.members[n] for n in names]))

    def note(self, record: object) -> None:
        try:
            GameDriver._answer(record)  # type: ignore[arg-type]
        except Refused as refusal:
            self.refusals.append(str(refusal))

    def think_time(self, user: FakeUser) -> float:
        seconds, moves = SLOW.get(user.name, (THINK, None))
        return seconds if moves is None or self.made[user.name] < moves else THINK

    async def turn(self, driver: GameDriver, user: FakeUser) -> None:
        key = (driver.table_id or 0, user.id)
        if self.clock.now() < self.due.setdefault(key, self.clock.now() + self.think_time(user)):
            return
        hand = driver.hand(user)
        if hand is None or not hand.find_components() or len(hand.history) <= self.acted_on.get(
                key, 0):
            hand = await driver.open_hand(user)
        if not hand.find_components():
            return
        await self.move(driver, user, hand, key)

    async def move(self, driver: GameDriver, user: FakeUser, hand: FakeMessage,
                   key: tuple[int, int]) -> None:
        control = driver.rng.choice(hand.find_components())
        self.acted_on[key] = len(hand.history)
        started = time.perf_counter()
        try:
            await driver.use_at_random(user, hand, control)
        except Refused as refusal:
            self.refusals.append(str(refusal))
            driver.hands.pop(user.id, None)
            return
        self.press_seconds.append(time.perf_counter() - started)
        self.moves[driver.table_id or 0] += 1
        self.made[user.name] += 1
        self.due.pop(key, None)

    async def onlookers(self, seconds: float) -> None:
        """What members who are not playing (or not here) ask, at moments of the evening."""
        peggy, mallory = self.members["peggy"], self.members["mallory"]
        if seconds == 90.0:
            await self.fake.slash(peggy, "leaderboard", {"game": "cribbage"}, channel="games")
            await self.fake.slash(peggy, "profile", {}, channel="cards")
            self.note(await self.fake.click(peggy, self.tables[0][0].table_message(),
                                            label="My hand"))
        if seconds == 150.0:
            self.note(await self.fake.slash(self.members["alice"], "hand", {}, channel="cards"))
            self.note(await self.fake.slash(mallory, "hand", {"game": 1}, channel="pips"))

    async def play(self) -> float:
        started = self.clock.now()
        late = list(LATE)
        while self.clock.now() - started < EVENING:
            elapsed = self.clock.now() - started
            while late and elapsed >= late[0][0]:
                _, game, channel, names = late.pop(0)
                await self.start(game, channel, names, [], "rounds=1" if game == "pip-pip"
                                 else "target=61")
            await self.onlookers(elapsed)
            running = [(d, humans) for d, humans in self.tables if not d.finished()]
            if not running and not late:
                break
            for driver, humans in running:
                for user in driver.waiting():
                    if user in humans:
                        await self.turn(driver, user)
            await self.wait(TICK)
        return self.clock.now() - started


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] if ordered else 0.0


def report(evening: Evening, since: int, played: float) -> list[str]:
    fake = evening.fake
    lines = [f"played {sum(evening.moves.values())} member moves at {len(evening.tables)} "
             f"tables in {played / 60:.0f} minutes on the tables' clock",
             "table                  moves  created edited deleted left  mentions "
             "(not seated there)"]
    for driver, humans in evening.tables:
        place = driver.table_message().channel_id
        shown = [m for m in fake.state.messages.values()
                 if m.id > since and not m.ephemeral and m.channel_id == place]
        pings = Counter(fake.state.members[p].name for m in shown for p in m.pings)
        strangers = sum(n for name, n in pings.items()
                        if name not in {u.name for u in humans})
        title = driver.table_message().content.splitlines()[0].replace("**", "")
        created = len(shown)
        deleted = sum(m.deleted for m in shown)
        edited = sum(max(0, len(m.history) - 1) for m in shown)
        lines.append(f"{title:<22} {evening.moves[driver.table_id or 0]:>5}  {created:>7} "
                     f"{edited:>6} {deleted:>7} {created - deleted:>4}  "
                     f"{dict(pings)} ({strangers})")
    hands = [m for m in fake.state.messages.values() if m.id > since and m.ephemeral]
    lines.append(f"private messages (hands, refusals, answers): {len(hands)}, edited "
                 f"{sum(max(0, len(m.history) - 1) for m in hands)} times")
    lines.append(f"refusals members read: {len(evening.refusals)}")
    lines += [f"  {text[:150]}" for text in dict.fromkeys(evening.refusals)]
    seconds = evening.press_seconds
    lines.append(f"press -> the presser's hand shows the move (real time): p50 "
                 f"{percentile(seconds, 0.5) * 1000:.0f} ms, p99 "
                 f"{percentile(seconds, 0.99) * 1000:.0f} ms, max {max(seconds) * 1000:.0f} ms "
                 f"({len(seconds)} presses)")
    acks = fake.latency_summary()
    lines.append(f"interaction acknowledged (real time): p50 {acks['p50'] * 1000:.1f} ms, "
                 f"p99 {acks['p99'] * 1000:.1f} ms")
    return lines


async def run(threads: bool) -> list[str]:
    clock = FakeClock()
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord(channels=("games", "cards", "pips"), members=NAMES) as fake:
            if not threads:
                allowed = discord.Permissions(int(fake.state.app_permissions))
                allowed.create_public_threads = False
                fake.state.app_permissions = str(allowed.value)
            bot = test_bot(str(Path(folder) / "evening.db"), clock=clock, ai_delay=0.8,
                           forced_delay=1.5, refresh_interval=1.0, hand_interval=1.0,
                           notice_grace=30.0, idle_warn=120.0, idle_takeover=300.0)
            await fake.connect(bot)
            evening = Evening(fake, clock, {name: fake.member(name) for name in NAMES})
            since = fake.state.snowflakes.next()
            for setup in TABLES:
                await evening.start(*setup)
            played = await evening.play()
            await evening.wait(5.0)
            fake.assert_clean()
            return report(evening, since, played)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", choices=("on", "off"), default="on",
                        help="off: the bot may not make threads, tables share channels")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    for line in asyncio.run(run(args.threads == "on")):
        print(line)
    print(f"(whole benchmark: {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
