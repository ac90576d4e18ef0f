"""Slash commands other than /play, the table message's contents, and the small pieces the
cogs are built from (the refresher, option parsing, escaping), tested on their own."""

from __future__ import annotations

import asyncio
import logging
import random
import re
from typing import Any

import discord
import pytest

from cogs import text
from cogs.lobbies_cog import parse_options
from cogs.refresher import Coalescer
from engine.errors import IllegalAction
from engine.registry import GAMES, GameSpec, Option
from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
GAME = next(iter(GAMES))
PLAYERS = GAMES[GAME].allowed_player_counts()[0]


async def test_commands_are_registered_globally_or_to_the_dev_server() -> None:
    names = {
        "play", "hand", "games", "rules", "resign", "abandon", "leaderboard", "stats", "settings",
        "review", "replay", "tournament", "season", "profile", "records", "help", "server",
    }
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        assert {c["name"] for c in fake.state.global_commands.commands} == names
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:", dev_guild_id=fake.state.guild_id))
        guild_set = fake.state.guild_commands[fake.state.guild_id]
        assert {c["name"] for c in guild_set.commands} == names


async def test_help_names_the_games_how_to_start_and_every_command() -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        answer = await fake.slash(fake.member("alice"), "help", {})
        assert answer.message is not None and answer.message.ephemeral
        shown = answer.message.content
        assert all(spec.title in shown for spec in GAMES.values())
        assert "`/play game:<name>`" in shown and "`/rules game:<name>`" in shown
        for command in fake.state.global_commands.commands:
            assert f"`/{command['name']}`" in shown
            for sub in command.get("options", []):
                if sub["type"] == 1:  # a subcommand is named beside its group
                    assert f" {sub['name']}" in shown.split(f"`/{command['name']}`")[1]
        fake.assert_clean()


async def test_help_says_how_a_rating_moves_and_why_a_season_starts_it_lower() -> None:
    """Nothing in Discord said what the figure on the leaderboard and the finished table's
    rating line is, nor why a new season shows a member below the all-time one they knew."""
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        answer = await fake.slash(fake.member("alice"), "help", {})
        assert answer.message is not None
        shown = answer.message.content
        [ratings] = [line for line in shown.splitlines() if line.startswith("**Ratings**")]
        assert "start at 0" in ratings and "without hints" in ratings
        assert "A season starts from your all-time rating made less certain" in ratings
        assert shown.index("**Ratings**") < shown.index("**For admins**")
        assert len(shown) <= 2000
        fake.assert_clean()


async def test_help_tells_admins_how_to_stop_a_game_and_choose_where_games_are_played() -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        answer = await fake.slash(fake.member("alice"), "help", {})
        assert answer.message is not None
        shown = answer.message.content
        admins = shown[shown.index("**For admins** (the Manage Server permission)"):]
        assert "`/abandon game:<number>` stops any game here (`/games` lists them" in admins
        assert "`/season start` and `/season end`" in admins
        assert "Server Settings → Integrations → this bot chooses the channels" in admins
        assert len(shown) <= 2000
        fake.assert_clean()


async def test_every_command_option_tells_what_it_is_for() -> None:
    """discord.py describes an option it was told nothing about as "…"; members see that."""
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))

        def options(command: dict[str, Any], path: str) -> list[tuple[str, str]]:
            found = []
            for option in command.get("options", []):
                where = f"{path} {option['name']}"
                found.append((where, option.get("description", "")))
                found += options(option, where)
            return found

        described = [d for c in fake.state.global_commands.commands
                     for d in options(c, "/" + c["name"])]
        assert len(described) > 20
        assert [where for where, words in described if words.strip(" ….") == ""] == []


async def test_table_message_mentions_whose_turn_shows_events_and_a_picture() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        driver = GameDriver(fake, rng=random.Random(3))
        await driver.start_game(GAME, players)
        for _ in range(4):
            await driver.step()
        await driver.settle()
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        message = driver.table_message()
        for seat in table.waiting_for():
            assert f"<@{table.seats[seat].user_id}>" in message.content
        for line in table.recent[-3:]:
            assert text.safe(line) in message.content
        assert [a.filename for a in message.attachments] == ["table.png"]
        assert message.attachments[0].data.startswith(b"\x89PNG")
        labels = [c.get("label") for c in message.find_components()]
        assert labels == ["My hand", "Rules", "Resign"]
        fake.assert_clean()


@pytest.mark.usefixtures("quick_pictures")
async def test_games_hand_rules_leaderboard_and_stats() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        alice = players[0]
        empty = await fake.slash(alice, "games", {})
        assert empty.message is not None and "No games are running" in empty.message.content
        board = await fake.slash(alice, "leaderboard", {"game": GAME})
        assert board.message is not None and "Nobody has finished" in board.message.content
        stats = await fake.slash(alice, "stats", {"user": players[1]})
        assert stats.message is not None and "has not finished a game" in stats.message.content

        driver = GameDriver(fake)
        table_id = await driver.start_game(GAME, players)
        listing = await fake.slash(alice, "games", {})
        assert listing.message is not None and f"#{table_id} {GAMES[GAME].title}" in (
            listing.message.content
        )
        # /hand in the game's thread finds the game without its number.
        hand = await fake.slash(alice, "hand", {}, channel=driver.channel_id)
        assert hand.message is not None and hand.message.ephemeral
        assert hand.message.content.startswith("🂠 **Your hand**")

        rules = await fake.slash(alice, "rules", {"game": GAME})
        assert rules.message is not None and rules.message.ephemeral
        pages = text.rules_pages(GAMES[GAME])
        assert f"page 1 of {len(pages)}" in rules.message.content
        if len(pages) > 1:
            await fake.click(alice, rules.message, label="Next ▶")
            assert f"page 2 of {len(pages)}" in fake.state.messages[rules.message.id].content
        fake.assert_clean()


async def test_every_command_naming_a_game_takes_its_title_and_lists_the_games_it_has() -> None:
    """The game option suggests titles, but a member may type one and send it as typed."""
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        for spec in GAMES.values():
            typed = spec.title.upper()
            rules = await fake.slash(alice, "rules", {"game": typed})
            assert rules.message is not None and f"**{spec.title}** — rules" in (
                rules.message.content)
            board = await fake.slash(alice, "leaderboard", {"game": typed})
            assert board.message is not None and not board.message.ephemeral
            assert spec.title in board.message.content
            records = await fake.slash(alice, "records", {"game": typed})
            assert records.message is not None and spec.title in records.message.content
        for command in ("rules", "leaderboard", "records", "play"):
            unknown = await fake.slash(alice, command, {"game": "chess"})
            assert unknown.message is not None and unknown.message.ephemeral
            assert unknown.message.content == (
                f'There is no game "chess"; the games: {", ".join(GAMES)}.')
        assert await fake.bot.store.lobby(1) is None  # type: ignore[attr-defined]
        fake.assert_clean()


# ---------------------------------------------------------------- pieces without Discord


async def test_the_refresher_coalesces_a_burst_and_shows_the_latest_state() -> None:
    clock = FakeClock()
    state = {"value": 0}
    shown: list[tuple[float, int]] = []

    async def refresh(key: Any) -> None:
        shown.append((clock.now(), state["value"]))

    refresher = Coalescer(1.0, refresh, clock=clock)
    for value in range(1, 13):  # 12 pokes over 3 s
        state["value"] = value
        refresher.poke("table")
        await clock.advance(0.25)
    await clock.advance(5)
    await refresher.flush()
    start = shown[0][0]
    # One at once, then one at the end of each interval while pokes keep coming.
    assert [(t - start, v) for t, v in shown] == [(0.0, 1), (1.0, 4), (2.0, 8), (3.0, 12)]
    refresher.poke("table")
    await clock.advance(1)
    await refresher.flush()
    assert shown[-1][1] == 12 and len(shown) == 5


async def test_the_refresher_retries_a_failing_refresh_with_backoff() -> None:
    clock = FakeClock()
    calls: list[float] = []

    async def refresh(key: Any) -> None:
        calls.append(clock.now())
        if len(calls) <= 3:
            raise RuntimeError("Discord is down")

    refresher = Coalescer(0.0, refresh, clock=clock)
    refresher.poke(1)
    await clock.advance(10)
    await refresher.flush()
    assert [round(t - calls[0], 1) for t in calls] == [0.0, 0.5, 1.5, 3.5]
    assert refresher.failures == 3
    refresher.poke(1)
    await refresher.flush()
    assert len(calls) == 5


async def test_a_draining_refresher_does_not_retry() -> None:
    calls: list[int] = []

    async def refresh(key: Any) -> None:
        calls.append(1)
        raise RuntimeError("Discord is down")

    refresher = Coalescer(0.0, refresh, clock=FakeClock())
    refresher.poke(1)
    await refresher.drain()
    assert len(calls) == 1 and not refresher.pending()


def toy_spec() -> GameSpec:
    return GameSpec(
        name="toy",
        title="Toy",
        min_players=2,
        max_players=2,
        factory=lambda players, options, seed: None,  # type: ignore[arg-type,return-value]
        options=(
            Option("target", 121, (121, 61), "Points to win"),
            Option("muggins", False, (False, True), "Claim missed points"),
            Option("track", "open", ("open", "obstacles"), "Which track"),
        ),
    )


def test_options_are_matched_against_each_options_choices() -> None:
    spec = toy_spec()
    assert parse_options(spec, None) == {"target": 121, "muggins": False, "track": "open"}
    assert parse_options(spec, "target=61, muggins=on TRACK=Obstacles") == {
        "target": 61,
        "muggins": True,
        "track": "obstacles",
    }
    for bad in ("target=100", "colour=red", "target"):
        with pytest.raises(IllegalAction):
            parse_options(spec, bad)


def test_names_cannot_ping_or_format() -> None:
    assert text.safe("@everyone") != "@everyone"
    assert "<@" + "1" * 18 + ">" not in text.safe("<@" + "1" * 18 + ">")
    assert text.safe("**bold** _it_") == r"\*\*bold\*\* \_it\_"


def test_rules_pages_keep_every_section_and_fit_a_message() -> None:
    for spec in GAMES.values():
        pages = text.rules_pages(spec)
        joined = "\n".join(pages)
        for title, _body in spec.rules:
            assert title in joined
        assert all(len(text.rules_page(spec, n)[0]) <= 2000 for n in range(len(pages)))
        assert re.search(r"page 1 of \d+", text.rules_page(spec, 0)[0])


async def test_drawing_queue_runs_one_at_a_time_and_hands_first() -> None:
    from cogs.images import DrawingQueue

    queue = DrawingQueue()
    order: list[str] = []
    running = 0

    async def draw(name: str, priority: int) -> None:
        nonlocal running
        async with queue.turn(priority):
            running += 1
            assert running == 1
            order.append(name)
            await asyncio.sleep(0.001)
            running -= 1

    first = asyncio.create_task(draw("table 1", 1))
    await asyncio.sleep(0)  # table 1 is drawing; the rest queue behind it
    waiting = [
        asyncio.create_task(draw(name, priority))
        for name, priority in (("table 2", 1), ("hand 1", 0), ("table 3", 1), ("hand 2", 0))
    ]
    cancelled = asyncio.create_task(draw("hand 0", 0))
    await asyncio.sleep(0)
    cancelled.cancel()
    await asyncio.gather(first, *waiting)
    assert order == ["table 1", "hand 1", "hand 2", "table 2", "table 3"]
    await draw("later", 1)  # the queue is free again after a cancelled waiter
    assert order[-1] == "later"


@pytest.mark.usefixtures("quick_pictures")
async def test_a_waiting_table_reminds_the_player_whose_turn_it_is() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        clock = FakeClock()
        await fake.connect(test_bot(":memory:", idle_warn=120, clock=clock))
        players = [fake.member(n) for n in NAMES[:PLAYERS]]
        driver = GameDriver(fake)
        await driver.start_game(GAME, players)
        await clock.advance(120)
        await driver.settle()
        reminders = [
            m
            for m in fake.visible_messages(players[0], driver.channel_id)
            if "is waiting for your move" in m.content
        ]
        waited = {u.id for u in driver.waiting()}
        assert reminders
        assert {int(i) for m in reminders for i in re.findall(r"<@(\d+)>", m.content)} <= waited
        fake.assert_clean()


async def test_closing_the_bot_closes_the_database_even_when_discord_fails(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with FakeDiscord(members=("alice",)) as fake:
        bot = test_bot(database_url)
        await fake.connect(bot)
        store = bot.store
        assert store is not None

        async def discord_is_gone() -> None:
            raise ConnectionError("Discord is unreachable")

        monkeypatch.setattr(bot.get_cog("Tables").message.refresher, "flush", discord_is_gone)
        with pytest.raises(ConnectionError):
            await bot.close()
        assert bot.store is None and bot.is_closed()
        with pytest.raises(Exception, match=r"no active connection|pool is closed"):
            await store.schema_version()


async def test_a_lobby_offers_the_computer_levels_its_game_offers() -> None:
    from cogs.lobbies_cog import lobby_view
    from tables.lobby import Lobby
    from tests.tables.race_game import DASH, DASH_NO_AI

    def level_choices(spec: GameSpec) -> list[str] | None:
        lobby = Lobby(id=1, guild_id=1, channel_id=2, host_id=3, spec=spec, options={})
        for child in lobby_view(lobby).children:
            item = getattr(child, "item", child)  # a DynamicItem wraps its select
            if isinstance(item, discord.ui.Select) and item.placeholder == "Add a computer player…":
                return [option.value for option in item.options]
        return None

    assert level_choices(GAMES["cribbage"]) == ["easy", "normal", "hard", "expert"]
    assert level_choices(DASH) == ["easy", "normal", "hard"]
    assert level_choices(DASH_NO_AI) is None


async def test_a_dev_server_the_bot_is_not_in_yet_gets_the_commands_once_it_joins(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The README's order: DEV_GUILD_ID is set, then the bot starts and prints its invite link.
    Until it is invited, Discord refuses the commands for that server: a warning that says so,
    not a crash; once invited, they are added there."""
    async with FakeDiscord() as fake:
        dev_server = fake.state.add_guild("Test server")
        del fake.state.guilds[dev_server]  # not invited yet
        await fake.connect(test_bot(":memory:", dev_guild_id=dev_server))
        assert dev_server not in fake.state.guild_commands
        [warning] = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert warning.getMessage() == (
            f"The slash commands could not be added to server {dev_server} (DEV_GUILD_ID): the "
            "bot is not in it yet. Invite it with the link below; they are added when it joins.")
        fake.join_guild(dev_server, "Test server")
        await fake.wait_quiet()
        names = {c["name"] for c in fake.state.guild_commands[dev_server].commands}
        assert {"play", "help", "abandon"} <= names
        fake.assert_clean()
