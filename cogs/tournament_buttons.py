"""The Join, Leave, Start and Cancel buttons of an event's sign-up message: they survive a
restart (a DynamicItem found by its custom id) and hand each press to the Tournaments cog."""

from __future__ import annotations

import discord

from cogs.components import BUTTON_LABEL, stored_id
from cogs.replies import tell
from tables.tournaments import SIGNUP
from tables.tournaments.service import HeldTournament

BUTTONS = {"join": ("Join", discord.ButtonStyle.success),
           "leave": ("Leave", discord.ButtonStyle.secondary),
           "start": ("Start", discord.ButtonStyle.primary),
           "cancel": ("Cancel", discord.ButtonStyle.danger)}


class TournamentButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cb:tn:(?P<event>\d+):(?P<what>join|leave|start|cancel)",
):
    """Join, Leave and the host's Start and Cancel on an event's sign-up message."""

    def __init__(self, tournament_id: int, what: str) -> None:
        label, style = BUTTONS[what]
        super().__init__(discord.ui.Button(label=label[:BUTTON_LABEL], style=style,
                                           custom_id=f"cb:tn:{tournament_id}:{what}"))
        self.tournament_id, self.what = tournament_id, what

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(stored_id(match["event"]) or 0, match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Tournaments")  # type: ignore[attr-defined]
        if cog is None or not self.tournament_id:
            await tell(interaction, "This tournament is closed.")
            return
        await cog.on_button(interaction, self.tournament_id, self.what)


def signup_view(held: HeldTournament) -> discord.ui.View | None:
    """The sign-up buttons while the event takes entries, else none."""
    return signup_buttons(held) if held.event.status == SIGNUP else None


def signup_buttons(held: HeldTournament) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what in BUTTONS:
        view.add_item(TournamentButton(held.id, what))
    return view
