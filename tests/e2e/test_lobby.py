"""The lobby through Discord: who may do what, player counts, computers, teams, options,
threads, a lobby that survives a restart, and one nobody touches that expires."""

from __future__ import annotations

import re

import discord
import pytest

from engine.registry import GAMES
from store import Store
from tables.clock import FakeClock
from testkit.fake_discord import FakeDiscord, FakeMessage
from testkit.players import GameDriver, Refused, has_computer_player, test_bot

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan")
GAME = next(iter(GAMES))
SPEC = GAMES[GAME]
AI_GAME = next((name for name in GAMES if has_computer_player(name)), None)
pytestmark = pytest.mark.usefixtures("quick_pictures")


def refused(exc: pytest.ExceptionInfo[Refused]) -> str:
    return str(exc.value)


def seat_lines(message: FakeMessage) -> str:
    return message.content.split("\n\n")[-1]


async def test_join_leave_and_host_only_controls() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(alice, GAME)
        assert lobby.content.startswith(f"**{SPEC.title}** — lobby #")
        assert f"<@{alice.id}>" in seat_lines(lobby)  # the host sits down at once

        with pytest.raises(Refused) as twice:
            await driver.press(alice, lobby, label="Join")
        assert "already joined" in refused(twice)
        await driver.press(bob, lobby, label="Join")
        assert f"<@{bob.id}>" in seat_lines(fake.state.messages[lobby.id])

        for label in ("Start", "Cancel"):
            with pytest.raises(Refused) as not_host:
                await driver.press(bob, lobby, label=label)
            assert "Only the host" in refused(not_host)
        with pytest.raises(Refused) as not_host:
            await driver.choose(bob, lobby, ["easy"], placeholder="Add a computer player…")
        assert "Only the host" in refused(not_host)

        await driver.press(bob, lobby, label="Leave")
        assert f"<@{bob.id}>" not in seat_lines(fake.state.messages[lobby.id])
        with pytest.raises(Refused) as not_in:
            await driver.press(bob, lobby, label="Leave")
        assert "not joined" in refused(not_in)

        await driver.press(alice, lobby, label="Cancel")
        cancelled = fake.state.messages[lobby.id]
        assert "cancelled" in cancelled.content and not cancelled.find_components()
        fake.assert_clean()


async def test_a_host_who_leaves_their_seat_is_told_they_still_run_the_lobby() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(alice, GAME)
        await driver.press(bob, lobby, label="Join")
        with pytest.raises(Refused) as told:
            await driver.press(alice, lobby, label="Leave")
        assert "you still host this lobby" in refused(told) and "Cancel" in refused(told)
        shown = fake.state.messages[lobby.id]
        assert f"<@{alice.id}>" not in seat_lines(shown) and f"<@{bob.id}>" in seat_lines(shown)
        with pytest.raises(Refused) as not_host:  # Bob, left alone, still cannot start it
            await driver.press(bob, lobby, label="Start")
        assert "Only the host" in refused(not_host)
        fake.assert_clean()


async def test_player_counts_are_enforced() -> None:
    counts = SPEC.allowed_player_counts()
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        host = fake.member("alice")
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(host, GAME)
        if 1 not in counts:
            with pytest.raises(Refused) as too_few:
                await driver.press(host, lobby, label="Start")
            assert "needs" in refused(too_few)
        others = [fake.member(n) for n in NAMES[1 : max(counts)]]
        for user in others:
            await driver.press(user, lobby, label="Join")
        with pytest.raises(Refused) as full:
            await driver.press(fake.member(NAMES[-1]), lobby, label="Join")
        assert "at most" in refused(full)
        fake.assert_clean()


@pytest.mark.skipif(AI_GAME is None, reason="no game has a computer player yet")
async def test_computers_are_added_and_removed_by_the_host() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        host = fake.member("alice")
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(host, str(AI_GAME))
        await driver.choose(host, lobby, ["hard"], placeholder="Add a computer player…")
        await driver.choose(host, lobby, ["easy"], placeholder="Add a computer player…")
        message = fake.state.messages[lobby.id]
        # Each computer says how well it plays: the host chose, everyone else must see it.
        assert "🤖 Computer 1 (hard)" in seat_lines(message)
        assert "🤖 Computer 2 (easy)" in seat_lines(message)
        await driver.choose(host, lobby, ["1"], placeholder="Remove a computer player…")
        assert "Computer 1" not in seat_lines(fake.state.messages[lobby.id])
        fake.assert_clean()


async def test_teams_are_shown_and_partners_can_be_swapped() -> None:
    team_game = next(
        (
            (name, n)
            for name, spec in GAMES.items()
            for n in spec.allowed_player_counts()
            if len(set(spec.sides(n, spec.check_options({})))) < n
        ),
        None,
    )
    assert team_game is not None, "no game has teams"
    game, players = team_game
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        users = [fake.member(n) for n in NAMES[:players]]
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(users[0], game)
        for user in users[1:]:
            await driver.press(user, lobby, label="Join")
        message = fake.state.messages[lobby.id]
        assert "**Team 1:**" in message.content and "**Team 2:**" in message.content
        team_one = message.content.split("**Team 1:**")[1].split("\n")[0]
        await driver.choose(users[0], lobby, ["0", "1"], placeholder="Swap two seats (partners)…")
        swapped = fake.state.messages[lobby.id].content.split("**Team 1:**")[1].split("\n")[0]
        assert swapped != team_one
        fake.assert_clean()


async def test_options_are_parsed_and_bad_ones_refused() -> None:
    option = next(o for spec in GAMES.values() for o in spec.options if len(o.choices) > 1)
    game = next(name for name, spec in GAMES.items() if option in spec.options)
    other = next(c for c in option.choices if c != option.default)
    written = str(other).lower()
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        host = fake.member("alice")
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(host, game, f"{option.name}={written}")
        assert f"{option.name}: **{other}**" in lobby.content
        answer = await fake.slash(host, "play", {"game": game, "options": "nonsense=1"})
        assert answer.message is not None and answer.message.ephemeral
        assert "has no option 'nonsense'" in answer.message.content
        assert option.name in answer.message.content  # the options it does have
        answer = await fake.slash(host, "play", {"game": "no-such-game"})
        assert answer.message is not None and "There is no game" in answer.message.content
        fake.assert_clean()


async def test_on_off_options_read_as_players_write_them() -> None:
    option = next(o for spec in GAMES.values() for o in spec.options
                  if set(o.choices) == {False, True})
    game = next(name for name, spec in GAMES.items() if option in spec.options)
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        host = fake.member("alice")
        suggested = await fake.autocomplete(host, "play", "options", f"{option.name}=",
                                            {"game": game})
        assert {c["value"] for c in suggested} == {f"{option.name}=on", f"{option.name}=off"}
        lobby = await GameDriver(fake).open_lobby(host, game, f"{option.name}=on")
        assert f"{option.name}: **on**" in lobby.content
        answer = await fake.slash(host, "play", {"game": game, "options": f"{option.name}=maybe"})
        allowed = ", ".join("on" if choice else "off" for choice in option.choices)
        assert answer.message is not None and f"one of {allowed}" in answer.message.content
        fake.assert_clean()


@pytest.mark.parametrize("missing", ["create_public_threads", "send_messages_in_threads"])
async def test_without_a_thread_the_bot_may_write_in_the_game_plays_in_the_channel(
    missing: str,
) -> None:
    permissions = discord.Permissions.text() | discord.Permissions(view_channel=True)
    setattr(permissions, missing, False)
    async with FakeDiscord(members=NAMES, app_permissions=permissions) as fake:
        await fake.connect(test_bot(":memory:"))
        users = [fake.member(n) for n in NAMES[: SPEC.allowed_player_counts()[0]]]
        driver = GameDriver(fake)
        await driver.start_game(GAME, users)
        assert fake.threads == []  # a thread it could not write in would hide the game
        assert driver.table_message().channel_id == fake.channel().id
        await driver.step()
        fake.assert_clean()


async def test_where_the_bot_may_not_attach_files_the_table_shows_in_words_and_says_so() -> None:
    no_files = discord.Permissions.text() | discord.Permissions(view_channel=True)
    no_files.attach_files = False
    async with FakeDiscord(members=NAMES, app_permissions=no_files) as fake:
        await fake.connect(test_bot(":memory:"))
        users = [fake.member(n) for n in NAMES[: SPEC.allowed_player_counts()[0]]]
        driver = GameDriver(fake)
        await driver.start_game(GAME, users)
        table = driver.table_message()
        assert table.attachments == [] and "Attach Files" in table.content
        assert driver.waiting(), table.content  # whose turn: the mentions are there
        for _ in range(3):
            await driver.step()
        await driver.settle()
        assert "Attach Files" in driver.table_message().content
        fake.assert_clean()


async def test_play_is_refused_where_the_game_could_not_show_before_anyone_joins() -> None:
    silent = discord.Permissions.text() | discord.Permissions(view_channel=True)
    silent.send_messages = False
    silent.create_public_threads = False
    async with FakeDiscord(members=NAMES, app_permissions=silent) as fake:
        await fake.connect(test_bot(":memory:"))
        answer = await fake.slash(fake.member(NAMES[0]), "play", {"game": GAME})
        assert answer.message is not None and answer.message.ephemeral
        assert "may not send messages in this channel" in answer.message.content
        assert "Send Messages" in answer.message.content
        assert fake.bot.tables.lobbies(fake.state.guild_id) == []  # type: ignore[attr-defined]
        assert fake.threads == []
        fake.assert_clean()


async def test_start_is_refused_where_the_game_can_no_longer_show_and_the_lobby_stays() -> None:
    silent = discord.Permissions.text() | discord.Permissions(view_channel=True)
    silent.send_messages = False
    silent.create_public_threads = False
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        users = [fake.member(n) for n in NAMES[: SPEC.allowed_player_counts()[0]]]
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(users[0], GAME)
        for user in users[1:]:
            await driver.press(user, lobby, label="Join")
        fake.state.app_permissions = str(silent.value)  # an admin takes them away meanwhile
        before = fake.state.messages[lobby.id].content
        with pytest.raises(Refused) as refusal:
            await driver.press(users[0], lobby, label="Start")
        assert "may not send messages in this channel" in refused(refusal)
        assert "Send Messages" in refused(refusal)
        assert fake.state.messages[lobby.id].content == before
        assert fake.bot.tables.running(fake.state.guild_id) == []  # type: ignore[attr-defined]
        assert fake.threads == []
        fake.assert_clean()


async def test_a_lobby_keeps_working_after_a_restart(database_url: str) -> None:
    database = database_url
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(database))
        users = [fake.member(n) for n in NAMES[: SPEC.allowed_player_counts()[0]]]
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(users[0], GAME)
        await fake.restart(test_bot(database))
        for user in users[1:]:
            await driver.press(user, lobby, label="Join")
        await driver.press(users[0], lobby, label="Start")
        await driver.settle()
        assert "Started: game #" in fake.state.messages[lobby.id].content
        assert driver.find_table() is not None
        fake.assert_clean()


DAY = 24 * 3600.0


def says_expired(message: FakeMessage, before: str, days: int) -> bool:
    """The lobby's words as they were, then the expiry line; no buttons."""
    return message.content == (
        f"{before}\n\n⌛ Expired: nobody joined, left or changed this lobby for {days} days. "
        "Open a new one with `/play`."
    ) and not message.find_components()


async def test_a_lobby_nobody_touches_for_a_week_says_it_expired(database_url: str) -> None:
    clock = FakeClock()
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(database_url, clock=clock))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(alice, GAME)
        await clock.advance(5 * DAY)
        await driver.press(bob, lobby, label="Join")  # a touch: the week starts again
        await clock.advance(7 * DAY - 1)
        await fake.wait_quiet()
        before = fake.state.messages[lobby.id].content
        assert "Expired" not in before and fake.state.messages[lobby.id].find_components()
        await clock.advance(1)
        await fake.wait_quiet()
        message = fake.state.messages[lobby.id]
        assert says_expired(message, before, 7), message.content
        assert f"<@{bob.id}>" in message.content  # still seated, as before
        assert fake.bot.tables.lobbies(fake.state.guild_id) == []  # type: ignore[attr-defined]
        fake.assert_clean()


async def test_a_lobby_already_a_week_old_at_start_up_says_it_expired(database_url: str) -> None:
    clock = FakeClock()
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(database_url, clock=clock))
        lobby = await GameDriver(fake).open_lobby(fake.member("alice"), GAME)
        before = lobby.content
        later = FakeClock(start=clock.now() + 9 * DAY)  # the bot was down for nine days
        await fake.restart(test_bot(database_url, clock=later))
        await fake.wait_quiet()
        assert says_expired(fake.state.messages[lobby.id], before, 9)
        number = int(re.findall(r"lobby #(\d+)", lobby.content)[0])
        stored = await fake.bot.store.lobby(number)  # type: ignore[attr-defined]
        assert stored.status == "cancelled"
        assert fake.bot.tables.lobbies(fake.state.guild_id) == []  # type: ignore[attr-defined]
        fake.assert_clean()


async def test_a_lobby_another_process_took_over_is_refused_here_and_kept_there(
    database_url: str,
) -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(database_url))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(alice, GAME)
        shown = fake.state.messages[lobby.id].content
        # Another process given this server's shard too (a misconfiguration, or a failover
        # that overlaps) claims the lobby at its start.
        other = await Store.open(database_url)
        try:
            [claimed] = await other.claim_open_lobbies()
            for user, label in ((bob, "Join"), (bob, "Join"), (alice, "Start"),
                                (alice, "Cancel")):
                with pytest.raises(Refused) as lost:
                    await driver.press(user, lobby, label=label)
                assert "another copy of the bot" in refused(lost)
            message = fake.state.messages[lobby.id]
            assert message.content == shown and message.find_components()  # left as it was
            stored = await other.lobby(claimed.id)
            assert stored.status == "open"
            assert [seat["user_id"] for seat in stored.seats] == [alice.id]
            assert await other.games_with_status("running") == []
        finally:
            await other.close()
        fake.assert_clean()


async def test_the_game_starts_in_its_thread_once_discord_has_made_it() -> None:
    """Discord can take its time to make the game's thread. Until it has, no game exists that
    a computer could move in (and so post the table in the channel); then the game starts in
    the thread, the channel keeps only the lobby, and the thread is named for the players."""
    async with FakeDiscord(members=NAMES) as fake:
        bot = test_bot(":memory:")
        await fake.connect(bot)
        alice = fake.member("alice")
        driver = GameDriver(fake)
        lobby = await driver.open_lobby(alice, AI_GAME)
        await driver.choose(alice, lobby, ["hard"], placeholder="Add a computer player…")
        making_thread = fake.hold("POST", r"/threads$")
        start = await fake.click(alice, lobby, label="Start", wait=False)
        await making_thread.arrived.wait()
        assert bot.tables.running(fake.state.guild_id) == []
        making_thread.release()
        await fake.finish(start)
        await driver.settle()
        [thread] = fake.threads
        assert thread.name == f"{GAMES[AI_GAME].title}: Alice, Computer 1"
        table = driver.find_table()
        assert table is not None and table.channel_id == thread.id
        channel_messages = [m for m in fake.state.messages.values()
                            if m.channel_id == fake.channel().id]
        assert [m.id for m in channel_messages] == [lobby.id]
        fake.assert_clean()
