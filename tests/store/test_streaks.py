"""Winning streaks, on both backends: runs of wins in finishing order, the longest and the one
still running; equal runs, shared wins, computer seats and games played with hints."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime

import pytest

from store import Finish, ResultRow, Store, StreakRecord
from store.profiles import iso_to_ms

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
    game_id = await store.create_game(guild_id=guild_id, channel_id=2, game=game, options={},
                                      seed=1, seats=[], host_id=1)
    rows = [ResultRow(seat=seat, user_id=user, side=seat, rank=0 if won else 1, won=won,
                      win_points=1, score=None, assisted=assisted)
            for seat, (user, won) in enumerate(seats)]
    await store.finish_game(game_id, Finish(outcome={}, results=rows))
    await store.db.execute("UPDATE games SET updated_at = ? WHERE id = ?",
                           (_stamp(at(minute)), game_id))
    return game_id


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
    await play(store, [(ANN, False), (BOB, True)], minute=9)
    for minute in range(3):
        await play(store, [(ANN, True), (BOB, False)], minute=minute)
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
