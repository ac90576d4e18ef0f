"""Winning streaks, on both backends: runs of wins in finishing order, the longest and the one
still running; equal runs, shared wins, computer seats and games played with hints; the kept
table against a recount from the results, and migration 0013's fill against both."""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from store import Finish, ResultRow, Store, StreakRecord
from store.base import iso_to_ms
from store.migrate import MIGRATIONS_DIR, POSTGRES_MIGRATIONS_DIR

GUILD = 1
START = 1_800_000_000_000  # ms: games here finish a minute apart from this time on
ANN, BOB, CY = 101, 102, 103


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    opened = await Store.open(database_url)
    yield opened
    await opened.close()


def _stamp(at: int) -> str:
    return datetime.fromtimestamp(at / 1000, UTC).isoformat(timespec="milliseconds")


async def play(store: Store, seats: Sequence[tuple[int | None, bool]], *, minute: int,
               game: str = "cribbage", guild_id: int = GUILD, assisted: bool = False) -> int:
    """A finished game: (user or None for a computer, won) per seat, finishing at START plus
    `minute` minutes."""
    game_id = await open_game(store, game=game, guild_id=guild_id)
    await finish(store, game_id, seats, minute=minute, assisted=assisted)
    return game_id


async def open_game(store: Store, *, game: str = "cribbage", guild_id: int = GUILD) -> int:
    return await store.create_game(guild_id=guild_id, channel_id=2, game=game, options={},
                                   seed=1, seats=[], host_id=1)


async def finish(store: Store, game_id: int, seats: Sequence[tuple[int | None, bool]], *,
                 minute: int, assisted: bool = False) -> None:
    rows = [ResultRow(seat=seat, user_id=user, side=seat, rank=0 if won else 1, won=won,
                      win_points=1, score=None, assisted=assisted)
            for seat, (user, won) in enumerate(seats)]
    # Finished on the tables' clock, which is not the store's own (real) time: a streak's
    # end is the game's finish, whatever the store stamps as its last change.
    await store.finish_game(game_id, Finish(outcome={}, results=rows, finished_at=at(minute)))


def at(minute: int) -> int:
    return START + minute * 60_000


async def duel_series(store: Store, ann_wins: str, **options: object) -> None:
    """Ann against Bob, one game a minute: 'W' Ann won, 'L' Bob won."""
    for minute, mark in enumerate(ann_wins):
        await play(store, [(ANN, mark == "W"), (BOB, mark == "L")], minute=minute,
                   **options)  # type: ignore[arg-type]


def reference(marks: str) -> tuple[int, int, int | None]:
    """(best, index of the game that ended the first longest run, current) of a W/L string."""
    best, best_end, run = 0, None, 0
    for index, mark in enumerate(marks):
        run = run + 1 if mark == "W" else 0
        if run > best:
            best, best_end = run, index
    return best, best_end if best_end is not None else -1, run


def test_stored_times_read_back_as_milliseconds() -> None:
    assert iso_to_ms("2027-01-15T08:00:00.250+00:00") == 1_800_000_000_250
    assert iso_to_ms(_stamp(START + 7)) == START + 7


async def test_the_best_run_and_the_current_run_are_told_apart(store: Store) -> None:
    await duel_series(store, "WWWLWW")
    assert await store.streaks(GUILD, user_id=ANN) == [
        StreakRecord(ANN, "cribbage", best=3, best_ended_at=at(2), current=2)]
    # Bob won once, in the fourth game, and has lost since: no current run.
    assert await store.streaks(GUILD, user_id=BOB) == [
        StreakRecord(BOB, "cribbage", best=1, best_ended_at=at(3), current=0)]


async def test_of_two_equal_runs_the_first_is_the_record(store: Store) -> None:
    await duel_series(store, "WWLWW")
    [ann] = await store.streaks(GUILD, user_id=ANN)
    assert (ann.best, ann.best_ended_at, ann.current) == (2, at(1), 2)


async def test_equal_players_are_ordered_by_who_got_there_first(store: Store) -> None:
    await play(store, [(BOB, True), (CY, False)], minute=0)
    await play(store, [(ANN, True), (CY, False)], minute=1)
    await play(store, [(CY, True), (ANN, False)], minute=2)
    rows = await store.streaks(GUILD, game="cribbage")
    assert [(r.user_id, r.best, r.best_ended_at) for r in rows] == [
        (BOB, 1, at(0)), (ANN, 1, at(1)), (CY, 1, at(2))]


async def test_the_server_record_is_the_longest_streak_first_reached(store: Store) -> None:
    await play(store, [(BOB, True), (CY, False)], minute=0)
    await play(store, [(BOB, True), (CY, False)], minute=1)
    await duel_series(store, "WW", guild_id=GUILD + 1)
    await play(store, [(ANN, True), (CY, False)], minute=2)
    await play(store, [(ANN, True), (CY, False)], minute=3)
    assert await store.longest_streak(GUILD, "cribbage") == StreakRecord(
        BOB, "cribbage", best=2, best_ended_at=at(1), current=2)
    assert await store.longest_streak(GUILD, "pip-pip") is None


async def test_a_shared_win_counts_for_everyone_who_shared_it(store: Store) -> None:
    await play(store, [(ANN, True), (BOB, False)], minute=0)
    await play(store, [(ANN, True), (BOB, True), (CY, False)], minute=1)
    rows = {r.user_id: r for r in await store.streaks(GUILD)}
    assert (rows[ANN].best, rows[ANN].current) == (2, 2)
    assert (rows[BOB].best, rows[BOB].current) == (1, 1)
    assert CY not in rows  # never won: no streak to show


async def test_computer_seats_have_no_streak_and_games_against_them_count(store: Store) -> None:
    await play(store, [(ANN, True), (None, False)], minute=0)
    await play(store, [(None, True), (ANN, False)], minute=1)
    await play(store, [(None, True), (None, False), (ANN, False)], minute=2)
    await play(store, [(ANN, True), (None, False)], minute=3)
    rows = await store.streaks(GUILD)
    assert rows == [StreakRecord(ANN, "cribbage", best=1, best_ended_at=at(0), current=1)]


async def test_a_game_played_with_hints_neither_extends_nor_breaks_a_run(store: Store) -> None:
    await duel_series(store, "WW")
    await play(store, [(ANN, False), (BOB, True)], minute=5, assisted=True)
    await play(store, [(ANN, True), (BOB, False)], minute=6, assisted=True)
    await play(store, [(ANN, True), (BOB, False)], minute=7)
    [ann] = await store.streaks(GUILD, user_id=ANN)
    assert (ann.best, ann.best_ended_at, ann.current) == (3, at(7), 3)
    assert await store.streaks(GUILD, user_id=BOB) == []


async def test_games_count_in_the_order_they_finished_not_the_order_they_began(
        store: Store) -> None:
    # Opened first, finished last: the loss ends the run of three.
    first = await open_game(store)
    for minute in range(3):
        await play(store, [(ANN, True), (BOB, False)], minute=minute)
    await finish(store, first, [(ANN, False), (BOB, True)], minute=9)
    [ann] = await store.streaks(GUILD, user_id=ANN)
    assert (ann.best, ann.best_ended_at, ann.current) == (3, at(2), 0)


async def test_games_servers_and_members_are_kept_apart(store: Store) -> None:
    await duel_series(store, "WWW")
    await duel_series(store, "LW", game="pip-pip")
    await duel_series(store, "WWWWW", guild_id=GUILD + 1)
    rows = await store.streaks(GUILD, user_id=ANN)
    assert [(r.game, r.best, r.current) for r in rows] == [("cribbage", 3, 3), ("pip-pip", 1, 1)]
    only = await store.streaks(GUILD, game="pip-pip", user_id=ANN)
    assert [(r.game, r.best) for r in only] == [("pip-pip", 1)]
    assert [(r.user_id, r.best) for r in await store.streaks(GUILD, game="pip-pip")] == [
        (BOB, 1), (ANN, 1)]
    assert await store.streaks(GUILD + 2) == []


async def test_random_series_agree_with_counting_by_hand(store: Store) -> None:
    rng = random.Random(43)
    for guild_id in range(10, 40):
        marks = "".join(rng.choice("WWL") for _ in range(rng.randint(1, 14)))
        await duel_series(store, marks, guild_id=guild_id)
        best, best_end, current = reference(marks)
        rows = await store.streaks(guild_id, user_id=ANN)
        if best == 0:
            assert rows == [], marks
            continue
        assert rows == [StreakRecord(ANN, "cribbage", best, at(best_end), current)], marks


def recount(rows: Sequence[dict[str, object]]) -> list[StreakRecord]:
    """Streaks counted by hand from (user_id, game, won, assisted, finished_at, game_id) rows,
    ordered as the store lists them."""
    ordered = sorted(rows, key=lambda r: (int(r["finished_at"]), int(r["game_id"])))  # type: ignore[call-overload]
    runs: dict[tuple[int, str], list[int]] = {}  # (user, game) -> [current, best, ended_at]
    for row in ordered:
        if row["user_id"] is None or row["assisted"]:
            continue
        run = runs.setdefault((int(row["user_id"]), str(row["game"])), [0, 0, 0])  # type: ignore[call-overload]
        run[0] = run[0] + 1 if row["won"] else 0
        if run[0] > run[1]:
            run[1], run[2] = run[0], int(row["finished_at"])  # type: ignore[call-overload]
    found = [StreakRecord(user, game, best, ended, current)
             for (user, game), (current, best, ended) in runs.items() if best > 0]
    return sorted(found, key=lambda s: (-s.best, s.best_ended_at, s.user_id, s.game))


PLAYERS = st.lists(st.sampled_from([ANN, BOB, CY, None]), min_size=2, max_size=3)
FINISHES = st.lists(
    st.tuples(
        st.sampled_from(["cribbage", "pip-pip"]),
        PLAYERS,
        st.lists(st.booleans(), min_size=3, max_size=3),  # who won, seat by seat
        st.booleans(),  # played with hints
        st.integers(min_value=0, max_value=1),  # minutes after the game before: ties too
    ),
    max_size=25,
)
GUILDS = itertools.count(1000)


async def _fill_from_results(store: Store) -> None:
    """Migration 0013's fill, run again over the results as they stand, on games stamped as
    the store stamped them before migration 0017: their last change at their finish."""
    folder = POSTGRES_MIGRATIONS_DIR if store.db.kind == "postgresql" else MIGRATIONS_DIR
    sql = (folder / "0013_streaks.sql").read_text("utf-8")
    for row in await store.db.fetch("SELECT id, finished_at FROM games"):
        await store.db.execute("UPDATE games SET updated_at = ? WHERE id = ?",
                               (_stamp(row["finished_at"]), row["id"]))
    await store.db.execute("DELETE FROM streaks")
    await store.db.execute(sql[sql.index("INSERT INTO streaks"):].rstrip().rstrip(";"))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(FINISHES)
def test_the_kept_streaks_equal_a_recount_from_the_results(
        database_url: str, finishes: list[tuple[str, list[int | None], list[bool], bool, int]],
) -> None:
    """After any finishes (shared wins, computer seats, hints, games finishing in the same
    millisecond), the streaks kept as games finished are the ones the results hold, and
    migration 0013 fills the table with them too."""
    guild_id = next(GUILDS)

    async def check() -> None:
        store = await Store.open(database_url)
        try:
            minute = 0
            for game, players, wins, assisted, gap in finishes:
                minute += gap
                seats = [(user, won) for user, won in zip(players, wins, strict=False)
                         if user is None or players.count(user) == 1]
                await play(store, seats, minute=minute, game=game, guild_id=guild_id,
                           assisted=assisted)
            rows = await store.db.fetch(
                "SELECT r.user_id, r.game, r.won, r.assisted, g.finished_at,"
                " r.game_id FROM results r JOIN games g ON g.id = r.game_id"
                " WHERE r.guild_id = ?", (guild_id,))
            expected = recount([dict(row) for row in rows])
            assert await store.streaks(guild_id) == expected
            await _fill_from_results(store)
            assert await store.streaks(guild_id) == expected
        finally:
            await store.close()

    asyncio.run(check())
