"""Every answer fits Discord's limits, whatever a player types or a tampered client sends.

The fake Discord refuses any message over a limit (as Discord does: 400, and the player gets
no answer at all) and records it as a broken rule, so `assert_clean` catches every one."""

from __future__ import annotations

import discord
import pytest

from cogs import components
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser, InteractionRecord
from testkit.fake_discord.limits import message_problems
from testkit.players import GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")

HUGE = "9" * 30


def planted(fake: FakeDiscord, channel_id: int, custom_id: str, values: int = 0) -> FakeMessage:
    """A message of the bot's carrying one control with `custom_id` (a tampered one, or one
    an older version of the bot sent): a button, or a select offering `values` options."""
    if values:
        options = [{"label": str(n), "value": str(n)} for n in range(values)]
        control = {"type": 3, "custom_id": custom_id, "options": options}
    else:
        control = {"type": 2, "style": 1, "label": "Press", "custom_id": custom_id}
    body = {"content": "", "components": [{"type": 1, "components": [control]}]}
    return fake.state.create_message(channel_id, body, {})


async def press(
    fake: FakeDiscord, user: FakeUser, channel_id: int, custom_id: str, values: int = 0
) -> InteractionRecord:
    message = planted(fake, channel_id, custom_id, values)
    if values:
        return await fake.select(user, message, custom_id, ["0"])
    return await fake.click(user, message, custom_id=custom_id)


def note_of(record: InteractionRecord) -> str:
    """The one short ephemeral note the bot answered with."""
    assert record.response_type == 4 and record.message is not None, record.errors
    assert record.message.ephemeral and not record.message.find_components()
    return record.message.content


def test_the_fake_refuses_what_discord_refuses() -> None:
    assert message_problems({"content": "x" * 2000}) == []
    assert message_problems({"content": "x" * 2001})
    button = {"type": 2, "label": "x" * 81, "custom_id": "c" * 101}
    assert len(message_problems({"components": [{"type": 1, "components": [button]}]})) == 2
    option = {"label": "x" * 101, "value": "v" * 101, "description": "d" * 101}
    menu = {"type": 3, "custom_id": "m", "options": [option] * 26}
    assert len(message_problems({"components": [{"type": 1, "components": [menu]}]})) == 1 + 26 * 3
    assert message_problems({"embeds": [{"title": "t" * 257, "description": "d" * 4097}]})


async def test_a_huge_option_value_gets_a_short_refusal_quoting_a_little_of_it() -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        digits = "1" * 5000
        options = {"game": "cribbage", "options": f"target={digits}"}
        record = await fake.slash(alice, "play", options)
        note = note_of(record)
        assert note.startswith("target must be one of 121, 61, not ")
        assert len(note) < 120 and "1" * 30 in note and "1" * 50 not in note
        fake.assert_clean()


async def test_a_huge_game_name_gets_a_short_refusal() -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        for command in ("play", "rules", "leaderboard"):
            record = await fake.slash(alice, command, {"game": "*x*" * 2000})
            note = note_of(record)
            assert note.startswith("There is no game ") and len(note) < 200, note
            assert "\\*x\\*" in note  # quoted text is made inert
        fake.assert_clean()


async def test_tampered_ids_name_no_game_and_no_lobby() -> None:
    async with FakeDiscord(members=("alice", "bob")) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = GameDriver(fake)
        await driver.start_game("cribbage", [alice, fake.member("bob")])
        here = driver.table_message().channel_id
        for what in ("rules", "hand", "resign", "resign-yes"):
            record = await press(fake, alice, here, f"cb:t:{HUGE}:{what}")
            assert note_of(record) == components.GAME_GONE
        record = await press(fake, alice, here, f"cb:l:{HUGE}:join")
        assert note_of(record) == components.LOBBY_GONE
        record = await press(fake, alice, here, f"cb:lc:{HUGE}", values=1)
        assert note_of(record) == components.LOBBY_GONE
        action = f"cb:a:{HUGE}:0:1:1:0123abcd:b{HUGE}"
        record = await press(fake, alice, here, action)
        assert note_of(record) == "This game is over. Start another with `/play`."
        fake.assert_clean()


async def test_a_control_no_handler_knows_gets_a_short_answer() -> None:
    async with FakeDiscord(members=("alice", "bob")) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        here = fake.channel().id
        for custom_id in ("cb:zz:1", "nonsense", "cb:t:1:explode", "x" * 100):
            record = await press(fake, alice, here, custom_id)
            assert note_of(record) == components.UNKNOWN_CONTROL
        fake.assert_clean()


async def test_long_names_in_a_team_lobby_fit_every_menu() -> None:
    names = tuple(f"{'_' * 40}{n}{'*' * 40}" for n in range(4))
    async with FakeDiscord(members=names) as fake:
        await fake.connect(test_bot(":memory:"))
        players = [fake.member(n) for n in names]
        lobby = await fake.slash(players[0], "play", {"game": "cribbage"})
        assert lobby.message is not None
        for player in players[1:]:
            await fake.click(player, lobby.message, label="Join")
        swap = [c for c in lobby.message.find_components() if c.get("min_values") == 2]
        assert swap and all(len(o["label"]) <= 100 for o in swap[0]["options"])
        fake.assert_clean()


async def test_a_control_a_view_handles_is_not_answered_twice() -> None:
    class Extra(discord.ui.View):
        def __init__(self) -> None:
            super().__init__(timeout=None)

        @discord.ui.button(label="Extra", custom_id="extra:press")
        async def press(self, interaction: discord.Interaction, _button: discord.ui.Button):
            await interaction.response.send_message("handled", ephemeral=True)

    async with FakeDiscord(members=("alice",)) as fake:
        bot = test_bot(":memory:")
        await fake.connect(bot)
        bot.add_view(Extra())
        record = await press(fake, fake.member("alice"), fake.channel().id, "extra:press")
        assert note_of(record) == "handled"
        fake.assert_clean()


def test_components_clip_what_they_are_given() -> None:
    action_id = "cb:a:1:0:1:1:0123abcd:"
    button = components.ActionButton(action_id + "b0", "x" * 200)
    assert len(button.item.label or "") == components.BUTTON_LABEL
    option = components.select_option("l" * 150, "v" * 150, "d" * 150)
    assert (len(option.label), len(option.value), len(option.description or "")) == (100,) * 3
    menu = components.ActionSelect(
        action_id + "s0", [components.select_option(str(n), str(n)) for n in range(40)], "p" * 300
    )
    assert len(menu.item.options) == 25 and len(menu.item.placeholder or "") == 150
    assert components.stored_id("9" * 30) is None and components.stored_id("0") is None
    assert components.stored_id("42") == 42
