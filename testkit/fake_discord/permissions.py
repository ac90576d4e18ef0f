"""Who may do what in a channel, reckoned as Discord reckons it.

A server's base permissions are its @everyone role's and those of every role a member holds
(Administrator: everything); a channel's permission overwrites then apply in Discord's order:
the @everyone overwrite, all the member's roles' overwrites together (their denials, then
their grants), and last the member's own. A thread takes its parent channel's overwrites, and a
private thread shows only to those in it. This is the algorithm of Discord's "Permissions"
documentation, which discord.py's `GuildChannel.permissions_for` follows too, so the bot's
own cache and the fake agree on what the bot may do.

The world's roles (`Roles`, one set per guild):

- @everyone (id = the guild's id) grants nothing by itself: every member holds the "Players"
  role, whose permissions are `gateway.ALL_TEXT_PERMISSIONS` (read when asked, so a test that
  takes Manage Server from members by patching it still does).
- The bot holds its own managed role, whose permissions are `DiscordState.app_permissions`:
  what the bot may do across the server before any channel's overwrites.
- `add_role(name, permissions, holders)` makes another (a moderators' role, a role that opens
  a private channel), to name in overwrites: `overwrite(role_or_member_id, allow=, deny=)`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import PRIVATE_THREAD, FakeChannel

if TYPE_CHECKING:
    from .state import DiscordState

ADMINISTRATOR = 1 << 3
VIEW_CHANNEL = 1 << 10
#: Every permission bit Discord has handed out so far, as Administrator grants them.
EVERYTHING = (1 << 51) - 1

ROLE, MEMBER = 0, 1
#: A role's holder that stands for every member but the bot, present and future.
EVERY_MEMBER = -1


def members_permissions() -> int:
    from . import gateway  # read when asked: tests patch it

    return int(gateway.ALL_TEXT_PERMISSIONS)


def overwrite(target: int, *, allow: int = 0, deny: int = 0, member: bool = False
              ) -> dict[str, Any]:
    """One permission overwrite as a channel's payload carries it: for a role (or @everyone,
    whose id is the guild's), or with `member` for one member."""
    return {"id": str(target), "type": MEMBER if member else ROLE, "allow": str(allow),
            "deny": str(deny)}


@dataclass
class FakeRole:
    id: int
    guild_id: int
    name: str
    #: Its permissions now (the Players' and the bot's follow settings tests change).
    value: Callable[[], int]
    holders: set[int] = field(default_factory=set)
    managed: bool = False
    position: int = 1

    def payload(self, bot_id: int) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "name": self.name, "permissions": str(self.value()),
            "position": self.position, "color": 0, "hoist": False, "managed": self.managed,
            "mentionable": False, "flags": 0,
        }
        if self.managed:
            data["tags"] = {"bot_id": str(bot_id)}
        return data


class Roles:
    """Every guild's roles: @everyone, the members' "Players", the bot's own, and any added."""

    def __init__(self, state: DiscordState) -> None:
        self.state = state
        self.roles: dict[int, FakeRole] = {}

    def set_up(self, guild_id: int) -> None:
        """A guild's standing roles (once, when the guild is made)."""
        state = self.state
        self.roles[guild_id] = FakeRole(guild_id, guild_id, "@everyone", lambda: 0, position=0)
        players = FakeRole(state.snowflakes.next(), guild_id, "Players", members_permissions,
                           {EVERY_MEMBER})
        bot = FakeRole(state.snowflakes.next(), guild_id, state.bot_user.name,
                       lambda: int(state.app_permissions), {state.bot_user.id}, managed=True,
                       position=2)
        for role in (players, bot):
            self.roles[role.id] = role

    def bot_role(self, guild_id: int) -> FakeRole:
        return next(r for r in self.roles.values() if r.guild_id == guild_id and r.managed)

    def add(self, guild_id: int, name: str, permissions: int, holders: Iterable[int]
            ) -> FakeRole:
        role = FakeRole(self.state.snowflakes.next(), guild_id, name, lambda: permissions,
                        set(holders))
        self.roles[role.id] = role
        return role

    def of_guild(self, guild_id: int) -> list[FakeRole]:
        return [r for r in self.roles.values() if r.guild_id == guild_id]

    def held_by(self, guild_id: int, user_id: int) -> list[FakeRole]:
        """The roles a member holds there, @everyone left out (as a member payload lists)."""
        bot = user_id == self.state.bot_user.id
        return [r for r in self.of_guild(guild_id) if r.id != guild_id and (
            user_id in r.holders or (EVERY_MEMBER in r.holders and not bot))]

    def base(self, guild_id: int, user_id: int) -> int:
        """What the member may do across the server, before any channel's overwrites."""
        value = self.roles[guild_id].value()
        for role in self.held_by(guild_id, user_id):
            value |= role.value()
        return EVERYTHING if value & ADMINISTRATOR else value

    def in_channel(self, channel: FakeChannel, user_id: int) -> int:
        """What the member may do in `channel` (a thread: in its parent, and a private thread
        only once they are in it or may manage threads)."""
        state = self.state
        parent = channel.parent_id or 0
        place = state.channels.get(parent) or state.deleted_channels.get(parent) or channel
        base = self.base(channel.guild_id, user_id)
        if base & ADMINISTRATOR:
            return EVERYTHING
        value = apply_overwrites(base, place.overwrites, channel.guild_id,
                                 {r.id for r in self.held_by(channel.guild_id, user_id)}, user_id)
        if channel.type == PRIVATE_THREAD and user_id not in channel.invited \
                and user_id != channel.owner_id:
            return 0  # (moderators seeing every private thread is not modelled)
        return value


def apply_overwrites(base: int, overwrites: list[dict[str, Any]], guild_id: int,
                     role_ids: set[int], user_id: int) -> int:
    """Discord's order: @everyone's overwrite, then the roles' together, then the member's."""
    by_id = {int(o["id"]): o for o in overwrites}
    value = base
    everyone = by_id.get(guild_id)
    if everyone is not None:
        value = (value & ~int(everyone["deny"])) | int(everyone["allow"])
    allow = deny = 0
    for overwritten in overwrites:
        target = int(overwritten["id"])
        if overwritten["type"] == ROLE and target in role_ids and target != guild_id:
            allow |= int(overwritten["allow"])
            deny |= int(overwritten["deny"])
    value = (value & ~deny) | allow
    own = next((o for o in overwrites if o["type"] == MEMBER and int(o["id"]) == user_id), None)
    if own is not None:
        value = (value & ~int(own["deny"])) | int(own["allow"])
    return value
