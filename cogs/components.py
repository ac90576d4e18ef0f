"""Every clickable thing the bot sends, as discord.py DynamicItems.

A DynamicItem is found again from its custom_id alone, so buttons keep working after a restart
and on ephemeral messages the bot never stored. Each callback only parses its custom_id and
hands the press to the cog that owns it; the cogs hold the logic.

custom_id shapes (each under Discord's 100 characters):
    cb:a:...               an action control (see cogs.controls)
    cb:t:<table>:<what>    table buttons: hand, rules, resign, resign-yes
    cb:r:<game>:<page>     rules pager
    cb:l:<lobby>:<what>    lobby buttons: join, leave, start, cancel
    cb:lc:<lobby>          lobby: add a computer player (values: level)
    cb:lr:<lobby>          lobby: remove a computer player (values: seat index)
    cb:ls:<lobby>          lobby: swap two seats, to choose partners (values: two seat indexes)
    cb:rv:<game>           Review my game (a finished game's table message)
    cb:h:<table>:<seat>:<version>   Hint, in a hand with hints on (the seat's version, as for
                           action controls, so a hint for a hand that moved on is refused)
    cb:rp:<game>:<frame>:<hands>:<f|p|n|l|h>   a replay's ⏮ ◀ ▶ ⏭ and Show hands: the frame
                           to show and whether hands are face up (1) or not (0); the last
                           part only keeps two buttons to the same frame apart
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any, Literal, overload

import discord

from cogs.controls import ACTION_ID, ButtonControl, Control, parse_action_id
from cogs.replies import answered_too_late, tell
from cogs.text import clip
from tables.lobby import CLOSED

if TYPE_CHECKING:
    from discord.ext import commands

    from cogs.info_cog import InfoCog
    from cogs.lobbies_cog import LobbiesCog
    from cogs.replay_cog import ReplayCog
    from cogs.review_cog import ReviewCog
    from cogs.tables_cog import TablesCog

log = logging.getLogger(__name__)

# Discord's limits for components (a message over any of them is refused whole).
BUTTON_LABEL = 80
OPTION_TEXT = 100  # a select option's label, value and description
PLACEHOLDER = 150
SELECT_OPTIONS = 25
#: Ids are SQLite integers: a larger number in a (tampered) custom_id names nothing.
LARGEST_ID = 2**63 - 1

GAME_GONE = "This game is no longer running."
LOBBY_GONE = CLOSED
UNKNOWN_CONTROL = "That control is no longer in use. Open the game's table or /play again."


def stored_id(digits: str) -> int | None:
    """An id read from a custom_id, or None when no row could have it."""
    number = int(digits)
    return number if 0 < number <= LARGEST_ID else None


def select_option(label: str, value: str, description: str | None = None) -> discord.SelectOption:
    return discord.SelectOption(
        label=clip(label, OPTION_TEXT),
        value=value[:OPTION_TEXT],
        description=clip(description, OPTION_TEXT) if description else None,
    )


def _placeholder(text: str | None) -> str | None:
    return clip(text, PLACEHOLDER) if text else None


async def _guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a press's handler; an unexpected failure is logged and the member told, rather
    than leaving Discord's "This interaction failed"."""
    try:
        await work
    except Exception as error:
        if answered_too_late(error):
            log.warning("A press (%s) came too late to answer (after Discord's 3 s)",
                        interaction.data)
            return
        log.exception("Handling component %s failed", interaction.data)
        await tell(interaction, "Sorry, something went wrong with that. Please try again.")


# The cogs import this module, so their classes are named for the type checker only.
@overload
def _cog(interaction: discord.Interaction, name: Literal["Tables"]) -> TablesCog | None: ...
@overload
def _cog(interaction: discord.Interaction, name: Literal["Info"]) -> InfoCog | None: ...
@overload
def _cog(interaction: discord.Interaction, name: Literal["Lobbies"]) -> LobbiesCog | None: ...
@overload
def _cog(interaction: discord.Interaction, name: Literal["Review"]) -> ReviewCog | None: ...
@overload
def _cog(interaction: discord.Interaction, name: Literal["Replay"]) -> ReplayCog | None: ...
def _cog(interaction: discord.Interaction, name: str) -> commands.Cog | None:
    client = interaction.client
    return client.get_cog(name) if isinstance(client, discord.ext.commands.Bot) else None


def _values(interaction: discord.Interaction) -> list[str]:
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values", [])]


ACTION_BUTTON = re.compile(ACTION_ID.pattern.replace("(?P<kind>[bsm])", "(?P<kind>b)"))
ACTION_SELECT = re.compile(ACTION_ID.pattern.replace("(?P<kind>[bsm])", "(?P<kind>[sm])"))


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=ACTION_BUTTON):
    def __init__(self, custom_id: str, label: str = "…", row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=custom_id,
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(item.custom_id, getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        ref = parse_action_id(self.custom_id)
        handler = _cog(interaction, "Tables")
        if ref is not None and handler is not None:
            await _guarded(interaction, handler.on_action(interaction, ref, []))


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select], template=ACTION_SELECT):
    def __init__(
        self,
        custom_id: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                options=(options or [discord.SelectOption(label="…")])[:SELECT_OPTIONS],
                placeholder=_placeholder(placeholder),
                min_values=min_values,
                max_values=max_values,
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(item.custom_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        ref = parse_action_id(self.custom_id)
        handler = _cog(interaction, "Tables")
        if ref is not None and handler is not None:
            await _guarded(interaction, handler.on_action(interaction, ref, _values(interaction)))


TABLE_BUTTON = re.compile(r"cb:t:(?P<table>\d+):(?P<what>hand|rules|resign|resign-yes)")


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=TABLE_BUTTON):
    LABELS = {"hand": "My hand", "rules": "Rules", "resign": "Resign", "resign-yes": "Yes, resign"}
    STYLES = {
        "hand": discord.ButtonStyle.primary,
        "rules": discord.ButtonStyle.secondary,
        "resign": discord.ButtonStyle.secondary,
        "resign-yes": discord.ButtonStyle.danger,
    }

    def __init__(self, table_id: int | None, what: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[what],
                style=self.STYLES[what],
                custom_id=f"cb:t:{table_id or 0}:{what}",
            )
        )
        self.table_id = table_id
        self.what = what

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(stored_id(match["table"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = _cog(interaction, "Tables")
        if self.table_id is None:
            await tell(interaction, GAME_GONE)
        elif handler is not None:
            await _guarded(
                interaction, handler.on_table_button(interaction, self.table_id, self.what)
            )


class RulesPageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cb:r:(?P<game>[a-z0-9_-]+):(?P<page>\d+)(?::(?P<tag>[pn]))?",
):
    def __init__(self, game: str, page: int, label: str, tag: str = "", disabled: bool = False):
        suffix = f":{tag}" if tag else ""
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=f"cb:r:{game}:{page}{suffix}",
                disabled=disabled,
            )
        )
        self.game = game
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(match["game"], int(match["page"]), "…", match["tag"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = _cog(interaction, "Info")
        if handler is not None:
            await _guarded(interaction, handler.on_rules_page(interaction, self.game, self.page))


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cb:l:(?P<lobby>\d+):(?P<what>join|leave|start|cancel)",
):
    LABELS = {"join": "Join", "leave": "Leave", "start": "Start", "cancel": "Cancel"}
    STYLES = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, lobby_id: int | None, what: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[what],
                style=self.STYLES[what],
                custom_id=f"cb:l:{lobby_id or 0}:{what}",
            )
        )
        self.lobby_id = lobby_id
        self.what = what

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(stored_id(match["lobby"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = _cog(interaction, "Lobbies")
        if self.lobby_id is None:
            await tell(interaction, LOBBY_GONE)
        elif handler is not None:
            await _guarded(interaction, handler.on_lobby(interaction, self.lobby_id, self.what, []))


class LobbySelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"cb:l(?P<what>[crs]):(?P<lobby>\d+)"
):
    def __init__(
        self,
        lobby_id: int | None,
        what: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        values: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cb:l{what}:{lobby_id or 0}",
                options=(options or [discord.SelectOption(label="…")])[:SELECT_OPTIONS],
                placeholder=_placeholder(placeholder),
                min_values=values,
                max_values=values,
            )
        )
        self.lobby_id = lobby_id
        self.what = what

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(stored_id(match["lobby"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = _cog(interaction, "Lobbies")
        what = {"c": "add-computer", "r": "remove-computer", "s": "swap"}[self.what]
        if self.lobby_id is None:
            await tell(interaction, LOBBY_GONE)
        elif handler is not None:
            await _guarded(
                interaction,
                handler.on_lobby(interaction, self.lobby_id, what, _values(interaction)),
            )


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button], template=r"cb:rv:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(label="Review my game", style=discord.ButtonStyle.primary,
                              emoji="📋", custom_id=f"cb:rv:{game_id}")
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = _cog(interaction, "Review")
        if handler is not None:
            await _guarded(interaction, handler.on_review(interaction, self.game_id))


class HintButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cb:h:(?P<table>\d+):(?P<seat>\d+):(?P<version>\d+)",
):
    def __init__(self, table_id: int, seat: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(label="Hint", style=discord.ButtonStyle.secondary, emoji="💡",
                              custom_id=f"cb:h:{table_id}:{seat}:{version}")
        )
        self.table_id, self.seat, self.version = table_id, seat, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(int(match["table"]), int(match["seat"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = _cog(interaction, "Review")
        if handler is not None:
            await _guarded(
                interaction, handler.on_hint(interaction, self.table_id, self.seat, self.version)
            )


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cb:rp:(?P<game>\d+):(?P<frame>\d+):(?P<hands>[01]):(?P<tag>[fpnlh])",
):
    LABELS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭"}

    def __init__(self, game_id: int, frame: int, hands: bool, tag: str,
                 disabled: bool = False) -> None:
        label = self.LABELS.get(tag) or ("Hide hands" if not hands else "Show hands")
        super().__init__(
            discord.ui.Button(label=label, disabled=disabled,
                              style=discord.ButtonStyle.secondary if tag != "h"
                              else discord.ButtonStyle.primary,
                              custom_id=f"cb:rp:{game_id}:{frame}:{int(hands)}:{tag}")
        )
        self.game_id, self.frame, self.hands = game_id, frame, hands

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(int(match["game"]), int(match["frame"]), match["hands"] == "1", match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = _cog(interaction, "Replay")
        if handler is not None:
            await _guarded(
                interaction, handler.on_replay(interaction, self.game_id, self.frame, self.hands)
            )


ALL_DYNAMIC_ITEMS = (
    ActionButton,
    ActionSelect,
    TableButton,
    RulesPageButton,
    LobbyButton,
    LobbySelect,
    ReviewButton,
    HintButton,
    ReplayButton,
)


def _handled(interaction: discord.Interaction) -> bool:
    """Whether discord.py hands this press to one of the bot's Views or DynamicItems. Asked of
    the library's own view store (it offers no public way), so that any view counts, wherever
    in the bot it was added."""
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    key = (int(data.get("component_type", 0)), custom_id)
    store = interaction.client._connection._view_store
    if any(pattern.fullmatch(custom_id) for pattern in store._dynamic_items):
        return True
    message_id = interaction.message.id if interaction.message is not None else None
    return any(key in store._views.get(owner, {}) for owner in (message_id, None))


async def answer_unknown_component(interaction: discord.Interaction) -> None:
    """A press on a control no handler knows (a tampered or retired custom_id) gets a short
    note; Discord would otherwise show "This interaction failed"."""
    if interaction.type is discord.InteractionType.component and not _handled(interaction):
        await tell(interaction, UNKNOWN_CONTROL)


def controls_view(controls: Sequence[Control]) -> discord.ui.View:
    """A View holding the described controls (see cogs.controls.build_controls)."""
    view = discord.ui.View(timeout=None)
    for control in controls:
        if isinstance(control, ButtonControl):
            view.add_item(ActionButton(control.custom_id, control.label, row=control.row))
        else:
            view.add_item(
                ActionSelect(
                    control.custom_id,
                    [select_option(o.label, o.value) for o in control.options],
                    placeholder=control.placeholder,
                    min_values=control.min_values,
                    max_values=control.max_values,
                    row=control.row,
                )
            )
    return view


def table_view(table_id: int, *, finished: bool = False,
               reviewable: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what in ("rules",) if finished else ("hand", "rules", "resign"):
        view.add_item(TableButton(table_id, what))
    if reviewable:
        view.add_item(ReviewButton(table_id))
    return view


def resign_view(table_id: int) -> discord.ui.View:
    """The Yes, resign button of the question /resign asks. Its view is stopped before it
    is sent: the button is a DynamicItem, found again from its custom_id, so discord.py need
    not keep the view, which it would for 15 minutes (an ephemeral one's timeout), with a
    task waiting out each, however many members ask."""
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton(table_id, "resign-yes"))
    view.stop()
    return view


def table_shown(message: discord.Message) -> int | None:
    """The table a message of the bot's shows (by its Rules button, which every table
    message has), or None."""
    for row in message.components:
        for item in getattr(row, "children", ()):
            found = TABLE_BUTTON.fullmatch(getattr(item, "custom_id", None) or "")
            if found is not None and found["what"] == "rules":
                return stored_id(found["table"])
    return None


def replay_view(game_id: int, frame: int, last: int, hands: bool) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ around frame `frame` of `last`, then the Show hands (or Hide hands) toggle."""
    view = discord.ui.View(timeout=None)
    for tag, target in (("f", 0), ("p", frame - 1), ("n", frame + 1), ("l", last)):
        stay = target == frame or not 0 <= target <= last
        view.add_item(ReplayButton(game_id, max(0, min(target, last)), hands, tag,
                                   disabled=stay))
    view.add_item(ReplayButton(game_id, frame, not hands, "h"))
    return view


def with_hint(view: discord.ui.View, table_id: int, seat: int, version: int) -> discord.ui.View:
    """The hand's controls with a Hint button in the first free place (none when the
    controls fill all five rows)."""
    try:
        view.add_item(HintButton(table_id, seat, version))
    except ValueError:
        log.info("No room for a Hint button at table %s", table_id)
    return view
