"""TableManager: every running game and open lobby, persistence, computer turns, idle timers.

Order of work for an accepted action, always under the table's lock: the engine applies it
(an IllegalAction changes nothing and writes nothing), the store commits it (with the
results and ratings if it ended the game), and only then is the caller answered. Listeners
hear of it afterwards, in order, from a per-table delivery task, so a slow Discord call
never holds the lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import OrderedDict, deque
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any, TypeVar

from engine.contract import Action, Event
from engine.errors import IllegalAction
from engine.registry import GAMES, LEVELS, GameSpec
from store import GameLost, LobbyLost, Store
from store.records import Finish, GameRecord, LobbyRecord, StoredLog
from tables.clock import Clock
from tables.computer import EXPERT, choose, has_computer_player, refuse_without_ai
from tables.expert_pool import ExpertPool
from tables.hints import hints_on
from tables.idle import IdleTiming, idle_timing
from tables.listeners import Listener, Notice, finished, idle_warning, takeover, updated
from tables.lobby import Lobby
from tables.player_settings import checked, with_defaults
from tables.ratings import display_rating, finish_for
from tables.seats import TAKEOVER_LEVEL, SeatInfo
from tables.table import RESIGN, Table

log = logging.getLogger(__name__)

#: Finished tables stay reachable through get() for a while so late clicks get a clear answer.
KEEP_FINISHED = 200

#: The answer to a press on a lobby another process claimed from this one.
LOBBY_LOST = "This lobby is being run by another copy of the bot now; try again in a moment."

#: The table's line when the computer starts playing for a seat whose player let it wait.
TAKEOVER_LINE = "The computer is playing for {{s{seat}}} until they come back (My hand)."


class _TableTasks:
    """The background work attached to one table."""

    def __init__(self) -> None:
        self.computer: asyncio.Task[None] | None = None
        self.forced: asyncio.Task[None] | None = None
        self.idle: asyncio.Task[None] | None = None
        self.delivery: asyncio.Task[None] | None = None
        self.outbox: deque[Notice] = deque()
        self.waiting_since: dict[int, float] = {}
        self.warned: set[int] = set()
        self.closed = False


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
    ) -> None:
        """`forced_delay`: the pause before a move that carries no choice (GameSpec.forced)
        is played for a player whose settings allow it. `shards` (shard count, this process's
        shard ids): serve and rebuild only the games and lobbies of those shards' servers; None
        serves every server."""
        self.store = store
        self.shards: tuple[int | None, Sequence[int] | None] = shards or (None, None)
        self.experts = experts or ExpertPool()
        self.ai_delay = ai_delay
        self.forced_delay = forced_delay
        self.default_idle = IdleTiming(idle_warn, idle_takeover)
        self.games: Mapping[str, GameSpec] = GAMES if games is None else games
        self.clock = clock or Clock()
        #: Player settings (tables.player_settings), loaded for every seated player.
        self._player_settings: dict[int, dict[str, Any]] = {}
        self._tables: dict[int, Table] = {}
        self._finished: OrderedDict[int, Table] = OrderedDict()
        self._tasks: dict[int, _TableTasks] = {}
        self._lobbies: dict[int, Lobby] = {}
        #: Lobbies another process claimed from this one: a press on one is told so.
        self._lost_lobbies: set[int] = set()
        self._listeners: list[Listener] = []
        self._closed = False
        #: Games loaded at start and not rebuilt yet (start(in_background=True)).
        self._pending: dict[int, tuple[GameRecord, StoredLog]] = {}
        self._on_resumed: Callable[[Table], None] | None = None
        self._resuming: asyncio.Task[list[Table]] | None = None
        self._settling: set[asyncio.Future[None]] = set()

    # ================================================================ start and stop

    async def start(
        self,
        *,
        in_background: bool = False,
        on_resumed: Callable[[Table], None] | None = None,
    ) -> list[Table]:
        """Load open lobbies and rebuild every unfinished game by replaying its log; resume
        computer turns and idle timers. A game whose log no longer replays is marked
        "errored" and skipped rather than stopping the bot. The games are claimed for this
        process (fencing off any other still writing to them) and loaded in a few queries.

        With `in_background`, return once they are loaded (the bot can answer at once) and
        rebuild them one by one in a background task, or on the spot when someone reaches a
        game first (get, running, table_of, acting on it). `on_resumed` hears of every table
        rebuilt either way. Returns the tables rebuilt before returning."""
        for record in await self.store.claim_open_lobbies(*self.shards):
            lobby = self._lobby_from_record(record)
            if lobby is not None:
                self._lobbies[lobby.id] = lobby
        claimed = await self.store.claim_running_games(*self.shards)
        self._pending = {record.id: (record, log_rows) for record, log_rows in claimed}
        # Settings first, so a game's first forced move or turn notice already follows them.
        await self._load_player_settings(
            [SeatInfo.from_json(seat) for record, _ in claimed for seat in record.seats]
        )
        self._on_resumed = on_resumed
        if in_background:
            self._resuming = asyncio.create_task(self._resume_all(), name="resume-games")
            return []
        return await self._resume_all()

    def resuming(self) -> int:
        """How many loaded games are still waiting to be rebuilt."""
        return len(self._pending)

    async def _resume_all(self) -> list[Table]:
        resumed = []
        while self._pending and not self._closed:
            table = self._resume(next(iter(self._pending)))
            if table is not None:
                resumed.append(table)
            if self._settling:  # a failed write was logged by the task; carry on with the rest
                await asyncio.gather(*self._settling, return_exceptions=True)
            await asyncio.sleep(0)  # let members' clicks in between two rebuilds
        return resumed

    def _resume(self, table_id: int) -> Table | None:
        """Rebuild one loaded game now: replaying is CPU work only, so this never waits."""
        record, stored = self._pending.pop(table_id)
        try:
            table = self._build(record, stored.moves())
        except Exception as error:
            log.exception("game %d (%s) does not replay: errored", record.id, record.game)
            self._settle(self.store.set_status(record.id, "errored", error=repr(error)[:500]))
            return None
        if table.finished:  # the last action was stored but the finish was not
            table.status = "finished"
            self._settle(self.store.finish_game(table.id, self._finish(table)))
            return None
        self._register(table)
        self._after_change(table, None)
        if self._on_resumed is not None:
            self._on_resumed(table)
        return table

    def _settle(self, write: Coroutine[Any, Any, None]) -> None:
        """A database write a synchronous rebuild needs; start() and wait_idle() wait for it."""
        task = asyncio.ensure_future(write)
        self._settling.add(task)
        task.add_done_callback(self._settling.discard)

    def _resume_for(self, table_id: int | None = None, guild_id: int | None = None) -> None:
        """Rebuild now the loaded games someone is about to reach."""
        if table_id is not None and table_id in self._pending:
            self._resume(table_id)
        if guild_id is not None:
            for waiting, (record, _) in list(self._pending.items()):
                if record.guild_id == guild_id:
                    self._resume(waiting)

    async def close(self) -> None:
        """Stop computer turns and timers (after any action in progress is committed) and let
        pending notifications go out. The store stays open: its owner closes it."""
        self._closed = True
        if self._resuming is not None:
            self._resuming.cancel()
        if self._settling:
            await asyncio.gather(*self._settling, return_exceptions=True)
        for table in list(self._tables.values()):
            async with table.lock:
                self._tasks[table.id].closed = True
            self._cancel_work(table.id)
        self.experts.close()
        deliveries = [
            t.delivery for t in self._tasks.values() if t.delivery and not t.delivery.done()
        ]
        if deliveries:
            _, pending = await asyncio.wait(deliveries, timeout=5)
            for task in pending:
                task.cancel()

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def wait_idle(self) -> None:
        """Until no computer turn is pending and every notification has been delivered."""
        while True:
            busy = [
                task
                for tasks in self._tasks.values()
                for task in (tasks.computer, tasks.forced, tasks.delivery)
                if task is not None and not task.done()
            ]
            busy += [t for t in (self._resuming, *self._settling) if t and not t.done()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    # ================================================================ tables

    def get(self, table_id: int) -> Table | None:
        self._resume_for(table_id=table_id)
        return self._tables.get(table_id) or self._finished.get(table_id)

    def running(self, guild_id: int) -> list[Table]:
        self._resume_for(guild_id=guild_id)
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
    ) -> Table:
        """Start a game (from the open lobby `lobby_id`, which is marked started with it).
        Everything is checked before anything is written."""
        spec = self._spec(game)
        humans = [s.user_id for s in seats if s.user_id is not None]
        if len(humans) != len(set(humans)):
            raise IllegalAction("A player can take only one seat.")
        levels = [s.ai for s in seats if s.is_computer]
        for level in levels:
            if level not in LEVELS:
                raise IllegalAction(f"The computer's level is one of {', '.join(LEVELS)}.")
        refuse_without_ai(spec, levels)
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        table = Table(
            id=0, spec=spec, options=options or {}, seed=seed, seats=seats,
            guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            settings=settings, thread_id=thread_id,
        )
        await self._load_player_settings(seats)
        table.id = await self.store.create_game(
            guild_id=guild_id, channel_id=channel_id, game=spec.name, options=table.options,
            seed=seed, seats=[s.to_json() for s in seats], host_id=host_id,
            settings=table.settings, thread_id=thread_id, lobby_id=lobby_id,
        )
        self._register(table)
        self._after_change(table, None)
        return table

    async def act(
        self, table_id: int, user_id: int, action: Action, *, version: int | None = None
    ) -> list[Event]:
        """A member's move. `version`, if given, is the seat_version the member's buttons were
        built at; buttons from before the seat's choices changed are refused."""
        return await _carry_out(self._act(table_id, user_id, action, version))

    async def _act(
        self, table_id: int, user_id: int, action: Action, version: int | None
    ) -> list[Event]:
        table = self._running_table(table_id)
        async with table.lock:
            self._check_open(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise IllegalAction("You are not playing at this table.")
            if version is not None and version != table.seat_version(seat):
                raise IllegalAction("Those buttons are out of date: open your hand again.")
            if not isinstance(action, dict) or str(action.get("type", "")).startswith("_"):
                raise IllegalAction("That is not a move.")
            table.away.discard(seat)  # whoever moves is back at the table
            events = await self._accept(table, seat, action)
        self._announce(table, events)
        return events

    async def back(self, table_id: int, user_id: int) -> None:
        """A member the computer was playing for is back: stop playing for them."""
        table = self._running_table(table_id)
        seat = table.seat_of(user_id)
        if seat is not None and seat in table.away:
            table.away.discard(seat)
            self._after_change(table, None)

    async def resign(self, table_id: int, user_id: int) -> list[Event]:
        """The member's side loses at once; every other side wins."""
        return await _carry_out(self._resign(table_id, user_id))

    async def _resign(self, table_id: int, user_id: int) -> list[Event]:
        table = self._running_table(table_id)
        async with table.lock:
            self._check_open(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise IllegalAction("You are not playing at this table.")
            events = await self._accept(table, seat, {"type": RESIGN})
        self._announce(table, events)
        return events

    async def abandon(self, table_id: int, by_user_id: int, may_manage: bool = False) -> None:
        """End a game with no results (the host, or someone who may manage the server)."""
        await _carry_out(self._abandon(table_id, by_user_id, may_manage))

    async def _abandon(self, table_id: int, by_user_id: int, may_manage: bool) -> None:
        table = self._running_table(table_id)
        if not may_manage and by_user_id != table.host_id:
            raise IllegalAction("Only the host or a moderator can abandon this game.")
        async with table.lock:
            self._check_open(table)
            await self.store.set_status(table.id, "abandoned")
            table.status = "abandoned"
            self._retire(table)
        self._publish(table, finished(table))

    async def set_location(
        self, table_id: int, *, thread_id: int | None, message_id: int | None
    ) -> None:
        table = self.get(table_id)
        if table is None:
            raise IllegalAction("That game no longer exists.")
        await self.store.set_location(table_id, thread_id=thread_id, message_id=message_id)
        table.thread_id, table.message_id = thread_id, message_id

    # ================================================================ player settings

    async def player_settings(self, user_id: int) -> dict[str, Any]:
        """A player's settings, defaults filled in."""
        if user_id not in self._player_settings:
            stored = await self.store.player_settings(user_id)
            self._player_settings[user_id] = with_defaults(stored)
        return dict(self._player_settings[user_id])

    def cached_player_settings(self, user_id: int) -> dict[str, Any]:
        """The settings of a seated player (loaded when their game started), else defaults."""
        return dict(self._player_settings.get(user_id) or with_defaults({}))

    async def set_player_settings(self, user_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        """Change some of a player's settings; IllegalAction for a bad one (nothing changes)."""
        settings = {**await self.player_settings(user_id), **checked(changes)}
        await self.store.set_player_settings(user_id, settings)
        self._player_settings[user_id] = settings
        for table in self._tables.values():
            if table.seat_of(user_id) is not None:
                self._schedule_forced(table)
        return dict(settings)

    async def _load_player_settings(self, seats: list[SeatInfo]) -> None:
        for user_id in {seat.user_id for seat in seats if seat.user_id is not None}:
            await self.player_settings(user_id)

    # ================================================================ lobbies

    async def open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        host_joins: bool = True,
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
        self._lobbies[lobby.id] = lobby
        return lobby

    def lobby(self, lobby_id: int) -> Lobby | None:
        return self._lobbies.get(lobby_id)

    def served_lobby(self, lobby_id: int) -> Lobby:
        """The open lobby this process serves; IllegalAction saying why not otherwise."""
        lobby = self._lobbies.get(lobby_id)
        if lobby is not None:
            return lobby
        if lobby_id in self._lost_lobbies:
            raise IllegalAction(LOBBY_LOST)
        raise IllegalAction("This lobby is closed.")

    def lobbies(self, guild_id: int) -> list[Lobby]:
        return [lobby for lobby in self._lobbies.values() if lobby.guild_id == guild_id]

    async def update_lobby(self, lobby: Lobby) -> None:
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
            self._let_lobby_go(lobby)
            raise IllegalAction(LOBBY_LOST) from None

    def _let_lobby_go(self, lobby: Lobby) -> None:
        log.warning("lobby %d is served by another process now; letting it go", lobby.id)
        self._lobbies.pop(lobby.id, None)
        self._lost_lobbies.add(lobby.id)

    async def cancel_lobby(self, lobby_id: int, by_user_id: int) -> Lobby:
        lobby = self.served_lobby(lobby_id)
        lobby.check_cancel(by_user_id)
        lobby.status = "cancelled"
        self._lobbies.pop(lobby.id, None)
        await self.update_lobby(lobby)
        return lobby

    async def start_lobby(
        self, lobby_id: int, by_user_id: int, seed: int | None = None,
        thread_id: int | None = None,
    ) -> Table:
        """Start the lobby's game, in `thread_id` if the game has a thread of its own."""
        lobby = self.served_lobby(lobby_id)
        lobby.check_start(by_user_id)
        # Closed before the first await, so a double click cannot start two games.
        lobby.status = "started"
        self._lobbies.pop(lobby.id, None)
        try:
            table = await self.create(
                guild_id=lobby.guild_id, channel_id=lobby.channel_id, game=lobby.game,
                options=lobby.options, seats=lobby.seats, host_id=lobby.host_id, seed=seed,
                settings=lobby.settings, thread_id=thread_id, lobby_id=lobby.id,
            )
        except LobbyLost:
            self._let_lobby_go(lobby)
            raise IllegalAction(LOBBY_LOST) from None
        except BaseException:
            lobby.status = "open"
            self._lobbies[lobby.id] = lobby
            raise
        return table

    # ================================================================ leaderboard and stats

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[dict[str, Any]]:
        rows = await self.store.leaderboard(guild_id, game, limit)
        return [
            {
                "place": place, "user_id": r.user_id, "rating": display_rating(r.mu, r.sigma),
                "mu": r.mu, "sigma": r.sigma, "games": r.games, "wins": r.wins,
                "points": r.points, "skunks": r.skunks,
            }
            for place, r in enumerate(rows, start=1)
        ]

    async def stats(self, guild_id: int, user_id: int) -> dict[str, Any]:
        per_game = [
            {
                "game": r.game, "rating": display_rating(r.mu, r.sigma), "games": r.games,
                "wins": r.wins, "points": r.points, "skunks": r.skunks,
            }
            for r in await self.store.user_ratings(guild_id, user_id)
        ]
        return {
            "user_id": user_id,
            "games": sum(g["games"] for g in per_game),
            "wins": sum(g["wins"] for g in per_game),
            "points": sum(g["points"] for g in per_game),
            "per_game": per_game,
            "assisted": await self.store.assisted_games(guild_id, user_id),
            "recent": await self.store.user_results(guild_id, user_id, limit=5),
        }

    # ================================================================ accepting actions

    async def _accept(self, table: Table, seat: int, action: Action) -> list[Event]:
        """Apply and commit one action. The caller holds table.lock."""
        seq = table.version
        events = table.apply(seat, action)  # IllegalAction: nothing changed, nothing written
        finish = self._finish(table) if table.finished else None
        try:
            await self.store.append_action(table.id, seq, seat, action, finish=finish)
        except asyncio.CancelledError:
            self._tasks[table.id].closed = True  # memory is ahead of the log: stop here
            raise
        except GameLost:
            log.warning("game %d is served by another process now; letting it go", table.id)
            self._let_go(table)
            raise IllegalAction(
                "This game is being run by another copy of the bot now; try again in a moment."
            ) from None
        except Exception:
            log.exception("could not store action %d of game %d; reloading it", seq, table.id)
            await self._reload(table)
            raise
        if finish is not None:
            table.status = "finished"
            self._retire(table)
        else:
            self._after_change(table, seat)
        return events

    def _finish(self, table: Table) -> Finish:
        assert table.outcome is not None
        return finish_for(table.outcome, table.sides, [s.user_id for s in table.seats],
                          assisted=hints_on(table.settings))

    def _announce(self, table: Table, events: list[Event]) -> None:
        self._publish(table, updated(table, events))
        if table.status == "finished":
            self._publish(table, finished(table))

    # ================================================================ computer turns

    def _schedule_computer(self, table: Table) -> None:
        tasks = self._tasks.get(table.id)
        if tasks is None or tasks.closed or self._closed or not table.computer_turns():
            return
        if tasks.computer is None or tasks.computer.done():
            tasks.computer = asyncio.create_task(
                self._run_computer(table), name=f"computer-{table.id}"
            )

    async def _run_computer(self, table: Table) -> None:
        """Play computer seats one action at a time until a human is needed.

        The last check and the return happen without an await in between, so an act() that
        makes more computer work either sees this task still running (and it loops) or done
        (and starts a new one)."""
        tasks = self._tasks[table.id]
        while not tasks.closed and table.computer_turns():
            if self.ai_delay > 0:
                await asyncio.sleep(self.ai_delay)
            async with table.lock:
                seats = [] if tasks.closed else table.computer_turns()
                if not seats:
                    return
                seat = seats[0]
                events = await self._computer_move(table, seat)
                if events is None:
                    return
            self._announce(table, events)

    async def _computer_move(self, table: Table, seat: int) -> list[Event] | None:
        legal = table.legal_for(seat)
        try:
            # In a worker thread: a hard computer player may think for a tenth of a second,
            # which must not freeze every other table. It only sees copies (view, legal).
            level = table.seats[seat].level
            if level == EXPERT:  # in a worker process, with a determinized copy of the game
                action = await self.experts.choose(table.game, seat, table.seed, table.version)
            else:
                action = await asyncio.to_thread(
                    choose, table.spec, table.view_for(seat), legal, table.seed, table.version,
                    level,
                )
            return await self._accept(table, seat, action)
        except (asyncio.CancelledError, IllegalAction) as error:
            if isinstance(error, asyncio.CancelledError):
                raise
            # A computer player's bug must not stall the table: play the first legal move.
            log.error("game %d: computer for seat %d failed (%s)", table.id, seat, error)
        except Exception:
            log.exception("game %d: computer for seat %d crashed", table.id, seat)
        if self._tasks[table.id].closed:
            return None
        if not legal:
            await self._mark_errored(table, "the computer had no legal move")
            return None
        try:
            return await self._accept(table, seat, legal[0])
        except Exception as error:
            await self._mark_errored(table, f"fallback move failed: {error}")
            return None

    # ================================================================ forced moves

    def _forced_move(self, table: Table) -> tuple[int, Action] | None:
        """A waited-for human seat whose only legal action carries no choice, if its player
        lets such moves be played for them."""
        if not table.spec.forced:
            return None
        for seat in table.human_waits():
            legal = table.legal_for(seat)
            if len(legal) != 1 or legal[0].get("type") not in table.spec.forced:
                continue
            user_id = table.seats[seat].user_id
            if user_id is not None and self.cached_player_settings(user_id)["autoplay"]:
                return seat, legal[0]
        return None

    def _schedule_forced(self, table: Table) -> None:
        tasks = self._tasks.get(table.id)
        if tasks is None or tasks.closed or self._closed or self._forced_move(table) is None:
            return
        if tasks.forced is None or tasks.forced.done():
            tasks.forced = asyncio.create_task(self._run_forced(table), name=f"forced-{table.id}")

    async def _run_forced(self, table: Table) -> None:
        """Play forced moves one at a time, each after a pause in which the player sees it
        coming. Like _run_computer, the last check and the return have no await between."""
        tasks = self._tasks[table.id]
        while not tasks.closed and table.status == "running":
            found = self._forced_move(table)
            if found is None:
                return
            version = table.version
            await self.clock.sleep(self.forced_delay)
            async with table.lock:
                if tasks.closed or table.status != "running" or table.version != version:
                    continue  # someone moved meanwhile: look again
                found = self._forced_move(table)
                if found is None:
                    return
                seat, action = found
                log.info("game %d: playing %s for seat %d", table.id, action.get("type"), seat)
                number = table.version
                events = await self._accept(table, seat, action)
                table.autoplayed[seat] = (number, action)
            self._announce(table, events)

    # ================================================================ idle timers

    def _after_change(self, table: Table, acted: int | None) -> None:
        """Bookkeeping after every state change: restart the seat's idle clock, start
        computer turns, re-arm the idle timer."""
        tasks = self._tasks[table.id]
        now = self._now()
        if acted is not None:
            tasks.waiting_since.pop(acted, None)
            tasks.warned.discard(acted)
        waiting = table.human_waits()
        tasks.waiting_since = {s: tasks.waiting_since.get(s, now) for s in waiting}
        tasks.warned &= set(waiting)
        self._schedule_computer(table)
        self._schedule_forced(table)
        if tasks.idle is not None:
            tasks.idle.cancel()
            tasks.idle = None
        timing = idle_timing(table.settings, self.default_idle)
        if not has_computer_player(table.spec, [TAKEOVER_LEVEL]):
            timing = IdleTiming(timing.warn, None)  # nobody can play for them: warn only
        if waiting and (timing.warn or timing.takeover) and not tasks.closed:
            tasks.idle = asyncio.create_task(
                self._watch_idle(table, timing), name=f"idle-{table.id}"
            )

    async def _watch_idle(self, table: Table, timing: IdleTiming) -> None:
        tasks = self._tasks[table.id]
        while not tasks.closed:
            due: list[tuple[float, str, int]] = []
            for seat, since in tasks.waiting_since.items():
                if timing.warn is not None and seat not in tasks.warned:
                    due.append((since + timing.warn, "warn", seat))
                if timing.takeover is not None:
                    due.append((since + timing.takeover, "takeover", seat))
            if not due:
                return
            when, what, seat = min(due)
            delay = when - self._now()
            if delay > 0:
                await self.clock.sleep(delay)
            if tasks.closed or seat not in tasks.waiting_since:
                continue
            if what == "warn":
                tasks.warned.add(seat)
                self._publish(table, idle_warning(table, seat))
            else:
                log.info("game %d: computer takes over idle seat %d", table.id, seat)
                table.away.add(seat)
                table.note(TAKEOVER_LINE.format(seat=seat))
                tasks.waiting_since.pop(seat, None)
                tasks.warned.discard(seat)
                self._publish(table, takeover(table, seat))
                self._schedule_computer(table)

    def _now(self) -> float:
        return self.clock.now()

    # ================================================================ notifications

    def _publish(self, table: Table, notice: Notice) -> None:
        """Queue a notification; one delivery task per table keeps them in order."""
        tasks = self._tasks.get(table.id)
        if tasks is None:
            tasks = self._tasks[table.id] = _TableTasks()
        tasks.outbox.append(notice)
        if tasks.delivery is None or tasks.delivery.done():
            tasks.delivery = asyncio.create_task(
                self._deliver(table, tasks), name=f"deliver-{table.id}"
            )

    async def _deliver(self, table: Table, tasks: _TableTasks) -> None:
        while tasks.outbox:
            notice = tasks.outbox.popleft()
            for listener in list(self._listeners):
                try:
                    await notice(listener)
                except Exception:
                    log.exception("listener %r failed for game %d", listener, table.id)

    # ================================================================ bookkeeping

    def _register(self, table: Table) -> None:
        self._tables[table.id] = table
        self._tasks.setdefault(table.id, _TableTasks())

    def _retire(self, table: Table) -> None:
        """A table that is over: no more timers or computer turns; reachable a while longer."""
        self._tables.pop(table.id, None)
        self._finished[table.id] = table
        while len(self._finished) > KEEP_FINISHED:
            self._finished.popitem(last=False)
        tasks = self._tasks.get(table.id)
        if tasks is not None:
            tasks.waiting_since.clear()
        self._cancel_work(table.id)

    def _let_go(self, table: Table) -> None:
        """Another process owns this game now: forget it without writing anything."""
        self._tasks[table.id].closed = True
        self._tables.pop(table.id, None)
        self._cancel_work(table.id)

    def _cancel_work(self, table_id: int) -> None:
        tasks = self._tasks.get(table_id)
        if tasks is None:
            return
        for task in (tasks.computer, tasks.forced, tasks.idle):
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    def _running_table(self, table_id: int) -> Table:
        self._resume_for(table_id=table_id)
        table = self._tables.get(table_id)
        if table is None:
            if table_id in self._finished:
                raise IllegalAction("This game is over.")
            raise IllegalAction("That game is not running.")
        return table

    def _check_open(self, table: Table) -> None:
        if self._tasks[table.id].closed or self._closed:
            raise IllegalAction("The bot is restarting; try again in a moment.")
        if table.status != "running":
            raise IllegalAction("This game is over.")

    def _spec(self, game: str) -> GameSpec:
        spec = self.games.get(game)
        if spec is None:
            raise IllegalAction(f"There is no game called {game}.")
        return spec

    def _lobby_from_record(self, record: LobbyRecord) -> Lobby | None:
        spec = self.games.get(record.game)
        if spec is None:
            log.warning("lobby %d is for unknown game %s", record.id, record.game)
            return None
        return Lobby(
            id=record.id, guild_id=record.guild_id, channel_id=record.channel_id,
            host_id=record.host_id, spec=spec, options=record.options,
            seats=[SeatInfo.from_json(s) for s in record.seats], settings=record.settings,
            message_id=record.message_id, status=record.status,
        )

    def _build(self, record: GameRecord, moves: list[tuple[int, Action]]) -> Table:
        """The table of a stored game, its log replayed; raises if the log does not replay."""
        table = Table(
            id=record.id, spec=self._spec(record.game), options=record.options,
            seed=record.seed, seats=[SeatInfo.from_json(s) for s in record.seats],
            guild_id=record.guild_id, channel_id=record.channel_id,
            host_id=record.host_id, settings=record.settings,
            thread_id=record.thread_id, message_id=record.message_id,
        )
        table.replay(moves)
        return table

    async def _rebuild(self, record: GameRecord) -> Table | None:
        try:
            log_rows = await self.store.actions(record.id)
            return self._build(record, [(row.seat, row.action) for row in log_rows])
        except Exception as error:
            log.exception("game %d (%s) does not replay: errored", record.id, record.game)
            await self.store.set_status(record.id, "errored", error=repr(error)[:500])
            return None

    async def _reload(self, table: Table) -> None:
        """Bring a table back in line with its stored log after a failed write."""
        record = await self.store.game(table.id)
        fresh = await self._rebuild(record) if record is not None else None
        if fresh is None:
            table.status = "errored"
            self._retire(table)
            return
        table.adopt_state(fresh)

    async def _mark_errored(self, table: Table, why: str) -> None:
        log.error("game %d stopped: %s", table.id, why)
        with contextlib.suppress(Exception):
            await self.store.set_status(table.id, "errored", error=why)
        table.status = "errored"
        self._retire(table)
        self._publish(table, finished(table))


T = TypeVar("T")


async def _carry_out(work: Coroutine[Any, Any, T]) -> T:
    """Run a member's request to the end even if the caller is cancelled (an interaction
    handler timing out): an action half done, applied in memory but not yet committed, would
    leave the table and its log disagreeing."""

    async def settle() -> tuple[T | None, Exception | None]:
        # The task never ends in an exception (a refusal is an answer, not a crash); the
        # caller re-raises it.
        try:
            return await work, None
        except Exception as error:
            return None, error

    result, error = await asyncio.shield(asyncio.ensure_future(settle()))
    if error is not None:
        raise error
    return result  # type: ignore[return-value]
