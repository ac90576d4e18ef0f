"""Reading with history (issue 43): a server with 100,000 finished games and 2,000 players,
and how fast the bot answers what players ask of it, on SQLite and PostgreSQL.

    .venv/bin/python -m benchmarks.profiles                  # SQLite, and PostgreSQL if set
    .venv/bin/python -m benchmarks.profiles --postgres postgresql://user@host/db
    .venv/bin/python -m benchmarks.profiles --games 20000    # a quicker look

Without --postgres it uses TEST_DATABASE_URL, and without either it says so and runs SQLite
only. Each PostgreSQL run works in a schema of its own, dropped afterwards.

The database is filled with bulk inserts, not by playing: every finished game (of every game in
the registry, two players each, spread over twelve calendar months so twelve seasons), its
results and moments (each seat's, of every kind the game keeps), its players' all-time rating
history, their ratings all time and per season, their streaks as the games left them, and a
dozen achievements per player. All of it is one server, the worst case for a leaderboard and
for /records. PostgreSQL is analysed after filling (its
autovacuum would be); SQLite is left as the bot leaves it.

Each query in QUERIES is timed `--runs` times with a random player and game; p50 and p95 are
printed against the target (<= 150 ms p95). A query is a coroutine over the store and a
`Pick`; add one with `@measured("name")`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.databases import PostgresSchema, postgres_server
from benchmarks.stats import percentile
from engine.registry import ACHIEVEMENTS, GAMES
from render.profile import profile_picture
from store import Store
from store.seasons import month_start, next_month_start
from tables.clock import FAKE_EPOCH, FakeClock
from tables.milestones import award_milestones, backfill_milestones
from tables.profiles import build_profile, picture_data, season_places
from tables.ratings import season_start
from tables.records import server_records
from tables.seasons import Seasons
from tables.stats import member_stats

GUILD = 4194304
FIRST_USER = 10_000
YEAR_START = int(datetime(2026, 1, 1, tzinfo=UTC).timestamp()) * 1000
YEAR_END = int(datetime(2027, 1, 1, tzinfo=UTC).timestamp()) * 1000
#: "Now" for the queries: in the last month filled, whose season is the one running.
NOW = YEAR_END - 5 * 86_400_000
TARGET_MS = 150.0
BATCH = 10_000


@dataclass(frozen=True)
class Pick:
    """What one timed request asks about."""

    guild_id: int
    user_id: int
    game: str
    #: A season that ended, for its final standings.
    past_season: int


Query = Callable[[Store, Pick], Awaitable[object]]
QUERIES: dict[str, Query] = {}


def measured(name: str) -> Callable[[Query], Query]:
    """Register a query under `name` to be timed."""

    def register(query: Query) -> Query:
        QUERIES[name] = query
        return query

    return register


def _seasons(store: Store) -> Seasons:
    return Seasons(store, FakeClock(start=NOW / 1000 - FAKE_EPOCH))


@measured("/leaderboard, the season running (tables; the asker placed below the top ten)")
async def season_board(store: Store, pick: Pick) -> object:
    return await _seasons(store).leaderboard(pick.guild_id, pick.game, asker=pick.user_id)


@measured("/leaderboard season:<past> (tables)")
async def past_season_board(store: Store, pick: Pick) -> object:
    return await _seasons(store).leaderboard(pick.guild_id, pick.game, str(pick.past_season))


@measured("/leaderboard season:all-time (tables)")
async def all_time_board(store: Store, pick: Pick) -> object:
    return await _seasons(store).leaderboard(pick.guild_id, pick.game, "all-time")


@measured("a season's champions, every game (/season end, /season info)")
async def champions(store: Store, pick: Pick) -> object:
    return await _seasons(store).champions(pick.guild_id, pick.past_season)


@measured("Store.rating_history (the profile's chart)")
async def rating_history(store: Store, pick: Pick) -> object:
    return await store.rating_history(pick.guild_id, pick.user_id)


@measured("/profile (tables.build_profile and the card drawn, as the command does)")
async def profile(store: Store, pick: Pick) -> object:
    built = await build_profile(store, pick.guild_id, pick.user_id, name="Member", at=NOW)
    return profile_picture(picture_data(built))


@measured("the profile's places in the season running (tables.profiles.season_places)")
async def profile_season_places(store: Store, pick: Pick) -> object:
    return await season_places(store, pick.guild_id, pick.user_id, NOW)


@measured("/stats (tables.stats.member_stats)")
async def stats(store: Store, pick: Pick) -> object:
    return await member_stats(store, pick.guild_id, pick.user_id)


@measured("/records game:<g> (tables.records.server_records)")
async def records(store: Store, pick: Pick) -> object:
    return await server_records(store, pick.guild_id, GAMES[pick.game])


@measured("Store.streaks of every player of a game")
async def game_streaks(store: Store, pick: Pick) -> object:
    return await store.streaks(pick.guild_id, game=pick.game)


@measured("a member's milestones as a game ends (tables.milestones.award_milestones)")
async def milestones(store: Store, pick: Pick) -> object:
    return await award_milestones(store, pick.guild_id, pick.user_id, GAMES)


@measured("the seasons to post at a month's turn (Store.seasons_to_announce)")
async def seasons_to_post(store: Store, pick: Pick) -> object:
    return await store.seasons_to_announce(NOW)


# ---------------------------------------------------------------- filling


@dataclass
class Standing:
    mu: float = 25.0
    sigma: float = 25 / 3
    games: int = 0
    wins: int = 0
    points: int = 0
    skunks: int = 0

    def play(self, won: bool, points: int, step: float) -> None:
        self.mu += step if won else -step
        self.sigma = max(0.9, self.sigma * 0.97)
        self.games += 1
        self.wins += won
        self.points += points if won else 0
        self.skunks += won and points > 1

    def row(self) -> tuple[float, float, int, int, int, int]:
        return self.mu, self.sigma, self.games, self.wins, self.points, self.skunks


@dataclass
class Streak:
    current: int = 0
    best: int = 0
    best_ended_at: int | None = None

    def play(self, won: bool, at: int) -> None:
        self.current = self.current + 1 if won else 0
        if self.current > self.best:
            self.best, self.best_ended_at = self.current, at


async def fill(store: Store, games: int, players: int, seed: int = 43) -> int:
    """Write `games` finished games of `players` players straight into the store's tables
    (bulk inserts); returns the number of seasons they span."""
    rng = random.Random(seed)
    names = list(GAMES)
    all_time: dict[tuple[str, int], Standing] = {}
    in_season: dict[tuple[int, str, int], Standing] = {}
    streaks: dict[tuple[str, int], Streak] = {}
    months = sorted({month_start(YEAR_START + i * (YEAR_END - YEAR_START) // games)
                     for i in range(games)})
    season_of = {start: number for number, start in enumerate(months, start=1)}
    game_rows, result_rows, history_rows, moment_rows = [], [], [], []
    for game_id in range(1, games + 1):
        game = rng.choice(names)
        first, second = rng.sample(range(FIRST_USER, FIRST_USER + players), 2)
        at = YEAR_START + (game_id - 1) * (YEAR_END - YEAR_START) // games
        when = datetime.fromtimestamp(at / 1000, UTC).isoformat(timespec="milliseconds")
        points = rng.choice((1, 1, 1, 2))
        game_rows.append((
            game_id, GUILD, 5, game, "{}", "{}", game_id, json.dumps(
                [{"user_id": first}, {"user_id": second}]), first, "finished",
            json.dumps({"winners": [0], "win_points": points}), when, when, "bench", at,
        ))
        season = season_of[month_start(at)]
        for seat, user in enumerate((first, second)):
            won = seat == 0
            result_rows.append((game_id, GUILD, game, user, seat, seat, seat, int(won),
                                points if won else 0, 121 if won else rng.randint(60, 120)))
            step = rng.uniform(0.1, 1.2)
            mine = all_time.setdefault((game, user), Standing())
            key = (season, game, user)
            if key not in in_season:  # the season starts from the widened all-time rating
                mu, sigma = season_start((mine.mu, mine.sigma)) or (mine.mu, mine.sigma)
                in_season[key] = Standing(mu, sigma)
            mine.play(won, points, step)
            in_season[key].play(won, points, step)
            history_rows.append((game_id, user, GUILD, game, at, mine.mu, mine.sigma))
            streaks.setdefault((game, user), Streak()).play(won, at)
            moment_rows.extend((game_id, seat, kind.kind, GUILD, game, user,
                                rng.randint(1, 29), at) for kind in GAMES[game].moments)
    await _insert(store, "games", "id, guild_id, channel_id, game, options, settings, seed,"
                  " seats, host_id, status, outcome, created_at, updated_at, owner,"
                  " finished_at", game_rows)
    await _insert(store, "results", "game_id, guild_id, game, user_id, seat, side, rank, won,"
                  " win_points, score", result_rows)
    await _insert(store, "rating_history", "game_id, user_id, guild_id, game, at, mu, sigma",
                  history_rows)
    await _insert(store, "ratings", "guild_id, game, user_id, mu, sigma, games, wins, points,"
                  " skunks", [(GUILD, g, u, *s.row()) for (g, u), s in all_time.items()])
    await _insert(store, "season_ratings", "guild_id, season, game, user_id, mu, sigma, games,"
                  " wins, points, skunks",
                  [(GUILD, n, g, u, *s.row()) for (n, g, u), s in in_season.items()])
    await _insert(store, "seasons", "guild_id, number, started_at, ends_at, by_hand",
                  [(GUILD, n, start, next_month_start(start), 0)
                   for start, n in season_of.items()])
    await _insert(store, "moments", "game_id, seat, kind, guild_id, game, user_id, value, at",
                  moment_rows)
    await _insert(store, "streaks", "guild_id, game, user_id, current, best, best_ended_at",
                  [(GUILD, g, u, s.current, s.best, s.best_ended_at)
                   for (g, u), s in streaks.items()])
    keyed = [a for a in ACHIEVEMENTS.values() if a.game is not None]
    await _insert(store, "achievements", "guild_id, user_id, game, achievement, game_id,"
                  " earned_at",
                  [(GUILD, user, a.game, a.key, None, rng.randrange(YEAR_START, YEAR_END))
                   for user in range(FIRST_USER, FIRST_USER + players)
                   for a in rng.sample(keyed, min(12, len(keyed)))])
    if store.kind == "postgresql":
        await store.db.execute("ANALYZE")
    return len(months)


async def _insert(store: Store, table: str, columns: str, rows: list[tuple]) -> None:
    marks = ", ".join("?" * len(columns.split(",")))
    for first in range(0, len(rows), BATCH):
        async with store.db.transaction() as tx:
            await tx.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})",
                                 rows[first:first + BATCH])


# ---------------------------------------------------------------- timing


async def time_queries(store: Store, runs: int, players: int, seasons: int,
                       seed: int = 7) -> dict[str, list[float]]:
    rng = random.Random(seed)
    picks = [
        Pick(GUILD, rng.randrange(FIRST_USER, FIRST_USER + players), rng.choice(list(GAMES)),
             rng.randint(1, max(1, seasons - 1)))
        for _ in range(runs)
    ]
    timings: dict[str, list[float]] = {}
    for name, query in QUERIES.items():
        await query(store, picks[0])  # warm the connection and the caches once
        millis = timings.setdefault(name, [])
        for pick in picks:
            began = time.perf_counter()
            await query(store, pick)
            millis.append((time.perf_counter() - began) * 1000)
    return timings


async def bench(url: str, label: str, args: argparse.Namespace) -> list[tuple[str, str]]:
    store = await Store.open(url)
    try:
        began = time.perf_counter()
        seasons = await fill(store, args.games, args.players)
        filled = time.perf_counter() - began
        print(f"{label}: filled {args.games} games, {args.players} players, {seasons} seasons"
              f" in {filled:.1f} s", flush=True)
        began = time.perf_counter()
        awarded = await backfill_milestones(store, GAMES)
        print(f"{label}: the backfill's milestone pass awarded {awarded} milestones to"
              f" {args.players} players in {time.perf_counter() - began:.1f} s", flush=True)
        began = time.perf_counter()
        awarded = await backfill_milestones(store, GAMES)
        print(f"{label}: the pass again at the next start, nothing new: {awarded} milestones"
              f" in {time.perf_counter() - began:.2f} s", flush=True)
        await store.set_season_channel(GUILD, 5, YEAR_START)
        timings = await time_queries(store, args.runs, args.players, seasons)
    finally:
        await store.close()
    return [
        (f"{name} ({label})",
         f"p50 {percentile(millis, 0.5):6.1f} ms   p95 {percentile(millis, 0.95):6.1f} ms")
        for name, millis in timings.items()
    ]


async def main(args: argparse.Namespace) -> None:
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        rows += await bench(str(Path(folder) / "profiles.sqlite3"), "SQLite", args)
    server = postgres_server(args.postgres)
    if server:
        async with PostgresSchema(server) as url:
            rows += await bench(url, "PostgreSQL", args)
    else:
        rows.append(("PostgreSQL", "skipped: pass --postgres or set TEST_DATABASE_URL"))
    width = max(len(measure) for measure, _ in rows)
    print(f"\n{'query'.ljust(width)} | {args.runs} runs each | target p95 <= {TARGET_MS:.0f} ms")
    for measure, figures in rows:
        print(f"{measure.ljust(width)} | {figures}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m benchmarks.profiles")
    parser.add_argument("--postgres", default="", help="postgresql:// URL of a server to use")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--runs", type=int, default=200, help="timed runs per query")
    asyncio.run(main(parser.parse_args()))
