"""Replays of finished games: /replay posts a message anyone in the channel can step through
(⏮ ◀ ▶ ⏭, Show hands), and the chart attached to a finished game's table message.

Frames are rebuilt from the move log off the event loop (tables.replay); the picture with
hands hidden is drawn by the same call, from the same view, as the live table's."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import images, text
from cogs.components import replay_view
from cogs.fitting import Droppable, Line, fit
from cogs.replies import NO_PINGS, tell
from engine.errors import IllegalAction
from tables.manager import TableManager
from tables.pictures import playable_cards
from tables.replay import Frame, chart_moves, check_replayable, frame_of, replay_of

if TYPE_CHECKING:
    from store.records import GameRecord
    from store.store import Store

log = logging.getLogger(__name__)

#: The move's lines shown under a frame (the last ones when a move says more).
FRAME_LINES = 8


class ReplayCog(commands.Cog, name="Replay"):
    def __init__(self, bot: commands.Bot, manager: TableManager) -> None:
        self.bot = bot
        self.manager = manager

    async def _frame_message(self, record: GameRecord, index: int, hands: bool
                             ) -> tuple[str, list[discord.File], discord.ui.View]:
        replay = await replay_of(self.manager.store, record)
        frame = await frame_of(replay, index, hands)
        if hands:
            view = dict(frame.view)
            view["revealed"] = [dict(h, playable=playable_cards(legal))
                                for h, legal in zip(frame.hands, frame.legal, strict=True)]
            png, alt = await images.revealed_picture(record.game, view)
        else:
            png = await images.draw("table", record.game, frame.view)
            alt = images.describe(record.game, frame.view)
        content = frame_text(replay.title, frame, hands)
        return (content, images.as_file(png, f"replay-{frame.index}.png", alt),
                replay_view(record.id, frame.index, frame.last, hands))

    @app_commands.command(name="replay",
                          description="Step through a finished game move by move.")
    @app_commands.describe(game="Game number")
    @app_commands.guild_only()
    async def replay_command(self, interaction: discord.Interaction, game: int) -> None:
        try:
            record = await check_replayable(self.manager.store, game, interaction.guild_id)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await interaction.response.defer(thinking=True)
        content, files, view = await self._frame_message(record, 0, hands=False)
        await interaction.edit_original_response(content=content, attachments=files, view=view,
                                                 allowed_mentions=NO_PINGS)
        log.info("Replay of game %s posted", game)

    async def on_replay(self, interaction: discord.Interaction, game_id: int, index: int,
                        hands: bool) -> None:
        try:
            record = await check_replayable(self.manager.store, game_id, interaction.guild_id)
        except IllegalAction as refusal:
            await tell(interaction, str(refusal))
            return
        await interaction.response.defer()
        content, files, view = await self._frame_message(record, index, hands)
        await interaction.edit_original_response(content=content, attachments=files, view=view,
                                                 allowed_mentions=NO_PINGS)


def frame_text(title: str, frame: Frame, hands: bool) -> str:
    """The frame's heading and its latest lines, the oldest left off if they do not fit."""
    where = "the deal" if frame.index == 0 else f"move {frame.index} of {frame.last}"
    lines: list[Line] = [f"🎬 **Replay of {text.safe(title)}**: {where}"
                         + (" · hands face up" if hands else "")]
    shown = frame.lines[-FRAME_LINES:]
    lines += [Droppable(f"> {text.safe(line)}", age) for age, line in enumerate(shown)]
    return fit([lines])


async def final_chart(store: Store, game_id: int) -> tuple[bytes, str] | tuple[None, None]:
    """The chart of a finished game's table message and its alt text; (None, None) when the
    game cannot be charted (logged: the message then goes out without it)."""
    try:
        replay, moves = await chart_moves(store, game_id)
    except Exception:
        log.exception("Game %s could not be replayed for its chart", game_id)
        return None, None
    return await images.chart(replay.record.game, replay.title, moves) or (None, None)
