"""Lists read back from results (/leaderboard, /records, a season's champions and its post)
name each member as the server calls them now, from one gateway request per message
(cogs/member_names.py), which the fake Discord answers as Discord does: a member who renamed
shows the new name, one who left the name they last played under here, and a gateway that
does not answer leaves every stored name, without an error. A name that looks like a mention
or markdown shows as the literal text and pings nobody, in words and in alt text."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest

from cogs import text
from cogs.member_names import IDS_PER_REQUEST, LOOKUP_SECONDS, names_now
from engine.registry import GAMES
from render.profile import describe_profile
from store import Store
from tables.clock import FakeClock
from tables.profiles import build_profile, picture_data
from tables.ratings import finish_for
from testkit.fake_discord import FakeDiscord, FakeUser, InteractionRecord
from testkit.players import test_bot

GAME = next(iter(GAMES))
NAMES = ("alice", "bob", "carol", "dave")


def shown(user: FakeUser) -> str:
    """The name a member goes by in the server (the fake's global names are title-cased)."""
    return user.nick or user.name.title()


async def played(store: Store, clock: FakeClock, guild_id: int, winner: FakeUser,
                 loser: FakeUser) -> None:
    """A rated two-player game the winner won, finished now on the tables clock, each seat
    under the name its member goes by now."""
    seats = [{"user_id": user.id, "name": shown(user), "ai": None} for user in (winner, loser)]
    game_id = await store.create_game(guild_id=guild_id, channel_id=1, game=GAME, options={},
                                      seed=1, seats=seats, host_id=winner.id)
    outcome = {"winners": [0], "ranks": [0, 1], "win_points": 1}
    await store.finish_game(game_id, finish_for(outcome, [0, 1], [winner.id, loser.id],
                                                finished_at=int(clock.wall() * 1000)))


def content(record: InteractionRecord) -> str:
    assert record.message is not None and not record.message.pings
    return record.message.content


def board_names(board: str) -> list[str]:
    """The names on a leaderboard ("**1.** Bob — 4.8 · 1 won · 1 played"), best first."""
    return [line.split(" — ")[0].split(" ", 1)[1] for line in board.splitlines()[1:]]


async def connected(fake: FakeDiscord, clock: FakeClock) -> tuple[Store, int]:
    bot = test_bot(":memory:", clock=clock)
    await fake.connect(bot)
    assert bot.store is not None
    return bot.store, fake.state.guild_id


async def test_a_renamed_member_shows_their_new_name_and_one_who_left_their_last() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        clock = FakeClock()
        store, guild_id = await connected(fake, clock)
        alice, bob, carol, dave = (fake.member(name) for name in NAMES)
        for _ in range(2):  # Bob's run of two wins: the longest streak
            await played(store, clock, guild_id, bob, alice)
        await played(store, clock, guild_id, carol, alice)
        bob.nick = "Robert"
        del fake.state.members[carol.id]  # she leaves the server
        asked = fake.state.member_requests.received

        board = content(await fake.slash(dave, "leaderboard", {"game": GAME}))
        assert board_names(board) == ["Robert", "Carol", "Alice"]
        assert "<@" not in board and "Bob" not in board
        [request] = asked  # one request for the message, by the ids it lists
        assert sorted(request["user_ids"]) == sorted([alice.id, bob.id, carol.id])
        assert request["nonce"] and not request.get("presences")

        records = content(await fake.slash(dave, "records", {"game": GAME}))
        assert "(rated wins in a row): 2 wins — Robert, reached <t:" in records
        assert [r["user_ids"] for r in asked[1:]] == [[bob.id]]

        bob.nick = None  # the name Discord shows falls back to his own
        board = content(await fake.slash(dave, "leaderboard", {"game": GAME}))
        assert board_names(board) == ["Bob", "Carol", "Alice"]
        assert len(asked) == 3
        fake.assert_clean()


async def test_a_gateway_that_does_not_answer_leaves_the_stored_names() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        clock = FakeClock()
        store, guild_id = await connected(fake, clock)
        alice, bob, _, dave = (fake.member(name) for name in NAMES)
        await played(store, clock, guild_id, bob, alice)
        bob.nick = "Robert"
        requests = fake.state.member_requests
        requests.answering = False

        record = await fake.slash(dave, "leaderboard", {"game": GAME}, wait=False)
        await asyncio.wait_for(requests.wait_for(1), fake.quiet_timeout)
        await clock.advance(LOOKUP_SECONDS - 0.01)
        assert record.message is None, "the answer waits for the gateway a while"
        await clock.advance(0.01)
        await fake.finish(record)
        assert board_names(content(record)) == ["Bob", "Alice"]
        assert len(requests.received) == 1
        fake.assert_clean()


async def test_a_seasons_champions_are_named_now_and_only_those_here_are_pinged() -> None:
    """Bob and Carol share first place. Bob renamed: the post mentions him, and pings him;
    Carol left: the post names her as she last played here, a mention of her being "unknown
    user", and pings nobody else. The command's own answer names both, pinging nobody."""
    async with FakeDiscord(channels=("games", "news"), members=NAMES) as fake:
        clock = FakeClock()
        store, guild_id = await connected(fake, clock)
        alice, bob, carol, dave = (fake.member(name) for name in NAMES)
        news = fake.channel("news")
        await fake.slash(alice, "season start")
        await fake.slash(alice, "season announce", {"channel": news})
        await played(store, clock, guild_id, bob, alice)
        await played(store, clock, guild_id, carol, dave)
        bob.nick = "Robert"
        del fake.state.members[carol.id]
        asked = fake.state.member_requests.received
        before = len(asked)

        answer = content(await fake.slash(alice, "season end"))
        title = GAMES[GAME].title
        assert f"🥇 {title}: Robert and Carol (rating " in answer
        [post] = fake.visible_messages(alice, "news")
        assert f"🥇 {title}: {bob.mention} and Carol (rating " in post.content
        assert post.pings == [bob.id]
        assert [sorted(r["user_ids"]) for r in asked[before:]] == [
            sorted([bob.id, carol.id])] * 2  # one request for each message

        info = content(await fake.slash(dave, "season info"))
        assert f"🥇 {title}: Robert and Carol (rating " in info
        fake.assert_clean()


#: Names that would ping or format if they were not made inert.
TRICKY = ("<@123456789012345678>", "**x**", "@everyone")


async def test_names_that_look_like_mentions_or_markdown_show_as_written() -> None:
    async with FakeDiscord(channels=("games", "news"), members=NAMES) as fake:
        clock = FakeClock()
        store, guild_id = await connected(fake, clock)
        alice, bob, carol, dave = (fake.member(name) for name in NAMES)
        for user, nick in zip((alice, bob, carol), TRICKY, strict=True):
            user.nick = nick
        await fake.slash(dave, "season start")
        await played(store, clock, guild_id, alice, bob)
        await played(store, clock, guild_id, carol, dave)

        board = content(await fake.slash(dave, "leaderboard", {"game": GAME}))
        records = content(await fake.slash(dave, "records", {"game": GAME}))
        ended = content(await fake.slash(dave, "season end"))
        info = content(await fake.slash(dave, "season info"))
        assert_inert(board, TRICKY)
        for message in (ended, info):  # the champions: Alice and Carol, level
            assert_inert(message, TRICKY[::2])
        streak = await store.longest_streak(guild_id, GAME)
        assert streak is not None
        assert_inert(records, [{alice.id: TRICKY[0], carol.id: TRICKY[2]}[streak.user_id]])

        card = await fake.slash(alice, "profile")
        assert card.message is not None and not card.message.pings
        assert_inert(card.message.content, TRICKY[:1])
        [picture] = card.message.attachments
        profile = await build_profile(store, guild_id, alice.id, name=TRICKY[0],
                                      at=int(clock.wall() * 1000))
        # Alt text is read as written (no markdown, no mentions): the name as it is.
        assert picture.description == describe_profile(picture_data(profile))
        assert f"Profile of {TRICKY[0]}." in picture.description
        fake.assert_clean()


def assert_inert(message: str, names: Sequence[str]) -> None:
    """Each name shows escaped (as the reader sees the literal text), never raw."""
    for name in names:
        assert text.safe(name) in message, (name, message)
    assert "<@123456789012345678>" not in message and "@everyone" not in message
    assert "**x**" not in message


class Guild:
    """What names_now asks of a discord.py Guild: `query_members` by ids, answered by
    `answer` (members by id), or never."""

    id = 1

    def __init__(self, answer: dict[int, str] | None) -> None:
        self.answer = answer
        self.asked: list[list[int]] = []

    async def query_members(self, *, user_ids: list[int], limit: int, cache: bool) -> list[Any]:
        assert not cache and limit == len(user_ids) <= IDS_PER_REQUEST
        self.asked.append(user_ids)
        if self.answer is None:
            await asyncio.Event().wait()
        return [Member(user_id, self.answer[user_id]) for user_id in user_ids
                if user_id in (self.answer or {})]


class Member:
    def __init__(self, user_id: int, display_name: str) -> None:
        self.id, self.display_name = user_id, display_name


async def test_a_long_list_is_asked_in_hundreds_and_a_silent_gateway_times_out() -> None:
    stored = {user_id: f"old {user_id}" for user_id in range(1, 251)}
    guild = Guild({user_id: f"new {user_id}" for user_id in range(2, 251)})
    names = await names_now(guild, stored, FakeClock())  # type: ignore[arg-type]
    assert [len(batch) for batch in guild.asked] == [100, 100, 50]
    assert names.name(1) == "old 1" and names.left(1)  # 1 has left
    assert names.name(2) == "new 2" and not names.left(2)

    silent, clock = Guild(None), FakeClock()
    waiting = asyncio.ensure_future(names_now(silent, stored, clock))  # type: ignore[arg-type]
    await clock.advance(LOOKUP_SECONDS - 0.01)
    assert not waiting.done()
    await clock.advance(0.01)
    names = await waiting
    assert names.name(2) == "old 2" and not names.left(1)  # nobody is known to have left
    assert await names_now(None, stored, clock) == names


@pytest.mark.parametrize("failure", [RuntimeError("no websocket"), TimeoutError()])
async def test_a_failed_request_leaves_the_stored_names(failure: Exception) -> None:
    class Failing(Guild):
        async def query_members(self, **_: Any) -> list[Any]:
            raise failure

    names = await names_now(Failing({}), {7: "Seven"}, FakeClock())  # type: ignore[arg-type]
    assert names.name(7) == "Seven" and not names.left(7)
