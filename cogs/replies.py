"""Answering interactions: short ephemeral notes, whichever stage the interaction is at."""

from __future__ import annotations

import logging

import discord

from cogs.text import clip

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
#: Discord's code for an interaction it no longer takes an answer to (3 s after it was sent).
UNKNOWN_INTERACTION = 10062


def answered_too_late(error: BaseException) -> bool:
    """Whether `error` is Discord refusing an answer that came after its 3 seconds (the bot
    was busy, or starting again): the member was already told it failed, nothing changed."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A short ephemeral note to the one who pressed or typed. Never raises for a lost
    interaction: the note is a courtesy and the state is already settled."""
    text = clip(text)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)
        else:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)
    except discord.HTTPException:
        log.warning("Could not answer interaction %s", interaction.id)
