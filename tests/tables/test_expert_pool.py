"""Expert computer players at the table: they think in worker processes, which receive only
a determinized copy of the game, and they play real games to the end."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from engine.registry import GAMES
from engine.search import expert
from store import Store
from tables import SeatInfo, TableManager
from tables.computer import has_computer_player
from tables.expert_pool import ExpertPool
from tests.engine.saved_games import state_digest
from tests.tables.helpers import CHANNEL, GUILD

TINY = expert.Budget(iterations=1)


class RecordingExecutor(ThreadPoolExecutor):
    """Runs in a thread, writing down what would have crossed to the worker process."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.sent: list[tuple[Any, ...]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.sent.append(args)
        return super().submit(fn, *args, **kwargs)


def recording_pool() -> tuple[ExpertPool, RecordingExecutor]:
    pool = ExpertPool(TINY, workers=1)
    executor = pool._executor = RecordingExecutor()  # type: ignore[assignment]
    return pool, executor


async def test_only_a_determinized_copy_of_the_game_crosses_to_the_worker() -> None:
    game = GAMES["cribbage"].new(2, {}, seed=4)
    seat = game.waiting_for()[0]
    real = state_digest(game)
    pool, executor = recording_pool()
    chosen = await pool.choose(game, seat, seed=4, action_number=0)
    assert chosen in game.legal_actions(seat)
    (sent_game, sent_seat, _, budget), = executor.sent
    assert sent_game is not game and sent_seat == seat and budget == TINY
    assert sent_game.view(seat) == game.view(seat)
    assert state_digest(sent_game) != real, "the hidden cards were dealt again"
    assert state_digest(game) == real
    # The same seed and action number: the same move, as after a restart.
    again, _ = recording_pool()
    assert await again.choose(game, seat, seed=4, action_number=0) == chosen
    pool.close()
    again.close()


def test_every_game_offers_the_expert_level() -> None:
    """Every game the bot ships; a game added through CARDBOT_GAMES (the tests' sixth game)
    gets the expert exactly when its spec offers it."""
    for spec in GAMES.values():
        assert has_computer_player(spec, ["expert"]) == ("expert" in spec.levels)
        if spec.factory.__module__.startswith("engine."):
            assert has_computer_player(spec, ["expert"]) == has_computer_player(spec, ["hard"])
    assert has_computer_player(GAMES["cribbage"], ["expert"])


async def test_an_expert_plays_a_game_to_the_end_in_a_worker_process(store: Store) -> None:
    experts = ExpertPool(TINY, workers=1)
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None,
                           experts=experts)
    seats = [SeatInfo.computer("expert", "Computer 1"), SeatInfo.computer("hard", "Computer 2")]
    table = await manager.create(guild_id=GUILD, channel_id=CHANNEL, game="cribbage",
                                 options={"target": 61}, seats=seats, host_id=1, seed=3)
    await asyncio.wait_for(manager.wait_idle(), timeout=600)
    assert table.finished and table.status == "finished"
    assert experts._executor is not None, "the expert thought in the process pool"
    await manager.close()
    assert experts._executor is None
