"""A member who has left the server still reads as themself on /leaderboard and /records: by
the name they last played under here, never as a mention (which Discord shows as "unknown
user" once they are gone), and nobody is pinged."""

from __future__ import annotations

import random

import pytest

from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

GAME = "pip-pip"


async def test_a_member_who_left_keeps_their_name_on_the_leaderboard_and_records(
    monkeypatch: pytest.MonkeyPatch, quick_pictures: list
) -> None:
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("left"))
    async with FakeDiscord(members=("alice", "bob", "carol")) as fake:
        await fake.connect(test_bot(":memory:"))
        players = [fake.member(name) for name in ("alice", "bob", "carol")]
        driver = GameDriver(fake, rng=random.Random(3))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        await driver.settle()
        store = driver.bot.store
        assert store is not None and driver.table_id is not None
        guild = (await store.game(driver.table_id)).guild_id  # type: ignore[union-attr]
        best = await store.record_moment(guild, GAME, "trick")
        assert best is not None
        gone = next(user for user in players if user.id == best.user_id)
        # They leave: Discord no longer knows them as a member of the server.
        del fake.state.members[gone.id]
        asker = next(user for user in players if user is not gone)

        board = await fake.slash(asker, "leaderboard", {"game": GAME})
        assert board.message is not None and not board.message.pings
        lines = board.message.content.splitlines()[1:]
        assert sorted(line.split(" — ")[0].split(" ", 1)[1] for line in lines) == [
            "Alice", "Bob", "Carol"]
        assert "<@" not in board.message.content

        records = await fake.slash(asker, "records", {"game": GAME})
        assert records.message is not None and not records.message.pings
        content = records.message.content
        assert f" — {gone.name.title()}, game #{best.game_id}" in content
        assert "<@" not in content
        fake.assert_clean()
