"""A finished game tells each member how their rating moved, through the fake Discord: the
table message and each hand carry the figures the store recorded with the finish (the season's,
as /leaderboard shows by default), and a table message whose last edit was lost when the bot
stopped is brought up to date, with the same figures, by the next press on it."""

from __future__ import annotations

import asyncio
import random

import pytest

from engine.analysis import figure
from store import RatingChange, Store
from store.records import ALL_TIME
from tables.ratings import DEFAULT_MU, DEFAULT_SIGMA, display_rating
from testkit.fake_discord import FakeDiscord, FakeUser
from testkit.players import GameDriver, Refused, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

GAME = "cribbage"
START = display_rating(DEFAULT_MU, DEFAULT_SIGMA)


async def recorded(store: Store, table_id: int, guild_id: int) -> tuple[int, dict[int, float]]:
    """The season the game counted in and each member's rating on its leaderboard, read from
    the store; checked against what the finish recorded."""
    changes: list[RatingChange] = await store.rating_changes(table_id)
    [season] = {c.season for c in changes if c.season != ALL_TIME}
    board = {r.user_id: r for r in await store.season_leaderboard(guild_id, season, GAME)}
    for change in changes:
        if change.season == season:
            row = board[change.user_id]
            assert change.after == (row.mu, row.sigma)
    return season, {uid: display_rating(r.mu, r.sigma) for uid, r in board.items()}


def said(name: str, rating: float) -> str:
    """How the line gives a member after their first game: their first figure, which moved
    from none they had."""
    return f"{name} {figure(rating)} (first game)"


async def test_a_whole_game_ends_with_each_members_rating_and_its_change() -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake, rng=random.Random(5))
        await driver.start_game(GAME, [alice, bob])
        await driver.play_to_end()
        await driver.settle()
        assert driver.table_id is not None and driver.bot.store is not None

        season, ratings = await recorded(driver.bot.store, driver.table_id, fake.state.guild_id)
        content = driver.table_message().content
        line = next(line for line in content.splitlines() if line.startswith("📈"))
        assert line == (f"📈 Season {season} rating: {said('Alice', ratings[alice.id])}"
                        f" · {said('Bob', ratings[bob.id])}")
        assert content.index("🏆") < content.index("📈")
        assert ratings[alice.id] != ratings[bob.id]  # one won: above and below the start
        assert min(ratings.values()) < START < max(ratings.values())
        assert "(+" not in line and "(−" not in line

        for user in (alice, bob):  # each hand says its member's own, and no one else's
            hand = driver.hand(user)
            assert hand is not None
            rating = ratings[user.id]
            [own] = [line for line in hand.content.splitlines() if line.startswith("📈")]
            assert own == (f"📈 Your season {season} rating: {figure(rating)} (first game)."
                           f" Everyone starts at {figure(START)}; your first games move it most.")

        # The leaderboard, /profile and /stats give each rating as the line did, the loser's
        # below zero with its minus sign.
        assert min(ratings.values()) < 0
        board = await fake.slash(alice, "leaderboard", {"game": GAME})
        assert board.message is not None
        for user in (alice, bob):
            shown = figure(ratings[user.id])
            assert f"{user.name.title()} — {shown} ·" in board.message.content
            profile = await fake.slash(user, "profile", {})
            assert profile.message is not None
            assert f"Cribbage: rating {shown}, " in profile.message.content
            stats = await fake.slash(user, "stats", {})
            assert stats.message is not None
            assert f"Cribbage: rating {shown}, " in stats.message.content
        fake.assert_clean()


async def test_an_assisted_game_says_no_ratings() -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        lobby = await fake.slash(alice, "play", {"game": GAME, "hints": True})
        assert lobby.message is not None
        await driver.press(bob, lobby.message, label="Join")
        await driver.press(alice, lobby.message, label="Start")
        await driver.settle()
        hand = await driver.open_hand(alice)
        assert any("Hint" in str(c.get("label")) for c in hand.find_components())  # assisted
        await resign(fake, bob)
        await driver.settle()
        assert driver.table_id is not None and driver.bot.store is not None
        assert await driver.bot.store.rating_changes(driver.table_id) == []
        content = driver.table_message().content
        assert "🏆" in content and "📈" not in content and "rating" not in content.lower()
        fake.assert_clean()


async def resign(fake: FakeDiscord, user: FakeUser) -> None:
    ask = await fake.slash(user, "resign", {})
    assert ask.message is not None and "? Your side loses." in ask.message.content
    answer = await fake.click(user, ask.message, label="Yes, resign")
    assert answer.message is not None and "You resigned" in answer.message.content


async def test_a_finished_message_lost_in_a_crash_is_rebuilt_with_the_recorded_line(
    database_url: str,
) -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(database_url))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        await driver.start_game(GAME, [alice, bob])
        table = driver.table_message()
        # Every edit of the table message fails from now on, as if Discord were down...
        lost = fake.inject_fault(500, method="PATCH", path=rf"/messages/{table.id}$")
        await resign(fake, bob)
        # However slowly, the bot does try (the timeout only guards against a hang).
        await asyncio.wait_for(lost.hit.wait(), 60)
        # ... until the bot dies with the end unshown.
        await fake.restart(test_bot(database_url), crash=True)
        lost.active = False
        await driver.settle()
        stale = driver.table_message()
        assert "🏆" not in stale.content and not driver.finished()

        with pytest.raises(Refused, match="This game is over"):
            await driver.press(alice, stale, label="My hand")
        await driver.settle()

        assert driver.table_id is not None and driver.bot.store is not None
        season, ratings = await recorded(driver.bot.store, driver.table_id, fake.state.guild_id)
        rebuilt = driver.table_message()
        assert rebuilt.id == table.id and driver.finished()
        assert "🏆 **Alice wins!**" in rebuilt.content
        assert (f"📈 Season {season} rating: {said('Alice', ratings[alice.id])}"
                f" · {said('Bob', ratings[bob.id])}") in rebuilt.content
        fake.assert_clean()


async def test_a_hand_refreshed_while_the_finish_is_recorded_still_gets_the_rating_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hand edited after the last move but before its finish is stored (the computer's
    winning move, say, with the member's hand refreshed meanwhile) shows the outcome; it must
    stay live for the edit that adds the rating, as the table message does."""
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        store, cog = fake.bot.store, fake.bot.get_cog("Tables")  # type: ignore[attr-defined]
        real_append = store.append_action
        refreshed_between = []

        async def append_after_a_refresh(game_id: int, *args: object, **kwargs: object) -> object:
            if kwargs.get("finish") is not None:  # the game is over, not yet recorded
                for key in list(cog.hands._hands):
                    cog.hands.refresher.poke(key)
                    refreshed_between.append(key)
                await cog.hands.refresher.flush()
            return await real_append(game_id, *args, **kwargs)

        monkeypatch.setattr(store, "append_action", append_after_a_refresh)
        driver = GameDriver(fake, rng=random.Random(5))
        await driver.start_game(GAME, [alice, bob])
        await driver.play_to_end()
        await driver.settle()
        assert refreshed_between
        for user in (alice, bob):
            hand = driver.hand(user)
            assert hand is not None and "🏆" in hand.content
            assert "📈 Your season 1 rating: " in hand.content, hand.content
        fake.assert_clean()
