"""How often a turn notice mentions a member, over whole stretches of play through the fake
Discord: a member who plays slowly but steadily is not mentioned at every turn, one who stalls
still is, "always" and "never" mean what they say, and the idle warning and the takeover note
mention the member whatever the notices held back. Time runs on a FakeClock."""

from __future__ import annotations

import logging
import math
import random
from collections import Counter

import discord
import pytest

from cogs.turn_pace import QUIET_SPELL
from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord, FakeUser
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

GRACE = 30.0


class Table:
    """One game through the fake Discord whose members each take their own time a move, and
    the fake clock's time each mention in its thread was first seen at."""

    def __init__(self, fake: FakeDiscord, clock: FakeClock) -> None:
        self.fake, self.clock = fake, clock
        self.driver = GameDriver(fake, rng=random.Random(5))
        self.pace: dict[int, float] = {}
        self.made: Counter[int] = Counter()
        self._due: dict[int, float] = {}
        #: member -> when each of their turns began (the fake clock's time).
        self.turns: dict[int, list[float]] = {}
        self._seen: dict[int, float] = {}

    async def begin(self, humans: list[FakeUser], paces: list[float],
                    computers: tuple[str, ...] = ()) -> None:
        await self.driver.start_game("cribbage", humans, list(computers), "target=121")
        self.pace = {user.id: pace for user, pace in zip(humans, paces, strict=True)}
        self._look()

    def set_pace(self, user: FakeUser, seconds: float) -> None:
        """From now on, the turn under way included, `user` takes `seconds` a move."""
        self.pace[user.id] = seconds
        if user.id in self._due:
            self._due[user.id] = self.turns[user.id][-1] + seconds

    async def stall(self, user: FakeUser) -> float:
        """`user` stops moving; returns when the turn they stall in began."""
        self.set_pace(user, math.inf)
        await self.play(until=self.clock.now() + 1)
        assert user.id in self._due, f"{user.name} is not waited for"
        return self.turns[user.id][-1]

    async def play(self, moves: int | None = None, *, until: float | None = None) -> None:
        """Members move at their pace, the clock going on a second at a time, until `moves`
        more moves, the clock reaching `until`, or the game's end."""
        target = None if moves is None else sum(self.made.values()) + moves
        while not self.driver.finished():
            if target is not None and sum(self.made.values()) >= target:
                return
            if until is not None and self.clock.now() >= until:
                return
            self._look()
            if await self._moves_due():
                continue  # the turns it began are seen at once
            await self.clock.advance(1.0)
            await self.driver.settle()

    async def _moves_due(self) -> bool:
        """Note the turns that began; make the moves due. False if none was."""
        moved = False
        for user in self.driver.waiting():
            if user.id not in self.pace:
                continue
            if user.id not in self._due:
                self._due[user.id] = self.clock.now() + self.pace[user.id]
                self.turns.setdefault(user.id, []).append(self.clock.now())
            if self.clock.now() >= self._due[user.id]:
                await self.driver.move(user)
                await self.driver.settle()
                self.made[user.id] += 1
                del self._due[user.id]
                moved = True
        return moved

    def _look(self) -> None:
        for message_id in self.fake.state.messages:
            self._seen.setdefault(message_id, self.clock.now())

    def pings(self, user: FakeUser, words: str = "it's your turn") -> list[float]:
        """When each message of the table's thread that says `words` and mentions `user` was
        first seen."""
        self._look()
        thread = self.driver.table_message().channel_id
        return [self._seen[m.id] for m in self.fake.state.messages.values()
                if m.channel_id == thread and words in m.content and user.id in m.pings]


async def start(fake: FakeDiscord, clock: FakeClock, humans: list[FakeUser], paces: list[float],
                computers: tuple[str, ...] = (), **knobs: object) -> Table:
    await fake.connect(test_bot(":memory:", clock=clock, notice_grace=GRACE, **knobs))
    table = Table(fake, clock)
    await table.begin(humans, paces, computers)
    return table


async def test_a_member_who_plays_slowly_but_steadily_is_mentioned_once_a_game() -> None:
    """40 s a move, past the 30 s grace every time: the old notices mentioned her at every
    turn of the game."""
    clock = FakeClock()
    async with FakeDiscord() as fake:
        alice = fake.member("alice")
        table = await start(fake, clock, [alice], [40.0], ("normal",))
        await table.play()
        assert table.driver.finished() and table.made[alice.id] >= 20
        assert len(table.pings(alice)) == 1  # her first turn, before her pace was known
        fake.assert_clean()


async def test_a_steady_member_is_mentioned_when_a_turn_takes_unusually_long_for_them() -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        alice = fake.member("alice")
        table = await start(fake, clock, [alice], [40.0], ("normal",))
        await table.play(until=clock.now() + QUIET_SPELL + 60)  # her pace known, spell over
        pinged = len(table.pings(alice))
        began = await table.stall(alice)
        await table.play(until=began + 55)
        assert len(table.pings(alice)) == pinged  # 55 s is not long for her: 40 s is usual
        await table.play(until=began + 65)
        assert len(table.pings(alice)) == pinged + 1
        assert began + 59 <= table.pings(alice)[-1] <= began + 62  # 1.5 times her usual
        fake.assert_clean()


async def test_a_stall_after_fast_play_is_mentioned_but_not_within_the_quiet_spell() -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        alice = fake.member("alice")
        table = await start(fake, clock, [alice], [35.0], ("normal",))
        await table.play(moves=1)
        [first] = table.pings(alice)
        table.set_pace(alice, 3.0)
        await table.play(moves=8)
        began = await table.stall(alice)  # a minute or so after the mention
        await table.play(until=first + QUIET_SPELL - 5)
        assert began + GRACE < clock.now()
        assert table.pings(alice) == [first]  # no second buzz so soon
        await table.play(until=first + QUIET_SPELL + 2)
        assert table.pings(alice)[1:] == [first + QUIET_SPELL]  # the stall is not forgotten
        table.set_pace(alice, 15.0)  # she is back, and quick for a while
        await table.play(until=first + 2 * QUIET_SPELL + 5)
        began = await table.stall(alice)
        await table.play(until=began + GRACE + 2)
        assert table.pings(alice)[2:] == [began + GRACE]
        fake.assert_clean()


async def test_always_mentions_at_every_turn_and_never_at_none() -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        alice, bob, carol = (fake.member(n) for n in ("alice", "bob", "carol"))
        await fake.connect(test_bot(":memory:", clock=clock, notice_grace=GRACE))
        await fake.slash(alice, "settings", {"turn_notices": "always"})
        await fake.slash(bob, "settings", {"turn_notices": "never"})
        table = Table(fake, clock)
        await table.begin([alice, bob, carol], [40.0] * 3)
        await table.play(moves=30)
        assert table.made[alice.id] >= 8
        assert set(table.turns[alice.id]) <= set(table.pings(alice))  # each at once
        assert table.pings(bob) == []
        assert len(table.pings(carol)) == 1  # slow, the default, at the same pace
        fake.assert_clean()


async def test_idle_warnings_and_takeover_notes_mention_whatever_the_notices_hold_back() -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        alice = fake.member("alice")
        table = await start(fake, clock, [alice], [70.0], ("normal",),
                            idle_warn=60.0, idle_takeover=150.0)
        await table.play(moves=6)
        assert len(table.pings(alice, "waiting for your move")) == 6  # one a turn
        assert len(table.pings(alice)) == 1
        began = await table.stall(alice)  # she goes away, well within a quiet spell
        await table.play(until=began + 160)
        assert len(table.pings(alice, "waiting for your move")) == 7
        assert len(table.pings(alice, "the computer is playing for you")) == 1
        assert len(table.pings(alice)) == 1
        fake.assert_clean()


async def test_a_warning_the_bot_may_not_post_is_logged_with_its_channel_and_why(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An admin reading the log learns where and why members heard nothing."""
    clock = FakeClock()
    async with FakeDiscord() as fake:
        alice = fake.member("alice")
        table = await start(fake, clock, [alice], [70.0], ("normal",),
                            idle_warn=60.0, idle_takeover=None)
        thread = table.driver.table_message().channel_id
        silent = discord.Permissions.text() | discord.Permissions(view_channel=True)
        silent.send_messages = silent.send_messages_in_threads = False
        fake.state.app_permissions = str(silent.value)
        began = await table.stall(alice)
        with caplog.at_level(logging.WARNING, logger="cogs"):
            await table.play(until=began + 61)
        [logged] = [r.getMessage() for r in caplog.records if "idle warning" in r.getMessage()]
        assert f"in channel {thread}:" in logged and "Missing Permissions" in logged
        assert table.pings(alice, "waiting for your move") == []
