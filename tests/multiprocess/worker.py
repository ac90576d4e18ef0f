"""One bot process of the multi-process test, without the Discord layer.

    python -m tests.multiprocess.worker DATABASE_URL SHARD_COUNT SHARD_IDS

Opens the store and a TableManager for those shards (resuming their running games), prints
"ready", then for each line "create GUILD_ID GAME PLAYERS SEED" on stdin starts a game of
computer players and prints its id. Computer turns play every game to its end.
"""

from __future__ import annotations

import asyncio
import sys

from store import Store
from tables import SeatInfo, TableManager

LEVELS = ("normal", "easy")


def computers(count: int) -> list[SeatInfo]:
    return [SeatInfo.computer(LEVELS[i % 2], name=f"Computer {i + 1}") for i in range(count)]


async def main(url: str, shard_count: int, shard_ids: list[int]) -> None:
    store = await Store.open(url)
    manager = TableManager(store, ai_delay=0.01, idle_warn=None, idle_takeover=None,
                           shards=(shard_count, shard_ids))
    resumed = await manager.start()
    print(f"ready {len(resumed)}", flush=True)
    loop = asyncio.get_running_loop()
    while line := await loop.run_in_executor(None, sys.stdin.readline):
        _, guild, game, players, seed = line.split()
        table = await manager.create(guild_id=int(guild), channel_id=1, game=game, options={},
                                     seats=computers(int(players)), host_id=1, seed=int(seed))
        print(f"game {table.id}", flush=True)
    await manager.wait_idle()
    await manager.close()
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), [int(i) for i in sys.argv[3].split(",")]))
