"""Running games in Discord: moves, table buttons, /hand, /resign, /abandon, /games and
/settings. The cog hears the tables and hands the rest to a module each: the table message
(cogs/table_message.py), the live hands (cogs/live_hands.py) and the turn notices
(cogs/turn_notices.py).

Table and hand refreshes go through Coalescers: a run of fast moves costs one edit per
interval, each edit shows the latest state, a failed edit is retried with backoff, and no
Discord call is made under a table's lock.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import text
from cogs.components import resign_view, table_shown
from cogs.controls import ControlRef, resolve, stale
from cogs.live_hands import LiveHands
from cogs.replies import tell
from cogs.table_message import TABLE_MENTIONS, TableMessages
from cogs.turn_notices import TurnNotices
from engine.errors import IllegalAction
from tables import Listener, Table, TableManager
from tables.clock import Clock
from tables.player_settings import NOTICE_CHOICES, PROFILE_CHOICES

log = logging.getLogger(__name__)

NOTICE_WORDS = {
    "always": "always, as soon as it is your turn",
    "slow": "when your turn waits longer than you usually take",
    "never": "never",
}
PROFILE_WORDS = {
    "public": "public, anyone here can see it",
    "private": "private, only you can see it",
}


class TablesCog(commands.Cog, Listener, name="Tables"):
    def __init__(
        self,
        bot: commands.Bot,
        manager: TableManager,
        *,
        refresh_interval: float = 1.0,
        hand_interval: float | None = None,
        notice_grace: float = 30.0,
        repost_after: int = 5,
        repost_every: float = 30.0,
        clock: Clock | None = None,
    ) -> None:
        """`hand_interval`: the least time between two edits of one hand (default: the
        table's `refresh_interval`); `notice_grace`: how long a turn waits at least before a
        "slow" member is mentioned (longer for one who usually takes longer); `repost_after`:
        messages after which a table in a channel is posted again at the bottom, at most once
        per `repost_every` seconds."""
        self.bot = bot
        self.manager = manager
        self.clock = clock or getattr(manager, "clock", None) or Clock()
        self.message = TableMessages(
            bot, manager, self.clock, refresh_interval, repost_after, self._forget,
            repost_every,
        )
        interval = refresh_interval if hand_interval is None else hand_interval
        #: Table version right after each seat's last move through a control (double presses).
        self._last_acted: dict[tuple[int, int], int] = {}
        self._seat_locks: defaultdict[tuple[int, int], asyncio.Lock] = defaultdict(asyncio.Lock)
        self.hands = LiveHands(manager, self.clock, interval, self._table)
        self.notices = TurnNotices(manager, self.clock, notice_grace, self._channel,
                                   self.message.reachable)
        manager.subscribe(self)

    async def cog_unload(self) -> None:
        self.notices.close()
        self.message.close()
        await self.message.refresher.close()
        await self.hands.close()

    async def drain(self) -> None:
        """Send what is pending once more, retrying nothing (the bot is closing)."""
        await self.message.refresher.drain()
        await self.hands.refresher.drain()

    def pending(self) -> bool:
        return self.message.refresher.pending() or self.hands.refresher.pending()

    async def flush(self) -> None:
        while self.pending():
            await self.message.refresher.flush()
            await self.hands.refresher.flush()

    # ------------------------------------------------------------ table listener

    async def on_update(self, table: Table, events: Sequence[dict[str, Any]]) -> None:
        self._changed(table)

    async def on_finished(self, table: Table) -> None:
        log.info("Table %s (%s) %s after %d moves", table.id, table.game_name,
                 "finished" if table.finished else table.status, table.version)
        self._changed(table)

    async def on_rested(self, table: Table) -> None:
        self.message.forget(table.id)
        self.hands.forget(table.id)
        self.notices.forget(table.id)
        self._forget(table.id)

    def _changed(self, table: Table) -> None:
        self.message.show(table)
        self.hands.table_changed(table)
        self.notices.update(table)

    async def on_idle_warning(self, table: Table, seat: int) -> None:
        user_id = table.seats[seat].user_id
        if user_id is None or not self.message.reachable(table.id):
            return
        channel = self._channel(table)
        note = (
            f"<@{user_id}>, {text.game_tag(table)} is waiting for your move — "
            "press **My hand**, or the computer will play for you soon."
        )
        try:
            message = await channel.send(note, allowed_mentions=TABLE_MENTIONS)
        except discord.HTTPException as failure:
            log.warning("Could not post the idle warning for table %s in channel %s: %s",
                        table.id, channel.id, failure)
            return
        self.notices.warned(table, user_id, message)

    async def on_takeover(self, table: Table, seat: int) -> None:
        self.show(table)
        user_id = table.seats[seat].user_id
        if user_id is None or not self.message.reachable(table.id):
            return
        note = (
            f"<@{user_id}>, the computer is playing for you in {text.game_tag(table)} while "
            "you are away. Press **My hand** on the table (or use "
            f"`/hand game:{table.id}`) to take your seat back."
        )
        try:
            message = await self._channel(table).send(note, allowed_mentions=TABLE_MENTIONS)
        except discord.HTTPException:
            log.warning("Could not tell table %s's player the computer took over", table.id)
            return
        self.notices.took_over(table, user_id, message)

    # ------------------------------------------------------------ the table message

    def _channel(self, table: Table) -> discord.PartialMessageable:
        return self.message.channel(table)

    def show(self, table: Table) -> None:
        """Post or refresh the table message soon (coalesced)."""
        self.message.show(table)
        self.notices.update(table)

    def _table(self, table_id: int) -> Table | None:
        return self.message.table(table_id)

    def _forget(self, table_id: int) -> None:
        """A table's last refresh has gone out: drop what the cog kept for its seats."""
        # A seat's lock is made by its first press, refused ones too: not only the seats
        # that moved have one.
        for key in [k for k in [*self._last_acted, *self._seat_locks] if k[0] == table_id]:
            self._last_acted.pop(key, None)
            self._seat_locks.pop(key, None)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Every message in a channel where a game plays pushes its table message up: a
        member's, another bot's, this bot's own. An ephemeral one shows in no channel."""
        if message.guild is None or message.flags.ephemeral:
            return
        own = self.bot.user is not None and message.author.id == self.bot.user.id
        shown = table_shown(message) if own else None
        self.message.written(message.guild.id, message.channel.id, message.id, shown)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction says what the bot may do in its channel now: the one way it
        learns that a permission taken mid-game was given back."""
        if interaction.guild_id is not None and interaction.channel_id is not None:
            self.message.allowed_again(interaction.channel_id, interaction.app_permissions)

    # ------------------------------------------------------------ moves

    async def on_action(
        self, interaction: discord.Interaction, ref: ControlRef, values: Sequence[str]
    ) -> None:
        table = self.manager.get(ref.table_id)
        if table is None or table.status != "running" or table.finished:
            await tell(interaction, text.game_over(table))
            if table is None:
                await self.message.catch_up(ref.table_id)
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await tell(interaction, self._not_playing(interaction, table))
            return
        if seat != ref.seat:
            await tell(interaction, f"These controls belong to another player of "
                                    f"{text.game_tag(table)}.")
            return
        key = (table.id, seat)
        async with self._seat_locks[key]:
            legal = table.legal_for(seat)
            played = autoplayed_since(table, seat, ref.version)
            if played is not None and (not legal or table.seat_version(seat) != ref.version):
                await tell(interaction, played)
                return
            if not legal:
                waiting = text.waiting_line(table.seats, table.waiting_for())
                await tell(interaction,
                           f"It is not your turn in {text.game_tag(table)}. {waiting}".strip())
                return
            outdated = stale(legal, ref, self._last_acted.get(key))
            if outdated or table.seat_version(seat) != ref.version:
                await tell(interaction, stale_note(table))
                return
            try:
                action = resolve(legal, ref, values)
            except IllegalAction as refusal:
                await tell(interaction, about(table, str(refusal)))
                return
            await interaction.response.defer()
            self.hands.answering.add(key)
            try:
                await self.manager.act(table.id, interaction.user.id, action, version=ref.version)
            except IllegalAction as refusal:
                self.hands.answering.discard(key)
                await tell(interaction, about(table, str(refusal)))
                return
            self._last_acted[key] = table.version
            # Per move: DEBUG (hidden cards) only, or a day's log would be one line a move.
            log.debug("Table %s: seat %s action %s", table.id, seat, action)
        self.notices.end((table.id, interaction.user.id))
        self.notices.update(table)
        # The press's own interaction now carries the hand: a fresh 15 minutes.
        live = self.hands.keep(table, seat, interaction)
        try:
            await self.hands.show(table, seat, live)
        except discord.HTTPException:
            log.warning("Could not refresh the hand of seat %s at table %s", seat, table.id)
        finally:
            self.hands.answering.discard(key)
        if live.shown != self.hands.state(table, seat):
            self.hands.refresher.poke(key)  # a change landed while the answer went out

    # ------------------------------------------------------------ table buttons

    async def on_table_button(
        self, interaction: discord.Interaction, table_id: int, what: str
    ) -> None:
        if what == "rules":
            # Imported here: the info cog imports the lobbies, which import this module.
            from cogs.info_cog import InfoCog

            info = self.bot.get_cog("Info")
            table = self._table(table_id)
            game = table.game_name if table is not None else await self._game_name(table_id)
            if isinstance(info, InfoCog) and game is not None:
                await info.send_rules(interaction, game)
            else:
                await tell(interaction, "This game is no longer running.")
            return
        table = self.manager.get(table_id)
        if table is None or table.status != "running" or table.finished:
            await tell(interaction, text.game_over(table))
            if table is None:
                await self.message.catch_up(table_id)
            return
        if table.seat_of(interaction.user.id) is None:
            await tell(interaction, self._not_playing(interaction, table))
            return
        if what == "hand":
            await self._send_hand(interaction, table)
        elif what == "resign":
            await self._ask_to_resign(interaction, table)
        elif what == "resign-yes":
            await self._resign(interaction, table)

    async def _send_hand(self, interaction: discord.Interaction, table: Table) -> None:
        await self.hands.send(interaction, table)
        self.notices.update(table)  # an away member who opened it is back: their note goes

    async def _game_name(self, table_id: int) -> str | None:
        record = await self.manager.store.game(table_id)
        return record.game if record is not None else None

    async def _ask_to_resign(self, interaction: discord.Interaction, table: Table) -> None:
        """Resigning is asked once more, naming the game: a member in two games may have
        pressed or typed it for the other."""
        await interaction.response.send_message(
            f"Resign {text.game_tag(table)}? Your side loses.", view=resign_view(table.id),
            ephemeral=True,
        )

    async def _resign(self, interaction: discord.Interaction, table: Table) -> None:
        try:
            await self.manager.resign(table.id, interaction.user.id)
        except IllegalAction as refusal:
            await tell(interaction, about(table, str(refusal)))
            return
        await tell(interaction, f"You resigned {text.game_tag(table)}.")

    # ------------------------------------------------------------ slash commands

    def _not_playing(self, interaction: discord.Interaction, table: Table) -> str:
        own = self.manager.table_of(interaction.guild_id or 0, interaction.user.id)
        return text.not_playing(table, own)

    def _pick(
        self, interaction: discord.Interaction, game_id: int | None, *, seated: bool
    ) -> Table:
        """The game a command means: the id given, else the one in this channel or thread the
        user plays in, else the user's only running game in this server. IllegalAction says
        why there is none and what to type instead."""
        guild_id = interaction.guild_id or 0
        if game_id is not None:
            table = self.manager.get(game_id)
            if table is None or table.guild_id != guild_id:
                raise IllegalAction(f"There is no game #{game_id} running in this server: "
                                    "/games lists them.")
            if seated and table.seat_of(interaction.user.id) is None:
                raise IllegalAction(self._not_playing(interaction, table))
            return table
        if seated:
            tables = self.manager.table_of(guild_id, interaction.user.id)
        else:
            tables = self.manager.running(guild_id)
        here = [t for t in tables if interaction.channel_id in (t.thread_id, t.channel_id)]
        if len(here) == 1:
            return here[0]
        if len(tables) == 1:
            return tables[0]
        if not tables:
            raise IllegalAction("You are not playing a game in this server. /games lists "
                                "the games running; /play opens a lobby." if seated
                                else "No games are running in this server.")
        command = interaction.command.name if interaction.command is not None else "hand"
        whose = "You are playing" if seated else "There are"
        raise IllegalAction(f"{whose} several games here: "
                            f"{text.hand_commands(here or tables, command)}. Add `game:` and "
                            "the number of the one you mean.")

    @app_commands.command(
        name="hand", description="See your hand and your moves (only you see it)."
    )
    @app_commands.describe(game="Game number, when you play more than one")
    @app_commands.guild_only()
    async def hand_command(self, interaction: discord.Interaction, game: int | None = None) -> None:
        try:
            table = self._pick(interaction, game, seated=True)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await self._send_hand(interaction, table)

    @app_commands.command(name="resign", description="Resign a game you are playing.")
    @app_commands.describe(game="Game number, when you play more than one")
    @app_commands.guild_only()
    async def resign_command(
        self, interaction: discord.Interaction, game: int | None = None
    ) -> None:
        try:
            table = self._pick(interaction, game, seated=True)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await self._ask_to_resign(interaction, table)

    @app_commands.command(
        name="abandon",
        description="Stop a game, no results (Manage Server; its host before anyone moves).",
    )
    @app_commands.describe(game="Game number")
    @app_commands.guild_only()
    async def abandon_command(
        self, interaction: discord.Interaction, game: int | None = None
    ) -> None:
        may_manage = bool(interaction.permissions.manage_guild)
        try:
            table = self._pick(interaction, game, seated=False)
            await self.manager.abandon(table.id, interaction.user.id, may_manage)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        self.show(table)
        await tell(interaction, f"{text.game_tag(table)} is abandoned.")

    @app_commands.command(name="games", description="The games running in this server.")
    @app_commands.guild_only()
    async def games_command(self, interaction: discord.Interaction) -> None:
        tables = self.manager.running(interaction.guild_id or 0)
        if not tables:
            await tell(interaction, "No games are running here. Start one with /play.")
            return
        await tell(interaction, text.games_content(tables))

    @app_commands.command(
        name="settings", description="Your own settings for playing (only you see them)."
    )
    @app_commands.describe(
        turn_notices="When a message mentions you on your turn",
        autoplay="Play moves that leave no choice (like Go) for you",
        four_colour="A four-colour deck in your hand picture",
        profile="Who may see your /profile card",
    )
    @app_commands.choices(
        turn_notices=[
            app_commands.Choice(name=NOTICE_WORDS[choice].capitalize(), value=choice)
            for choice in NOTICE_CHOICES
        ],
        profile=[
            app_commands.Choice(name=PROFILE_WORDS[choice].capitalize(), value=choice)
            for choice in PROFILE_CHOICES
        ],
    )
    async def settings_command(
        self,
        interaction: discord.Interaction,
        turn_notices: str | None = None,
        autoplay: bool | None = None,
        four_colour: bool | None = None,
        profile: str | None = None,
    ) -> None:
        changes: dict[str, Any] = {
            name: value
            for name, value in (
                ("notices", turn_notices), ("autoplay", autoplay), ("four_colour", four_colour),
                ("profile", profile),
            )
            if value is not None
        }
        user_id = interaction.user.id
        try:
            if changes:
                settings = await self.manager.set_player_settings(user_id, changes)
            else:
                settings = await self.manager.player_settings(user_id)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        if changes:
            self.hands.player_changed(user_id)
        on_off = {True: "on", False: "off"}
        lines = [
            "**Your settings**" + (" (saved)" if changes else ""),
            f"Turn notices: {NOTICE_WORDS[settings['notices']]}",
            f"Play moves that leave no choice for me: {on_off[settings['autoplay']]}",
            f"Four-colour deck: {on_off[settings['four_colour']]}",
            f"Profile: {PROFILE_WORDS[settings['profile']]}",
            "",
            "Change them with `/settings turn_notices:… autoplay:… four_colour:… profile:…`.",
        ]
        await tell(interaction, "\n".join(lines))


def about(table: Table, refusal: str) -> str:
    """A refusal worded below the cogs, with the game it is about."""
    return f"{refusal} ({text.game_tag(table)})"


def stale_note(table: Table) -> str:
    return (f"That move is out of date: open your {text.game_tag(table)} hand again "
            f"(**My hand** on its table, or `/hand game:{table.id}`).")


def autoplayed_since(table: Table, seat: int, version: int) -> str | None:
    """What to answer a press made on controls of `version` when the seat's only move was
    played for them since (autoplay): the press came too late for it, not out of turn."""
    played = table.autoplayed.get(seat)
    if played is None or played[0] < version:
        return None
    label = table.spec.action_label(played[1])
    return f"{label} was played for you in {text.game_tag(table)}: it was your only move."
