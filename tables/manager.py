"""TableManager: the front the cogs, the terminal and the tests call: every running game and
open lobby, resume and fencing, and the one place an action is applied and committed.

Order of work for an accepted action, always under the table's lock: the engine applies it
(an IllegalAction changes nothing and writes nothing), the store commits it (with the
results and ratings if it ended the game), and only then is the caller answered. Listeners
hear of it afterwards, in order, from a per-table delivery task, so a slow Discord call
never holds the lock.

The jobs around it have modules of their own (docs/DESIGN.md, "Inside tables/").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from engine.contract import Action, Event
from engine.errors import IllegalAction
from engine.registry import GAMES, LEVELS, GameSpec
from store import GameLost, Store
from tables import orders
from tables.carry_out import carry_out
from tables.clock import Clock
from tables.computer import refuse_without_ai
from tables.expert_pool import ExpertPool
from tables.honours import record_move
from tables.idle import IdleTiming
from tables.listeners import Listener, finished
from tables.lobbies import ExpiryListener, Lobbies
from tables.lobby import Lobby
from tables.player_settings import PlayerSettings, seated_members
from tables.presence import Presence
from tables.ratings import table_finish
from tables.resume import Resume
from tables.runner import TableRunner
from tables.seats import SeatInfo
from tables.server_settings import ServerSettings
from tables.stale import STALE_AFTER, StaleGames
from tables.stats import leaderboard, member_stats
from tables.table import Table

log = logging.getLogger(__name__)

#: Finished tables stay reachable through get() for a while so late clicks get a clear answer.
KEEP_FINISHED = 200
COMPUTER_MOVES_AT_ONCE = 4


class TableManager:
    def __init__(
        self,
        store: Store,
        *,
        ai_delay: float = 0.8,
        idle_warn: float | None = 120.0,
        idle_takeover: float | None = 300.0,
        games: Mapping[str, GameSpec] | None = None,
        clock: Clock | None = None,
        forced_delay: float = 1.5,
        shards: tuple[int, Sequence[int]] | None = None,
        experts: ExpertPool | None = None,
        lobby_lifetime: float | None = None,
        stale_after: float = STALE_AFTER,
    ) -> None:
        """`forced_delay`: the pause before a move that carries no choice (GameSpec.forced)
        is played for a player whose settings allow it. `shards` (shard count, this process's
        shard ids): serve and rebuild only the games and lobbies of those shards' servers; None
        serves every server. `lobby_lifetime`: seconds an untouched lobby stays open (7 days);
        `stale_after`: seconds a running game may go without a move, or rest in a server that
        removed the bot, before it is closed (tables/stale.py; 0: never)."""
        self.store, self.shards = store, shards or (None, None)
        self.experts = experts or ExpertPool()
        self.ai_delay, self.forced_delay = ai_delay, forced_delay
        #: Computer moves made at once (ExpertPool bounds the expert's): the rest wait parked
        #: here, not in the event loop's queue where members' presses would queue behind them.
        self.computer_slots = asyncio.Semaphore(COMPUTER_MOVES_AT_ONCE)
        self.default_idle = IdleTiming(idle_warn, idle_takeover)
        self.games: Mapping[str, GameSpec] = GAMES if games is None else games
        self.clock = clock or Clock()
        #: Player settings, loaded for every seated player.
        self._player_settings = PlayerSettings(store, lambda: seated_members(self))
        #: What each server's admins chose for its games (/server settings).
        self.server_settings = ServerSettings(store, self.shards)
        self._tables: dict[int, Table] = {}
        self._finished: OrderedDict[int, Table] = OrderedDict()
        self._runners: dict[int, TableRunner] = {}
        self._lobbies = Lobbies(store, self._spec, self._start_lobby_game, self.clock,
                                lobby_lifetime)
        self.listeners: list[Listener] = []
        self.closed = False
        self._resume = Resume(self)
        self._presence = Presence(self)
        self._stale = StaleGames(self, stale_after)

    # ================================================================ start and stop

    async def start(
        self,
        *,
        in_background: bool = False,
        on_resumed: Callable[[Table], None] | None = None,
        await_guilds: bool = False,
    ) -> list[Table]:
        """Load open lobbies and rebuild every unfinished game by replaying its log; resume
        computer turns and idle timers. A game whose log no longer replays is marked
        "errored" and skipped rather than stopping the bot. The games are claimed for this
        process (fencing off any other still writing to them) and loaded in a few queries.

        With `in_background`, return once they are loaded (the bot can answer at once) and
        rebuild them one by one in a background task, or on the spot when someone reaches a
        game first (get, running, table_of, acting on it). `on_resumed` hears of every table
        rebuilt either way, as it starts to run: with `await_guilds`, once its server is known
        to have the bot (guilds_known, guild_back). Returns the tables rebuilt meanwhile."""
        if await_guilds:
            self._presence.await_guilds()
        self._lobbies.restore(await self.store.claim_open_lobbies(*self.shards), self.games)
        claimed = await self.store.claim_running_games(*self.shards)
        self._resume.pending = {record.id: (record, stored.moves) for record, stored in claimed}
        # Settings first, so a game's first forced move or turn notice already follows them.
        await self.server_settings.load()
        await self._player_settings.load(
            [SeatInfo.from_json(seat) for record, _ in claimed for seat in record.seats]
        )
        self._resume.on_resumed = on_resumed
        await self._stale.start()
        if in_background:
            self._resume.task = asyncio.create_task(self._resume.all(), name="resume-games")
            return []
        return await self._resume.all()

    def resuming(self) -> int:
        """How many loaded games are still waiting to be rebuilt."""
        return len(self._resume.pending)

    async def close(self) -> None:
        """Stop computer turns and timers once a move under way is committed; deliver the rest."""
        self.closed = True
        self._lobbies.close()
        self._stale.close()
        await self._resume.close()
        for table in list(self._tables.values()):
            async with table.lock:
                self._runners[table.id].closed = True
            self._runners[table.id].cancel_work()
        self.experts.close()
        deliveries = [t for r in self._runners.values() if (t := r.pending_delivery())]
        if deliveries:
            _, pending = await asyncio.wait(deliveries, timeout=5)
            for task in pending:
                task.cancel()

    def subscribe(self, listener: Listener) -> None:
        self.listeners.append(listener)

    async def wait_idle(self) -> None:
        """Until no computer turn is pending and every notification has been delivered."""
        while True:
            busy: list[asyncio.Future[Any]] = [*self._resume.busy(), *(
                task for runner in self._runners.values() for task in runner.busy())]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    # ================================================================ servers

    async def guild_removed(self, guild_id: int) -> None:
        """The bot was removed from this server: its games rest, its open lobbies close."""
        await self._presence.removed(guild_id)
        await self._stale.note_presence()

    async def guild_back(self, guild_id: int) -> None:
        """The server is there (the bot invited back, or available): its games run."""
        await self._presence.back(guild_id)
        await self._stale.note_presence()

    async def guilds_known(self, guild_ids: Sequence[int], shard: int | None = None) -> None:
        """The servers the bot is in on `shard` (on every shard it serves if None)."""
        await self._presence.known(guild_ids, shard)
        await self._stale.note_presence()

    def guild_here(self, guild_id: int) -> bool:
        """Whether the server is known to have the bot (at start-up, once listed)."""
        return self._presence.here(guild_id)

    # ================================================================ tables

    def get(self, table_id: int) -> Table | None:
        self._resume.reach(table_id=table_id)
        return self._tables.get(table_id) or self._finished.get(table_id)

    def running(self, guild_id: int) -> list[Table]:
        self._resume.reach(guild_id=guild_id)
        return [t for t in self._tables.values() if t.guild_id == guild_id]

    def table_of(self, guild_id: int, user_id: int) -> list[Table]:
        """The running tables of a server where this member has a seat."""
        return [t for t in self.running(guild_id) if t.seat_of(user_id) is not None]

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any] | None,
        seats: list[SeatInfo],
        host_id: int,
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
        thread_id: int | None = None,
        lobby_id: int | None = None,
        write: Callable[..., Awaitable[int]] | None = None,
    ) -> Table:
        """Start a game (from the open lobby `lobby_id`, which is marked started with it).
        Everything is checked before anything is written; `write` stores it in place of
        Store.create_game, taking the same arguments (a tournament's links it to its match)."""
        spec = self._spec(game)
        humans = [s.user_id for s in seats if s.user_id is not None]
        if len(humans) != len(set(humans)):
            raise IllegalAction("A player can take only one seat.")
        levels = [s.ai for s in seats if s.is_computer]
        for level in levels:
            if level not in LEVELS:
                raise IllegalAction(f"The computer's level is one of {', '.join(LEVELS)}.")
        # Each level was just checked to be one of LEVELS, which mypy cannot see.
        refuse_without_ai(spec, levels)  # type: ignore[arg-type]
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        table = Table(
            id=0, spec=spec, options=options or {}, seed=seed, seats=seats,
            guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            settings=settings, thread_id=thread_id,
        )
        await self._player_settings.load(seats)
        table.id = await (write or self.store.create_game)(
            guild_id=guild_id, channel_id=channel_id, game=spec.name, options=table.options,
            seed=seed, seats=[s.to_json() for s in seats], host_id=host_id,
            settings=table.settings, thread_id=thread_id, lobby_id=lobby_id,
        )
        self._register(table).after_change(None)
        return table

    async def act(
        self, table_id: int, user_id: int, action: Action, *, version: int | None = None
    ) -> list[Event]:
        """A member's move. `version`, if given, is the seat_version the member's buttons were
        built at; a move made for a decision the seat has moved on from is refused (OutOfDate)."""
        return await carry_out(orders.act(self, table_id, user_id, action, version))

    async def back(self, table_id: int, user_id: int) -> None:
        """A member the computer played for is back: stop playing for them (not after a forfeit)."""
        await carry_out(orders.back(self, table_id, user_id))

    def waited(self, table_id: int) -> dict[int, float]:
        """Seconds the running game has waited on each member's seat it now waits on."""
        return self._runners[orders.running_table(self, table_id).id].waited()

    async def play_for(
        self, table_id: int, seats: Sequence[int], line: str, *, forfeit: bool = False
    ) -> None:
        """The computer plays these human seats from now on, as after an idle takeover (a
        tournament round's deadline), or with `forfeit` to the end (an entry that forfeited:
        not rated on the game); `line` says so at the table."""
        await carry_out(orders.play_for(self, table_id, seats, line, forfeit))

    async def resign(self, table_id: int, user_id: int) -> list[Event]:
        """The member's side loses at once; every other side wins."""
        return await carry_out(orders.resign(self, table_id, user_id))

    async def abandon(self, table_id: int, by_user_id: int, may_manage: bool = False) -> None:
        """End a game with no results (Table.abandon_refusal says who may)."""
        await carry_out(orders.abandon(self, table_id, by_user_id, may_manage))

    async def pause(self, table_id: int, why: str | None) -> None:
        """Hold a game its place cannot show, or run it again (TableRunner.pause)."""
        await self._runners[orders.running_table(self, table_id).id].pause(why)

    async def set_location(self, table_id: int, *, thread_id: int | None,
                           message_id: int | None) -> None:
        table = self.get(table_id)
        if table is None:
            raise IllegalAction("That game no longer exists.")
        await self.store.set_location(table_id, thread_id=thread_id, message_id=message_id)
        table.thread_id, table.message_id = thread_id, message_id

    # ================================================================ player settings

    async def player_settings(self, user_id: int) -> dict[str, Any]:
        """A player's settings, defaults filled in."""
        return await self._player_settings.get(user_id)

    def cached_player_settings(self, user_id: int) -> dict[str, Any]:
        """The settings of a seated player (loaded when their game started), else defaults."""
        return self._player_settings.cached(user_id)

    async def set_player_settings(self, user_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        """Change some of a player's settings; IllegalAction for a bad one (nothing changes)."""
        settings = await self._player_settings.change(user_id, changes)
        for table in self._tables.values():
            if table.seat_of(user_id) is not None:
                self._runners[table.id].schedule_forced()
        return settings

    # ================================================================ lobbies

    async def open_lobby(
        self, *, guild_id: int, channel_id: int, host_id: int, host_name: str, game: str,
        options: dict[str, Any] | None = None, settings: dict[str, Any] | None = None,
        host_joins: bool = True,
    ) -> Lobby:
        return await self._lobbies.open(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id, host_name=host_name,
            game=game, options=options,
            settings=self.server_settings.lobby_settings(guild_id, settings),
            host_joins=host_joins,
        )

    def on_lobby_expired(self, listener: ExpiryListener) -> None:
        """Hear of every lobby closed for being untouched too long (its message is stale)."""
        self._lobbies.expiry_listeners.append(listener)

    def lobby(self, lobby_id: int) -> Lobby | None:
        return self._lobbies.get(lobby_id)

    def served_lobby(self, lobby_id: int) -> Lobby:
        """The open lobby this process serves; IllegalAction saying why not otherwise."""
        return self._lobbies.served(lobby_id)

    def lobbies(self, guild_id: int) -> list[Lobby]:
        return self._lobbies.of_guild(guild_id)

    async def close_lobbies(self, guild_id: int, place_id: int) -> list[Lobby]:
        """Close the open lobbies of a channel or thread that is gone; those it closed."""
        return await self._lobbies.close_place(guild_id, place_id)

    async def update_lobby(self, lobby: Lobby) -> None:
        """Persist a lobby after one of its methods changed it (Lobbies.save)."""
        await self._lobbies.save(lobby)

    async def cancel_lobby(self, lobby_id: int, by_user_id: int) -> Lobby:
        return await self._lobbies.cancel(lobby_id, by_user_id)

    async def start_lobby(
        self, lobby_id: int, by_user_id: int, seed: int | None = None,
        thread_id: int | None = None,
    ) -> Table:
        """Start the lobby's game, in `thread_id` if the game has a thread of its own."""
        return await self._lobbies.start(lobby_id, by_user_id, seed, thread_id)

    async def _start_lobby_game(
        self, lobby: Lobby, seed: int | None, thread_id: int | None
    ) -> Table:
        return await self.create(
            guild_id=lobby.guild_id, channel_id=lobby.channel_id, game=lobby.game,
            options=lobby.options, seats=lobby.seats, host_id=lobby.host_id, seed=seed,
            settings=lobby.settings, thread_id=thread_id, lobby_id=lobby.id,
        )

    # ================================================================ leaderboard and stats

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[dict[str, Any]]:
        return await leaderboard(self.store, guild_id, game, limit)

    async def stats(self, guild_id: int, user_id: int) -> dict[str, Any]:
        return await member_stats(self.store, guild_id, user_id)

    # ================================================================ accepting actions

    async def _accept(self, table: Table, seat: int, action: Action) -> list[Event]:
        """Apply and commit one action. The caller holds table.lock."""
        seq = table.version
        events = table.apply(seat, action)  # IllegalAction: nothing changed, nothing written
        finish = table_finish(table, self.clock) if table.finished else None
        try:
            changes = await self.store.append_action(table.id, seq, seat, action, finish=finish)
        except asyncio.CancelledError:
            self._runners[table.id].closed = True  # memory is ahead of the log: stop here
            raise
        except GameLost:
            log.warning("game %d is served by another process now; letting it go", table.id)
            self._let_go(table)
            raise IllegalAction(
                "This game is being run by another copy of the bot now; try again in a moment."
            ) from None
        except Exception:
            log.exception("could not store action %d of game %d; reloading it", seq, table.id)
            await self._resume.reload(table)
            raise
        # A finishing move's honours are dated as its results are, by the game's finish.
        at = int(self.clock.wall() * 1000) if finish is None else finish.finished_at
        # The tables not yet retired include every other game whose finish is being recorded.
        await record_move(self.store, table, at, self.games, finishing=self._tables)
        if finish is not None:
            table.status, table.rating_changes = "finished", changes
            self._retire(table)
        else:
            self._runners[table.id].after_change(seat)
        return events

    # ================================================================ bookkeeping

    def _register(self, table: Table) -> TableRunner:
        self._tables[table.id] = table
        self._stale.watch()
        return self._runners.setdefault(table.id, TableRunner(table, self))

    def _retire(self, table: Table) -> None:
        """A table that is over: no more timers or computer turns; reachable a while longer."""
        self._tables.pop(table.id, None)
        self._finished[table.id] = table
        while len(self._finished) > KEEP_FINISHED:
            # Its runner goes with it: its last notices went out long ago, and a runner
            # holds its table, so keeping it would keep every game ever finished in memory.
            gone, _ = self._finished.popitem(last=False)
            self._runners.pop(gone, None)
        runner = self._runners.get(table.id)
        if runner is not None:
            runner.retire()
        self._stale.settle()

    def _let_go(self, table: Table) -> None:
        """Another process owns this game now: forget it without writing anything."""
        runner = self._runners.pop(table.id)
        runner.closed = True
        self._tables.pop(table.id, None)
        runner.cancel_work()
        self._stale.settle()

    def _spec(self, game: str) -> GameSpec:
        spec = self.games.get(game)
        if spec is None:
            raise IllegalAction(f"There is no game called {game}.")
        return spec

    async def _mark_errored(self, table: Table, why: str) -> None:
        log.error("game %d stopped: %s", table.id, why)
        with contextlib.suppress(Exception):
            await self.store.set_status(table.id, "errored", error=why)
        table.status = "errored"
        self._retire(table)
        self._runners[table.id].publish(finished(table))

