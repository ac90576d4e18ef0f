"""Many tournaments at once, every match played by the computer.

    .venv/bin/python -m benchmarks.tournament [--tournaments 50] [--entries 16] [--rounds 4]
                                              [--ai-delay 0.2]

Opens the tournaments on as many servers (a Swiss of cribbage to 61 each), starts them all,
and has the computer play every member's seat the moment a match's game opens (the bot's
own takeover, as after a round's deadline). Meanwhile members keep pressing Join and Leave on
a sign-up event of their own server. The computer moves after 0.2 s, as in
benchmarks.discord_load (the bot's default is 0.8 s; 0 floods the loop with moves). Prints
the time each round took across all the tournaments, the p50 / p99 / max time a press waited
for its acknowledgement (the change saved: the bot answers the press there) and for the whole
of it (listeners told, as the event's message is edited after), and whether every game's
result reached its tournament's standings: every match of every round finished, every
linked game recorded once.

Everything runs in one process against the service and table manager (no Discord), on a
temporary SQLite database."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from store import Store
from tables import TableManager
from tables.table import Table
from tables.tournaments import FINISHED, SWISS, Tournament
from tables.tournaments.model import Match
from tables.tournaments.service import HeldTournament, TournamentListener, TournamentService

GUILD_BASE = 10_000


class Autopilot(TournamentListener):
    """Plays every member's seat by the computer as soon as a match's game opens, and notes
    when each tournament's rounds begin."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.round_started: dict[tuple[int, int], float] = {}

    async def on_match_opened(self, held: HeldTournament, match: Match, table: Table) -> None:
        self.round_started.setdefault((held.id, match.round), time.perf_counter())
        seats = [s for s, seat in enumerate(table.seats) if seat.user_id is not None]
        await self.manager.play_for(table.id, seats, "The computer plays this benchmark game.")


async def press_meanwhile(service: TournamentService, guild: int, acks: list[float],
                          waits: list[float], stop: asyncio.Event) -> None:
    """A member of `guild` joining and leaving its sign-up event over and over."""
    held = await service.create(guild_id=guild, channel_id=guild, host_id=1, game="cribbage",
                                format=SWISS, options={"target": 61}, rounds_planned=1)
    member = guild * 10
    joined = False
    while not stop.is_set():
        began = time.perf_counter()
        change = (lambda e: e.leave(member)) if joined else (lambda e: e.join(member, "M"))

        async def acknowledge(began: float = began) -> None:
            acks.append(time.perf_counter() - began)

        await service.act(held.id, change, saved=acknowledge)
        waits.append(time.perf_counter() - began)
        joined = not joined
        await asyncio.sleep(0.05)


async def run(tournaments: int, entries: int, rounds: int, ai_delay: float,
              database: str) -> int:
    store = await Store.open(database)
    manager = TableManager(store, ai_delay=ai_delay, idle_warn=None, idle_takeover=None)
    service = await TournamentService.beside(store, manager)
    pilot = Autopilot(manager)
    service.subscribe(pilot)
    await manager.start()
    await service.start()
    events = []
    for index in range(tournaments):
        guild = GUILD_BASE + index
        held = await service.create(guild_id=guild, channel_id=guild, host_id=1,
                                    game="cribbage", format=SWISS, options={"target": 61},
                                    rounds_planned=rounds)
        for member in range(entries):
            user = guild * 100 + member
            await service.act(held.id, lambda e, u=user: e.join(u, f"P{u}"))
        events.append(held)
    acks: list[float] = []
    waits: list[float] = []
    stop = asyncio.Event()
    pressers = [asyncio.create_task(press_meanwhile(service, GUILD_BASE + i, acks, waits, stop))
                for i in range(0, tournaments, max(1, tournaments // 10))]
    began = time.perf_counter()
    await asyncio.gather(*(service.start_event(held.id, 1) for held in events))
    while True:
        await service.wait_idle()
        stored = [await store.tournament(held.id) for held in events]
        if all(r is not None and r.status != "running" for r in stored):
            break
        await asyncio.sleep(0.05)
    finished_at = time.perf_counter()
    stop.set()
    await asyncio.gather(*pressers)

    lost = 0
    for held in events:
        record = await store.tournament(held.id)
        assert record is not None
        event = Tournament.from_json(record.state)
        games = await store.tournament_games(held.id)
        recorded = sum(len(m.games) for r in event.rounds for m in r.matches)
        unfinished = sum(1 for r in event.rounds for m in r.matches if not m.finished)
        if event.status != FINISHED or unfinished or recorded != len(games):
            lost += 1
            print(f"tournament {held.id}: {event.status}, {unfinished} matches unfinished, "
                  f"{recorded} of {len(games)} games recorded")

    starts = sorted({number for _, number in pilot.round_started})
    print(f"{tournaments} tournaments of {entries} entries, {rounds} Swiss rounds each, "
          f"cribbage to 61, every seat played by the computer (a move every {ai_delay} s)")
    for number in starts:
        first = min(t for (_, n), t in pilot.round_started.items() if n == number)
        following = [t for (_, n), t in pilot.round_started.items() if n == number + 1]
        end = min(following) if following else finished_at
        print(f"  round {number}: {end - first:6.2f} s from its first game to the next round")
    print(f"  all rounds: {finished_at - began:.2f} s")
    if waits:
        print(f"  presses meanwhile: {len(waits)}")
        print(f"    acknowledged after {spread(acks)} (target p99 <= 250 ms)")
        print(f"    done after         {spread(waits)}")
    print(f"  results that did not reach their standings: {lost} tournaments (target: none)")
    await service.close()
    await manager.close()
    await store.close()
    return 1 if lost else 0


def spread(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"p50 {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=50)
    parser.add_argument("--entries", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--ai-delay", type=float, default=0.2)
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(run(arguments.tournaments, arguments.entries, arguments.rounds,
                               arguments.ai_delay, str(Path(folder) / "bench.db")))


if __name__ == "__main__":
    sys.exit(main())
