"""The fake Discord's records: users, channels, messages and interactions.

Everything here is plain data plus the small amount of logic that belongs to one record
(how a message renders as JSON, how an edit changes it, who may see it).

A message's embeds and components are the JSON the bot sent, shared (not copied) between the
message, its history and the payloads built from it: an edit replaces them, nothing mutates
them, and tests must treat them as read-only.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .ids import iso_now

EPHEMERAL_FLAG = 64
LOADING_FLAG = 128

# Channel types, as numbered by Discord.
TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

# Component types that a user can interact with.
BUTTON = 2
STRING_SELECT = 3
ACTIONABLE_COMPONENTS = {BUTTON, STRING_SELECT, 5, 6, 7, 8}
LINK_BUTTON_STYLE = 5

# Every permission but Administrator (which would make channels' overwrites count for
# nothing): the bot's across the server by default, and the members' (their "Players" role).
ALL_TEXT_PERMISSIONS = str(((1 << 50) - 1) & ~(1 << 3))


@dataclass
class FakeUser:
    """A Discord user; simulated players and the bot itself."""

    id: int
    name: str
    bot: bool = False
    #: Their nickname in the server (None: none), which Discord shows before their name.
    nick: str | None = None
    #: Whether they take direct messages from the server's members and bots.
    dms_open: bool = True

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": None if self.bot else self.name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    def member_payload(self, joined_at: str, roles: list[int] | None = None) -> dict[str, Any]:
        return {
            "user": self.payload(),
            "nick": self.nick,
            "avatar": None,
            "roles": [str(r) for r in roles or []],
            "joined_at": joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }


@dataclass
class FakeChannel:
    """A guild text channel or a thread."""

    id: int
    guild_id: int
    name: str
    type: int = TEXT_CHANNEL
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    invited: set[int] = field(default_factory=set)
    #: Discord's permission overwrites as the channel's payload carries them
    #: (permissions.overwrite builds one); the fake reckons the bot's and members'
    #: permissions with them, as the bot's guild cache does.
    overwrites: list[dict[str, Any]] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    def payload(self) -> dict[str, Any]:
        if self.type == DM_CHANNEL:
            # A direct message channel: of no server; its one member is in `invited`.
            return {"id": str(self.id), "type": DM_CHANNEL, "last_message_id": None,
                    "flags": 0, "recipients": []}
        data: dict[str, Any] = {
            "id": str(self.id),
            "guild_id": str(self.guild_id),
            "name": self.name,
            "type": self.type,
            "position": 0,
            "permission_overwrites": self.overwrites,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
            "parent_id": str(self.parent_id) if self.parent_id else None,
        }
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=0,
                member_count=len(self.invited) + 1,
                thread_metadata={
                    "archived": self.archived,
                    "locked": self.locked,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso_now(),
                    "invitable": True,
                },
            )
        else:
            data["topic"] = None
        return data


@dataclass
class Attachment:
    """A file the bot uploaded, with its bytes as the multipart form carried them."""

    id: int
    filename: str
    data: bytes
    content_type: str
    description: str | None = None

    def payload(self, channel_id: int) -> dict[str, Any]:
        url = f"https://cdn.discordapp.com/attachments/{channel_id}/{self.id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        return data


def iter_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in a tree, depth first: action rows, and also layout (v2) containers."""
    for component in components:
        yield component
        yield from iter_components(component.get("components") or [])
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from iter_components([child])


@dataclass
class FakeMessage:
    """A message in a channel. `visible_to` is None for everyone, or one user's id (ephemeral)."""

    id: int
    channel_id: int
    guild_id: int
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    visible_to: int | None = None
    interaction_id: int | None = None
    # Discord's MessageType: 0 default, 20 the answer to a slash command.
    type: int = 0
    interaction_metadata: dict[str, Any] | None = None
    webhook_id: int | None = None
    deleted: bool = False
    edited_timestamp: str | None = None
    timestamp: str = field(default_factory=iso_now)
    thread_id: int | None = None
    # Members the message notified when it was posted (mentions its allowed_mentions allowed;
    # an edit never notifies anyone).
    pings: list[int] = field(default_factory=list)
    # Every state the message was shown in, so hidden-card checks also see edited-away text.
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return self.visible_to is not None

    def can_be_seen_by(self, user_id: int) -> bool:
        return not self.deleted and (self.visible_to is None or self.visible_to == user_id)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(self.channel_id) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.interaction_id is not None:
            # An interaction's answer names the application that sent it.
            data["application_id"] = str(self.webhook_id)
        return data

    def snapshot(self) -> dict[str, Any]:
        """What a viewer sees of the message right now (without ids and timestamps)."""
        return {
            "message_id": self.id,
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [
                {"filename": a.filename, "description": a.description} for a in self.attachments
            ],
        }

    def record_version(self) -> None:
        self.history.append(self.snapshot())

    def find_components(self) -> list[dict[str, Any]]:
        everything = iter_components(self.components)
        return [c for c in everything if c.get("type") in ACTIONABLE_COMPONENTS]

    def clickable_components(self) -> list[dict[str, Any]]:
        """The buttons and selects a user could use now: enabled, and not link buttons."""
        return [c for c in self.find_components() if not c.get("disabled") and "custom_id" in c]

    def text(self) -> str:
        """All of the message's current visible text as one JSON string (for substring checks)."""
        return json.dumps(self.snapshot(), ensure_ascii=False)


@dataclass
class InteractionRecord:
    """One interaction the harness created for a simulated user, and how the bot answered it."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int
    created_at: float  # real seconds (time.perf_counter), as are acknowledged_at and latency
    opened_at: float  # on the clock of Discord's limits (DiscordState.clock)
    payload: dict[str, Any]
    message_id: int | None = None  # the message whose component was used
    response_type: int | None = None
    acknowledged_at: float | None = None
    answered_after: float | None = None  # from opened_at to the callback, on the same clock
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None  # an autocomplete answer
    modal: dict[str, Any] | None = None  # a modal the bot opened in answer
    modal_submitted: bool = False

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def latency(self) -> float | None:
        """Seconds from the interaction's creation to the bot's callback."""
        if self.acknowledged_at is None:
            return None
        return self.acknowledged_at - self.created_at

    @property
    def message(self) -> FakeMessage | None:
        """The message the bot answered with (or updated), the natural thing to assert on."""
        return self.original

    @property
    def messages(self) -> list[FakeMessage]:
        return ([self.original] if self.original else []) + self.followups
