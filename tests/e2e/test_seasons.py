"""/season through the fake Discord: only members with Manage Server run it (anyone else gets
one clear ephemeral line and nothing changes), and /leaderboard's season option."""

from __future__ import annotations

import random
import re

import pytest

from cogs.season_words import champion_lines, ended, ended_together
from engine.registry import GAMES
from tables.clock import FakeClock
from tables.season_ends import EndedSeason, SeasonEnds
from tables.seasons import MANAGE_ONLY, Champion
from testkit.fake_discord import FakeDiscord, FakeUser, InteractionRecord
from testkit.fake_discord import gateway as fake_gateway
from testkit.players import GameDriver, test_bot

GAME = next(iter(GAMES))
PLAYERS = GAMES[GAME].allowed_player_counts()[0]
NAMES = ("alice", "bob", "carol", "dave")
NO_MANAGE_SERVER = str(((1 << 50) - 1) & ~0x28)  # nor Administrator, which grants it
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
        assert bot.store is not None
        alice = fake.member("alice")
        monkeypatch.setattr(fake_gateway, "ALL_TEXT_PERMISSIONS", NO_MANAGE_SERVER)
        for sub in ("start", "end", "announce"):
            assert answer(await fake.slash(alice, f"season {sub}")) == (MANAGE_ONLY, True)
        assert await bot.store.season_channel(fake.state.guild_id) is None
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
        assert content.endswith("\nNo member won a game in it, so it has no champions.")
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
            "Season ends are not posted anywhere: a member with Manage Server can choose a "
            "channel with `/season announce channel:`.",
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
        assert re.search(r"\n🏆 \*\*Season 1\*\* \(January 2027, ended <t:\d+:D>\) is over as "
                         r"season 2 begins: its final standings are kept", content)
        assert champion in content
        assert started.message is not None and not started.message.pings
        driver = GameDriver(fake, rng=random.Random("champions"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        who, rating, wins = await first_place(fake, alice)
        ended = await fake.slash(alice, "season end")
        content, private = answer(ended)
        assert not private and content.startswith("🏆 **Season 2** (<t:")
        assert f"is over: {PLAYERS} members played in it." in content
        assert content.splitlines()[1:] == [
            "**Champions**", f"🥇 {GAMES[GAME].title}: {who} (rating {rating}, {wins} win)"]
        assert ended.message is not None and not ended.message.pings
        fake.assert_clean()


def test_a_champion_below_zero_has_the_minus_sign_the_leaderboard_gives() -> None:
    # A member who played only against the computer, and lost, can top a season's board.
    line = champion_lines([Champion(title="Cribbage", user_ids=(7,), rating=-1.8, wins=0)])
    assert line.splitlines()[-1] == "🥇 Cribbage: <@7> (rating −1.8, 0 wins)"


def test_a_seasons_end_says_who_played_and_where_each_finds_their_place() -> None:
    """Champions are one or two members of many: the end says how many played and where
    each of them finds their own final place. A season nobody played is not said to have
    had players; a season begun by hand is named by its dates."""
    from store import SeasonRecord
    from store.seasons import month_start, next_month_start

    start = month_start(1_800_000_000_000)  # January 2027
    january = SeasonRecord(1, 3, start, next_month_start(start), by_hand=False)
    assert ended(january, [], members=1).startswith(
        "🏆 **Season 3** (January 2027) is over: 1 member played in it. Its final standings"
        " are kept (`/leaderboard season:3`), and each finds their final place on `/profile`.")
    assert ended(january, [], members=0).startswith(
        "🏆 **Season 3** (January 2027) is over: its final standings are kept"
        " (`/leaderboard season:3`). The next season begins")
    by_hand = SeasonRecord(1, 4, start, start + 86_400_000, by_hand=True)
    assert ended(by_hand, [], members=12).startswith(
        f"🏆 **Season 4** (<t:{start // 1000}:D> to <t:{start // 1000 + 86_400}:D>) is over:"
        " 12 members played in it.")


def test_a_year_of_seasons_told_at_once_fits_one_message_naming_them_all() -> None:
    """Twelve seasons due in one post, five champions each: it fits Discord's limit by
    leaving out the oldest seasons' champions, never the first line (which names them all
    and the season running) nor the latest season's champions."""
    from store import SeasonRecord
    from store.seasons import next_month_start

    starts = [1_798_761_600_000]  # January 2027
    for _ in range(12):
        starts.append(next_month_start(starts[-1]))
    champions = [Champion(title=f"Game {n}", user_ids=(70 + n,), rating=12.5, wins=3,
                          names=(f"Long Member Name {n}",)) for n in range(5)]
    seasons = [EndedSeason(SeasonRecord(1, n + 1, starts[n], starts[n + 1], by_hand=False),
                           champions, members=40) for n in range(12)]
    running = SeasonRecord(1, 13, starts[12], next_month_start(starts[12]), by_hand=False)
    post = ended_together(seasons, running)
    lines = post.splitlines()
    assert len(post) <= 2000
    assert lines[0] == ("🏆 **Seasons 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 12** are over. "
                        "Season 13 (January 2028) runs now.")
    assert lines[-7:] == [
        "**Season 12** (December 2027): 40 members played in it. Final standings: "
        "`/leaderboard season:12`.",
        *(f"🥇 Game {n}: Long Member Name {n} (rating 12.5, 3 wins)" for n in range(5)),
        "Each member finds their final place in each on `/profile`."]
    # The oldest season's champions went first; its heading stayed.
    assert lines[1].startswith("**Season 1** (January 2027)")
    assert lines[2].startswith("**Season 2** (February 2027)")


def test_champions_sharing_first_place_read_as_a_list() -> None:
    # Three members who each won their one game of a season share its first place.
    line = champion_lines([Champion(title="Cribbage", user_ids=(7, 8, 9), rating=3.4, wins=1,
                                    names=("Ann", "Bob", "Cy"))], mentioned={9})
    assert line.splitlines()[-1] == "🥇 Cribbage: Ann, Bob and <@9> (rating 3.4, 1 win)"


async def test_a_seasons_end_is_posted_once_where_the_server_chose(database_url: str) -> None:
    """The calendar turns on the tables clock: the champions are posted in the chosen channel,
    pinging them and nobody else, once, even after a restart."""
    async with FakeDiscord(channels=("games", "news"), members=NAMES) as fake:
        clock = FakeClock()  # 15 January 2027
        await fake.connect(test_bot(database_url, clock=clock))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        alice, news = players[0], fake.channel("news")
        content, private = answer(await fake.slash(alice, "season info"))
        assert "`/season announce channel:`" in content
        chosen = await fake.slash(alice, "season announce", {"channel": news})
        content, private = answer(chosen)
        assert not private and content.startswith(
            f"📣 From now on, when a season ends, its champions are posted in <#{news.id}>")
        assert chosen.message is not None and not chosen.message.pings
        content, _ = answer(await fake.slash(alice, "season info"))
        assert f"Season ends are posted in <#{news.id}> with their champions." in content
        driver = GameDriver(fake, rng=random.Random("posted"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        who, rating, wins = await first_place(fake, alice)
        champion = fake.member(who.lower()).mention  # pinged in the post

        await clock.advance(20 * 24 * 3600)  # February
        await season_ends(fake).wait_asleep()
        [post] = fake.visible_messages(alice, "news")
        assert post.content.splitlines() == [
            f"🏆 **Season 1** (January 2027) is over: {PLAYERS} members played in it. Its final"
            " standings are kept (`/leaderboard season:1`), and each finds their final place"
            " on `/profile`. Season 2 (February 2027) has begun.",
            "**Champions**", f"🥇 {GAMES[GAME].title}: {champion} (rating {rating}, {wins} win)"]
        assert [f"<@{user_id}>" for user_id in post.pings] == [champion]

        await fake.restart(test_bot(database_url, clock=clock))
        await season_ends(fake).wait_asleep()
        await clock.advance(40 * 24 * 3600)  # March: nobody played in February
        await season_ends(fake).wait_asleep()
        assert fake.visible_messages(alice, "news") == [post]
        fake.assert_clean()


async def test_season_end_posts_at_once_and_no_channel_posts_nothing(database_url: str) -> None:
    async with FakeDiscord(channels=("games", "news"), members=NAMES) as fake:
        clock = FakeClock()
        await fake.connect(test_bot(database_url, clock=clock))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        alice, news = players[0], fake.channel("news")
        driver = GameDriver(fake, rng=random.Random("by hand"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        who, _, _ = await first_place(fake, alice)
        await fake.slash(alice, "season announce", {"channel": news})
        stopped = await fake.slash(alice, "season announce")
        content, private = answer(stopped)
        assert not private and content.startswith("🔕 Season ends will not be posted here")
        # Again, with nothing to stop: said as it is, not as a change.
        content, private = answer(await fake.slash(alice, "season announce"))
        assert private and content == (
            "Season ends are not posted anywhere already: choose a channel with "
            "`/season announce channel:` to post them.")
        await fake.slash(alice, "season end")
        assert fake.visible_messages(alice, "news") == []

        await clock.advance(60)
        await fake.slash(alice, "season start")  # season 2, by hand
        await fake.slash(alice, "season announce", {"channel": news})
        assert fake.visible_messages(alice, "news") == [], "season 1 ended before"
        driver = GameDriver(fake, rng=random.Random("by hand"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        who, _, _ = await first_place(fake, alice)
        ended = await fake.slash(alice, "season end")
        assert ended.message is not None and not ended.message.pings
        [post] = fake.visible_messages(alice, "news")
        assert post.content.startswith("🏆 **Season 2** (<t:")
        assert "The next season begins with the next calendar month" in post.content
        assert [f"<@{user_id}>" for user_id in post.pings] == [fake.member(who.lower()).mention]
        fake.assert_clean()


async def test_season_end_run_in_the_announcement_channel_is_said_once(
    database_url: str,
) -> None:
    """Ended in the very channel where season ends are posted, the command's answer is the
    post: it pings the champions, and no copy of it follows."""
    async with FakeDiscord(channels=("games",), members=NAMES) as fake:
        clock = FakeClock()
        await fake.connect(test_bot(database_url, clock=clock))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        alice, games = players[0], fake.channel("games")
        await fake.slash(alice, "season start")
        await fake.slash(alice, "season announce", {"channel": games})
        driver = GameDriver(fake, rng=random.Random("here"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        who, _, _ = await first_place(fake, alice)
        before = len(fake.visible_messages(alice, "games"))
        ended = await fake.slash(alice, "season end", channel="games")
        assert ended.message is not None
        assert ended.message.content.startswith("🏆 **Season 1** (<t:")
        assert [f"<@{user_id}>" for user_id in ended.message.pings] == [
            fake.member(who.lower()).mention]
        after = fake.visible_messages(alice, "games")[before:]
        assert [m.content for m in after] == [ended.message.content]
        await clock.advance(40 * 24 * 3600)  # the month turns: nothing is posted again
        await season_ends(fake).wait_asleep()
        assert fake.visible_messages(alice, "games")[before:] == after
        fake.assert_clean()


async def test_a_month_that_turned_while_the_bot_was_down_is_posted_when_it_is_back(
    database_url: str,
) -> None:
    async with FakeDiscord(channels=("games", "news"), members=NAMES) as fake:
        clock = FakeClock()
        await fake.connect(test_bot(database_url, clock=clock))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        alice, news = players[0], fake.channel("news")
        await fake.slash(alice, "season announce", {"channel": news})
        driver = GameDriver(fake, rng=random.Random("down"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        who, _, _ = await first_place(fake, alice)
        await season_ends(fake).close()  # the bot is down from here...
        await clock.advance(20 * 24 * 3600)
        assert fake.visible_messages(alice, "news") == []
        await fake.restart(test_bot(database_url, clock=clock), crash=True)  # ...until now
        await season_ends(fake).wait_asleep()
        [post] = fake.visible_messages(alice, "news")
        assert post.content.startswith("🏆 **Season 1** (January 2027) is over")
        assert [f"<@{user_id}>" for user_id in post.pings] == [fake.member(who.lower()).mention]
        fake.assert_clean()


async def test_seasons_that_ended_while_the_bot_could_not_post_are_told_in_one_post(
    database_url: str,
) -> None:
    """January and February ended while season ends could not be posted (the timer that
    posts them stopped, as when the bot is away); back in April, one post says that seasons 1
    and 2 are over, each with its champions, and that season 3 runs now: not a post headed
    season 1 that says season 3 has begun."""
    async with FakeDiscord(channels=("games", "news"), members=NAMES) as fake:
        clock = FakeClock()  # 15 January 2027
        await fake.connect(test_bot(database_url, clock=clock))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        alice, news = players[0], fake.channel("news")
        await fake.slash(alice, "season announce", {"channel": news})
        await season_ends(fake).close()
        champions = []
        for month in ("january", "february"):
            driver = GameDriver(fake, rng=random.Random(month))
            await driver.start_game(GAME, players)
            await driver.play_to_end()
            champions.append(await first_place(fake, alice))
            await clock.advance(20 * 24 * 3600)
        await clock.advance(50 * 24 * 3600)  # 6 April
        await fake.restart(test_bot(database_url, clock=clock), crash=True)
        await season_ends(fake).wait_asleep()
        [post] = fake.visible_messages(alice, "news")
        mention = [fake.member(who.lower()).mention for who, _, _ in champions]
        kept = f"{PLAYERS} members played in it. Final standings: `/leaderboard season:{{n}}`."
        assert post.content.splitlines() == [
            "🏆 **Seasons 1 and 2** are over. Season 3 (April 2027) runs now.",
            f"**Season 1** (January 2027): {kept.format(n=1)}",
            f"🥇 {GAMES[GAME].title}: {mention[0]} (rating {champions[0][1]}, 1 win)",
            f"**Season 2** (February 2027): {kept.format(n=2)}",
            f"🥇 {GAMES[GAME].title}: {mention[1]} (rating {champions[1][1]}, 1 win)",
            "Each member finds their final place in each on `/profile`."]
        assert {f"<@{user_id}>" for user_id in post.pings} == set(mention)
        await clock.advance(30 * 24 * 3600)  # May: nobody played in April
        await season_ends(fake).wait_asleep()
        assert fake.visible_messages(alice, "news") == [post]
        fake.assert_clean()


@pytest.mark.parametrize("status", [429, 503, 400])
async def test_a_season_end_discord_failed_as_the_month_turned(
    database_url: str, status: int
) -> None:
    """Discord busy (429) or down (5xx) as the month turns: the post goes out a quarter of
    an hour later, once, not a month late. Refused (a 4xx that would come again), it is not
    tried every quarter of an hour for ever: /season info says it could not be posted."""
    from tables.season_ends import RETRY_AFTER

    async with FakeDiscord(channels=("games", "news"), members=NAMES) as fake:
        clock = FakeClock()
        await fake.connect(test_bot(database_url, clock=clock))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        alice, news = players[0], fake.channel("news")
        await fake.slash(alice, "season announce", {"channel": news})
        driver = GameDriver(fake, rng=random.Random("busy"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        fault = fake.inject_fault(status, method="POST", path=rf"/channels/{news.id}/messages")
        await clock.advance(20 * 24 * 3600)  # February
        await season_ends(fake).wait_asleep()
        assert fault.hits and fake.visible_messages(alice, "news") == []
        fault.active = False
        await clock.advance(RETRY_AFTER)
        await season_ends(fake).wait_asleep()
        await clock.advance(3 * RETRY_AFTER)
        await season_ends(fake).wait_asleep()
        posts = fake.visible_messages(alice, "news")
        info, _ = answer(await fake.slash(alice, "season info"))
        if status == 400:
            assert posts == [] and "The end of season 1 could not be posted" in info
        else:
            [post] = posts
            assert post.content.startswith("🏆 **Season 1** (January 2027) is over")
            assert "Season 2 (February 2027) has begun." in post.content
            assert "could not" not in info
        fake.assert_clean()


def season_ends(fake: FakeDiscord) -> SeasonEnds:
    ends = getattr(fake.bot, "season_ends", None)
    assert isinstance(ends, SeasonEnds)
    return ends


async def test_announcing_in_a_channel_the_bot_cannot_post_in_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Chosen there, every season's end would be lost (Discord refuses the post, and it is not
    tried again): the admin is told what the bot lacks there, and nothing changes."""
    # Administrator would override the channel's overwrite.
    monkeypatch.setattr(fake_gateway, "ALL_TEXT_PERMISSIONS", str(((1 << 50) - 1) & ~0x8))
    async with FakeDiscord(channels=("games", "news"), members=NAMES) as fake:
        news = fake.channel("news")
        send_messages = 1 << 11
        news.overwrites = [{"id": str(fake.state.bot_user.id), "type": 1, "allow": "0",
                            "deny": str(send_messages)}]
        bot = test_bot(":memory:", clock=FakeClock())
        await fake.connect(bot)
        assert bot.store is not None
        alice = fake.member("alice")
        content, private = answer(await fake.slash(alice, "season announce", {"channel": news}))
        assert private and content == (
            f"I can't post in <#{news.id}>: give me Send Messages there (the channel's "
            "settings → Permissions), then choose it again. Nothing changed.")
        assert await bot.store.season_channel(fake.state.guild_id) is None
        games = fake.channel("games")
        content, _ = answer(await fake.slash(alice, "season announce", {"channel": games}))
        assert content.startswith(f"📣 From now on, when a season ends, its champions are "
                                  f"posted in <#{games.id}>")
        fake.assert_clean()


async def test_a_season_end_that_can_never_be_posted_is_said_in_season_info(
    database_url: str,
) -> None:
    """The chosen channel deleted before the month turns: the post is not tried again, and
    /season info says so where it said where ends are posted, until a channel is chosen
    again."""
    async with FakeDiscord(channels=("games", "news"), members=NAMES) as fake:
        clock = FakeClock()
        await fake.connect(test_bot(database_url, clock=clock))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        alice, news, games = players[0], fake.channel("news"), fake.channel("games")
        await fake.slash(alice, "season announce", {"channel": news})
        driver = GameDriver(fake, rng=random.Random("deleted"))
        await driver.start_game(GAME, players)
        await driver.play_to_end()
        fake.state.delete_channel(news.id)
        await clock.advance(20 * 24 * 3600)  # February
        await season_ends(fake).wait_asleep()
        content, _ = answer(await fake.slash(alice, "season info"))
        assert (f"⚠️ The end of season 1 could not be posted in <#{news.id}> (the channel is"
                " gone, or the bot may not write there): a member with Manage Server can"
                " choose a channel again with `/season announce channel:`.") in content
        assert "Season ends are posted in" not in content

        await fake.restart(test_bot(database_url, clock=clock))  # still said after a restart
        await season_ends(fake).wait_asleep()
        content, _ = answer(await fake.slash(alice, "season info"))
        assert "could not be posted" in content
        await fake.slash(alice, "season announce", {"channel": games})
        content, _ = answer(await fake.slash(alice, "season info"))
        assert "could not be posted" not in content
        assert f"Season ends are posted in <#{games.id}> with their champions." in content
        fake.assert_clean()


async def test_a_member_below_the_top_ten_sees_their_own_place() -> None:
    """Eleven members won a game; Alice lost hers. The board shows ten, and she, asking,
    finds her own line after them, placed as the whole board has it; the others, shown
    already, see no such line."""
    from store import Store
    from tables.ratings import finish_for

    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        store: Store = fake.bot.store  # type: ignore[attr-defined]
        alice = fake.member("alice")
        winners = [fake.member(name) for name in NAMES[1:]]
        winners += [fake.add_member(f"player{n}") for n in range(11 - len(winners))]
        now = int(fake.bot.tables.clock.wall() * 1000)  # type: ignore[attr-defined]
        for user, won in [(user, True) for user in winners] + [(alice, False)]:
            game_id = await store.create_game(
                guild_id=fake.state.guild_id, channel_id=1, game=GAME, options={}, seed=1,
                seats=[], host_id=user.id)
            outcome = {"winners": [0 if won else 1], "ranks": [0, 1] if won else [1, 0]}
            await store.finish_game(game_id, finish_for(outcome, [0, 1], [user.id, None],
                                                        finished_at=now))
        board, _ = answer(await fake.slash(alice, "leaderboard", {"game": GAME}))
        lines = board.splitlines()
        assert len(lines) == 1 + 10 + 2 and "Alice" not in "\n".join(lines[:-1])
        assert lines[-2] == "…"
        assert re.fullmatch(r"\*\*12\.\*\* Alice — −\d\.\d · 0 won · 1 played", lines[-1])
        on_the_board = next(user for user in winners if f" {user.name.title()} — " in board)
        shown, _ = answer(await fake.slash(on_the_board, "leaderboard", {"game": GAME}))
        assert "…" not in shown and "Alice" not in shown
        fake.assert_clean()
