"""The live hand: the private hand a member last opened or pressed is edited through that
interaction's token whenever their view or choices change, so a member who keeps it open
moves with one press. Tokens live 15 minutes; before that the hand says it stopped updating.
Edits go through a Coalescer: a run of fast moves costs one edit per interval."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

import discord

from cogs import images, text
from cogs.components import controls_view, with_hint
from cogs.controls import build_controls
from cogs.fitting import Droppable, Line, fit
from cogs.refresher import Coalescer, passing
from cogs.replies import NO_PINGS, tell
from engine.contract import Action, View
from tables import Table, TableManager
from tables.clock import Clock
from tables.pictures import hand_view
from tables.ratings import rating_words
from tables.text import fill_names

log = logging.getLogger(__name__)

PRIVATE_LINES = 4
#: Discord lets an interaction's token edit its message for 15 minutes; stop a minute before.
HAND_LIFETIME = 14 * 60.0


def stopped_hand(game: str, table_id: int) -> str:
    """What a hand says once its token is about to run out; `game` is its text.game_tag."""
    return (f"🂠 Your {game} hand has stopped updating (Discord lets a bot edit it for 15 "
            f"minutes only). Press **My hand** on its table, or use `/hand game:{table_id}`, "
            "to open it again.")


def moved_hand(game: str) -> str:
    """What an older hand says once its seat opens the hand again: its buttons would only be
    refused as out of date, so they go."""
    return f"🂠 You opened your {game} hand again: this one no longer updates. Use the newest one."


@dataclass(eq=False)
class LiveHand:
    """A member's open hand: the interaction whose token edits it, and what it shows."""

    interaction: discord.Interaction
    opened_at: float
    shown: str | None = None
    expiry: asyncio.Task[None] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class LiveHands:
    """Every live hand, keyed by (table id, seat)."""

    def __init__(
        self,
        manager: TableManager,
        clock: Clock,
        interval: float,
        find: Callable[[int], Table | None],
    ) -> None:
        self.manager = manager
        self.clock = clock
        self._find = find
        self.refresher: Coalescer[tuple[int, int]] = Coalescer(interval, self._refresh,
                                                               clock=clock)
        #: (table id, seat) -> the hand that updates itself.
        self._hands: dict[tuple[int, int], LiveHand] = {}
        #: Seats whose press is being answered: that answer shows their hand, so the changes
        #: meanwhile need no refresh of their own (which would spend the hand's interval).
        self.answering: set[tuple[int, int]] = set()

    async def close(self) -> None:
        for live in list(self._hands.values()):
            if live.expiry is not None:
                live.expiry.cancel()
        await self.refresher.close()

    def table_changed(self, table: Table) -> None:
        """Refresh (soon) every live hand at the table but those being answered."""
        for key in [k for k in self._hands if k[0] == table.id]:
            if key not in self.answering:
                self.refresher.poke(key)

    def forget(self, table_id: int) -> None:
        """The table was put to rest: its live hands update no more."""
        for key, live in [(k, h) for k, h in self._hands.items() if k[0] == table_id]:
            self.refresher.drop(key)
            self._drop(key, live)

    def player_changed(self, user_id: int) -> None:
        """Refresh (soon) the member's live hands: their settings changed."""
        for (table_id, seat) in list(self._hands):
            table = self.manager.get(table_id)
            if table is not None and table.seats[seat].user_id == user_id:
                self.refresher.poke((table_id, seat))

    def state(self, table: Table, seat: int) -> str:
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

    async def _message(
        self, table: Table, seat: int
    ) -> tuple[str, list[discord.File], discord.ui.View]:
        # Everything the message says is read before the first await: a move landing while
        # the picture is drawn must not mix two moments (words of one, controls of another).
        # It shows in the next edit.
        legal = table.legal_for(seat)
        view_data = hand_view(table, seat)
        user_id = table.seats[seat].user_id
        settings = self.manager.cached_player_settings(user_id) if user_id else {}
        options = {"four_colour": True} if settings.get("four_colour") else {}
        content = self._content(table, seat, legal, view_data)
        alt = images.describe(table.game_name, view_data)
        hinted = bool(table.settings.get("hints"))
        controls = build_controls(
            legal,
            table.spec.labels_for(view_data),
            table_id=table.id,
            seat=seat,
            version=table.seat_version(seat),
            table_version=table.version,
            room_for=1 if hinted else 0,
            numbered=table.spec.typed_number,
        )
        view = controls_view(controls)
        if legal and hinted:
            view = with_hint(view, table.id, seat, table.seat_version(seat))
        png = await images.draw("hand", table.game_name, view_data, **options)
        return content, images.as_file(png, "hand.png", alt), view

    @staticmethod
    def _content(
        table: Table, seat: int, legal: list[Action], view_data: View
    ) -> str:
        """The hand's words, fitted to Discord's limit (cogs/fitting.py): the oldest private
        lines go first, then names are shortened; who won and whose move it is stay."""
        def form(width: int | None) -> list[Line]:
            seats = text.with_names(table.seats, width)
            names = [s.name for s in seats]
            lines: list[Line] = [
                f"🂠 **Your hand** — {text.safe(table.spec.title)} #{table.id}"]
            if table.finished or table.status != "running":
                outcome = table.outcome
                lines.append(text.outcome_line(seats, outcome, seat) if outcome
                             else "Game over.")
                rated = rating_words(seats, table.rating_changes, seat)
                if rated:
                    lines.append(rated)
            elif seat in table.waiting_for():
                lines.append("**It's your move.**")
            else:
                # A seat with a move it may make or not (a Muggins! press, a Pip Pip call) is
                # told whom the game waits for too, so the button does not read as its turn.
                waiting = text.waiting_line(seats, table.waiting_for())
                lines.append(waiting.replace("**Turn:**", "**Waiting for:**") or "Please wait.")
                lines.append("You may act now if you wish: the game does not wait for it."
                             if legal else "_This hand updates itself: keep it open._")
            if table.status == "running" and not table.finished:
                # Also while the seat waits: what a Muggins! press took from it is told there.
                lines += [text.safe(fill_names(line, names))
                          for line in table.spec.choice_lines(view_data)]
            private = table.private_lines(seat)[-PRIVATE_LINES:]
            if private and width is None:
                lines.append("")
                lines += [Droppable(f"> {text.safe(line)}", age)
                          for age, line in enumerate(private)]
            return lines

        return fit(form(width) for width in (None, *text.NAME_WIDTHS))

    async def send(self, interaction: discord.Interaction, table: Table) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await tell(interaction, text.not_playing(table, []))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if seat in table.away:
            await self.manager.back(table.id, interaction.user.id)
        previous = self._hands.get((table.id, seat))
        live = self.keep(table, seat, interaction)
        try:
            await self.show(table, seat, live)
        except discord.HTTPException:
            log.warning("Could not show the hand of seat %s at table %s", seat, table.id)
            self.refresher.poke((table.id, seat))
        if previous is not None and previous is not live:
            await self._retire(previous, text.game_tag(table))

    @staticmethod
    async def _retire(live: LiveHand, game: str) -> None:
        """An older hand message, replaced by a newer one: say so, and take its controls."""
        async with live.lock:
            try:
                await live.interaction.edit_original_response(
                    content=moved_hand(game), attachments=[], view=None
                )
            except discord.HTTPException:
                log.info("Could not mark an older hand as replaced")

    def keep(self, table: Table, seat: int, interaction: discord.Interaction) -> LiveHand:
        """From now on, `interaction`'s message is the seat's hand that updates itself."""
        key = (table.id, seat)
        previous = self._hands.get(key)
        if previous is not None and previous.interaction.id == interaction.id:
            return previous
        if previous is not None and previous.expiry is not None:
            previous.expiry.cancel()
        live = LiveHand(interaction, self.clock.now())
        live.expiry = asyncio.create_task(self._expire(key, live), name=f"hand-{key}")
        self._hands[key] = live
        return live

    def _drop(self, key: tuple[int, int], live: LiveHand) -> None:
        if self._hands.get(key) is live:
            del self._hands[key]
            if live.expiry is not None and live.expiry is not asyncio.current_task():
                live.expiry.cancel()

    async def _refresh(self, key: tuple[int, int]) -> bool:
        """Bring the live hand up to date; False when there was nothing to edit."""
        table_id, seat = key
        live = self._hands.get(key)
        table = self._find(table_id)
        if live is None:
            return False
        if table is None:
            self._drop(key, live)
            return False
        return await self.show(table, seat, live)

    async def show(self, table: Table, seat: int, live: LiveHand) -> bool:
        """Edit the live hand to the seat's current state (if it shows anything else); True
        if it was edited.
        Discord refusing for good (message dismissed, token expired, a 400) ends the live hand;
        a passing failure (429, 5xx) raises, for the refresher to retry."""
        key = (table.id, seat)
        async with live.lock:
            if self._hands.get(key) is not live:
                return False  # a newer hand took over; it gets its own refresh
            state = self.state(table, seat)
            if state == live.shown:
                return False
            # Over once the finish is recorded, as the message will show it (not after its
            # await): a game over but not yet recorded has its rating line still to come.
            over = table.status != "running"
            content, files, view = await self._message(table, seat)
            try:
                await live.interaction.edit_original_response(
                    content=content, attachments=files, view=view, allowed_mentions=NO_PINGS
                )
            except (discord.NotFound, discord.Forbidden) as gone:
                log.info("Hand of seat %s at table %s stopped: %s", seat, table.id, gone)
                self._drop(key, live)
                return False
            except discord.HTTPException as error:
                if passing(error):
                    raise
                # The token expired (401), or a refusal that would come again: a hand retried
                # on a timer would fail for ever. The member's My hand opens a new one.
                log.info("Hand of seat %s at table %s stopped: %s", seat, table.id, error)
                self._drop(key, live)
                return False
            live.shown = state
            if over:
                self._drop(key, live)
            return True

    async def _expire(self, key: tuple[int, int], live: LiveHand) -> None:
        """Just before the token runs out, say the hand has stopped updating."""
        await self.clock.sleep(live.opened_at + HAND_LIFETIME - self.clock.now())
        async with live.lock:
            if self._hands.get(key) is not live:
                return
            self._drop(key, live)
            table = self._find(key[0])
            game = text.game_tag(table) if table is not None else f"game #{key[0]}"
            try:
                await live.interaction.edit_original_response(
                    content=stopped_hand(game, key[0]), attachments=[], view=None
                )
            except discord.HTTPException:
                log.info("Could not mark the hand of %s as stopped", key)
