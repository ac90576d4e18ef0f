"""/season through the fake Discord: only members with Manage Server run it (anyone else gets
one clear ephemeral line and nothing changes), and /leaderboard's season option."""

from __future__ import annotations

import random
import re

import pytest

from cogs.season_words import champion_lines
from engine.registry import GAMES
from tables.clock import FakeClock
from tables.seasons import MANAGE_ONLY, Champion
from testkit.fake_discord import FakeDiscord, FakeUser, InteractionRecord
from testkit.fake_discord import gateway as fake_gateway
from testkit.players import GameDriver, test_bot

GAME = next(iter(GAMES))
PLAYERS = GAMES[GAME].allowed_player_counts()[0]
NAMES = ("alice", "bob", "carol", "dave")
NO_MANAGE_SERVER = str(((1 << 50) - 1) & ~0x20)
pytestmark = pytest.mark.usefixtures("quick_pictures")


def answer(record: InteractionRecord) -> tuple[str, bool]:
    assert record.message is not None
    return record.message.content, bool(record.message.ephemeral)


async def test_only_members_with_manage_server_run_seasons(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with FakeDiscord(members=NAMES) as fake:
        bot = test_bot(":memory:", clock=FakeClock())  # 15 January 2027 by the fake clock
        await fake.connect(bot)
        alice = fake.member("alice")
        monkeypatch.setattr(fake_gateway, "ALL_TEXT_PERMISSIONS", NO_MANAGE_SERVER)
        for sub in ("start", "end"):
            assert answer(await fake.slash(alice, f"season {sub}")) == (MANAGE_ONLY, True)
        assert bot.store is not None
        assert await bot.store.latest_season(fake.state.guild_id) is None
        content, private = answer(await fake.slash(alice, "season info"))  # anyone may ask
        assert private and "season 1 (January 2027)" in content

        monkeypatch.undo()  # alice may manage the server now
        content, private = answer(await fake.slash(alice, "season info"))
        assert private and "season 1 (January 2027)" in content
        content, private = answer(await fake.slash(alice, "season start"))
        assert not private and content.startswith("🏁 **Season 1** has begun")
        content, private = answer(await fake.slash(alice, "season start"))
        assert private and "Season 1 is already running" in content
        content, private = answer(await fake.slash(alice, "season end"))
        assert not private and "`/leaderboard season:1`" in content
        assert content.endswith("\nNobody finished a game in it.")
        board, _ = answer(await fake.slash(alice, "leaderboard", {"game": GAME}))
        assert board.startswith(f"Nobody finished a game of {GAMES[GAME].title} in season 1 (")
        assert board.endswith(")."), "an ended season has no games to come"
        content, _ = answer(await fake.slash(alice, "season info"))
        assert content.startswith("📅 No season is running. Season 1 ended")
        fake.assert_clean()


async def test_the_leaderboard_shows_a_season_or_all_time() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        clock = FakeClock()
        await fake.connect(test_bot(":memory:", clock=clock))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        alice = players[0]
        driver = GameDriver(fake, rng=random.Random("seasons"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        title = GAMES[GAME].title
        current, _ = answer(await fake.slash(alice, "leaderboard", {"game": GAME}))
        assert current.startswith(f"🏅 **{title}** leaderboard, season 1 (January 2027)")
        assert "**2.** Alice — " in current or "**1.** Alice — " in current
        same, _ = answer(await fake.slash(alice, "leaderboard", {"game": GAME, "season": "1"}))
        assert same == current
        all_time, _ = answer(
            await fake.slash(alice, "leaderboard", {"game": GAME, "season": "all-time"})
        )
        assert all_time.startswith(f"🏅 **{title}** leaderboard, all time")
        assert "Alice — " in all_time and "<@" not in all_time
        missing, private = answer(
            await fake.slash(alice, "leaderboard", {"game": GAME, "season": "4"})
        )
        assert private and missing == "There is no season 4 here; the current one is season 1."

        # February: the calendar turned season 1 over unannounced; /season info names its
        # champions.
        who, rating, wins = await first_place(fake, alice)
        await clock.advance(20 * 24 * 3600)
        content, private = answer(await fake.slash(alice, "season info"))
        assert private and content.splitlines() == [
            "📅 This server is in season 2 (February 2027). Seasons follow the calendar month "
            "here; /season start begins one that runs until /season end instead.",
            "🏆 Season 1's final standings: `/leaderboard season:1`.",
            "**Champions**", f"🥇 {title}: {who} (rating {rating}, {wins} win)"]
        board, _ = answer(await fake.slash(alice, "leaderboard", {"game": GAME}))
        assert board == (
            f"Nobody has finished a game of {title} in season 2 (February 2027) yet.\n"
            "Season 1's final standings: `/leaderboard season:1`.")
        fake.assert_clean()


async def first_place(fake: FakeDiscord, asker: FakeUser) -> tuple[str, ...]:
    """(name, rating, wins) of the running season's first place, as /leaderboard says."""
    board, _ = answer(await fake.slash(asker, "leaderboard", {"game": GAME}))
    first = board.splitlines()[1]  # "**1.** Bob — 4.8 · 1 won · 1 played"
    found = re.fullmatch(r"\*\*1\.\*\* (.+) — (\S+) · (\d+) won.*", first)
    assert found is not None, board
    return found.groups()


async def test_a_seasons_end_names_its_champions_without_pinging_them() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:", clock=FakeClock()))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        alice = players[0]
        driver = GameDriver(fake, rng=random.Random("champions"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        who, rating, wins = await first_place(fake, alice)
        champion = f"🥇 {GAMES[GAME].title}: {who} (rating {rating}, {wins} win"

        # Starting a season by hand ends the calendar one, and says who won it.
        started = await fake.slash(alice, "season start")
        content, private = answer(started)
        assert not private and content.startswith("🏁 **Season 2** has begun")
        assert "🏆 **Season 1** ends as it begins" in content and champion in content
        assert started.message is not None and not started.message.pings
        driver = GameDriver(fake, rng=random.Random("champions"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        who, rating, wins = await first_place(fake, alice)
        ended = await fake.slash(alice, "season end")
        content, private = answer(ended)
        assert not private and content.startswith("🏆 **Season 2** is over")
        assert content.splitlines()[1:] == [
            "**Champions**", f"🥇 {GAMES[GAME].title}: {who} (rating {rating}, {wins} win)"]
        assert ended.message is not None and not ended.message.pings
        fake.assert_clean()


def test_a_champion_below_zero_has_the_minus_sign_the_leaderboard_gives() -> None:
    # A member who played only against the computer, and lost, can top a season's board.
    line = champion_lines([Champion(title="Cribbage", user_ids=(7,), rating=-1.8, wins=0)])
    assert line.splitlines()[-1] == "🥇 Cribbage: <@7> (rating −1.8, 0 wins)"
