"""/server settings through the fake Discord: anyone sees them, only a member with Manage
Server changes them (a refusal changes nothing), they are kept across a restart, a new lobby
starts with the server's idle timer (its host may still change it), and a table playing in a
channel moves down after the server's number of messages, or never."""

from __future__ import annotations

import pytest

from tables.clock import FakeClock
from tables.server_settings import MANAGE_ONLY
from testkit.fake_discord import FakeDiscord, InteractionRecord
from testkit.fake_discord import gateway as fake_gateway
from testkit.players import GameDriver, test_bot
from tests.e2e.test_table_in_channel import advance, posts_of, without_threads

pytestmark = pytest.mark.usefixtures("quick_pictures")

NAMES = ("alice", "bob", "carol")
NO_MANAGE_SERVER = str(((1 << 50) - 1) & ~0x28)  # nor Administrator, which grants it


def said(record: InteractionRecord) -> str:
    assert record.message is not None and record.message.ephemeral
    return record.message.content


async def test_anyone_sees_the_settings_only_an_admin_changes_them_and_they_are_kept(
    database_url: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    knobs = {"idle_warn": 120.0, "idle_takeover": 300.0}  # the bot's own defaults
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(database_url, **knobs))
        alice = fake.member("alice")
        shown = said(await fake.slash(alice, "server settings"))
        assert shown.startswith("⚙️ **This server's settings for games**")
        assert "the bot's default (**5 minutes, a warning after 2 minutes**)" in shown
        assert "the bot's default (**after 5 messages**)" in shown

        monkeypatch.setattr(fake_gateway, "ALL_TEXT_PERMISSIONS", NO_MANAGE_SERVER)
        refused = said(await fake.slash(alice, "server settings", {"idle": "30"}))
        assert refused == f"{MANAGE_ONLY} Nothing changed."
        assert said(await fake.slash(alice, "server settings")) == shown
        monkeypatch.undo()

        changed = said(await fake.slash(alice, "server settings",
                                        {"idle": "off", "repost": "never"}))
        assert changed.startswith("✅ Saved.\n⚙️ **This server's settings for games**")
        assert "**off: the table waits for every move**" in changed
        assert "**never: it stays where it was first posted**" in changed
        await fake.restart(test_bot(database_url, **knobs))
        assert said(await fake.slash(alice, "server settings")) == changed.removeprefix(
            "✅ Saved.\n")
        fake.assert_clean()


async def test_a_new_lobby_starts_with_the_servers_idle_timer_and_its_host_may_change_it(
) -> None:
    async with FakeDiscord(members=NAMES) as fake:
        bot = test_bot(":memory:")
        await fake.connect(bot)
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake)
        before = await driver.open_lobby(alice, "cribbage")
        assert "Idle timer" not in before.content  # the bot's default, as ever
        await fake.slash(alice, "server settings", {"idle": "30"})
        lobby = await driver.open_lobby(alice, "cribbage")
        assert "computer plays for anyone who keeps the table waiting 30 minutes" in lobby.content
        assert "Idle timer" not in fake.state.messages[before.id].content  # opened before
        chosen = await fake.slash(bob, "play", {"game": "cribbage", "idle": "2"})
        assert chosen.message is not None and "waiting 2 minutes" in chosen.message.content
        await driver.press(bob, lobby, label="Join")
        await driver.press(alice, lobby, label="Start")
        await driver.settle()
        assert bot.tables is not None
        [table] = bot.tables.running(fake.state.guild_id)
        assert table.settings.get("idle") == 30
        fake.assert_clean()


@pytest.mark.parametrize(("repost", "moves_after"), [("15", 15), ("never", None)])
async def test_a_table_in_a_channel_moves_down_after_the_servers_number_of_messages(
    repost: str, moves_after: int | None,
) -> None:
    clock = FakeClock()
    async with FakeDiscord(app_permissions=without_threads()) as fake:
        await fake.connect(test_bot(":memory:", clock=clock, notice_grace=1e9))
        await fake.slash(fake.member("alice"), "server settings", {"repost": repost})
        table_id = await start_in_channel(fake)
        [first] = posts_of(fake, table_id)
        carol = fake.member("carol")
        for _ in range((moves_after or 40) - 1):
            fake.post(carol)
        await advance(fake, clock, 40)
        assert posts_of(fake, table_id) == [first]  # five, the bot's number, did not
        fake.post(carol)
        await advance(fake, clock, 1)
        if moves_after is None:
            assert posts_of(fake, table_id) == [first]
        else:
            [old, latest] = posts_of(fake, table_id)
            assert old.deleted and fake.last_message().id == latest.id
        fake.assert_clean()


async def start_in_channel(fake: FakeDiscord) -> int:
    driver = GameDriver(fake)
    table_id = await driver.start_game("cribbage", [fake.member("alice"), fake.member("bob")],
                                       options="target=61")
    assert driver.table_message().channel_id == fake.channel().id  # no thread
    return table_id


def test_the_settings_offered_are_the_ones_the_tables_take() -> None:
    from tables import IDLE_CHOICES
    from tables.server_settings import REPOST_CHOICES, checked, readable

    for idle in IDLE_CHOICES:
        assert checked({"idle": idle}) == {"idle": idle}
    for repost in REPOST_CHOICES:
        assert checked({"repost": repost}) == {"repost": repost}
    assert readable({"idle": 7, "repost": 15, "colour": "red"}) == {"repost": 15}
