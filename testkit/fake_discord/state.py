"""The fake Discord's world and the rules it enforces on the bot's requests.

The HTTP layer (server.py) turns requests into calls on `DiscordState`; the test driver
(fake.py) creates users, channels and interactions on it and reads the results back.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .ids import SnowflakeFactory, iso_now
from .limits import choice_problems, message_problems, modal_problems
from .member_requests import MemberRequests
from .model import (
    ALL_TEXT_PERMISSIONS,
    DM_CHANNEL,
    EPHEMERAL_FLAG,
    LOADING_FLAG,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Attachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    InteractionRecord,
)
from .permissions import Roles

MENTION = re.compile(r"<@!?(\d+)>")

# Permission bits the channel routes check.
VIEW_CHANNEL, SEND_MESSAGES, ATTACH_FILES, READ_MESSAGE_HISTORY = 10, 11, 15, 16
CREATE_PUBLIC_THREADS, CREATE_PRIVATE_THREADS, SEND_MESSAGES_IN_THREADS = 35, 36, 38
MANAGE_THREADS = 34

# Discord's limits that the bot must respect.
INTERACTION_RESPONSE_WINDOW = 3.0
INTERACTION_TOKEN_LIFETIME = 15 * 60.0

# Interaction callback types.
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

CHAT_INPUT_COMMAND_MESSAGE = 20

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5


class DiscordError(Exception):
    """An error Discord would answer with: HTTP status plus a JSON code and message."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message

    def payload(self) -> dict[str, Any]:
        return {"message": self.message, "code": self.code}


def unknown_message() -> DiscordError:
    return DiscordError(404, 10008, "Unknown Message")


@dataclass
class UploadedFile:
    """One file part of a multipart request."""

    filename: str
    data: bytes
    content_type: str


@dataclass
class Hold:
    """Requests matching `method` and `path` wait, unanswered, until `release()`; `arrived`
    is set when the first one comes in (to act while Discord is still busy with it)."""

    method: str
    path: str
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)

    def matches(self, method: str, path: str) -> bool:
        return method == self.method and re.search(self.path, path) is not None

    def release(self) -> None:
        self.released.set()


@dataclass
class Fault:
    """Requests matching `method` and `path` (a regular expression searched in the path)
    are answered with `status` while the fault is on: 429 with `retry_after`, or any other
    (a 5xx, or a 4xx Discord would send again: 400, 404 with error code 0)."""

    method: str
    path: str
    status: int
    retry_after: float = 0.01
    active: bool = True
    hits: int = 0
    #: Set at each hit: `await fault.hit.wait()` waits for the bot to meet it.
    hit: asyncio.Event = field(default_factory=asyncio.Event)

    def matches(self, method: str, path: str) -> bool:
        return self.active and method == self.method and re.search(self.path, path) is not None


def pinged_users(body: dict[str, Any]) -> list[int]:
    """Whom a new message notifies: its mentions, as far as allowed_mentions lets them."""
    mentioned = [int(found) for found in MENTION.findall(body.get("content") or "")]
    allowed = body.get("allowed_mentions")
    if allowed is None:
        return mentioned
    if "users" in (allowed.get("parse") or []):
        return mentioned
    listed = {int(u) for u in allowed.get("users") or []}
    return [u for u in mentioned if u in listed]


@dataclass(frozen=True)
class RequestOrigin:
    """Who sent a request: the bot token it carried, or (interaction callbacks and webhooks
    carry none) the interaction token in its path; and the guild it concerned, if any."""

    bot_token: str
    interaction_token: str | None
    guild_id: int | None
    what: str  # "METHOD path"


@dataclass
class CommandSet:
    """The application commands the bot registered (one bulk overwrite = one whole set)."""

    commands: list[dict[str, Any]] = field(default_factory=list)

    def find(self, name: str) -> dict[str, Any] | None:
        return next((c for c in self.commands if c["name"] == name and c.get("type", 1) == 1), None)


class DiscordState:
    """Guild, channels, members, messages, commands and interactions, plus Discord's rules."""

    def __init__(
        self,
        *,
        bot_name: str = "CardBot",
        response_window: float = INTERACTION_RESPONSE_WINDOW,
        token_lifetime: float = INTERACTION_TOKEN_LIFETIME,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.response_window = response_window
        self.token_lifetime = token_lifetime
        #: The seconds the response window and the token's lifetime are measured in.
        self.clock = clock
        self.expired_token_uses: list[str] = []
        self.app_permissions = ALL_TEXT_PERMISSIONS
        self.snowflakes = SnowflakeFactory()
        self.application_id = self.snowflakes.next()
        # Like a real bot account, the bot user shares its id with the application.
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        self.owner = FakeUser(self.snowflakes.next(), "owner")
        self.guild_id = self.snowflakes.next()
        #: Every guild's name by id; the first (`guild_id`) is the one most tests use.
        self.guilds: dict[int, str] = {self.guild_id: "Card Club"}
        #: Every guild's roles, which with channels' overwrites decide who may do what there.
        self.roles = Roles(self)
        self.roles.set_up(self.guild_id)
        self.guild_joined_at = iso_now()
        self.members: dict[int, FakeUser] = {}
        self.channels: dict[int, FakeChannel] = {}
        #: Channels and threads members deleted, kept for what was seen in them.
        self.deleted_channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.global_commands = CommandSet()
        self.guild_commands: dict[int, CommandSet] = {}
        self.violations: list[str] = []
        self.unknown_routes: list[str] = []
        self.requests: list[str] = []
        #: Who made every request and which guild it concerned (bots in other processes).
        self.request_origins: list[RequestOrigin] = []
        # Tokens of bots that "crashed": their requests fail as if they never arrived.
        self.revoked_tokens: set[str] = set()
        self.refused_requests: list[str] = []
        self.faults: list[Fault] = []
        self.holds: list[Hold] = []
        #: Guilds that removed the bot: their channels answer 403 Missing Access.
        self.removed_from: set[int] = set()
        #: The gateway's member requests (opcode 8), and whether they are answered.
        self.member_requests = MemberRequests()
        #: Guilds in an outage: a gateway session's READY lists them, unavailable, and sends no
        #: GUILD_CREATE for them (websocket.py).
        self.outages: set[int] = set()
        # Futures of simulated members waiting for a change, by what they watch (changed()).
        self._change_waiters: dict[int | None, list[asyncio.Future[None]]] = {}

    # ----- world building -----

    @property
    def guild_name(self) -> str:
        return self.guilds[self.guild_id]

    @guild_name.setter
    def guild_name(self, name: str) -> None:
        self.guilds[self.guild_id] = name

    def add_guild(self, name: str, *, shard: int = 0, shard_count: int = 1) -> int:
        """Another guild, on `shard` of `shard_count` (Discord's `(guild_id >> 22) % count`)."""
        guild_id = self.snowflakes.next()
        while (guild_id >> 22) % shard_count != shard:
            guild_id += 1 << 22  # a millisecond later: same counter bits, still unique
        self.guilds[guild_id] = name
        self.roles.set_up(guild_id)
        return guild_id

    def add_member(self, name: str, *, bot: bool = False) -> FakeUser:
        """A member of every guild; `bot`: another application's bot user."""
        user = FakeUser(self.snowflakes.next(), name, bot=bot)
        self.members[user.id] = user
        return user

    def add_channel(self, name: str, guild_id: int | None = None) -> FakeChannel:
        channel = FakeChannel(self.snowflakes.next(), guild_id or self.guild_id, name)
        self.channels[channel.id] = channel
        return channel

    def channel(self, channel_id: int) -> FakeChannel:
        try:
            channel = self.channels[channel_id]
        except KeyError:
            raise DiscordError(404, 10003, "Unknown Channel") from None
        if channel.guild_id in self.removed_from:
            raise DiscordError(403, 50001, "Missing Access")
        return channel

    def delete_channel(self, channel_id: int) -> FakeChannel:
        """A member deletes a channel or thread (a channel's threads go with it); the gateway
        says nothing (FakeDiscord.delete_channel does). The channel as it was."""
        deleted = self.channels[channel_id]
        for gone in [i for i, c in self.channels.items() if channel_id in (i, c.parent_id)]:
            self.deleted_channels[gone] = self.channels.pop(gone)
        return deleted

    def dm_channel(self, user_id: int) -> FakeChannel:
        """The bot's direct message channel with a member (made the first time)."""
        found = next((c for c in self.channels.values()
                      if c.type == DM_CHANNEL and user_id in c.invited), None)
        if found is None:
            found = FakeChannel(self.snowflakes.next(), 0, f"dm-{user_id}", type=DM_CHANNEL,
                                invited={user_id})
            self.channels[found.id] = found
        return found

    def permissions_in(self, channel: FakeChannel, user_id: int | None = None) -> int:
        """What the bot (or the member `user_id`) may do in `channel`, overwrites and all."""
        if channel.type == DM_CHANNEL:
            return int(ALL_TEXT_PERMISSIONS)
        return self.roles.in_channel(channel, self.bot_user.id if user_id is None else user_id)

    def allows(self, bit: int, channel_id: int) -> bool:
        """Whether the bot may do `bit` in the channel (or thread)."""
        return bool(self.permissions_in(self.channels[channel_id]) & (1 << bit))

    def require_permission(self, channel_id: int, bit: int, what: str) -> None:
        """Channel routes (not interaction answers) need the bot's permissions."""
        if not self.allows(bit, channel_id):
            raise DiscordError(403, 50013, f"Missing Permissions ({what})")

    def can_see_channel(self, user_id: int, channel: FakeChannel) -> bool:
        """A member sees a channel their permissions let them view (a thread: its parent);
        private threads show only to the members the bot added (or mentioned) there."""
        if channel.type == DM_CHANNEL:
            return user_id in channel.invited
        if user_id not in self.members:
            return True
        if channel.type == PRIVATE_THREAD and user_id not in channel.invited:
            return False
        return bool(self.permissions_in(channel, user_id) & (1 << VIEW_CHANNEL))

    def can_see(self, user_id: int, message: FakeMessage) -> bool:
        """Whether `user_id` could ever have seen `message` (deleted or not)."""
        if message.visible_to is not None and message.visible_to != user_id:
            return False
        channel = self.channels.get(message.channel_id)
        if channel is None:  # deleted: who could see it while it was there
            channel = self.deleted_channels[message.channel_id]
        return self.can_see_channel(user_id, channel)

    def message(self, message_id: int, channel_id: int | None = None) -> FakeMessage:
        message = self.messages.get(message_id)
        if message is None or message.deleted:
            raise unknown_message()
        if channel_id is not None and message.channel_id != channel_id:
            raise unknown_message()
        return message

    # ----- messages -----

    def create_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: dict[str, UploadedFile],
        *,
        visible_to: int | None = None,
        interaction_id: int | None = None,
        webhook_id: int | None = None,
        extra_flags: int = 0,
    ) -> FakeMessage:
        channel = self.channel(channel_id)
        if channel.locked:
            raise DiscordError(400, 50083, "Thread is archived")
        if channel.archived and visible_to is None:
            # A message in an archived (not locked) thread brings it back, as on Discord
            # (an ephemeral answer, which the thread's other members never see, does not).
            channel.archived = False
            self.on_channel_updated(channel)
        message = FakeMessage(
            id=self.snowflakes.next(),
            channel_id=channel_id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            visible_to=visible_to,
            interaction_id=interaction_id,
            webhook_id=webhook_id,
        )
        self._apply_body(message, body, files, creating=True)
        message.pings = pinged_users(body)
        message.flags |= extra_flags
        if visible_to is not None:
            message.flags |= EPHEMERAL_FLAG
        self.messages[message.id] = message
        message.record_version()
        self._notify_change(message.id, message.interaction_id)
        if channel.type == PRIVATE_THREAD:
            # Discord adds members mentioned in a private thread to it.
            channel.invited.update(int(found) for found in MENTION.findall(message.content))
        self.on_message_created(message)
        return message

    def on_message_created(self, message: FakeMessage) -> None:
        """Replaced by the driver to send MESSAGE_CREATE through the gateway."""

    def on_channel_updated(self, channel: FakeChannel) -> None:
        """Replaced by the driver to send CHANNEL_UPDATE or THREAD_UPDATE."""

    def refuse_if_archived(self, channel_id: int) -> None:
        """An archived thread's messages can be neither edited nor deleted until it is open
        again (a message sent there opens it)."""
        if self.channel(channel_id).archived:
            raise DiscordError(400, 50083, "Thread is archived")

    def edit_message(
        self, message: FakeMessage, body: dict[str, Any], files: dict[str, UploadedFile]
    ) -> FakeMessage:
        self._apply_body(message, body, files, creating=False)
        # An edit that gives the deferred "thinking" message content ends its loading state.
        message.flags &= ~LOADING_FLAG
        message.edited_timestamp = iso_now()
        message.record_version()
        self._notify_change(message.id, message.interaction_id)
        return message

    def delete_message(self, message: FakeMessage) -> None:
        message.deleted = True
        self._notify_change(message.id)

    def _apply_body(
        self,
        message: FakeMessage,
        body: dict[str, Any],
        files: dict[str, UploadedFile],
        *,
        creating: bool,
    ) -> None:
        self._refuse_over_limits(message_problems(body))
        if self._would_be_empty(message, body, files, creating):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        if "content" in body:
            message.content = body["content"] or ""
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        elif "embed" in body:
            message.embeds = [body["embed"]] if body["embed"] else []
        if "components" in body:
            message.components = body["components"] or []
        if creating and "flags" in body and body["flags"]:
            # Only the ephemeral bit is decided by the caller (create_message); keep the rest.
            message.flags |= int(body["flags"]) & ~EPHEMERAL_FLAG
        if "attachments" in body or files:
            message.attachments = self._attachments(message, body.get("attachments"), files)

    @staticmethod
    def _would_be_empty(
        message: FakeMessage, body: dict[str, Any], files: dict[str, UploadedFile],
        creating: bool,
    ) -> bool:
        """Whether the message would show nothing at all: no words, embed, file or control
        (a deferred answer's "thinking" message, made with an empty body, is not sent)."""
        if creating and not body:
            return False
        content = body.get("content", message.content)
        embeds = body.get("embeds", body.get("embed", message.embeds))
        components = body.get("components", message.components)
        attachments = body.get("attachments", message.attachments) or files
        return not (content or embeds or components or attachments)

    def _refuse_over_limits(self, problems: list[str]) -> None:
        """Discord refuses a body over its size limits whole; the bot broke a rule."""
        if problems:
            self.violation(None, "over Discord's limits: " + "; ".join(problems))
            raise DiscordError(400, 50035, "Invalid Form Body (" + "; ".join(problems) + ")")

    def _attachments(
        self,
        message: FakeMessage,
        listed: list[dict[str, Any]] | None,
        files: dict[str, UploadedFile],
    ) -> list[Attachment]:
        """Discord's rule: the `attachments` list names what stays (old ids) and what is new
        (the index of an uploaded `files[n]` part); without a list, every upload is added."""
        existing = {a.id: a for a in message.attachments}
        if listed is None:
            listed = [{"id": name[6:-1]} for name in files if name.startswith("files[")]
            result = list(message.attachments)
        else:
            result = []
        for entry in listed:
            key = str(entry.get("id"))
            upload = files.get(f"files[{key}]")
            if upload is not None:
                result.append(
                    Attachment(
                        id=self.snowflakes.next(),
                        filename=entry.get("filename") or upload.filename,
                        data=upload.data,
                        content_type=upload.content_type,
                        description=entry.get("description"),
                    )
                )
            elif key.isdigit() and int(key) in existing:
                result.append(existing[int(key)])
            else:
                raise DiscordError(400, 50035, f"Invalid Form Body: attachment {key} not found")
        return result

    def changed(self, *watched: int) -> asyncio.Future[None]:
        """A future done at the next change to any of `watched` (message ids: posted,
        edited or deleted; interaction ids: answered, or a message posted for them), or to
        anything at all when nothing is named."""
        waiter = asyncio.get_running_loop().create_future()
        for key in watched or (None,):
            self._change_waiters.setdefault(key, []).append(waiter)
        return waiter

    def _notify_change(self, *changed: int | None) -> None:
        for key in (*changed, None):
            for waiter in self._change_waiters.pop(key, []):
                if not waiter.done():
                    waiter.set_result(None)

    def hold_for(self, method: str, path: str) -> Hold | None:
        return next((h for h in self.holds if h.matches(method, path)), None)

    def fault_for(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.matches(method, path):
                fault.hits += 1
                fault.hit.set()
                return fault
        return None

    def member_message(self, channel_id: int, author: FakeUser) -> FakeMessage:
        """A message a member posts in a channel (its text does not matter to the bot)."""
        message = FakeMessage(
            id=self.snowflakes.next(), channel_id=channel_id,
            guild_id=self.channel(channel_id).guild_id, author=author,
            content="(a member's message)",
        )
        self.messages[message.id] = message
        message.record_version()
        return message

    # ----- threads -----

    def create_thread(
        self, parent_id: int, body: dict[str, Any], *, from_message: int | None
    ) -> FakeChannel:
        parent = self.channel(parent_id)
        private = from_message is None and body.get("type", PRIVATE_THREAD) == PRIVATE_THREAD
        if private:
            self.require_permission(parent_id, CREATE_PRIVATE_THREADS, "Create Private Threads")
        else:
            self.require_permission(parent_id, CREATE_PUBLIC_THREADS, "Create Public Threads")
        if parent.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        thread_type = body.get("type", PUBLIC_THREAD if from_message else PRIVATE_THREAD)
        if from_message is not None:
            message = self.message(from_message, parent_id)
            if message.thread_id is not None:
                raise DiscordError(400, 160004, "A thread was already created for this message")
            thread_type = PUBLIC_THREAD
        thread = FakeChannel(
            id=from_message if from_message is not None else self.snowflakes.next(),
            guild_id=parent.guild_id,
            name=body.get("name", "thread"),
            type=thread_type,
            parent_id=parent_id,
            owner_id=self.bot_user.id,
        )
        if from_message is not None:
            self.messages[from_message].thread_id = thread.id
        self.channels[thread.id] = thread
        return thread

    # ----- interactions -----

    def new_interaction(
        self,
        *,
        type: int,
        user: FakeUser,
        channel_id: int,
        payload: dict[str, Any],
        message_id: int | None = None,
    ) -> InteractionRecord:
        record = InteractionRecord(
            id=self.snowflakes.next(),
            token=secrets.token_urlsafe(48),
            type=type,
            user=user,
            channel_id=channel_id,
            guild_id=self.channel(channel_id).guild_id,
            created_at=time.perf_counter(),
            opened_at=self.clock(),
            payload=payload,
            message_id=message_id,
        )
        self.interactions[record.id] = record
        self.interactions_by_token[record.token] = record
        return record

    def violation(self, record: InteractionRecord | None, text: str) -> None:
        self.violations.append(text)
        if record is not None:
            record.errors.append(text)

    def interaction_callback(
        self,
        interaction_id: int,
        token: str,
        body: dict[str, Any],
        files: dict[str, UploadedFile],
    ) -> dict[str, Any]:
        record = self.interactions.get(interaction_id)
        if record is None or record.token != token:
            raise DiscordError(404, 10062, "Unknown interaction")
        now = self.clock()
        if record.acknowledged:
            self.violation(record, f"interaction {record.id} answered twice")
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = now - record.opened_at
        if elapsed > self.response_window:
            self.violation(
                record,
                f"interaction {record.id} answered after {elapsed:.2f}s"
                f" (limit {self.response_window}s)",
            )
            raise DiscordError(404, 10062, "Unknown interaction")
        kind = int(body["type"])
        data = body.get("data") or {}
        if (kind == AUTOCOMPLETE_RESULT) != (record.type == AUTOCOMPLETE):
            self.violation(record, f"callback type {kind} on an interaction of type {record.type}")
            raise DiscordError(400, 40004, "Interaction callback type is invalid here")
        if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            self._refuse_over_limits(message_problems(data))  # refused: not acknowledged
        record.response_type = kind
        record.acknowledged_at = time.perf_counter()
        record.answered_after = elapsed
        if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL_FLAG)
            record.original = self.create_message(
                record.channel_id,
                data if kind == CHANNEL_MESSAGE else {},
                files,
                visible_to=record.user.id if ephemeral else None,
                interaction_id=record.id,
                webhook_id=self.application_id,
                extra_flags=LOADING_FLAG if kind == DEFERRED_CHANNEL_MESSAGE else 0,
            )
            self._mark_as_answer(record.original, record)
        elif kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            if record.type not in (MESSAGE_COMPONENT, MODAL_SUBMIT) or record.message_id is None:
                self.violation(record, f"callback type {kind} on a non-component interaction")
                raise DiscordError(400, 40004, "Interaction callback type is invalid here")
            record.original = self.message(record.message_id)
            if kind == UPDATE_MESSAGE:
                self.edit_message(record.original, data, files)
        elif kind == AUTOCOMPLETE_RESULT:
            self._refuse_over_limits(choice_problems(list(data.get("choices") or [])))
            record.choices = list(data.get("choices") or [])
        elif kind == MODAL:
            if record.type == MODAL_SUBMIT:
                self.violation(record, "a modal cannot answer a modal submission")
                raise DiscordError(400, 40004, "Interaction callback type is invalid here")
            self._refuse_over_limits(modal_problems(data))
            record.modal = data
        else:
            self.violation(record, f"unsupported callback type {kind}")
            raise DiscordError(400, 50035, "Invalid Form Body")
        response: dict[str, Any] = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(
                    record.original and record.original.ephemeral
                ),
            }
        }
        if record.original is not None:
            response["interaction"]["response_message_id"] = str(record.original.id)
            response["resource"] = {"type": kind, "message": record.original.payload()}
        else:
            response["resource"] = {"type": kind}
        self._notify_change(record.id)
        return response

    def interaction_for_token(self, application_id: int, token: str) -> InteractionRecord:
        record = self.interactions_by_token.get(token)
        if record is None or application_id != self.application_id:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if self.clock() - record.opened_at > self.token_lifetime:
            # Not a broken rule: the bot must cope (e.g. ask the user to reopen their hand).
            self.expired_token_uses.append(f"interaction {record.id}")
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return record

    def webhook_message(self, record: InteractionRecord, message_id: str) -> FakeMessage:
        """`@original` or a followup's id, as reachable through an interaction token."""
        if message_id == "@original":
            if record.original is None:
                raise unknown_message()
            if record.original.deleted:
                raise unknown_message()
            return record.original
        wanted = int(message_id)
        for message in record.messages:
            if message.id == wanted and not message.deleted:
                return message
        raise unknown_message()

    def followup(
        self, record: InteractionRecord, body: dict[str, Any], files: dict[str, UploadedFile]
    ) -> FakeMessage:
        if not record.acknowledged:
            self.violation(record, f"followup on interaction {record.id} before any callback")
            raise DiscordError(404, 10015, "Unknown Webhook")
        original = record.original
        if original is not None and original.flags & LOADING_FLAG and not original.deleted:
            # Discord turns the first followup after a "thinking" defer into that message.
            return self.edit_message(original, body, files)
        ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL_FLAG)
        message = self.create_message(
            record.channel_id,
            body,
            files,
            visible_to=record.user.id if ephemeral else None,
            interaction_id=record.id,
            webhook_id=self.application_id,
        )
        self._mark_as_answer(message, record)
        if record.original is not None and message.interaction_metadata is not None:
            message.interaction_metadata["original_response_message_id"] = str(record.original.id)
        record.followups.append(message)
        return message

    def _mark_as_answer(self, message: FakeMessage, record: InteractionRecord) -> None:
        """Discord's `interaction_metadata` (who triggered the answer) and message type."""
        metadata: dict[str, Any] = {
            "id": str(record.id),
            "type": record.type,
            "user": record.user.payload(),
            "authorizing_integration_owners": {"0": str(record.guild_id)},
        }
        if record.type == APPLICATION_COMMAND:
            metadata["name"] = record.payload.get("data", {}).get("name", "")
            message.type = CHAT_INPUT_COMMAND_MESSAGE if message is record.original else 0
        elif record.message_id is not None:
            metadata["interacted_message_id"] = str(record.message_id)
        message.interaction_metadata = metadata
