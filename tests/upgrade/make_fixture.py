"""Write tests/upgrade/release_0601f88.sqlite3 and its expected logs with a past release.

Run with that release's code first on the path, from a checkout of the commit the fixture is
named after (0601f88), so the database is exactly what that release wrote:

    git archive 0601f88 | tar -x -C /tmp/release
    PYTHONPATH=/tmp/release python3 tests/upgrade/make_fixture.py tests/upgrade

Every game is played to its end on a bare Table first (all seats human, each move drawn from
the legal ones by a seeded random), then replayed through that release's TableManager and
stopped part of the way (random points: mid-deal and mid-trick alike), or played to the end
so the results and ratings tables fill. The expected JSON keeps the rest of each game's log,
its outcome and results: the upgrade test finishes every running game from it.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

from engine.registry import GAMES
from store import Store
from tables import SeatInfo, TableManager
from tables.table import Table

GUILDS = (1 << 22, 2 << 22)  # one server in each of two shards
#: Where games stop, as a share of their whole log, for the fewest and the most players: the
#: finished games (1.0) fill the results and ratings tables.
STOPS = {"fewest": (0.3, 0.7, 1.0), "most": (0.15, 0.5)}


def seats(count: int) -> list[SeatInfo]:
    return [SeatInfo(user_id=100 + i, name=f"Player {i + 1}") for i in range(count)]


def whole_log(name: str, count: int, seed: int) -> tuple[list[tuple[int, dict]], dict]:
    table = Table(id=0, spec=GAMES[name], options={}, seed=seed, seats=seats(count),
                  guild_id=0, channel_id=0, host_id=100)
    pick = random.Random(seed)
    log = []
    while not table.finished:
        seat = pick.choice(table.to_act())
        action = pick.choice(table.legal_for(seat))
        table.apply(seat, action)
        log.append((seat, action))
    return log, table.outcome


async def main(folder: Path) -> None:
    database = folder / "release_0601f88.sqlite3"
    database.unlink(missing_ok=True)
    store = await Store.open(str(database))
    manager = TableManager(store, ai_delay=0, idle_warn=None, idle_takeover=None)
    expected = []
    seed = 1000
    for name, spec in sorted(GAMES.items()):
        counts = spec.allowed_player_counts()
        for count, stops in ((min(counts), STOPS["fewest"]), (max(counts), STOPS["most"])):
            for index, stop in enumerate(stops):
                seed += 1
                log, outcome = whole_log(name, count, seed)
                table = await manager.create(
                    guild_id=GUILDS[index % 2], channel_id=5, game=name, options={},
                    seats=seats(count), host_id=100, seed=seed,
                )
                stored = max(1, int(len(log) * stop))
                for seat, action in log[:stored]:
                    await manager.act(table.id, table.seats[seat].user_id, action)
                expected.append({"id": table.id, "game": name, "players": count,
                                 "stored": stored, "rest": log[stored:], "outcome": outcome,
                                 "results": await store.results(table.id)})
    await manager.close()
    ratings = [r.__dict__ for g in GUILDS for name in GAMES for r in await store.ratings(g, name)]
    await store.close()
    (folder / "release_0601f88.json").write_text(json.dumps(
        {"games": expected, "ratings": ratings}, separators=(",", ":"), sort_keys=True
    ))


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
