"""Gateway event and interaction payloads, shaped as Discord sends them."""

from __future__ import annotations

from typing import Any

from .model import ALL_TEXT_PERMISSIONS, FakeChannel, FakeMessage, FakeUser, InteractionRecord
from .state import DiscordState

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


def ready_event(
    state: DiscordState,
    guild_ids: list[int] | None = None,
    *,
    session_id: str = "fake-session",
    resume_url: str = "wss://gateway.invalid",
    shard: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """READY listing `guild_ids` (default: the first guild) as still unavailable."""
    if guild_ids is None:
        guild_ids = [state.guild_id]
    ready: dict[str, Any] = {
        "v": 10,
        "user": state.bot_user.payload(),
        "guilds": [
            {"id": str(g), "unavailable": True} for g in guild_ids
        ],
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "application": {"id": str(state.application_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
    }
    if shard is not None:
        ready["shard"] = list(shard)
    return ready


def guild_create_event(state: DiscordState, guild_id: int | None = None) -> dict[str, Any]:
    """The whole guild (default: the first), with its channels and its open threads."""
    guild_id = guild_id or state.guild_id
    roles = [r.payload(state.bot_user.id) for r in state.roles.of_guild(guild_id)]
    people = [state.bot_user, *state.members.values()]
    own = [c for c in state.channels.values() if c.guild_id == guild_id]
    channels = [c.payload() for c in own if not c.is_thread]
    threads = [c.payload() for c in own if c.is_thread and not c.archived]
    return {
        "id": str(guild_id),
        "name": state.guilds[guild_id],
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(state.owner.id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": roles,
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "joined_at": state.guild_joined_at,
        "large": False,
        "unavailable": False,
        # Equal to the member list's length, so discord.py sees the guild as fully chunked
        # and never asks a gateway that does not exist for members.
        "member_count": len(people),
        "members": [member_payload(state, p, guild_id) for p in people],
        "channels": channels,
        "threads": threads,
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    }


def member_payload(state: DiscordState, user: FakeUser, guild_id: int) -> dict[str, Any]:
    """A member of the guild with the roles they hold there."""
    held = [r.id for r in state.roles.held_by(guild_id, user.id)]
    return user.member_payload(state.guild_joined_at, held)


def channel_delete_event(channel: FakeChannel) -> dict[str, Any]:
    """CHANNEL_DELETE: the channel as it was. Its threads go with it, and Discord sends no
    THREAD_DELETE for them (discord.py forgets them itself)."""
    return channel.payload()


def thread_delete_event(thread: FakeChannel) -> dict[str, Any]:
    """THREAD_DELETE: only the thread's ids and type, as Discord sends it."""
    return {"id": str(thread.id), "guild_id": str(thread.guild_id),
            "parent_id": str(thread.parent_id), "type": thread.type}


def guild_delete_event(guild_id: int) -> dict[str, Any]:
    """GUILD_DELETE as Discord sends it when the bot is removed from a server (kicked, or the
    server deleted): no `unavailable`, which marks an outage instead."""
    return {"id": str(guild_id)}


def message_create_event(state: DiscordState, message: FakeMessage) -> dict[str, Any]:
    """MESSAGE_CREATE as a bot without the message content intent gets it: the content of
    its own messages only. A message sent through a webhook (an interaction's answer) has no
    `member`; an ephemeral one comes as if it were a direct message, without `guild_id` or
    `member` (Discord's documented quirk: it is not a message of the guild's channel)."""
    event = message.payload()
    if message.author.id != state.bot_user.id:
        event["content"] = ""
    if message.ephemeral or not message.guild_id:  # not a message of the guild's channel
        return event
    event["guild_id"] = str(message.guild_id)
    if message.webhook_id is None:
        member = member_payload(state, message.author, message.guild_id)
        del member["user"]
        event["member"] = member
    return event


def thread_create_event(thread: FakeChannel) -> dict[str, Any]:
    return {**thread.payload(), "newly_created": True}


def interaction_payload(
    state: DiscordState,
    record: InteractionRecord,
    channel: FakeChannel,
    data: dict[str, Any],
    message: FakeMessage | None = None,
) -> dict[str, Any]:
    """The INTERACTION_CREATE payload for a guild interaction by `record.user`."""
    member = member_payload(state, record.user, channel.guild_id)
    # Both reckoned in the channel, overwrites and all, as Discord does.
    member["permissions"] = str(state.permissions_in(channel, record.user.id))
    payload: dict[str, Any] = {
        "id": str(record.id),
        "application_id": str(state.application_id),
        "type": record.type,
        "data": data,
        "guild_id": str(channel.guild_id),
        "guild": {"id": str(channel.guild_id), "locale": "en-US", "features": []},
        "channel_id": str(channel.id),
        "channel": channel.payload(),
        "member": member,
        "token": record.token,
        "version": 1,
        "app_permissions": str(state.permissions_in(channel)),
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(channel.guild_id)},
        "context": 0,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if message is not None:
        payload["message"] = message.payload()
    return payload


def user_option_resolved(users: list[FakeUser], joined_at: str) -> dict[str, Any]:
    members = {}
    for user in users:
        member = user.member_payload(joined_at)
        del member["user"]
        member["permissions"] = ALL_TEXT_PERMISSIONS
        members[str(user.id)] = member
    return {"users": {str(u.id): u.payload() for u in users}, "members": members}
