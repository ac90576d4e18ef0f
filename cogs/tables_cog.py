"""Running games in Discord: the table message, the live hand, moves, turn notices, settings.

The table message is one message per game, edited in place; whose turn it is shows there.
Where the game plays in a channel (no thread) it is posted again at the bottom only once
members' messages have pushed it up. A member is mentioned in a short separate message when
their turn has waited past a grace period (or always, or never: their /settings), and that
message goes once they act.

The live hand: the private hand a member last opened or pressed is edited through that
interaction's token whenever their view or choices change, so a member who keeps it open
moves with one press. Tokens live 15 minutes; before that the hand says it stopped updating.

Table and hand refreshes go through Coalescers: a run of fast moves costs one edit per
interval, each edit shows the latest state, a failed edit is retried with backoff, and no
Discord call is made under a table's lock.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
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
from tables.clock import Clock
from tables.listeners import Listener
from tables.pictures import hand_view
from tables.player_settings import NOTICE_CHOICES
from tables.text import fill_names

log = logging.getLogger(__name__)

TABLE_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)
PRIVATE_LINES = 4
#: Discord lets an interaction's token edit its message for 15 minutes; stop a minute before.
HAND_LIFETIME = 14 * 60.0
STOPPED_HAND = (
    "🂠 This hand has stopped updating (Discord lets a bot edit it for 15 minutes only). "
    "Press **My hand** on the table, or use `/hand`, to open it again."
)
NOTICE_WORDS = {
    "always": "always, as soon as it is your turn",
    "slow": "when your turn has waited a while",
    "never": "never",
}


@dataclass(eq=False)
class LiveHand:
    """A member's open hand: the interaction whose token edits it, and what it shows."""

    interaction: discord.Interaction
    opened_at: float
    shown: str | None = None
    expiry: asyncio.Task[None] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass(eq=False)
class TurnNotice:
    """The short message that mentions a member whose turn it is (once it is sent)."""

    channel: discord.PartialMessageable
    task: asyncio.Task[None] | None = None
    message_id: int | None = None
    sending: bool = False
    ended: bool = False


class TablesCog(commands.Cog, Listener, name="Tables"):
    def __init__(
        self,
        bot: commands.Bot,
        manager: Any,
        *,
        refresh_interval: float = 1.0,
        hand_interval: float | None = None,
        notice_grace: float = 30.0,
        repost_after: int = 5,
        clock: Clock | None = None,
    ) -> None:
        """`hand_interval`: the least time between two edits of one hand (default: the
        table's `refresh_interval`); `notice_grace`: how long a turn waits before a "slow"
        member is mentioned; `repost_after`: members' messages after which a table in a
        channel is posted again at the bottom."""
        self.bot = bot
        self.manager = manager
        self.clock = clock or getattr(manager, "clock", None) or Clock()
        self.notice_grace = notice_grace
        self.repost_after = repost_after
        self.refresher = Coalescer(refresh_interval, self._refresh_table, clock=self.clock)
        interval = refresh_interval if hand_interval is None else hand_interval
        self.hand_refresher = Coalescer(interval, self._refresh_hand, clock=self.clock)
        #: Tables seen finishing, kept until their last refresh has gone out.
        self._known: dict[int, Any] = {}
        #: Table version right after each seat's last move through a control (double presses).
        self._last_acted: dict[tuple[int, int], int] = {}
        self._seat_locks: defaultdict[tuple[int, int], asyncio.Lock] = defaultdict(asyncio.Lock)
        #: (table id, seat) -> the hand that updates itself.
        self._hands: dict[tuple[int, int], LiveHand] = {}
        #: Seats whose press is being answered: that answer shows their hand, so the changes
        #: meanwhile need no refresh of their own (which would spend the hand's interval).
        self._answering: set[tuple[int, int]] = set()
        #: (table id, user id) -> the turn notice waiting or shown.
        self._notices: dict[tuple[int, int], TurnNotice] = {}
        #: Table id -> members' messages in its channel since the table message was posted.
        self._buried: dict[int, int] = {}
        manager.subscribe(self)

    async def cog_unload(self) -> None:
        for notice in list(self._notices.values()):
            if notice.task is not None:
                notice.task.cancel()
        for live in list(self._hands.values()):
            if live.expiry is not None:
                live.expiry.cancel()
        await self.refresher.close()
        await self.hand_refresher.close()

    async def drain(self) -> None:
        """Send what is pending once more, retrying nothing (the bot is closing)."""
        await self.refresher.drain()
        await self.hand_refresher.drain()

    def pending(self) -> bool:
        return self.refresher.pending() or self.hand_refresher.pending()

    async def flush(self) -> None:
        while self.pending():
            await self.refresher.flush()
            await self.hand_refresher.flush()

    # ------------------------------------------------------------ table listener

    async def on_update(self, table: Any, events: Sequence[dict[str, Any]]) -> None:
        self._changed(table)

    async def on_finished(self, table: Any) -> None:
        self._changed(table)

    def _changed(self, table: Any) -> None:
        self._known[table.id] = table
        self.refresher.poke(table.id)
        for key in [k for k in self._hands if k[0] == table.id]:
            if key not in self._answering:
                self.hand_refresher.poke(key)
        self._update_notices(table)

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

    async def on_takeover(self, table: Any, seat: int) -> None:
        self.show(table)
        user_id = table.seats[seat].user_id
        if user_id is None:
            return
        note = (
            f"<@{user_id}>, the computer is playing for you in game #{table.id} while you are "
            "away. Press **My hand** on the table (or use /hand) to take your seat back."
        )
        try:
            await self._channel(table).send(note, allowed_mentions=TABLE_MENTIONS)
        except discord.HTTPException:
            log.warning("Could not tell table %s's player the computer took over", table.id)

    # ------------------------------------------------------------ the table message

    def _channel(self, table: Any) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(
            table.thread_id or table.channel_id, guild_id=table.guild_id
        )

    def show(self, table: Any) -> None:
        """Post or refresh the table message soon (coalesced)."""
        self._known[table.id] = table
        self.refresher.poke(table.id)
        self._update_notices(table)

    async def _refresh_table(self, table_id: Any) -> None:
        """Edit the table message to the latest state; post it when there is none (or it was
        deleted, or members' messages buried it in a channel). A passing failure (429, 5xx,
        a timeout) raises, and the refresher tries again; a missing permission does not."""
        table = self.manager.get(table_id) or self._known.get(table_id)
        if table is None:
            return
        try:
            await self._show_table(table)
        except discord.Forbidden as refusal:
            log.warning("Table %s cannot be shown here: %s", table.id, refusal)

    async def _show_table(self, table: Any) -> None:
        running = table.status == "running" and not table.finished
        public = table.public_view()
        png = await images.draw("table", table.game_name, public)
        alt = images.describe(table.game_name, public)
        chart, chart_alt = (
            await final_chart(self.manager.store, table.id) if table.finished else (None, None)
        )

        def files() -> list[discord.File]:  # new each time: a sent File is used up
            return (images.as_file(png, "table.png", alt)
                    + images.as_file(chart, "chart.png", chart_alt))

        content = text.table_content(
            table, status=table.status, scores=images.score_line(table.game_name, public)
        )
        view = table_view(table.id, finished=not running, reviewable=table.finished)
        channel = self._channel(table)
        message_id = table.message_id
        buried = table.thread_id is None and self._buried.get(table.id, 0) >= self.repost_after
        if message_id is not None and not buried:
            try:
                await channel.get_partial_message(message_id).edit(
                    content=content, attachments=files(), view=view
                )
            except discord.NotFound:
                log.info("Table message of table %s is gone: posting it again", table.id)
            else:
                self._after_refresh(table, running)
                return
        # Only the first post mentions whose turn it is; the turn notices do that later.
        message = await channel.send(
            content,
            files=files(),
            view=view,
            allowed_mentions=TABLE_MENTIONS if message_id is None else NO_PINGS,
        )
        await self.manager.set_location(table.id, thread_id=table.thread_id, message_id=message.id)
        self._buried[table.id] = 0
        if message_id is not None and buried:
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException:
                log.info("Old table message %s of table %s was already gone", message_id, table.id)
        self._after_refresh(table, running)

    def _after_refresh(self, table: Any, running: bool) -> None:
        if not running:
            self._known.pop(table.id, None)
            self._buried.pop(table.id, None)
            for key in [k for k in self._last_acted if k[0] == table.id]:
                self._last_acted.pop(key, None)
                self._seat_locks.pop(key, None)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Members' messages in a channel where a game plays push its table message up."""
        if message.author.bot or message.guild is None:
            return
        for table in self.manager.running(message.guild.id):
            if table.thread_id is None and table.channel_id == message.channel.id:
                self._buried[table.id] = self._buried.get(table.id, 0) + 1
                if self._buried[table.id] == self.repost_after:
                    self.refresher.poke(table.id)

    # ------------------------------------------------------------ turn notices

    def _update_notices(self, table: Any) -> None:
        """Start a notice timer for each member the game now waits for; end the notices of
        those it no longer waits for."""
        running = table.status == "running" and not table.finished
        waited = {table.seats[s].user_id for s in table.human_waits()} if running else set()
        for key in [k for k in self._notices if k[0] == table.id and k[1] not in waited]:
            self._end_notice(key)
        for user_id in waited:
            key = (table.id, user_id)
            if key in self._notices:
                continue
            mode = self.manager.cached_player_settings(user_id)["notices"]
            if mode == "never":
                continue
            notice = TurnNotice(self._channel(table))
            delay = 0.0 if mode == "always" else self.notice_grace
            notice.task = asyncio.create_task(
                self._send_notice(table, user_id, notice, delay), name=f"notice-{key}"
            )
            self._notices[key] = notice

    async def _send_notice(
        self, table: Any, user_id: int, notice: TurnNotice, delay: float
    ) -> None:
        await self.clock.sleep(delay)
        if notice.ended:
            return
        notice.sending = True
        words = (
            f"<@{user_id}>, it's your turn in {text.safe(table.spec.title)} #{table.id}: "
            "use your open hand, or press **My hand** on the table."
        )
        mention = discord.AllowedMentions(users=[discord.Object(user_id)])
        try:
            message = await notice.channel.send(words, allowed_mentions=mention)
        except discord.HTTPException:
            log.warning("Could not post the turn notice for table %s", table.id)
            return
        notice.message_id = message.id
        if notice.ended:
            await self._delete_notice(notice)

    def _end_notice(self, key: tuple[int, int]) -> None:
        notice = self._notices.pop(key, None)
        if notice is None:
            return
        notice.ended = True
        if notice.task is not None and not notice.task.done() and not notice.sending:
            notice.task.cancel()
        elif notice.message_id is not None:
            notice.task = asyncio.create_task(self._delete_notice(notice), name=f"unnotice-{key}")

    async def _delete_notice(self, notice: TurnNotice) -> None:
        if notice.message_id is None:
            return
        try:
            await notice.channel.get_partial_message(notice.message_id).delete()
        except discord.NotFound:
            pass
        except discord.HTTPException:
            log.warning("Could not delete turn notice %s", notice.message_id)

    # ------------------------------------------------------------ My hand

    def _hand_state(self, table: Any, seat: int) -> str:
        """Everything a hand message shows, as text: equal means nothing to edit."""
        view = dict(table.view_for(seat))
        view.pop("version", None)
        user_id = table.seats[seat].user_id
        settings = self.manager.cached_player_settings(user_id) if user_id else {}
        return json.dumps(
            [
                view, table.legal_for(seat), table.waiting_for(), table.status,
                table.private_lines(seat)[-PRIVATE_LINES:], table.seat_version(seat),
                settings.get("four_colour", False),
            ],
            sort_keys=True, default=str,
        )

    async def _hand_message(
        self, table: Any, seat: int
    ) -> tuple[str, list[discord.File], discord.ui.View]:
        legal = table.legal_for(seat)
        view_data = hand_view(table, seat)
        user_id = table.seats[seat].user_id
        settings = self.manager.cached_player_settings(user_id) if user_id else {}
        options = {"four_colour": True} if settings.get("four_colour") else {}
        png = await images.draw("hand", table.game_name, view_data, **options)
        controls = build_controls(
            legal,
            table.spec.labels_for(view_data),
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
            lines.append("_This hand updates itself: keep it open._")
        if legal:
            lines += [text.safe(fill_names(line, table.names))
                      for line in table.spec.choice_lines(view_data)]
        private = table.private_lines(seat)[-PRIVATE_LINES:]
        if private:
            lines.append("")
            lines += [f"> {text.safe(line)}" for line in private]
        view = controls_view(controls)
        if legal and table.settings.get("hints"):
            view = with_hint(view, table.id, seat, table.seat_version(seat))
        return (
            text.clip("\n".join(lines)),
            images.as_file(png, "hand.png", images.describe(table.game_name, view_data)),
            view,
        )

    async def send_hand(self, interaction: discord.Interaction, table: Any) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await tell(interaction, "You are not playing in this game.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if seat in table.away:
            await self.manager.back(table.id, interaction.user.id)
        live = self._keep_hand(table, seat, interaction)
        try:
            await self._show_hand(table, seat, live)
        except discord.HTTPException:
            log.warning("Could not show the hand of seat %s at table %s", seat, table.id)
            self.hand_refresher.poke((table.id, seat))

    def _keep_hand(self, table: Any, seat: int, interaction: discord.Interaction) -> LiveHand:
        """From now on, `interaction`'s message is the seat's hand that updates itself."""
        key = (table.id, seat)
        previous = self._hands.get(key)
        if previous is not None and previous.interaction.id == interaction.id:
            return previous
        if previous is not None and previous.expiry is not None:
            previous.expiry.cancel()
        live = LiveHand(interaction, self.clock.now())
        live.expiry = asyncio.create_task(self._expire_hand(key, live), name=f"hand-{key}")
        self._hands[key] = live
        return live

    def _drop_hand(self, key: tuple[int, int], live: LiveHand) -> None:
        if self._hands.get(key) is live:
            del self._hands[key]
            if live.expiry is not None and live.expiry is not asyncio.current_task():
                live.expiry.cancel()

    async def _refresh_hand(self, key: Hashable) -> bool:
        """Bring the live hand up to date; False when there was nothing to edit."""
        table_id, seat = key  # type: ignore[misc]
        live = self._hands.get(key)  # type: ignore[arg-type]
        table = self.manager.get(table_id) or self._known.get(table_id)
        if live is None:
            return False
        if table is None:
            self._drop_hand(key, live)  # type: ignore[arg-type]
            return False
        return await self._show_hand(table, seat, live)

    async def _show_hand(self, table: Any, seat: int, live: LiveHand) -> bool:
        """Edit the live hand to the seat's current state (if it shows anything else); True
        if it was edited.
        Discord refusing for good (message dismissed, token expired) ends the live hand; a
        passing failure (429, 5xx) raises, for the refresher to retry."""
        key = (table.id, seat)
        async with live.lock:
            if self._hands.get(key) is not live:
                return False  # a newer hand took over; it gets its own refresh
            state = self._hand_state(table, seat)
            if state == live.shown:
                return False
            content, files, view = await self._hand_message(table, seat)
            try:
                await live.interaction.edit_original_response(
                    content=content, attachments=files, view=view, allowed_mentions=NO_PINGS
                )
            except (discord.NotFound, discord.Forbidden) as gone:
                log.info("Hand of seat %s at table %s stopped: %s", seat, table.id, gone)
                self._drop_hand(key, live)
                return False
            except discord.HTTPException as error:
                if error.status == 401:  # the token expired
                    self._drop_hand(key, live)
                    return False
                raise
            live.shown = state
            if table.status != "running" or table.finished:
                self._drop_hand(key, live)
            return True

    async def _expire_hand(self, key: tuple[int, int], live: LiveHand) -> None:
        """Just before the token runs out, say the hand has stopped updating."""
        await self.clock.sleep(live.opened_at + HAND_LIFETIME - self.clock.now())
        async with live.lock:
            if self._hands.get(key) is not live:
                return
            self._drop_hand(key, live)
            try:
                await live.interaction.edit_original_response(
                    content=STOPPED_HAND, attachments=[], view=None
                )
            except discord.HTTPException:
                log.info("Could not mark the hand of %s as stopped", key)

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
            played = autoplayed_since(table, seat, ref.version)
            if played is not None and (not legal or table.seat_version(seat) != ref.version):
                await tell(interaction, played)
                return
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
            self._answering.add(key)
            try:
                await self.manager.act(table.id, interaction.user.id, action, version=ref.version)
            except IllegalAction as refusal:
                self._answering.discard(key)
                await tell(interaction, str(refusal))
                return
            self._last_acted[key] = table.version
            log.info("Table %s: seat %s played a %s", table.id, seat, action.get("type"))
            log.debug("Table %s: seat %s action %s", table.id, seat, action)
        self._end_notice((table.id, interaction.user.id))
        self._update_notices(table)
        # The press's own interaction now carries the hand: a fresh 15 minutes.
        live = self._keep_hand(table, seat, interaction)
        try:
            await self._show_hand(table, seat, live)
        except discord.HTTPException:
            log.warning("Could not refresh the hand of seat %s at table %s", seat, table.id)
        finally:
            self._answering.discard(key)
        if live.shown != self._hand_state(table, seat):
            self.hand_refresher.poke(key)  # a change landed while the answer went out

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

    @app_commands.command(
        name="settings", description="Your own settings for playing (only you see them)."
    )
    @app_commands.describe(
        turn_notices="When a message mentions you on your turn",
        autoplay="Play moves that leave no choice (like Go) for you",
        four_colour="A four-colour deck in your hand picture",
    )
    @app_commands.choices(
        turn_notices=[
            app_commands.Choice(name=NOTICE_WORDS[choice].capitalize(), value=choice)
            for choice in NOTICE_CHOICES
        ]
    )
    async def settings_command(
        self,
        interaction: discord.Interaction,
        turn_notices: str | None = None,
        autoplay: bool | None = None,
        four_colour: bool | None = None,
    ) -> None:
        changes: dict[str, Any] = {
            name: value
            for name, value in (
                ("notices", turn_notices), ("autoplay", autoplay), ("four_colour", four_colour)
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
            for (table_id, seat) in list(self._hands):
                table = self.manager.get(table_id)
                if table is not None and table.seats[seat].user_id == user_id:
                    self.hand_refresher.poke((table_id, seat))
        on_off = {True: "on", False: "off"}
        lines = [
            "**Your settings**" + (" (saved)" if changes else ""),
            f"Turn notices: {NOTICE_WORDS[settings['notices']]}",
            f"Play moves that leave no choice for me: {on_off[settings['autoplay']]}",
            f"Four-colour deck: {on_off[settings['four_colour']]}",
            "",
            "Change them with `/settings turn_notices:… autoplay:… four_colour:…`.",
        ]
        await tell(interaction, "\n".join(lines))


def autoplayed_since(table: Any, seat: int, version: int) -> str | None:
    """What to answer a press made on controls of `version` when the seat's only move was
    played for them since (autoplay): the press came too late for it, not out of turn."""
    played = table.autoplayed.get(seat)
    if played is None or played[0] < version:
        return None
    label = table.spec.action_label(played[1])
    return f"{label} was played for you: it was your only move."
