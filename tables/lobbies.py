"""The open lobbies this process serves: opening, changing, cancelling and starting them.

A lobby another process has claimed (sharding) is let go; a press on it is told so.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from engine.errors import IllegalAction
from engine.registry import GameSpec
from store import LobbyLost, Store
from store.records import LobbyRecord
from tables.lobby import Lobby
from tables.seats import SeatInfo
from tables.table import Table

log = logging.getLogger(__name__)

#: The answer to a press on a lobby another process claimed from this one.
LOBBY_LOST = "This lobby is being run by another copy of the bot now; try again in a moment."

#: Starts a lobby's game: (lobby, seed, thread_id) -> the running table.
StartGame = Callable[[Lobby, "int | None", "int | None"], Awaitable[Table]]


class Lobbies:
    def __init__(
        self, store: Store, spec: Callable[[str], GameSpec], start_game: StartGame
    ) -> None:
        self.store = store
        self._spec = spec
        self._start_game = start_game
        self._open: dict[int, Lobby] = {}
        #: Lobbies another process claimed from this one: a press on one is told so.
        self._lost: set[int] = set()

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
            )

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
        lobby.id = await self.store.create_lobby(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id, game=spec.name,
            options=lobby.options, settings=lobby.settings,
            seats=[s.to_json() for s in lobby.seats],
        )
        self._open[lobby.id] = lobby
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
        raise IllegalAction("This lobby is closed.")

    def of_guild(self, guild_id: int) -> list[Lobby]:
        return [lobby for lobby in self._open.values() if lobby.guild_id == guild_id]

    async def save(self, lobby: Lobby) -> None:
        """Persist a lobby after one of its methods changed it (or its message_id was set).
        If another process serves it now, this one lets it go and refuses (IllegalAction):
        the change stays unmade, and the other process's lobby is untouched."""
        try:
            await self.store.save_lobby(
                lobby.id, message_id=lobby.message_id, options=lobby.options,
                settings=lobby.settings, seats=[s.to_json() for s in lobby.seats],
                status=lobby.status,
            )
        except LobbyLost:
            self._let_go(lobby)
            raise IllegalAction(LOBBY_LOST) from None

    def _let_go(self, lobby: Lobby) -> None:
        log.warning("lobby %d is served by another process now; letting it go", lobby.id)
        self._open.pop(lobby.id, None)
        self._lost.add(lobby.id)

    async def cancel(self, lobby_id: int, by_user_id: int) -> Lobby:
        lobby = self.served(lobby_id)
        lobby.check_cancel(by_user_id)
        lobby.status = "cancelled"
        self._open.pop(lobby.id, None)
        await self.save(lobby)
        return lobby

    async def start(
        self, lobby_id: int, by_user_id: int, seed: int | None, thread_id: int | None
    ) -> Table:
        lobby = self.served(lobby_id)
        lobby.check_start(by_user_id)
        # Closed before the first await, so a double click cannot start two games.
        lobby.status = "started"
        self._open.pop(lobby.id, None)
        try:
            return await self._start_game(lobby, seed, thread_id)
        except LobbyLost:
            self._let_go(lobby)
            raise IllegalAction(LOBBY_LOST) from None
        except BaseException:
            lobby.status = "open"
            self._open[lobby.id] = lobby
            raise
