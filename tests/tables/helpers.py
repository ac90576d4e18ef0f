"""Shared helpers for the tables tests."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from engine.contract import Event
from store import Store
from tables import Listener, SeatInfo, Table, TableManager
from tests.tables.race_game import TEST_GAMES

ANN, BOB, CAT, DAN = 101, 102, 103, 104
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan"}
GUILD, CHANNEL = 1, 2


class Recorder(Listener):
    """A listener that writes down what it hears."""

    def __init__(self) -> None:
        self.updates: list[tuple[int, int, list[Event]]] = []
        self.warnings: list[tuple[int, int]] = []
        self.takeovers: list[tuple[int, int]] = []
        self.finished: list[tuple[int, str]] = []
        self.rested: list[int] = []

    async def on_update(self, table: Table, events: list[Event]) -> None:
        self.updates.append((table.id, table.version, events))

    async def on_idle_warning(self, table: Table, seat: int) -> None:
        self.warnings.append((table.id, seat))

    async def on_takeover(self, table: Table, seat: int) -> None:
        self.takeovers.append((table.id, seat))

    async def on_finished(self, table: Table) -> None:
        self.finished.append((table.id, table.status))

    async def on_rested(self, table: Table) -> None:
        self.rested.append(table.id)


def make_manager(store: Store, **kwargs: Any) -> TableManager:
    settings: dict[str, Any] = {"ai_delay": 0, "idle_warn": None, "idle_takeover": None,
                                "games": TEST_GAMES}
    settings.update(kwargs)
    manager = TableManager(store, **settings)
    manager.recorder = Recorder()  # type: ignore[attr-defined]
    manager.subscribe(manager.recorder)  # type: ignore[attr-defined]
    return manager


def human(user_id: int) -> SeatInfo:
    return SeatInfo(user_id=user_id, name=NAMES[user_id])


def computer(level: str = "hard", number: int = 1) -> SeatInfo:
    return SeatInfo.computer(level, name=f"Computer {number}")


async def new_table(
    manager: TableManager,
    seats: list[SeatInfo],
    *,
    seed: int = 7,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    game: str = "dash",
) -> Table:
    return await manager.create(
        guild_id=GUILD, channel_id=CHANNEL, game=game, options=options or {}, seats=seats,
        host_id=seats[0].user_id or ANN, seed=seed, settings=settings,
    )


def first_play(table: Table, seat: int) -> dict[str, Any]:
    """The humans' fixed policy in these tests: the smallest card."""
    plays = [a for a in table.legal_for(seat) if a["type"] == "play"]
    return plays[0]


async def play_out(manager: TableManager, table: Table, moves: int | None = None) -> int:
    """Humans play first_play whenever waited for, computers answer, until the game ends
    (or `moves` human moves are made). Returns the number of human moves."""
    made = 0
    while not table.finished and (moves is None or made < moves):
        await manager.wait_idle()
        humans = [s for s in table.waiting_for() if not table.seats[s].is_computer]
        if table.finished or not humans:
            continue
        seat = humans[0]
        await manager.act(table.id, table.seats[seat].user_id, first_play(table, seat))
        made += 1
    await manager.wait_idle()
    return made


async def until(
    condition: Callable[[], bool | Awaitable[bool]], timeout: float = 60.0
) -> None:
    """Poll until the condition (a function, or a coroutine function such as a read of the
    store) holds; fail after `timeout` seconds. The timeout only guards against a hang: what
    is awaited is certain to happen, however slowly a loaded machine gets there."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout

    async def holds() -> bool:
        result = condition()
        return await result if inspect.isawaitable(result) else result

    while not await holds():
        if loop.time() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.005)
