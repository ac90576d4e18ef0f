"""`GatewayDiscord`: the fake Discord for bots running in other processes.

Such bots connect as real clients do: REST to `server.base_url` and the websocket gateway
(websocket.py) at `gateway.url`, each process with its own token and its own shards. Members
act exactly as with `FakeDiscord` (slash, click, select, ...), but every event travels over
the gateway to the session of the shard that owns the guild, and a wait for an interaction
ends when it is answered or when the process it went to is gone (`lost`), since the harness
cannot see another process's tasks (`wait_quiet`, `connect` and `restart` are for in-process
bots only).

    async with GatewayDiscord(shard_count=2) as fake:
        guild = fake.state.add_guild("Second", shard=1, shard_count=2)
        channel = fake.state.add_channel("games", guild)
        # start processes with Route.BASE = fake.server.base_url, the gateway at
        # fake.gateway.url, SHARD_COUNT=2 and their SHARD_IDS
        await fake.wait_online(0, 1, timeout=60)
        record = await fake.slash(fake.member("alice"), "play", {...}, channel=channel)

`fake.requests_by_process()` says which process (by its token) made every request and which
guild it concerned; `fake.gateway.history` lists every session with its shard and token.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord

from .activity import Activity
from .errors import HarnessError
from .fake import FakeDiscord
from .model import InteractionRecord
from .websocket import Session, shard_of


class GatewayDiscord(FakeDiscord):
    def __init__(self, *, shard_count: int, **options: Any) -> None:
        # Its bots work in other processes, whose work this one cannot count: real seconds.
        options.setdefault("clock", time.perf_counter)
        super().__init__(**options)
        self.gateway = self.server.gateway
        self.gateway.shard_count = shard_count
        #: The session each interaction was sent to (None: its shard was offline).
        self.delivered_to: dict[int, Session | None] = {}

    async def wait_online(self, *shards: int, timeout: float) -> None:
        """Until each of `shards` has an identified session."""
        waits = [self.gateway.online(shard).wait() for shard in shards]
        try:
            await asyncio.wait_for(asyncio.gather(*waits), timeout)
        except TimeoutError:
            offline = [s for s in shards if not self.gateway.online(s).is_set()]
            raise HarnessError(f"shards {offline} did not connect within {timeout}s") from None

    def orphaned(self, record: InteractionRecord) -> bool:
        """The process the interaction was sent to has gone (or its shard was offline):
        whatever it had not done for it yet, it never will."""
        session = self.delivered_to.get(record.id)
        return session is None or session.closed.done()

    def lost(self, record: InteractionRecord) -> bool:
        """Never answered, and it never will be: its shard was offline, or the process it
        went to has gone (Discord shows "This interaction failed")."""
        session = self.delivered_to.get(record.id)
        return not record.acknowledged and (session is None or session.closed.done())

    def requests_by_process(self) -> list[tuple[str, int | None, str]]:
        """(bot token, guild id or None, "METHOD path") of every request. Interaction
        callbacks and webhooks carry no bot token: they came from the process whose session
        the interaction was sent to, the only one that knows its token."""
        found = []
        for origin in self.state.request_origins:
            token = origin.bot_token
            record = self.state.interactions_by_token.get(origin.interaction_token or "")
            if not token and record is not None:
                session = self.delivered_to.get(record.id)
                token = session.token if session is not None else ""
            found.append((token, origin.guild_id, origin.what))
        return found

    def _check_connected(self) -> None:
        """Members may act whether or not the guild's shard is online (see `lost`)."""

    def _intents(self, guild_id: int | None) -> discord.Intents | None:
        session = self._listener(guild_id)
        return None if session is None else discord.Intents._from_value(session.intents)

    def _listener(self, guild_id: int | None) -> Session | None:
        """The session that hears events of `guild_id`: its shard's. Direct messages (and
        ephemeral messages, sent as if they were) go to shard 0, as Discord is seen to do."""
        shard = 0 if guild_id is None else shard_of(guild_id, self.gateway.shard_count)
        return self.gateway.sessions.get(shard)

    def _feed(self, event: str, data: dict[str, Any]) -> None:
        if "guild_id" not in data:
            direct = self._listener(None)
            if direct is not None:
                direct.dispatch(event, data)
            return
        session = self.gateway.dispatch(int(data["guild_id"]), event, data)
        if event == "INTERACTION_CREATE":
            self.delivered_to[int(data["id"])] = session

    def _feed_if_connected(self, event: str, data: dict[str, Any]) -> None:
        self._feed(event, data)

    async def finish(self, record: InteractionRecord, activity: Activity | None = None) -> None:
        """Until `record` is answered or lost; flagged as never answered after the
        quiet_timeout."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.quiet_timeout
        while not record.acknowledged and not self.lost(record):
            remaining = deadline - loop.time()
            session = self.delivered_to[record.id]
            assert session is not None  # else lost
            if remaining <= 0:
                self.state.violation(record, f"interaction {record.id} was never answered")
                return
            answered = self.state.changed(record.id)
            await asyncio.wait([answered, session.closed], timeout=remaining,
                               return_when=asyncio.FIRST_COMPLETED)
