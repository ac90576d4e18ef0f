"""A small bot that uses every Discord feature the harness models; the harness tests run it.

Not the product's bot: it exists so tests/e2e/test_harness.py can check the harness itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import re

import discord
from discord import app_commands
from discord.ext import commands

from tables.clock import Clock

HAND = "7H 8S 9D"  # what only the player who asked may see


class NameModal(discord.ui.Modal, title="Name the table"):
    name: discord.ui.TextInput = discord.ui.TextInput(
        label="Name", custom_id="rename:name", max_length=12
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        if interaction.message is not None:  # opened from the table's button
            await interaction.response.edit_message(content=f"table {self.name.value}")
        else:
            await interaction.response.send_message(f"named {self.name.value}", ephemeral=True)


class TableView(discord.ui.View):
    """Answer to /deal: a button, a select and a button that is always disabled."""

    def __init__(self) -> None:
        super().__init__(timeout=180)

    @discord.ui.button(label="Hit", custom_id="deal:hit")
    async def hit(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        # Whose table it is comes from the message's interaction metadata, as Discord sends it.
        assert interaction.message is not None and interaction.message.interaction_metadata
        owner = interaction.message.interaction_metadata.user.name
        await interaction.response.edit_message(content=f"{interaction.user.name} hit {owner}")

    @discord.ui.button(label="Rename", custom_id="deal:rename")
    async def rename(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(NameModal())

    @discord.ui.button(label="Closed", custom_id="deal:closed", disabled=True)
    async def closed(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("should never happen")

    @discord.ui.select(
        custom_id="deal:pick",
        options=[discord.SelectOption(label=v, value=v) for v in ("cribbage", "pip-rush")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


class HandView(discord.ui.View):
    """On the ephemeral hand: a Play button that replaces the hand with what was played."""

    def __init__(self) -> None:
        super().__init__(timeout=180)

    @discord.ui.button(label="Play", custom_id="hand:play")
    async def play(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="played 7H", view=None)


class SeatButton(discord.ui.DynamicItem[discord.ui.Button], template=r"seat:(?P<table>\d+)"):
    """A persistent button: it carries its table number, so any bot process can answer it."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Sit", custom_id=f"seat:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> SeatButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"seated at table {self.table}", ephemeral=True)
        assert interaction.message is not None
        # A plain channel edit (PATCH /channels/{id}/messages/{id}), not through the token.
        await interaction.message.edit(content=f"table {self.table}: {interaction.user.name} sat")


class SampleBot(commands.Bot):
    """Says goodbye in a channel when closed cleanly (so tests can tell a crash from a close)."""

    farewell_channel_id: int | None = None

    async def close(self) -> None:
        if self.farewell_channel_id is not None:
            channel = self.get_channel(self.farewell_channel_id)
            assert isinstance(channel, discord.TextChannel)
            await channel.send("bye")
        await super().close()


def make_bot(
    *,
    background_delay: float = 0.05,
    clock: Clock | None = None,
    intents: discord.Intents | None = None,
) -> SampleBot:
    """`clock` times the commands that wait (slow, slowedit, later): a test that needs their
    waits to end at a moment of its choosing passes a FakeClock (real time by default)."""
    clock = clock or Clock()
    bot = SampleBot(command_prefix=commands.when_mentioned,
                    intents=intents or discord.Intents.default())
    bot.ready_count = 0  # type: ignore[attr-defined]
    bot.available_guilds = []  # type: ignore[attr-defined]

    @bot.event
    async def on_ready() -> None:
        bot.ready_count += 1  # type: ignore[attr-defined]

    @bot.event
    async def on_guild_available(guild: discord.Guild) -> None:
        bot.available_guilds.append(guild.id)  # type: ignore[attr-defined]

    async def setup_hook() -> None:
        bot.add_dynamic_items(SeatButton)
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]

    @bot.tree.command(description="Deal a table")
    @app_commands.choices(
        game=[app_commands.Choice(name=g, value=g) for g in ("cribbage", "pip-rush")]
    )
    async def deal(interaction: discord.Interaction, game: str, players: int = 2) -> None:
        await interaction.response.send_message(f"{game} for {players}", view=TableView())

    async def complete_game(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = ("cribbage", "pip-cribbage", "crib-race", "pip-rush", "pip-pip")
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

    @bot.tree.command(description="Look a game up (with autocomplete)")
    @app_commands.autocomplete(game=complete_game)
    async def find(interaction: discord.Interaction, game: str, verbose: bool = False) -> None:
        await interaction.response.send_message(f"found {game}", ephemeral=True)

    @bot.tree.command(description="Name something, in a modal")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @bot.tree.command(description="Your hand, for your eyes only")
    async def hand(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hand {HAND}", view=HandView(), ephemeral=True)

    @bot.tree.command(description="Open a table with a persistent Sit button")
    async def table(interaction: discord.Interaction, number: int) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(SeatButton(number))
        await interaction.response.defer(ephemeral=True)
        await interaction.channel.send(f"table {number}", view=view)  # type: ignore[union-attr]
        await interaction.followup.send("table opened", ephemeral=True)

    @bot.tree.command(description="Send a picture")
    async def picture(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "board", file=discord.File(io.BytesIO(b"\x89PNG-board"), "board.png")
        )
        hand_image = await interaction.followup.send(
            "hand image",
            file=discord.File(io.BytesIO(b"\x89PNG-hand"), "hand.png"),
            ephemeral=True,
            wait=True,
        )
        await hand_image.edit(content="hand image, sorted")

    @bot.tree.command(description="Send a picture, replace it, then add a second one")
    async def redraw(interaction: discord.Interaction) -> None:
        def png(name: str) -> discord.File:
            return discord.File(io.BytesIO(f"PNG-{name}".encode()), f"{name}.png")

        await interaction.response.send_message("v1", file=png("a"))
        replaced = await interaction.edit_original_response(content="v2", attachments=[png("b")])
        await interaction.edit_original_response(
            content="v3", attachments=[*replaced.attachments, png("c")]
        )

    @bot.tree.command(description="Start a game thread")
    async def thread(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"opening {name}")
        original = await interaction.original_response()
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        created = await channel.create_thread(name=name, message=original)
        await created.send(f"welcome to {name}")
        await created.send(file=discord.File(io.BytesIO(b"\x89PNG-table"), "table.png"))

    @bot.tree.command(description="A private thread for one player, with a button in it")
    async def private(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.create_thread(
            name=f"{interaction.user.name}-only", type=discord.ChannelType.private_thread
        )
        await thread.add_user(interaction.user)
        await thread.send(f"your cards: {HAND}", view=HandView())
        await interaction.edit_original_response(content=f"see {thread.mention}")

    @bot.tree.command(description="Answer, leaving an idle worker and optionally a stuck task")
    async def worker(interaction: discord.Interaction, stuck: bool = False) -> None:
        jobs: asyncio.Queue[str] = asyncio.Queue()

        async def work_forever() -> None:
            while True:
                await jobs.get()

        async def wait_for_nothing() -> None:
            await asyncio.get_running_loop().create_future()  # never resolved

        loop = asyncio.get_running_loop()
        bot.background = [loop.create_task(work_forever())]  # type: ignore[attr-defined]
        if stuck:
            bot.background.append(loop.create_task(wait_for_nothing()))  # type: ignore[attr-defined]
        await interaction.response.send_message("working")

    @bot.tree.command(description="Answer, then take the answer back")
    async def vanish(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("now you see me")
        fetched = await interaction.channel.fetch_message(  # type: ignore[union-attr]
            (await interaction.original_response()).id
        )
        await interaction.followup.send(f"fetched: {fetched.content}", ephemeral=True)
        await interaction.delete_original_response()

    @bot.tree.command(description="Answer; two background tasks fail, one of them is handled")
    async def fragile(interaction: discord.Interaction) -> None:
        async def fail(reason: str) -> None:
            raise RuntimeError(reason)

        loop = asyncio.get_running_loop()
        bot.background = [loop.create_task(fail("nobody looked"))]  # type: ignore[attr-defined]
        handled = loop.create_task(fail("collected by a callback"))
        handled.add_done_callback(lambda task: task.exception())
        await interaction.response.send_message("ok")

    @bot.tree.command(description="Raise (the harness must report it)")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("the cog is broken")

    @bot.tree.command(description="Answer twice (a bug the harness must flag)")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        # discord.py refuses a second answer locally; forget the first to reach Discord with it,
        # as a second bot process answering the same interaction would.
        interaction.response._response_type = None
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message("second")

    @bot.tree.command(description="Answer too late")
    async def slow(interaction: discord.Interaction, seconds: float) -> None:
        await clock.sleep(seconds)
        with contextlib.suppress(discord.NotFound):
            await interaction.response.send_message("finally")

    @bot.tree.command(description="Answer, then edit the answer after a while")
    async def slowedit(interaction: discord.Interaction, seconds: float) -> None:
        await interaction.response.send_message("v1")
        await clock.sleep(seconds)
        try:
            await interaction.edit_original_response(content="v2")
        except discord.HTTPException as error:
            await interaction.channel.send(f"could not edit: {error.code}")  # type: ignore[union-attr]

    @bot.tree.command(description="Never answer")
    async def mute(interaction: discord.Interaction) -> None:
        return

    @bot.tree.command(description="Answer, then post again a little later")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("soon")

        async def post_later() -> None:
            await clock.sleep(background_delay)
            await interaction.channel.send("later")  # type: ignore[union-attr]

        asyncio.get_running_loop().create_task(post_later())

    return bot
