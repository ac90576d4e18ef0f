"""Months of a bot nobody looks after, compressed: what grows with the games played, in the
database and in the process.

    .venv/bin/python -m benchmarks.long_life                  # 1,000 games, 20 servers
    .venv/bin/python -m benchmarks.long_life --games 5000 --every 500 --trace

The real bot (every cog, production timers: idle warning 2 min, takeover 5, lobbies expire
after 7 days, games nobody moves in close after 30, a backup a day) runs against the offline
fake Discord on the tables' fake clock, a day passing every 100 games, so 1,000 games are ten
days and 5,000 cross a season's end. Twenty servers share forty members. Of every twenty
games, fourteen are members' games the computer plays out for them (the quick way, through
the table manager, while their table messages go through Discord as usual); the rest go
through Discord as a person would: a lobby with computers started and left to the idle
takeover (two), one where the member opens their hand and moves once first, one resigned
with /resign, one stopped with /abandon, and a lobby opened and never started (it expires).
Every 500 games a server removes the bot (the one removed before invites it back) and a
running game's thread is deleted under it. The fake Discord forgets what the bot can no
longer touch as it goes, so the process's memory is the bot's.

At each checkpoint: the process's resident memory, with --trace the Python heap in use
(tracemalloc: the bot's, and what the fake Discord keeps between two prunings), the tasks
alive, discord.py's view store and the View objects alive (an ephemeral message's, which
discord.py keeps 15 real minutes, so a run faster than real time would pile them up), the
tables and runners alive, the open files, and every container on the bot's long-lived objects
(the table manager and its helpers, each cog and its helpers), the messages discord.py keeps,
every functools cache of the bot's modules and every kind of task that has more than doubled
since the first checkpoint, so what grows with the games stands out. At the end: the SQLite
file, its size per 1,000 finished games, and the tables that hold it.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import re
import shutil
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord

import cogs.images
from benchmarks.growth import table_sizes
from bot import CardBot
from tables import SeatInfo, Table, TableManager
from tables.clock import FakeClock
from tables.runner import TableRunner
from testkit.fake_discord import FakeDiscord, FakeUser
from testkit.players import test_bot

DAY = 24 * 3600.0
GAMES_A_DAY = 100
#: Games between a server removing the bot (and the one before inviting it back).
COMINGS_AND_GOINGS = 500
#: A 1-pixel PNG: pictures cost time and say nothing about growth.
TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000d4944415478da63f8cfc0f01f0005000201a3e1c2b70000000049454e44ae426082")
#: (game, options, players): short games, each game of the five.
GAMES = [("cribbage", {"target": 61}, 2), ("pip-cribbage", {"target": 61}, 2),
         ("crib-race", {}, 2), ("pip-rush", {}, 2), ("pip-pip", {"rounds": 1}, 3)]
OPTIONS = {"cribbage": "target=61", "pip-cribbage": "target=61", "pip-pip": "rounds=1"}


async def tiny_picture(kind: str, game: str, view: dict[str, Any], **options: Any) -> bytes:
    return TINY_PNG


class Life:
    def __init__(self, fake: FakeDiscord, bot: CardBot, clock: FakeClock, guilds: int,
                 members: int) -> None:
        self.fake, self.bot, self.clock = fake, bot, clock
        self.rng = random.Random(7)
        self.members = [fake.member(f"m{n}") for n in range(members)]
        first = fake.state.guild_id
        self.guilds = [first] + [fake.state.add_guild(f"Server {n}") for n in range(1, guilds)]
        self.channels = {g: fake.state.add_channel(f"cards-{n}", g).id
                         for n, g in enumerate(self.guilds)}
        self.removed: int | None = None
        self.games = 0

    @property
    def manager(self) -> TableManager:
        assert self.bot.tables is not None
        return self.bot.tables

    async def settle(self) -> None:
        """Until the computers have moved and Discord has heard all it was sent (edits the
        refresher holds back wait for the clock to move)."""
        await self.fake.wait_quiet()
        await self.manager.wait_idle()
        await self.fake.wait_quiet()

    async def advance(self, seconds: float) -> None:
        """Time passes: a few seconds at a time at first, so held-back edits go out as they
        would, then the rest at once."""
        for _ in range(3):
            await self.clock.advance(2.0)
            await self.settle()
        await self.clock.advance(max(0.0, seconds - 6.0))
        await self.settle()

    def guild(self) -> int:
        guild = self.guilds[self.games % len(self.guilds)]
        return self.guilds[0] if guild == self.removed else guild

    async def quick_game(self) -> None:
        """A members' game the computer plays out for them, its messages through Discord."""
        game, options, players = GAMES[self.games % len(GAMES)]
        people = self.rng.sample(self.members, players)
        guild = self.guild()
        seats = [SeatInfo(user_id=u.id, name=u.name) for u in people]
        table = await self.manager.create(guild_id=guild, channel_id=self.channels[guild],
                                          game=game, options=options, seats=seats,
                                          host_id=people[0].id, seed=self.games)
        await self.manager.play_for(table.id, range(players), "The computer plays every seat.")
        await self.settle()

    async def lobby(self, host: FakeUser, game: str, computers: int) -> Any:
        channel = self.channels[self.guild()]
        args = {"game": game} | ({"options": OPTIONS[game]} if game in OPTIONS else {})
        lobby = (await self.fake.slash(host, "play", args, channel=channel)).message
        assert lobby is not None, "no lobby"
        for _ in range(computers):
            await self.fake.select(host, lobby, values=["easy"],
                                   placeholder="Add a computer player…")
        return lobby

    async def discord_game(self, kind: int) -> None:
        host = self.rng.choice(self.members)
        game, _, players = GAMES[self.games % len(GAMES)]
        lobby = await self.lobby(host, game, players - 1 if kind != 15 else 0)
        if kind == 15:
            return  # opened and forgotten: it expires after a week
        await self.fake.click(host, lobby, label="Start")
        await self.settle()
        found = re.search(r"game #(\d+)", self.fake.state.messages[lobby.id].content)
        assert found is not None, "the lobby did not start"
        table = self.manager.get(int(found[1]))
        assert table is not None
        place = table.thread_id or table.channel_id
        if kind == 14:
            asked = (await self.fake.slash(host, "resign", {}, channel=place)).message
            if asked is not None and asked.find_components():
                await self.fake.click(host, asked, label="Yes, resign")
        elif kind == 17:
            await self.fake.slash(host, "abandon", {}, channel=place)
        elif kind == 16:
            await self.move_once(host, table)
        await self.settle()

    async def move_once(self, user: FakeUser, table: Table) -> None:
        for _ in range(3):
            if table.finished or not table.waiting_for():
                return
            message = self.fake.state.messages.get(table.message_id or 0)
            if message is None:
                return
            hand = (await self.fake.click(user, message, label="My hand")).message
            controls = hand.find_components() if hand is not None else []
            if not controls:
                await self.advance(1.0)
                continue
            control = self.rng.choice(controls)
            if control["type"] == 2:
                await self.fake.click(user, hand, custom_id=control["custom_id"])
            else:
                values = self.rng.sample([o["value"] for o in control["options"]],
                                         control.get("min_values", 1))
                await self.fake.select(user, hand, values=values,
                                       custom_id=control["custom_id"])
            return

    async def comings_and_goings(self) -> None:
        """A server removes the bot (the one before invites it back) and a running game's
        thread is deleted under it."""
        if self.removed is not None:
            self.fake.join_guild(self.removed)
        turn = self.games // COMINGS_AND_GOINGS
        self.removed = self.guilds[turn % (len(self.guilds) - 1) + 1]
        self.fake.remove_from_guild(self.removed)
        await self.settle()
        host = self.members[0]
        lobby = await self.lobby(host, "cribbage", 1)
        await self.fake.click(host, lobby, label="Start")
        await self.settle()
        running = [t for t in self.manager.running(self.guild()) if t.thread_id]
        if running:
            self.fake.state.delete_channel(running[-1].thread_id or 0)

    def prune(self) -> None:
        """Let the fake Discord forget what the bot can no longer touch (requests made,
        messages deleted, edits superseded, interactions past their token's 15 minutes and
        the private messages they made, the bytes of the files it uploaded: a chart a
        finished game), so the process's memory is the bot's."""
        state = self.fake.state
        state.requests.clear()
        state.request_origins.clear()
        old = [i for i in state.interactions.values()
               if i.opened_at < self.clock.now() - state.token_lifetime]
        for record in old:
            del state.interactions[record.id]
            state.interactions_by_token.pop(record.token, None)
            for message in [record.original, *record.followups]:
                if message is not None and message.ephemeral:
                    state.messages.pop(message.id, None)
        for message_id, message in list(state.messages.items()):
            if message.deleted:
                del state.messages[message_id]
            else:
                del message.history[:-1]
                for attachment in message.attachments:
                    attachment.data = b""

    async def play(self, games: int, every: int, report: Report) -> None:
        for self.games in range(1, games + 1):
            kind = self.games % 20
            if kind in (12, 13, 14, 15, 16, 17):
                await self.discord_game(kind)
            else:
                await self.quick_game()
            # Idle takeovers, refreshes, expiries and the day's backup happen as time passes.
            await self.advance(DAY / GAMES_A_DAY)
            if self.games % COMINGS_AND_GOINGS == 0:
                await self.comings_and_goings()
            if self.games % 20 == 0:
                self.prune()
            if self.games % every == 0 or self.games == 5:
                report.checkpoint(self)


def counted(kind: type) -> int:
    return sum(1 for o in gc.get_objects() if isinstance(o, kind))


def containers(root: object, name: str, seen: set[int], depth: int = 2
               ) -> Iterator[tuple[str, int]]:
    """Every dict, set, list or deque on `root`'s attributes (and their objects', `depth`
    deep) by where it is, with its length; objects in `seen` are not walked again."""

    def walk(obj: object, path: str, left: int) -> Iterator[tuple[str, int]]:
        if id(obj) in seen:
            return
        seen.add(id(obj))
        for attribute, value in list(getattr(obj, "__dict__", {}).items()):
            where = f"{path}.{attribute}"
            if isinstance(value, dict | set | list) or type(value).__name__ == "deque":
                yield where, len(value)
            elif left and type(value).__module__.split(".")[0] in ("tables", "cogs", "store"):
                yield from walk(value, where, left - 1)

    yield from walk(root, name, depth)


def function_caches() -> dict[str, int]:
    """The entries of every functools cache in the bot's own modules (a hand's score, a
    text's picture), by module and function."""
    sizes = {}
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ("engine", "render", "tables", "cogs", "store"):
            for attribute, value in list(vars(module).items()):
                info = getattr(value, "cache_info", None)
                if callable(info) and not isinstance(value, type) \
                        and getattr(value, "__module__", None) == name:
                    sizes[f"cache {name}.{attribute}"] = info().currsize
    return sizes


class Report:
    def __init__(self, trace: bool) -> None:
        self.trace = trace
        self.started = time.perf_counter()
        self.first: dict[str, int] = {}
        self.kinds: Counter[str] = Counter()
        self.rows: list[str] = []

    def heap(self) -> int:
        if not self.trace:
            return 0
        gc.collect()
        return tracemalloc.get_traced_memory()[0]

    def checkpoint(self, life: Life) -> None:
        gc.collect()
        rss = int(re.findall(r"VmRSS:\s+(\d+)", Path("/proc/self/status").read_text())[0])
        views = len(life.bot._connection._view_store._synced_message_views) + sum(
            len(v) for v in life.bot._connection._view_store._views.values())
        row = (f"{life.games:>6} {time.perf_counter() - self.started:>6.0f} s "
               f"{rss / 1024:>7.1f} {self.heap() / 2**20:>7.1f} "
               f"{len(asyncio.all_tasks()):>5} {views:>5} {counted(discord.ui.View):>5} "
               f"{counted(Table):>6} {counted(TableRunner):>7} "
               f"{len(os.listdir('/proc/self/fd')):>5}")
        print(row, flush=True)
        seen: set[int] = set()
        sizes = dict(containers(life.manager, "manager", seen))
        for cog_name, cog in life.bot.cogs.items():
            sizes.update(containers(cog, cog_name, seen))
        tasks = Counter(getattr(t.get_coro(), "__qualname__", "?") for t in asyncio.all_tasks())
        sizes.update({f"task {name}": n for name, n in tasks.items()})
        sizes.update(function_caches())
        # discord.py's own, up to its max_messages (1,000 unless the bot says otherwise).
        sizes["discord.py messages"] = len(life.bot.cached_messages)
        if not self.first:
            self.first = sizes
        grown = {k: v for k, v in sizes.items() if v > 4 and v > 2 * self.first.get(k, 0)}
        if grown:
            print("        growing: " + ", ".join(f"{k} {v}" for k, v in sorted(grown.items())),
                  flush=True)
        kinds = Counter(type(o).__qualname__ for o in gc.get_objects())
        if self.kinds:
            more = Counter({k: n - self.kinds.get(k, 0) for k, n in kinds.items()})
            print("        most new objects since the last checkpoint: " + ", ".join(
                f"{k} +{n}" for k, n in more.most_common(6) if n > 0), flush=True)
        self.kinds = kinds


HEADER = ("  games   real   RSS MiB heap MiB tasks views Views tables runners files\n"
          "  ----- ------ -------- -------- ----- ----- ----- ------ ------- -----")


async def life(games: int, guilds: int, members: int, every: int, trace: bool) -> None:
    drawn_by = cogs.images.draw
    cogs.images.draw = tiny_picture  # type: ignore[assignment]
    try:
        await lived(games, guilds, members, every, trace)
    finally:
        cogs.images.draw = drawn_by  # type: ignore[assignment]


async def lived(games: int, guilds: int, members: int, every: int, trace: bool) -> None:
    clock = FakeClock()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "cardbot.db"
        async with FakeDiscord(members=[f"m{n}" for n in range(members)],
                               clock=clock.now) as fake:
            bot = test_bot(str(database), clock=clock, ai_delay=0.0, forced_delay=0.0,
                           refresh_interval=1.0, hand_interval=1.0, notice_grace=30.0,
                           idle_warn=120.0, idle_takeover=300.0, backups=(24.0, 7))
            the_life = Life(fake, bot, clock, guilds, members)
            await fake.connect(bot)
            if trace:
                tracemalloc.start(1)
            report = Report(trace)
            print(f"{games} games in {guilds} servers, {members} members; a day passes every "
                  f"{GAMES_A_DAY} games\n'views': discord.py's view store; 'Views': View "
                  "objects alive; 'heap': the Python heap in use (--trace)\n" + HEADER)
            await the_life.play(games, every, report)
            # The last edits wait on the tables clock (the refresher's pause) as the bot stops.
            closing = asyncio.ensure_future(bot.close())
            while not closing.done():
                await clock.advance(1.0)
                await asyncio.wait([closing], timeout=0.05)
            await closing
        size = database.stat().st_size
        copy = Path(folder) / "measured.db"
        shutil.copy(database, copy)
        sizes = await table_sizes(copy)
        finished = await finished_games(copy)
        print(f"\nSQLite file {size / 2**20:.1f} MiB after {finished} finished games: "
              f"{size / max(1, finished) * 1000 / 2**20:.2f} MiB per 1,000 "
              f"(vacuumed {copy.stat().st_size / 2**20:.1f} MiB); "
              f"backups kept: {len(list((database.parent / 'backups').glob('*.db')))}")
        total = sum(sizes.values())
        for name, used in sorted(sizes.items(), key=lambda kv: -kv[1])[:10]:
            print(f"  {name:<22} {used / 2**20:>7.2f} MiB {used / total:>5.0%}  "
                  f"{used / max(1, finished):>7,.0f} bytes a game")


async def finished_games(path: Path) -> int:
    import aiosqlite

    async with aiosqlite.connect(path) as db:
        rows = await db.execute_fetchall("SELECT COUNT(*) FROM games WHERE status = 'finished'")
    return int(next(iter(rows))[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--guilds", type=int, default=20)
    parser.add_argument("--members", type=int, default=40)
    parser.add_argument("--every", type=int, default=100, help="games between checkpoints")
    parser.add_argument("--trace", action="store_true",
                        help="the bot's heap by tracemalloc (about twice as slow)")
    args = parser.parse_args(argv)
    asyncio.run(life(args.games, args.guilds, args.members, args.every, args.trace))
    return 0


if __name__ == "__main__":
    sys.exit(main())
