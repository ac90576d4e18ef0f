"""A real gateway, for bots in other processes: Discord's websocket protocol as discord.py
2.7 speaks it, on the fake's own 127.0.0.1 server.

The in-process driver (`FakeDiscord`) never opens a websocket: it feeds events straight into
the bot's parsers. Bots in other processes (tests/multiprocess) connect here instead: HELLO,
IDENTIFY with `shard: [id, count]`, READY and one GUILD_CREATE for each guild of that shard
(`(guild_id >> 22) % count`) that has not removed the bot and is not in an outage (`outages`:
listed, unavailable), heartbeats acknowledged, member requests (opcode 8) answered with
GUILD_MEMBERS_CHUNK (member_requests.py). A RESUME is refused with INVALID_SESSION (not
resumable), so the client identifies afresh. Events go to the session of the shard that owns
their guild, in order, as JSON text frames (discord.py decompresses only binary frames, so no
zlib is needed). A new IDENTIFY for a shard replaces the session that had it, as Discord
does.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from typing import Any

from aiohttp import WSMsgType, web

from . import gateway, member_requests
from .state import DiscordState

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, HELLO, HEARTBEAT_ACK, INVALID_SESSION = 0, 1, 2, 6, 10, 11, 9
REQUEST_MEMBERS = member_requests.REQUEST_MEMBERS
MEMBERS_INTENT = 1 << 1
#: Discord's usual interval; clients beat once at HELLO and then rarely within a test.
HEARTBEAT_INTERVAL_MS = 41_250
#: Discord's close codes: an IDENTIFY with a shard that does not fit; "unknown error,
#: reconnect" (the client may resume).
INVALID_SHARD = 4010
RESUMABLE_CLOSE = 4000


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


class Session:
    """One identified gateway connection: a shard of a bot, with its token."""

    def __init__(self, socket: web.WebSocketResponse, number: int, shard: int, token: str):
        self.socket = socket
        self.id = f"fake-session-{number}"
        self.shard = shard
        self.token = token
        self.sequence = 0
        #: The intents it identified with.
        self.intents = 0
        #: Identified with the privileged GUILD_MEMBERS intent.
        self.members_intent = False
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name=f"gateway-writer-{self.id}")

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Queue a DISPATCH frame (frames leave in the order they were queued)."""
        self.sequence += 1
        self._outbox.put_nowait({"op": DISPATCH, "t": event, "s": self.sequence, "d": data})

    def send(self, op: int, data: Any) -> None:
        self._outbox.put_nowait({"op": op, "d": data})

    async def _write(self) -> None:
        while True:
            frame = await self._outbox.get()
            try:
                await self.socket.send_str(json.dumps(frame))
            except ConnectionError:
                return  # the process went away; `closed` is set by the reader

    def end(self) -> None:
        self._writer.cancel()
        if not self.closed.done():
            self.closed.set_result(None)


class Gateway:
    """Sessions by shard, and the websocket handler that makes them."""

    def __init__(self, state: DiscordState, shard_count: int = 1) -> None:
        self.state = state
        self.shard_count = shard_count
        self.sessions: dict[int, Session] = {}
        self.url = ""  # set by the server once it knows its port
        #: Every session ever identified, oldest first.
        self.history: list[Session] = []
        #: The session ids clients tried to RESUME (always refused).
        self.resumes: list[str] = []
        self._numbers = itertools.count(1)
        self._online: dict[int, asyncio.Event] = {}
        self._sockets: set[web.WebSocketResponse] = set()
        self._closing: set[asyncio.Future[bool]] = set()

    def guilds_of(self, shard: int) -> list[int]:
        return [g for g in self.state.guilds if shard_of(g, self.shard_count) == shard]

    def session_for(self, guild_id: int) -> Session | None:
        return self.sessions.get(shard_of(guild_id, self.shard_count))

    def dispatch(self, guild_id: int, event: str, data: dict[str, Any]) -> Session | None:
        """Send `event` to the shard that owns `guild_id`; None if that shard is offline."""
        session = self.session_for(guild_id)
        if session is not None:
            session.dispatch(event, data)
        return session

    def online(self, shard: int) -> asyncio.Event:
        """Set while `shard` has an identified session."""
        return self._online.setdefault(shard, asyncio.Event())

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(autoping=True)
        await socket.prepare(request)
        self._sockets.add(socket)
        await socket.send_str(json.dumps({"op": HELLO, "d": {
            "heartbeat_interval": HEARTBEAT_INTERVAL_MS}}))
        session: Session | None = None
        try:
            async for message in socket:
                if message.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    await socket.send_str(json.dumps({"op": HEARTBEAT_ACK}))
                elif op == IDENTIFY and session is None:
                    session = self._identify(socket, data)
                    if session is None:
                        await socket.close(code=INVALID_SHARD)
                elif op == REQUEST_MEMBERS and session is not None:
                    if self.state.member_requests.take(data):
                        member_requests.answer(self.state, data, session.members_intent,
                                               session.dispatch)
                elif op == RESUME:
                    # Sessions do not survive their connection here: identify afresh.
                    self.resumes.append(str((data or {}).get("session_id")))
                    await socket.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
        finally:
            self._sockets.discard(socket)
            if session is not None:
                self._leave(session)
        return socket

    async def drop(self, shard: int) -> None:
        """Close the shard's connection as Discord does when a gateway node goes away (4000,
        resumable): the client comes back and tries to RESUME."""
        session = self.sessions.get(shard)
        if session is not None:
            await session.socket.close(code=RESUMABLE_CLOSE)

    async def close(self) -> None:
        """Close every connection (a stopping server would otherwise wait for them)."""
        await asyncio.gather(*(s.close() for s in list(self._sockets)), return_exceptions=True)

    def _identify(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        shard, count = data.get("shard") or (0, 1)
        if count != self.shard_count or not 0 <= shard < count:
            log.error("IDENTIFY for shard %s of %s; the fake has %s shards",
                      shard, count, self.shard_count)
            return None
        session = Session(socket, next(self._numbers), shard, str(data.get("token", "")))
        session.intents = int(data.get("intents") or 0)
        session.members_intent = bool(session.intents & MEMBERS_INTENT)
        previous = self.sessions.get(shard)
        if previous is not None:
            self._leave(previous)
            closing = asyncio.ensure_future(previous.socket.close())
            self._closing.add(closing)
            closing.add_done_callback(self._closing.discard)
        self.sessions[shard] = session
        self.history.append(session)
        # Every server the bot is in on the shard, as Discord lists them: not those that
        # removed it (while this shard was away too: its session never heard GUILD_DELETE).
        guilds = [g for g in self.guilds_of(shard) if g not in self.state.removed_from]
        session.dispatch("READY", gateway.ready_event(
            self.state, guilds, session_id=session.id, resume_url=self.url,
            shard=(shard, count),
        ))
        for guild_id in guilds:
            if guild_id not in self.state.outages:
                session.dispatch("GUILD_CREATE", gateway.guild_create_event(self.state, guild_id))
        self.online(shard).set()
        return session

    def _leave(self, session: Session) -> None:
        session.end()
        if self.sessions.get(session.shard) is session:
            del self.sessions[session.shard]
            self.online(session.shard).clear()
