"""Request Guild Members (gateway opcode 8), answered as Discord answers it.

A bot asks the gateway for members by id (`user_ids`, at most 100) or by a name prefix
(`query`, with a `limit`); Discord answers with GUILD_MEMBERS_CHUNK events carrying the
request's `nonce`: here always one chunk (Discord splits only past 1,000 members), with the ids
it did not find in `not_found`. Asking for the whole member list (an empty query) needs the
privileged GUILD_MEMBERS intent; a bot without it breaks Discord's rules (a violation).

In the test process the bot has no websocket, so `LoopbackGateway` stands in for discord.py's
one: the bot's own `request_chunks` builds the payload it would send, and the answer is fed to
its parsers like any gateway event. Bots in other processes send opcode 8 over the real
websocket (websocket.py), which answers it with the same chunk.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from discord.gateway import DiscordWebSocket

if TYPE_CHECKING:
    from .state import DiscordState

REQUEST_MEMBERS = DiscordWebSocket.REQUEST_MEMBERS
#: Discord's limits: user ids in one request, members a query returns, a nonce's bytes.
MOST_USER_IDS = 100
MOST_QUERIED = 100
NONCE_BYTES = 32
#: Event-loop turns between a request and its answer in the test process.
NETWORK_TURNS = 3


class MemberRequests:
    """Whether and how the fake answers member requests, and every request it was sent."""

    def __init__(self) -> None:
        #: False: requests go unanswered, as a gateway that lost them (the bot times out).
        self.answering = True
        #: The `d` of every opcode 8 received, in order.
        self.received: list[dict[str, Any]] = []
        self._arrived = asyncio.Event()

    def take(self, request: dict[str, Any]) -> bool:
        """Record a request; whether to answer it."""
        self.received.append(request)
        self._arrived.set()
        return self.answering

    async def wait_for(self, count: int) -> None:
        """Until `count` requests have been received in all."""
        while len(self.received) < count:
            self._arrived.clear()
            await self._arrived.wait()


def members_chunk(
    state: DiscordState, request: dict[str, Any], *, members_intent: bool
) -> dict[str, Any] | None:
    """The GUILD_MEMBERS_CHUNK answering `request` (an opcode 8 `d`), or None when it breaks
    Discord's rules (recorded as a violation) or names a guild the bot is not in."""
    guild_id = int(request["guild_id"])
    if guild_id not in state.guilds or guild_id in state.removed_from:
        return None
    people = {user.id: user for user in (state.bot_user, *state.members.values())}
    ids = request.get("user_ids")
    chunk: dict[str, Any] = {"guild_id": str(guild_id), "chunk_index": 0, "chunk_count": 1}
    if ids is not None:
        wanted = [int(user_id) for user_id in (ids if isinstance(ids, list) else [ids])]
        if len(wanted) > MOST_USER_IDS:
            state.violation(None, f"a member request named {len(wanted)} user ids (at most "
                                  f"{MOST_USER_IDS})")
            return None
        found = [people[user_id] for user_id in wanted if user_id in people]
        chunk["not_found"] = [str(user_id) for user_id in wanted if user_id not in people]
    else:
        query = str(request.get("query", "")).lower()
        if not query and not members_intent:
            state.violation(None, "asked for every member without the GUILD_MEMBERS intent")
            return None
        limit = int(request.get("limit") or 0)
        most = min(limit, MOST_QUERIED) if query else limit
        found = [user for user in people.values()
                 if user.name.lower().startswith(query)
                 or (user.nick or "").lower().startswith(query)][:most or None]
    chunk["members"] = [user.member_payload(state.guild_joined_at) for user in found]
    nonce = request.get("nonce")
    if isinstance(nonce, str) and len(nonce.encode()) <= NONCE_BYTES:
        chunk["nonce"] = nonce
    return chunk


class LoopbackGateway:
    """What discord.py asks of a connected gateway socket, for a bot in the test process:
    member requests, answered through `feed` (the bot's parsers); nothing else is sent."""

    REQUEST_MEMBERS = REQUEST_MEMBERS
    request_chunks = DiscordWebSocket.request_chunks
    #: Never a real connection: `Client.close()` has nothing to close.
    open = False
    latency = 0.0

    def __init__(self, state: DiscordState, members_intent: bool,
                 feed: Callable[[str, dict[str, Any]], None]) -> None:
        self._state = state
        self._requests = state.member_requests
        self._members_intent = members_intent
        self._feed = feed
        self._sending: set[asyncio.Task[None]] = set()

    def is_ratelimited(self) -> bool:
        return False

    async def send_as_json(self, data: dict[str, Any]) -> None:
        if data.get("op") != REQUEST_MEMBERS:
            raise NotImplementedError(f"the fake gateway takes no opcode {data.get('op')}")
        if not self._requests.take(data["d"]):
            return
        task = asyncio.ensure_future(self._answer_later(data["d"]))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _answer_later(self, request: dict[str, Any]) -> None:
        # The answer crosses the network after the request: the bot is waiting for it by
        # then (answered at once, discord.py would drop it as a request nobody awaits).
        for _ in range(NETWORK_TURNS):
            await asyncio.sleep(0)
        answer(self._state, request, self._members_intent, self._feed)


def answer(state: DiscordState, request: dict[str, Any], members_intent: bool,
           send: Callable[[str, dict[str, Any]], None]) -> None:
    chunk = members_chunk(state, request, members_intent=members_intent)
    if chunk is not None:
        send("GUILD_MEMBERS_CHUNK", chunk)
