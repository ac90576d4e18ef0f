"""A table that plays in a channel (the bot may not make threads there) is posted again at
the bottom once messages have pushed it out of sight: anyone's, another bot's, this bot's own
public ones; never its own posts or ephemeral answers, and at most once per `repost_every`
seconds on the tables clock. Tables in one channel never post one another up for ever."""

from __future__ import annotations

import itertools

import discord
import pytest

from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord, FakeMessage
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

CRIBBAGE = "cribbage"
#: Nobody is mentioned for a slow turn: those notices would bury the tables too.
NO_NOTICES = 1e9


def without_threads() -> discord.Permissions:
    permissions = discord.Permissions.text() | discord.Permissions(view_channel=True)
    permissions.create_public_threads = False
    permissions.create_private_threads = False
    return permissions


async def advance(fake: FakeDiscord, clock: FakeClock, seconds: float, step: float = 1.0) -> None:
    """Move the tables clock on in steps, letting Discord calls land between them."""
    moved = 0.0
    while moved < seconds:
        await clock.advance(step)
        await fake.wait_quiet()
        moved += step


def posts_of(fake: FakeDiscord, table_id: int) -> list[FakeMessage]:
    """Every message that showed the table (deleted ones too), oldest first."""
    rules = f"cb:t:{table_id}:rules"
    return [m for m in fake.state.messages.values()
            if not m.ephemeral and any(c.get("custom_id") == rules
                                       for c in m.find_components())]


async def one_table(fake: FakeDiscord, clock: FakeClock, **knobs: float) -> int:
    await fake.connect(test_bot(":memory:", clock=clock, notice_grace=NO_NOTICES, **knobs))
    driver = GameDriver(fake)
    table_id = await driver.start_game(CRIBBAGE, [fake.member("alice"), fake.member("bob")],
                                       options="target=61")
    assert driver.table_message().channel_id == fake.channel().id  # no thread
    return table_id


async def test_members_messages_move_the_table_down_once_it_may_move() -> None:
    clock = FakeClock()
    async with FakeDiscord(app_permissions=without_threads()) as fake:
        table_id = await one_table(fake, clock)
        [first] = posts_of(fake, table_id)
        carol = fake.member("carol")
        for _ in range(4):
            fake.post(carol)
        await advance(fake, clock, 40)
        assert posts_of(fake, table_id) == [first]  # four messages do not bury it
        fake.post(carol)
        await advance(fake, clock, 1)
        [old, latest] = posts_of(fake, table_id)
        assert old.deleted and not latest.deleted
        assert fake.last_message().id == latest.id
        assert latest.pings == []  # moving the table down pings nobody
        fake.assert_clean()


async def test_a_table_waits_out_its_pause_before_it_moves_again() -> None:
    clock = FakeClock()
    async with FakeDiscord(app_permissions=without_threads()) as fake:
        table_id = await one_table(fake, clock)
        carol = fake.member("carol")
        for _ in range(5):
            fake.post(carol)
        await advance(fake, clock, 29)
        assert len(posts_of(fake, table_id)) == 1  # posted 29 s ago: not yet
        await advance(fake, clock, 1)
        assert len(posts_of(fake, table_id)) == 2
        fake.assert_clean()


async def test_another_bots_messages_bury_the_table() -> None:
    clock = FakeClock()
    async with FakeDiscord(app_permissions=without_threads()) as fake:
        table_id = await one_table(fake, clock)
        jukebox = fake.add_bot("jukebox")
        for _ in range(5):
            fake.post(jukebox)
        await advance(fake, clock, 30)
        assert [m.deleted for m in posts_of(fake, table_id)] == [True, False]
        fake.assert_clean()


async def test_the_bots_own_public_answers_bury_the_table_but_ephemeral_ones_do_not() -> None:
    clock = FakeClock()
    async with FakeDiscord(app_permissions=without_threads()) as fake:
        table_id = await one_table(fake, clock)
        carol = fake.member("carol")
        for _ in range(6):
            await fake.slash(carol, "settings")  # answered to carol alone
        await advance(fake, clock, 60)
        assert len(posts_of(fake, table_id)) == 1
        for _ in range(5):
            answer = await fake.slash(carol, "stats")  # answered for everyone to see
            assert answer.message is not None and not answer.message.ephemeral
        await advance(fake, clock, 1)
        assert [m.deleted for m in posts_of(fake, table_id)] == [True, False]
        fake.assert_clean()


async def test_a_bot_talking_every_second_moves_the_table_only_every_half_minute() -> None:
    clock = FakeClock()
    async with FakeDiscord(app_permissions=without_threads()) as fake:
        table_id = await one_table(fake, clock)
        jukebox = fake.add_bot("jukebox")
        posted_at = [clock.now()]
        for _ in range(150):
            fake.post(jukebox)
            await advance(fake, clock, 1)
            if len(posts_of(fake, table_id)) > len(posted_at):
                posted_at.append(clock.now())
        gaps = [later - earlier for earlier, later in itertools.pairwise(posted_at)]
        assert len(gaps) == 5 and all(30 <= gap <= 31 for gap in gaps), gaps
        fake.assert_clean()


async def test_tables_in_one_channel_do_not_post_one_another_up_for_ever() -> None:
    clock = FakeClock()
    async with FakeDiscord(app_permissions=without_threads()) as fake:
        await fake.connect(test_bot(":memory:", clock=clock, notice_grace=NO_NOTICES))
        alice, bob, carol, dave = (fake.member(n) for n in ("alice", "bob", "carol", "dave"))
        tables = []
        for players in ([alice, bob], [carol, dave], [alice, dave]):
            driver = GameDriver(fake)
            tables.append(await driver.start_game(CRIBBAGE, players, options="target=61"))
        jukebox = fake.add_bot("jukebox")
        for burst in (1, 2):
            for _ in range(8):
                fake.post(jukebox)
            await advance(fake, clock, 300, step=5)
            # Each table moved once for the burst: the others' posts alone never move it.
            assert [len(posts_of(fake, t)) for t in tables] == [1 + burst] * 3
        for table_id in tables:
            *gone, shown = posts_of(fake, table_id)
            assert all(m.deleted for m in gone) and not shown.deleted
        fake.assert_clean()


async def test_a_table_in_a_thread_stays_where_it_is() -> None:
    clock = FakeClock()
    async with FakeDiscord() as fake:
        table_id = await one_table_in_a_thread(fake, clock)
        jukebox, carol = fake.add_bot("jukebox"), fake.member("carol")
        for _ in range(10):
            fake.post(jukebox)
            fake.post(carol)
            await fake.slash(carol, "stats")
        await advance(fake, clock, 60)
        assert [m.deleted for m in posts_of(fake, table_id)] == [False]
        fake.assert_clean()


async def one_table_in_a_thread(fake: FakeDiscord, clock: FakeClock) -> int:
    await fake.connect(test_bot(":memory:", clock=clock, notice_grace=NO_NOTICES))
    driver = GameDriver(fake)
    table_id = await driver.start_game(CRIBBAGE, [fake.member("alice"), fake.member("bob")],
                                       options="target=61")
    assert fake.channel(driver.table_message().channel_id).is_thread
    return table_id
