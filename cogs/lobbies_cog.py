"""/play and the lobby message: join, leave, computer players, partners, start, cancel.

The rules of a lobby (who may do what, player counts, teams) live in tables.Lobby; this cog
only turns presses into Lobby calls and redraws the message in the same interaction response.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import text
from cogs.channel_check import games_can_show, games_get_threads
from cogs.components import LobbyButton, LobbySelect, select_option
from cogs.replies import NO_PINGS, tell
from cogs.tables_cog import TablesCog
from engine.errors import IllegalAction
from engine.registry import GAMES, GameSpec
from tables import IDLE_CHOICES
from tables.lobby import Lobby
from tables.manager import TableManager
from tables.options import find_game, parse_options

log = logging.getLogger(__name__)
#: Discord refuses a longer thread name.
THREAD_NAME_LIMIT = 100
#: What a host who leaves their seat is told: the lobby is still theirs to run.
HOST_LEFT = ("You left your seat, but you still host this lobby: **Start** it for the others, "
             "or **Cancel** it.")
NOWHERE_TO_PLAY = (
    "I can't play a game here: the bot may not send messages in this channel, so its "
    "table would never show. Ask a server admin to give it Send Messages here (or Create "
    "Public Threads and Send Messages in Threads), or play in another channel."
)


def thread_taken(manager: TableManager, interaction: discord.Interaction) -> str | None:
    """Why no game may start here, when this is a thread a running game is played in (its
    own, or one its lobby was opened in): a second table there would bury the first, and its
    players would lose track of whose thread it is. None anywhere else."""
    thread = interaction.channel
    if not isinstance(thread, discord.Thread) or interaction.guild_id is None:
        return None
    playing = [t for t in manager.running(interaction.guild_id)
               if thread.id == (t.thread_id or t.channel_id)]
    if not playing:
        return None
    return (f"This thread is for {text.game_tag(playing[0])}. To start another game, use "
            f"`/play` in <#{thread.parent_id}>.")


def may_play_here(interaction: discord.Interaction) -> bool:
    """Whether a game's table could show where the command was given: in the channel or a
    thread of its own (in a thread, in that thread)."""
    return games_can_show(interaction.app_permissions,
                          in_thread=isinstance(interaction.channel, discord.Thread))


def lobby_view(lobby: Lobby) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(lobby.id, what))
    levels = [select_option(f"Add computer: {level}", level) for level in lobby.spec.levels]
    if levels:  # a game without computer players offers none
        view.add_item(LobbySelect(lobby.id, "c", levels, placeholder="Add a computer player…"))
    computers = [
        select_option(f"Remove {seat.name}", str(index))
        for index, seat in enumerate(lobby.seats)
        if seat.user_id is None
    ]
    if computers:
        view.add_item(
            LobbySelect(lobby.id, "r", computers, placeholder="Remove a computer player…")
        )
    sides = lobby.sides()
    if len(lobby.seats) >= 2 and any(len(side) > 1 for side in sides):
        seats = [
            select_option(f"Seat {index + 1}: {seat.name}", str(index))
            for index, seat in enumerate(lobby.seats)
        ]
        view.add_item(
            LobbySelect(lobby.id, "s", seats, placeholder="Swap two seats (partners)…", values=2)
        )
    return view


class LobbiesCog(commands.Cog, name="Lobbies"):
    def __init__(self, bot: commands.Bot, manager: TableManager) -> None:
        self.bot = bot
        self.manager = manager
        manager.on_lobby_expired(self.show_expired)

    # ------------------------------------------------------------ /play

    @app_commands.command(name="play", description="Open a lobby for a card game.")
    @app_commands.describe(
        game="Which game",
        options="The game's options as name=value, e.g. target=61",
        idle="Minutes before the computer plays for someone who keeps the table waiting",
        hints="A Hint button in every hand; the game is then marked assisted and not rated",
    )
    @app_commands.choices(
        idle=[app_commands.Choice(name=str(c), value=str(c)) for c in IDLE_CHOICES]
    )
    @app_commands.guild_only()
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        idle: str | None = None,
        hints: bool = False,
    ) -> None:
        settings: dict[str, Any] = {}
        if idle is not None:
            settings["idle"] = int(idle) if idle.isdigit() else idle
        if hints:
            settings["hints"] = True
        if not may_play_here(interaction):
            # Said before anyone joins: the same refusal at Start would come after every
            # seat was filled.
            await tell(interaction, NOWHERE_TO_PLAY)
            return
        taken = thread_taken(self.manager, interaction)
        if taken is not None:
            await tell(interaction, taken)
            return
        try:
            spec = game_named(game)
            chosen = parse_options(spec, options)
            lobby = await self.manager.open_lobby(
                guild_id=interaction.guild_id or 0,
                channel_id=interaction.channel_id or 0,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                game=spec.name,
                options=chosen,
                settings=settings,
            )
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await interaction.response.send_message(
            text.lobby_content(spec, lobby, lobby.sides()),
            view=lobby_view(lobby),
            allowed_mentions=NO_PINGS,
        )
        try:
            message = await interaction.original_response()
        except discord.HTTPException:
            log.warning("Lost the message of lobby %s", lobby.id)
            return
        lobby.message_id = message.id
        try:
            await self.manager.update_lobby(lobby)
        except IllegalAction:  # another process claimed it meanwhile: it serves the buttons
            log.warning("Lobby %s was taken over before its message was saved", lobby.id)
            return
        log.info("Lobby %s opened for %s by %s", lobby.id, spec.name, interaction.user.id)

    @play.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current)

    @play.autocomplete("options")
    async def options_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            spec = game_named(str(interaction.namespace.game or ""))
        except IllegalAction:
            return []
        head, _, last = current.rpartition(" ")
        prefix = f"{head} " if head else ""
        suggestions = [
            f"{prefix}{o.name}={text.option_value(c).lower()}"
            for o in spec.options
            if len(o.choices) > 1  # an option with one value is no choice
            for c in o.choices
            if f"{o.name}={text.option_value(c)}".lower().startswith(last.lower())
        ]
        return [app_commands.Choice(name=s[:100], value=s[:100]) for s in suggestions[:25]]

    # ------------------------------------------------------------ expiry

    async def show_expired(self, lobby: Lobby) -> None:
        """An expired lobby's message says so and loses its buttons; the rest stays. A message
        that is gone or out of reach is left as it is (the lobby is closed all the same)."""
        if lobby.message_id is None:
            return
        channel = self.bot.get_partial_messageable(lobby.channel_id, guild_id=lobby.guild_id)
        try:
            await channel.get_partial_message(lobby.message_id).edit(
                content=text.lobby_content(
                    lobby.spec, lobby, lobby.sides(),
                    expired_note(self.manager.clock.wall() - lobby.touched_at),
                ),
                view=None,
                allowed_mentions=NO_PINGS,
            )
        except discord.HTTPException as failure:
            log.info("Could not mark lobby %s expired: %s", lobby.id, failure)

    # ------------------------------------------------------------ lobby presses

    async def on_lobby(
        self, interaction: discord.Interaction, lobby_id: int, what: str, values: Sequence[str]
    ) -> None:
        user = interaction.user
        try:
            lobby = self.manager.served_lobby(lobby_id)
            if what == "start":
                await self._start(interaction, lobby)
                return
            if what == "cancel":
                await self.manager.cancel_lobby(lobby.id, user.id)
                await interaction.response.edit_message(
                    content=f"~~{text.safe(lobby.spec.title)} lobby #{lobby.id}~~ — cancelled.",
                    view=None,
                    allowed_mentions=NO_PINGS,
                )
                return
            if what == "join":
                lobby.join(user.id, user.display_name)
            elif what == "leave":
                lobby.leave(user.id)
            elif what == "add-computer" and len(values) == 1:
                lobby.add_computer(user.id, values[0])
            elif what == "remove-computer" and len(values) == 1 and values[0].isdigit():
                lobby.remove_computer(user.id, int(values[0]))
            elif what == "swap" and len(values) == 2 and all(v.isdigit() for v in values):
                lobby.swap(user.id, int(values[0]), int(values[1]))
            else:
                raise IllegalAction("That lobby control is out of date.")
            await self.manager.update_lobby(lobby)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await interaction.response.edit_message(
            content=text.lobby_content(lobby.spec, lobby, lobby.sides()),
            view=lobby_view(lobby),
            allowed_mentions=NO_PINGS,
        )
        if what == "leave" and user.id == lobby.host_id:
            await interaction.followup.send(HOST_LEFT, ephemeral=True)

    async def _start(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        lobby.check_start(interaction.user.id)  # refusals before acknowledging
        if not may_play_here(interaction):  # taken away since the lobby opened
            raise IllegalAction(NOWHERE_TO_PLAY)
        taken = thread_taken(self.manager, interaction)  # another lobby's game started here
        if taken is not None:
            raise IllegalAction(taken)
        await interaction.response.defer()
        # The thread is made first and the game born in it: a computer that moves at once
        # would otherwise post the table in the channel while the thread is being made.
        thread = await self._open_thread(interaction, lobby)
        try:
            table = await self.manager.start_lobby(
                lobby.id, interaction.user.id, thread_id=thread.id if thread else None
            )
        except Exception as failure:
            if thread is not None:
                why = str(failure) if isinstance(failure, IllegalAction) else ""
                await _say_in(thread, f"This game did not start. {why}".strip())
            raise
        where = f" in {thread.mention}" if thread is not None else " below"
        await interaction.edit_original_response(
            content=text.lobby_content(
                lobby.spec, lobby, lobby.sides(), f"▶️ Started: game #{table.id}{where}."
            ),
            view=None,
            allowed_mentions=NO_PINGS,
        )
        log.info("Table %s (%s) started from lobby %s", table.id, table.game_name, lobby.id)
        tables = self.bot.get_cog("Tables")
        if isinstance(tables, TablesCog):
            tables.show(table)

    async def _open_thread(
        self, interaction: discord.Interaction, lobby: Lobby
    ) -> discord.Thread | None:
        """A public thread for the lobby's game where the bot may make one, named after the
        game and its players; else None (the game is played in the channel)."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            return None
        if not games_get_threads(interaction.app_permissions):
            return None
        try:
            return await channel.create_thread(
                name=thread_name(lobby.spec.title, [seat.name for seat in lobby.seats]),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=1440,
            )
        except discord.HTTPException:
            log.info("Could not open a thread in channel %s; playing there", channel.id)
            return None


def expired_note(untouched_for: float) -> str:
    """The line an expired lobby's message ends with: what happened, for how long, and what
    to do instead."""
    hours = max(1, int(untouched_for // 3600))
    days = hours // 24
    how_long = f"{days} days" if days >= 2 else f"{hours} hour{'s' * (hours != 1)}"
    return (
        f"⌛ Expired: nobody joined, left or changed this lobby for {how_long}. "
        "Open a new one with `/play`."
    )


def thread_name(title: str, players: list[str]) -> str:
    """ "Cribbage: alice, bob", within Discord's 100 characters for a thread name."""
    name = f"{title}: {', '.join(players)}"
    return name if len(name) <= THREAD_NAME_LIMIT else name[: THREAD_NAME_LIMIT - 1] + "…"


async def _say_in(thread: discord.Thread, words: str) -> None:
    try:
        await thread.send(words, allowed_mentions=NO_PINGS)
    except discord.HTTPException:
        log.info("Could not write in thread %s", thread.id)


def game_named(written: str) -> GameSpec:
    """The game a member typed (tables.options.find_game), or IllegalAction repeating what
    they typed made inert for Discord, with the games there are."""
    try:
        return find_game(written)
    except IllegalAction:
        raise IllegalAction(f"There is no game {text.quoted(written)}; the games: "
                            f"{', '.join(GAMES)}.") from None


def game_choices(current: str) -> list[app_commands.Choice[str]]:
    current = current.lower()
    return [
        app_commands.Choice(name=spec.title, value=spec.name)
        for spec in GAMES.values()
        if current in spec.name or current in spec.title.lower()
    ][:25]
