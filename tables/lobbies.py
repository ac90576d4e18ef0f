"""The open lobbies this process serves: opening, changing, cancelling, starting and
expiring them.

A lobby another process has claimed (sharding) is let go; a press on it is told so. A lobby
nobody has touched (joined, left, changed) for `lifetime` seconds is closed as expired, at
start-up or by one timer on the tables clock that wakes at the next lobby's deadline.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from engine.errors import IllegalAction
from engine.registry import GameSpec
from store import LobbyLost, Store
from store.records import LobbyRecord
from tables.clock import Clock
from tables.lobby import CLOSED, Lobby
from tables.seats import SeatInfo
from tables.table import Table

log = logging.getLogger(__name__)

#: The answer to a press on a lobby another process claimed from this one.
LOBBY_LOST = "This lobby is being run by another copy of the bot now; try again in a moment."

#: Starts a lobby's game: (lobby, seed, thread_id) -> the running table.
StartGame = Callable[[Lobby, "int | None", "int | None"], Awaitable[Table]]
#: Hears of a lobby closed as expired (after the store has it closed).
ExpiryListener = Callable[[Lobby], Awaitable[None]]

#: How long an untouched open lobby stays open, unless the bot is told otherwise.
LOBBY_LIFETIME = 7 * 24 * 3600.0


class Lobbies:
    def __init__(
        self, store: Store, spec: Callable[[str], GameSpec], start_game: StartGame,
        clock: Clock, lifetime: float | None = None,
    ) -> None:
        self.store = store
        self._spec = spec
        self._start_game = start_game
        self.clock = clock
        self.lifetime = LOBBY_LIFETIME if lifetime is None else lifetime
        self._open: dict[int, Lobby] = {}
        #: Lobbies another process claimed from this one: a press on one is told so.
        self._lost: set[int] = set()
        self.expiry_listeners: list[ExpiryListener] = []
        self._expiry_timer: asyncio.Task[None] | None = None
        self._timer_asleep = False

    def restore(self, records: list[LobbyRecord], games: Mapping[str, GameSpec]) -> None:
        """The open lobbies claimed at start; one for a game no longer offered is skipped."""
        for record in records:
            spec = games.get(record.game)
            if spec is None:
                log.warning("lobby %d is for unknown game %s", record.id, record.game)
                continue
            self._open[record.id] = Lobby(
                id=record.id, guild_id=record.guild_id, channel_id=record.channel_id,
                host_id=record.host_id, spec=spec, options=record.options,
                seats=[SeatInfo.from_json(s) for s in record.seats], settings=record.settings,
                message_id=record.message_id, status=record.status,
                touched_at=_wall(record.updated_at, otherwise=self.clock.wall()),
            )
        self._watch()

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any] | None,
        settings: dict[str, Any] | None,
        host_joins: bool,
    ) -> Lobby:
        spec = self._spec(game)
        lobby = Lobby(
            id=0, guild_id=guild_id, channel_id=channel_id, host_id=host_id, spec=spec,
            options=spec.check_options(options), settings={},
        )
        for name, value in (settings or {}).items():
            if name == "idle":
                lobby.set_idle(host_id, value)
            elif name == "hints":
                lobby.set_hints(host_id, value)
            else:
                raise IllegalAction(f"There is no table setting {name}.")
        if host_joins:
            lobby.join(host_id, host_name)
        lobby.touched_at = self.clock.wall()
        lobby.id = await self.store.create_lobby(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id, game=spec.name,
            options=lobby.options, settings=lobby.settings,
            seats=[s.to_json() for s in lobby.seats], at=_iso(lobby.touched_at),
        )
        self._open[lobby.id] = lobby
        self._watch()
        return lobby

    def get(self, lobby_id: int) -> Lobby | None:
        return self._open.get(lobby_id)

    def served(self, lobby_id: int) -> Lobby:
        """The open lobby this process serves; IllegalAction saying why not otherwise."""
        lobby = self._open.get(lobby_id)
        if lobby is not None:
            return lobby
        if lobby_id in self._lost:
            raise IllegalAction(LOBBY_LOST)
        raise IllegalAction(CLOSED)

    def of_guild(self, guild_id: int) -> list[Lobby]:
        return [lobby for lobby in self._open.values() if lobby.guild_id == guild_id]

    def guilds(self) -> set[int]:
        return {lobby.guild_id for lobby in self._open.values()}

    async def close_guild(self, guild_id: int) -> int:
        """The bot left the server: its open lobbies close. How many closed."""
        return len(await self.close_place(guild_id, None))

    async def close_place(self, guild_id: int, place_id: int | None) -> list[Lobby]:
        """The open lobbies of the server (with `place_id`, those opened in that channel or
        thread, which is gone) close, kept in the store as cancelled: they hold nobody's game.
        Those closed here, for their members to be told (not one another process serves)."""
        closed = []
        for lobby in [lobby for lobby in self.of_guild(guild_id)
                      if place_id in (None, lobby.channel_id)]:
            lobby.status = "cancelled"
            self._close(lobby)
            try:
                await self._write(lobby)
            except LobbyLost:
                self._let_go(lobby)
                continue
            except Exception:
                # Still open in the store: the next start-up closes it if the bot is not back.
                log.exception("Could not close lobby %d of a place the bot left", lobby.id)
            closed.append(lobby)
        return closed

    async def save(self, lobby: Lobby) -> None:
        """Persist a lobby after one of its methods changed it (or its message_id was set).
        If another process serves it now, this one lets it go and refuses (IllegalAction):
        the change stays unmade, and the other process's lobby is untouched. Saving is
        touching: the lobby's wait before expiring starts again."""
        lobby.touched_at = self.clock.wall()  # before the await, so the timer sees it
        try:
            await self._write(lobby, at=_iso(lobby.touched_at))
        except LobbyLost:
            self._let_go(lobby)
            raise IllegalAction(LOBBY_LOST) from None

    async def _write(self, lobby: Lobby, at: str | None = None) -> None:
        """The lobby's state to the store (`at`: its updated_at, default now); LobbyLost if
        another process serves it."""
        await self.store.save_lobby(
            lobby.id, message_id=lobby.message_id, options=lobby.options,
            settings=lobby.settings, seats=[s.to_json() for s in lobby.seats],
            status=lobby.status, at=at,
        )

    def _let_go(self, lobby: Lobby) -> None:
        log.warning("lobby %d is served by another process now; letting it go", lobby.id)
        self._close(lobby)
        self._lost.add(lobby.id)

    def _close(self, lobby: Lobby) -> None:
        self._open.pop(lobby.id, None)
        # Nothing left to expire: a sleeping timer goes (one mid-expiry finishes its work).
        if not self._open and self._timer_asleep and self._expiry_timer is not None:
            self._expiry_timer.cancel()
            self._expiry_timer = None

    async def cancel(self, lobby_id: int, by_user_id: int) -> Lobby:
        lobby = self.served(lobby_id)
        lobby.check_cancel(by_user_id)
        lobby.status = "cancelled"
        self._close(lobby)
        await self.save(lobby)
        return lobby

    async def start(
        self, lobby_id: int, by_user_id: int, seed: int | None, thread_id: int | None
    ) -> Table:
        lobby = self.served(lobby_id)
        lobby.check_start(by_user_id)
        # Closed before the first await, so a double click cannot start two games.
        lobby.status = "started"
        self._close(lobby)
        try:
            return await self._start_game(lobby, seed, thread_id)
        except LobbyLost:
            self._let_go(lobby)
            raise IllegalAction(LOBBY_LOST) from None
        except BaseException:
            lobby.status = "open"
            self._open[lobby.id] = lobby
            self._watch()
            raise

    # ------------------------------------------------------------ expiry

    def _watch(self) -> None:
        """Make sure the expiry timer runs while any lobby is open (one timer for all)."""
        if self._open and (self._expiry_timer is None or self._expiry_timer.done()):
            self._expiry_timer = asyncio.create_task(self._expire_due(), name="lobby-expiry")

    async def _expire_due(self) -> None:
        # A touch only moves a deadline later, so waking at the earliest one known is never
        # late; waking early just finds nothing due and sleeps again.
        while self._open:
            now = self.clock.wall()
            for lobby in [o for o in self._open.values() if self._deadline(o) <= now]:
                await self._expire(lobby)
            if self._open:
                next_due = min(self._deadline(lobby) for lobby in self._open.values())
                self._timer_asleep = True
                try:
                    await self.clock.sleep(next_due - self.clock.wall())
                finally:
                    self._timer_asleep = False

    def _deadline(self, lobby: Lobby) -> float:
        return lobby.touched_at + self.lifetime

    async def _expire(self, lobby: Lobby) -> None:
        """Close an untouched lobby (kept in the store as cancelled) and tell the listeners."""
        lobby.status = "cancelled"
        self._open.pop(lobby.id, None)
        try:
            await self._write(lobby)
        except LobbyLost:
            self._let_go(lobby)
            return
        except Exception:
            # Still open in the store: the next start-up expires it. The timer goes on.
            log.exception("Could not close expired lobby %d", lobby.id)
            return
        log.info("Lobby %d expired, untouched since %s", lobby.id, _iso(lobby.touched_at))
        for listener in self.expiry_listeners:
            try:
                await listener(lobby)
            except Exception:
                log.exception("An expiry listener failed on lobby %d", lobby.id)

    def close(self) -> None:
        if self._expiry_timer is not None:
            self._expiry_timer.cancel()
            self._expiry_timer = None


def _wall(iso: str, otherwise: float) -> float:
    """Seconds since 1970 of a stored time (one written without a zone is UTC); `otherwise`
    for one that does not read, so a lobby is never expired on a time nobody wrote."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return otherwise
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _iso(wall: float) -> str:
    return datetime.fromtimestamp(wall, UTC).isoformat(timespec="milliseconds")
