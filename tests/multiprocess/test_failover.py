"""Two bot processes (shards 0 and 1 of 2) on one PostgreSQL; one is killed with SIGKILL in the
middle of its games and started again with the same shard ids. Every game, in both shards,
finishes exactly as an uninterrupted run of the same game logs it, and neither process ever
touched the other's games."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from engine.registry import GAMES
from store import Store
from tables import TableManager
from tests.databases import fresh_database
from tests.multiprocess.worker import computers

ROOT = Path(__file__).resolve().parents[2]
#: A guard against a hung process, not a timing assertion: the games take seconds.
DEADLINE = 240.0


def guild_of_shard(shard: int, n: int) -> int:
    return ((n * 2 + shard) << 22) | 4321


class Worker:
    def __init__(self, url: str, shard: int) -> None:
        self.shard = shard
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.multiprocess.worker", url, "2", str(shard)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )

    async def line(self) -> str:
        assert self.process.stdout is not None
        text = await asyncio.wait_for(asyncio.to_thread(self.process.stdout.readline), 60)
        assert text, f"worker for shard {self.shard} exited"
        return text.strip()

    async def create(self, guild: int, game: str, players: int, seed: int) -> int:
        assert self.process.stdin is not None
        self.process.stdin.write(f"create {guild} {game} {players} {seed}\n")
        self.process.stdin.flush()
        reply = await self.line()
        assert reply.startswith("game "), reply
        return int(reply.split()[1])

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.kill()


async def uninterrupted_log(game: str, players: int, seed: int) -> list[tuple[int, dict]]:
    store = await Store.open(":memory:")
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    table = await manager.create(guild_id=1, channel_id=1, game=game, options={},
                                 seats=computers(players), host_id=1, seed=seed)
    await manager.wait_idle()
    assert table.finished
    log = [(row.seat, row.action) for row in await store.actions(table.id)]
    await manager.close()
    await store.close()
    return log


async def wait_for(condition, what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DEADLINE
    while not await condition():
        assert loop.time() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.05)


async def test_a_killed_shard_process_resumes_every_game_from_postgres(tmp_path: Path):
    async with fresh_database("postgresql", tmp_path) as url:
        observer = await Store.open(url)
        workers = {shard: Worker(url, shard) for shard in (0, 1)}
        try:
            for worker in workers.values():
                assert await worker.line() == "ready 0"
            games: dict[int, tuple[int, str, int, int]] = {}
            for n, name in enumerate(sorted(GAMES)):
                players = min(GAMES[name].allowed_player_counts())
                for shard, worker in workers.items():
                    seed = 100 + 10 * n + shard
                    game_id = await worker.create(guild_of_shard(shard, n), name, players, seed)
                    games[game_id] = (shard, name, players, seed)
            shard_0 = [g for g, (shard, *_) in games.items() if shard == 0]

            async def moves(game_id: int) -> int:
                return len(await observer.actions(game_id))

            async def status(game_ids) -> dict[int, str]:
                return {g: (await observer.game(g)).status for g in game_ids}

            async def shard_0_is_mid_game() -> bool:
                running = [g for g, s in (await status(shard_0)).items() if s == "running"]
                return len(running) >= 3 and min([await moves(g) for g in running]) >= 4

            await wait_for(shard_0_is_mid_game, "shard 0's games to get going")
            workers[0].kill()
            stopped = {g: await moves(g) for g in shard_0}
            interrupted = [g for g, s in (await status(shard_0)).items() if s == "running"]
            assert interrupted

            async def shard_1_done() -> bool:
                shard_1 = [g for g, (shard, *_) in games.items() if shard == 1]
                return set((await status(shard_1)).values()) == {"finished"}

            await wait_for(shard_1_done, "shard 1 to finish its games alone")
            assert {g: await moves(g) for g in shard_0} == stopped  # nobody else took them

            workers[0] = Worker(url, 0)
            assert await workers[0].line() == f"ready {len(interrupted)}"

            async def all_done() -> bool:
                return set((await status(games)).values()) == {"finished"}

            await wait_for(all_done, "every game to finish")
            for game_id, (_, name, players, seed) in games.items():
                log = [(row.seat, row.action) for row in await observer.actions(game_id)]
                assert log == await uninterrupted_log(name, players, seed), (name, game_id)
                assert len(await observer.results(game_id)) == players
        finally:
            for worker in workers.values():
                worker.stop()
            await observer.close()
