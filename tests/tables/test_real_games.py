"""Every real game in GAMES that has a computer player, played whole through TableManager
with computer seats only; a restart in the middle must not change a single move."""

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest

from engine.registry import GAMES
from store import Store
from tables import SeatInfo, TableManager, runner
from tables.computer import has_computer_player
from tables.table import Table
from tests.tables.helpers import CHANNEL, GUILD

LEVELS = ("hard", "normal", "easy")
#: The levels seated here: "hard" players may search deeply, and their strength is the AI
#: tests' business; these tests are about the table machinery around them.
SEATED = ("normal", "easy")
WITH_AI = [name for name, spec in GAMES.items() if has_computer_player(spec, LEVELS)]
CASES = [
    (name, count)
    for name in WITH_AI
    for count in sorted({min(GAMES[name].allowed_player_counts()),
                         max(GAMES[name].allowed_player_counts())})
]


def computers(count: int) -> list[SeatInfo]:
    return [SeatInfo.computer(SEATED[i % 2], name=f"Computer {i + 1}") for i in range(count)]


async def start(store: Store, name: str, count: int, seed: int) -> tuple[TableManager, Table]:
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    table = await manager.create(guild_id=GUILD, channel_id=CHANNEL, game=name, options={},
                                 seats=computers(count), host_id=1, seed=seed)
    return manager, table


def test_real_games_are_found():
    # Not a skip: with no real game yet this passes trivially, and CASES grows as they land.
    assert set(WITH_AI) <= set(GAMES)


@pytest.mark.parametrize(("name", "count"), CASES)
async def test_whole_game_with_computer_seats(store: Store, name: str, count: int):
    manager, table = await start(store, name, count, seed=2024)
    await manager.wait_idle()
    assert table.finished, f"{name} stopped with nobody able to move"
    assert table.status == "finished"
    record = await store.game(table.id)
    assert record.status == "finished" and record.outcome == table.outcome
    assert len(await store.results(table.id)) == count
    # The log alone reproduces the game.
    log = await store.actions(table.id)
    assert len(log) == table.version
    copy_ = GAMES[name].new(count, table.options, table.seed)
    for row in log:
        copy_.apply(row.seat, row.action)
    assert copy_.outcome == table.outcome
    assert copy_.view(None) == table.game.view(None)
    assert all("{s" not in line for line in table.recent)
    await manager.close()


class Paused:
    """Holds the first computer choice made at `version` or later in its worker thread (the
    table's lock held, as while any computer thinks) until `go`, so a test can stop the
    manager at a move of its choosing however fast or slow the machine plays."""

    def __init__(self, version: int, choose: Callable[..., Any]) -> None:
        self.version = version
        self.at: int | None = None  # the table's version when the choice was held
        self.reached = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        self._go = threading.Event()
        self._choose = choose

    def choose(self, *args: Any) -> Any:
        version = args[4]  # (spec, view, legal, seed, version, level)
        if self.at is None and version >= self.version:
            self.at = version
            self._loop.call_soon_threadsafe(self.reached.set)
            self._go.wait(timeout=120)  # a guard: a failing test must not leave it waiting
        return self._choose(*args)

    def go(self) -> None:
        self._go.set()


@pytest.mark.parametrize("name", WITH_AI)
async def test_restart_mid_game_changes_no_move(
    database_url: str, name: str, monkeypatch: pytest.MonkeyPatch
):
    count = min(GAMES[name].allowed_player_counts())
    reference_store = await Store.open(":memory:")
    manager, table = await start(reference_store, name, count, seed=77)
    await manager.wait_idle()
    expected = [(r.seat, r.action) for r in await reference_store.actions(table.id)]
    await manager.close()
    await reference_store.close()

    # The restart falls while a computer thinks at the middle of the game: close waits for
    # that move to be committed and lets no other start.
    path = database_url
    paused = Paused(min(10, len(expected) // 2), runner.choose)
    monkeypatch.setattr(runner, "choose", paused.choose)
    store = await Store.open(path)
    manager, table = await start(store, name, count, seed=77)
    async with asyncio.timeout(120):  # a hang guard: a computer certainly reaches it
        await paused.reached.wait()
    closing = asyncio.create_task(manager.close())
    await asyncio.sleep(0)  # close has begun: it waits for the table's lock, the move's
    paused.go()
    await closing
    await store.close()
    stopped_at = table.version
    assert paused.at is not None
    assert stopped_at == paused.at + 1, "close commits the move under way, and no other"
    assert 0 < stopped_at < len(expected), "the restart must fall in the middle of the game"

    store = await Store.open(path)
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    await manager.start()
    await manager.wait_idle()
    log = await store.actions(table.id)
    assert [(r.seat, r.action) for r in log] == expected
    assert len(log) > stopped_at
    assert (await store.game(table.id)).status == "finished"
    await manager.close()
    await store.close()
