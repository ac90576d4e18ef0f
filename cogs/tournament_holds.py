"""Telling a member entered in two events where a match keeps their seat while they play the
other, and by when they must move there once that is over (tables/tournaments/holds.py)."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from cogs.tournament_words import held_words
from tables.tournaments.holds import SeatHold
from tables.tournaments.listener import TournamentListener
from tables.tournaments.service import TournamentService

log = logging.getLogger(__name__)


class HoldNotices(TournamentListener):
    def __init__(self, bot: commands.Bot, service: TournamentService) -> None:
        self.bot, self.service = bot, service

    async def on_seat_held(self, hold: SeatHold) -> None:
        """Where the member is: the game they play while held, the waiting one once freed."""
        held = hold.freed_at is None
        game, event = (hold.playing, hold.playing_in) if held else (hold.game, hold.held)
        where = self.bot.get_partial_messageable(game.channel_id, guild_id=event.guild_id)
        try:
            await where.send(held_words(hold, self.service.no_show_after),
                             allowed_mentions=discord.AllowedMentions(
                                 users=[discord.Object(hold.user_id)]))
        except discord.HTTPException as failure:
            log.warning("Could not tell member %s of match %s's seat in channel %s: %s",
                        hold.user_id, hold.game.match_id, game.channel_id, failure)
