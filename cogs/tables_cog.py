"""Running games in Discord: the table message, My hand, moves, resigning and abandoning.

The table message is edited in place while the same people are being waited for, and
reposted (the old one deleted) when a human joins the set the game waits for: an edit never
pings anyone, and a fresh message both pings the player whose turn it is and keeps the table at
the bottom of the thread. Refreshes go through a Coalescer, so a run of fast computer moves
costs one edit per interval, and each edit shows the latest state.
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

from cogs import images, text
from cogs.components import TableButton, controls_view, table_view, with_hint
from cogs.controls import STALE_MESSAGE, ControlRef, build_controls, resolve, stale
from cogs.refresher import Coalescer
from cogs.replay_cog import final_chart
from cogs.replies import NO_PINGS, tell
from engine.errors import IllegalAction

log = logging.getLogger(__name__)

TABLE_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)
PRIVATE_LINES = 4


class TablesCog(commands.Cog, name="Tables"):
    def __init__(self, bot: commands.Bot, manager: Any, *, refresh_interval: float = 1.0) -> None:
        self.bot = bot
        self.manager = manager
        self.refresher = Coalescer(refresh_interval, self._refresh_table)
        #: Tables seen finishing, kept until their last refresh has gone out.
        self._known: dict[int, Any] = {}
        #: Table version right after each seat's last move through a control (double presses).
        self._last_acted: dict[tuple[int, int], int] = {}
        self._seat_locks: defaultdict[tuple[int, int], asyncio.Lock] = defaultdict(asyncio.Lock)
        #: Human user ids the current table message mentions as waited for.
        self._pinged: dict[int, frozenset[int]] = {}
        manager.subscribe(self)

    async def cog_unload(self) -> None:
        await self.refresher.close()

    # ------------------------------------------------------------ table listener

    async def on_update(self, table: Any, events: Sequence[dict[str, Any]]) -> None:
        self._known[table.id] = table
        self.refresher.poke(table.id)

    async def on_finished(self, table: Any) -> None:
        self._known[table.id] = table
        self.refresher.poke(table.id)

    async def on_idle_warning(self, table: Any, seat: int) -> None:
        user_id = table.seats[seat].user_id
        if user_id is None:
            return
        channel = self._channel(table)
        note = (
            f"<@{user_id}>, the table is waiting for your move in game #{table.id} — "
            "press **My hand**, or the computer will play for you soon."
        )
        try:
            await channel.send(note, allowed_mentions=TABLE_MENTIONS)
        except discord.HTTPException:
            log.warning("Could not post the idle warning for table %s", table.id)

    # ------------------------------------------------------------ the table message

    def _channel(self, table: Any) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(
            table.thread_id or table.channel_id, guild_id=table.guild_id
        )

    def show(self, table: Any) -> None:
        """Post or refresh the table message soon (coalesced)."""
        self._known[table.id] = table
        self.refresher.poke(table.id)

    async def _refresh_table(self, table_id: Any) -> None:
        table = self.manager.get(table_id) or self._known.get(table_id)
        if table is None:
            return
        running = table.status == "running" and not table.finished
        png = await images.draw("table", table.game_name, table.public_view())
        chart, alt = await final_chart(self.manager.store, table.id) if table.finished else (
            None, None)

        def files() -> list[discord.File]:  # new each time: a sent File is used up
            return images.as_file(png, "table.png") + images.as_file(chart, "chart.png", alt)

        content = text.table_content(table, status=table.status)
        view = table_view(table.id, finished=not running, reviewable=table.finished)
        waited = frozenset(
            table.seats[s].user_id for s in table.waiting_for() if table.seats[s].user_id
        )
        previous = self._pinged.get(table.id)
        repost = running and previous is not None and bool(waited - previous)
        channel = self._channel(table)
        message_id = table.message_id
        if message_id is not None and not repost:
            try:
                await channel.get_partial_message(message_id).edit(
                    content=content, attachments=files(), view=view
                )
            except discord.NotFound:
                message_id = None  # deleted by someone: post a fresh one below
            else:
                self._after_refresh(table, waited, running)
                return
        message = await channel.send(
            content,
            files=files(),
            view=view,
            allowed_mentions=TABLE_MENTIONS,
        )
        await self.manager.set_location(table.id, thread_id=table.thread_id, message_id=message.id)
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException:
                log.info("Old table message %s of table %s was already gone", message_id, table.id)
        self._after_refresh(table, waited, running)

    def _after_refresh(self, table: Any, waited: frozenset[int], running: bool) -> None:
        self._pinged[table.id] = waited
        if not running:
            self._known.pop(table.id, None)
            self._pinged.pop(table.id, None)
            for key in [k for k in self._last_acted if k[0] == table.id]:
                self._last_acted.pop(key, None)
                self._seat_locks.pop(key, None)

    # ------------------------------------------------------------ My hand

    async def _hand_message(
        self, table: Any, seat: int
    ) -> tuple[str, list[discord.File], discord.ui.View]:
        legal = table.legal_for(seat)
        view_data = table.view_for(seat)
        view_data["playable"] = images.playable_cards(legal)
        png = await images.draw("hand", table.game_name, view_data)
        controls = build_controls(
            legal,
            table.spec.action_label,
            table_id=table.id,
            seat=seat,
            version=table.seat_version(seat),
            table_version=table.version,
        )
        lines = [f"🂠 **Your hand** — {text.safe(table.spec.title)} #{table.id}"]
        if table.finished or table.status != "running":
            outcome = table.outcome
            lines.append(text.outcome_line(table.seats, outcome) if outcome else "Game over.")
        elif seat in table.waiting_for():
            lines.append("**It's your move.**")
        elif legal:
            lines.append("You may act now if you wish.")
        else:
            waiting = text.waiting_line(table.seats, table.waiting_for())
            lines.append(waiting.replace("**Turn:**", "**Waiting for:**") or "Please wait.")
        private = table.private_lines(seat)[-PRIVATE_LINES:]
        if private:
            lines.append("")
            lines += [f"> {text.safe(line)}" for line in private]
        view = controls_view(controls)
        if legal and table.settings.get("hints"):
            view = with_hint(view, table.id, seat, table.seat_version(seat))
        return text.clip("\n".join(lines)), images.as_file(png, "hand.png"), view

    async def send_hand(self, interaction: discord.Interaction, table: Any) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await tell(interaction, "You are not playing in this game.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if seat in table.away:
            await self.manager.back(table.id, interaction.user.id)
        content, files, view = await self._hand_message(table, seat)
        await interaction.edit_original_response(
            content=content, attachments=files, view=view, allowed_mentions=NO_PINGS
        )

    # ------------------------------------------------------------ moves

    async def on_action(
        self, interaction: discord.Interaction, ref: ControlRef, values: Sequence[str]
    ) -> None:
        table = self.manager.get(ref.table_id)
        if table is None or table.status != "running" or table.finished:
            await tell(interaction, "This game is over.")
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await tell(interaction, "That is not your game: only its players can use these.")
            return
        if seat != ref.seat:
            await tell(interaction, "These controls belong to another player.")
            return
        key = (table.id, seat)
        async with self._seat_locks[key]:
            legal = table.legal_for(seat)
            if not legal:
                waiting = text.waiting_line(table.seats, table.waiting_for())
                await tell(interaction, f"It is not your turn. {waiting}".strip())
                return
            outdated = stale(legal, ref, self._last_acted.get(key))
            if outdated or table.seat_version(seat) != ref.version:
                await tell(interaction, STALE_MESSAGE)
                return
            try:
                action = resolve(legal, ref, values)
            except IllegalAction as refusal:
                await tell(interaction, str(refusal))
                return
            await interaction.response.defer()
            try:
                await self.manager.act(table.id, interaction.user.id, action, version=ref.version)
            except IllegalAction as refusal:
                await tell(interaction, str(refusal))
                return
            self._last_acted[key] = table.version
            log.info("Table %s: seat %s played a %s", table.id, seat, action.get("type"))
            log.debug("Table %s: seat %s action %s", table.id, seat, action)
        content, files, view = await self._hand_message(table, seat)
        try:
            await interaction.edit_original_response(content=content, attachments=files, view=view)
        except discord.HTTPException:
            log.warning("Could not refresh the hand of seat %s at table %s", seat, table.id)

    # ------------------------------------------------------------ table buttons

    async def on_table_button(
        self, interaction: discord.Interaction, table_id: int, what: str
    ) -> None:
        if what == "rules":
            info = self.bot.get_cog("Info")
            table = self.manager.get(table_id) or self._known.get(table_id)
            game = table.game_name if table is not None else await self._game_name(table_id)
            if info is not None and game is not None:
                await info.send_rules(interaction, game)
            else:
                await tell(interaction, "This game is no longer running.")
            return
        table = self.manager.get(table_id)
        if table is None or table.status != "running" or table.finished:
            await tell(interaction, "This game is over.")
            return
        if what == "hand":
            await self.send_hand(interaction, table)
        elif what == "resign":
            if table.seat_of(interaction.user.id) is None:
                await tell(interaction, "You are not playing in this game.")
                return
            confirm = discord.ui.View(timeout=None)
            confirm.add_item(TableButton(table.id, "resign-yes"))
            await interaction.response.send_message(
                "Resign this game? Your side loses.", view=confirm, ephemeral=True
            )
        elif what == "resign-yes":
            await self._resign(interaction, table)

    async def _game_name(self, table_id: int) -> str | None:
        record = await self.manager.store.game(table_id)
        return record.game if record is not None else None

    async def _resign(self, interaction: discord.Interaction, table: Any) -> None:
        try:
            await self.manager.resign(table.id, interaction.user.id)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await tell(interaction, f"You resigned game #{table.id}.")

    # ------------------------------------------------------------ slash commands

    def _pick(self, interaction: discord.Interaction, game_id: int | None, *, seated: bool) -> Any:
        """The game a command means: the id given, else the one in this channel or thread the
        user plays in, else the user's only running game in this server."""
        if game_id is not None:
            table = self.manager.get(game_id)
            return table if table is not None and table.guild_id == interaction.guild_id else None
        guild_id = interaction.guild_id or 0
        if seated:
            tables = self.manager.table_of(guild_id, interaction.user.id)
        else:
            tables = self.manager.running(guild_id)
        here = [t for t in tables if interaction.channel_id in (t.thread_id, t.channel_id)]
        if len(here) == 1:
            return here[0]
        return tables[0] if len(tables) == 1 else None

    @app_commands.command(
        name="hand", description="See your hand and your moves (only you see it)."
    )
    @app_commands.describe(game="Game number, when you play more than one")
    @app_commands.guild_only()
    async def hand_command(self, interaction: discord.Interaction, game: int | None = None) -> None:
        table = self._pick(interaction, game, seated=True)
        if table is None:
            await tell(interaction, "I could not tell which game you mean: add its number.")
            return
        await self.send_hand(interaction, table)

    @app_commands.command(name="resign", description="Resign a game you are playing.")
    @app_commands.describe(game="Game number, when you play more than one")
    @app_commands.guild_only()
    async def resign_command(
        self, interaction: discord.Interaction, game: int | None = None
    ) -> None:
        table = self._pick(interaction, game, seated=True)
        if table is None:
            await tell(interaction, "I could not tell which game you mean: add its number.")
            return
        await self._resign(interaction, table)

    @app_commands.command(name="abandon", description="Stop a game (its host or Manage Server).")
    @app_commands.describe(game="Game number")
    @app_commands.guild_only()
    async def abandon_command(
        self, interaction: discord.Interaction, game: int | None = None
    ) -> None:
        table = self._pick(interaction, game, seated=False)
        if table is None:
            await tell(interaction, "I could not tell which game you mean: add its number.")
            return
        may_manage = bool(interaction.permissions.manage_guild)
        try:
            await self.manager.abandon(table.id, interaction.user.id, may_manage)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        self.show(table)
        await tell(interaction, f"Game #{table.id} is abandoned.")

    @app_commands.command(name="games", description="The games running in this server.")
    @app_commands.guild_only()
    async def games_command(self, interaction: discord.Interaction) -> None:
        tables = self.manager.running(interaction.guild_id or 0)
        if not tables:
            await tell(interaction, "No games are running here. Start one with /play.")
            return
        lines = ["**Games running here**"]
        for table in tables[:20]:
            where = f"<#{table.thread_id or table.channel_id}>"
            players = ", ".join(text.safe(s.name) for s in table.seats)
            lines.append(f"#{table.id} {text.safe(table.spec.title)} in {where}: {players}")
        if len(tables) > 20:
            lines.append(f"… and {len(tables) - 20} more.")
        await tell(interaction, text.clip("\n".join(lines)))
