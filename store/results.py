"""Results and ratings: what a finished game records, and the tables read back from it."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from store.base import GameLost, StoreBase, dumps
from store.database import Connection
from store.profiles import keep_streaks
from store.records import (
    ALL_TIME,
    Finish,
    RatingChange,
    RatingPoint,
    RatingRow,
    ResultRow,
    rating_row,
)
from store.seasons import season_for_finish


async def record_finish(
    tx: Connection, owner: str, game_id: int, finish: Finish, now: str
) -> list[RatingChange]:
    """Inside `tx`: the game's results, its players' streaks and ratings (all-time, their
    history, the season's and what the game changed) and its end, only while `owner` still
    serves the game (else GameLost). All of them are dated by `finish.finished_at`; `now`
    (the store's own time) only stamps the row's last change. Returns the rating changes
    recorded (none for a game that rates no one)."""
    lock = " FOR UPDATE" if tx.kind == "postgresql" else ""
    row = await tx.fetchone(
        f"SELECT guild_id, game, owner FROM games WHERE id = ?{lock}", (game_id,)
    )
    if row is None:
        raise KeyError(f"no game {game_id}")
    if row["owner"] != owner:
        raise GameLost(f"game {game_id} is served by another process")
    guild_id, game = row["guild_id"], row["game"]
    at = finish.finished_at
    await tx.executemany(
        "INSERT INTO results (game_id, guild_id, game, user_id, seat, side, rank, won,"
        " win_points, score, assisted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id, guild_id, game, r.user_id, r.seat, r.side, r.rank, int(r.won),
                r.win_points if r.won else 0, r.score, int(r.assisted),
            )
            for r in finish.results
        ],
    )
    await keep_streaks(tx, guild_id, game, finish.results, at)
    rated = [r for r in finish.results if r.user_id is not None]
    changes: list[RatingChange] = []
    if finish.rater is not None and rated:
        changes = await _update_ratings(tx, guild_id, game, game_id, rated, finish, at)
        await tx.executemany(
            "INSERT INTO rating_changes (game_id, user_id, season, before_mu, before_sigma,"
            " mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, c.user_id, c.season, *(c.before or (None, None)), *c.after)
             for c in changes],
        )
    await tx.execute(
        "UPDATE games SET status = 'finished', outcome = ?, updated_at = ?, finished_at = ?"
        " WHERE id = ?",
        (dumps(finish.outcome), now, at, game_id),
    )
    return changes


async def _update_ratings(
    tx: Connection,
    guild_id: int,
    game: str,
    game_id: int,
    rated: list[ResultRow],
    finish: Finish,
    at: int,
) -> list[RatingChange]:
    assert finish.rater is not None
    user_ids = [r.user_id for r in rated if r.user_id is not None]
    if tx.kind == "postgresql":
        # Two games of one server and game finishing at once: the second waits for the
        # first's ratings, as SQLite's single writer does.
        await tx.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))",
            (f"ratings:{guild_id}:{game}",),
        )
    marks = ",".join("?" * len(user_ids))
    current: dict[int, tuple[float, float] | None] = dict.fromkeys(user_ids)
    for row in await tx.fetch(
        f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?"
        f" AND user_id IN ({marks})",
        (guild_id, game, *user_ids),
    ):
        current[row["user_id"]] = (row["mu"], row["sigma"])
    new = finish.rater(current)
    await _write_ratings(tx, "ratings", {"guild_id": guild_id, "game": game}, rated, new)
    await tx.executemany(
        "INSERT INTO rating_history (game_id, user_id, guild_id, game, at, mu, sigma)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(game_id, uid, guild_id, game, at, *new[uid]) for uid in user_ids],
    )
    changes = [RatingChange(uid, ALL_TIME, current[uid], new[uid]) for uid in user_ids]
    season = await season_for_finish(tx, guild_id, at)
    if season is None:
        return changes
    in_season: dict[int, tuple[float, float] | None] = {
        uid: finish.season_start(current[uid]) for uid in user_ids
    }
    for row in await tx.fetch(
        f"SELECT user_id, mu, sigma FROM season_ratings WHERE guild_id = ? AND season = ?"
        f" AND game = ? AND user_id IN ({marks})",
        (guild_id, season, game, *user_ids),
    ):
        in_season[row["user_id"]] = (row["mu"], row["sigma"])
    new_in_season = finish.rater(in_season)
    await _write_ratings(
        tx, "season_ratings", {"guild_id": guild_id, "season": season, "game": game}, rated,
        new_in_season,
    )
    return changes + [
        RatingChange(uid, season, in_season[uid], new_in_season[uid]) for uid in user_ids
    ]


async def _write_ratings(
    tx: Connection,
    table: str,
    key: dict[str, Any],
    rated: list[ResultRow],
    new: dict[int, tuple[float, float]],
) -> None:
    """Each rated player's new rating into `table` (ratings, or season_ratings) under `key`
    (the columns before user_id in its primary key), counting the game, win and points."""
    columns = ", ".join(key)
    marks = ", ".join("?" * len(key))
    await tx.executemany(
        f"INSERT INTO {table} ({columns}, user_id, mu, sigma, games, wins, points, skunks)"
        f" VALUES ({marks}, ?, ?, ?, 1, ?, ?, ?)"
        f" ON CONFLICT ({columns}, user_id) DO UPDATE SET mu = excluded.mu,"
        f" sigma = excluded.sigma, games = {table}.games + 1,"
        f" wins = {table}.wins + excluded.wins, points = {table}.points + excluded.points,"
        f" skunks = {table}.skunks + excluded.skunks",
        [
            (
                *key.values(), r.user_id, *new[r.user_id], int(r.won),
                r.win_points * int(r.won), int(r.won and r.win_points > 1),
            )
            for r in rated
            if r.user_id is not None
        ],
    )


class ResultStore(StoreBase):
    async def ratings(self, guild_id: int, game: str) -> list[RatingRow]:
        rows = await self._fetch(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        )
        return [rating_row(r) for r in rows]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        """Best first by the conservative estimate mu - 3 sigma (openskill's ordinal)."""
        rows = await self._fetch(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY mu - 3 * sigma DESC, wins DESC, user_id LIMIT ?",
            (guild_id, game, limit),
        )
        return [rating_row(r) for r in rows]

    async def user_ratings(self, guild_id: int, user_id: int) -> list[RatingRow]:
        rows = await self._fetch(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game",
            (guild_id, user_id),
        )
        return [rating_row(r) for r in rows]

    async def user_results(
        self, guild_id: int, user_id: int, limit: int = 10
    ) -> list[dict[str, Any]]:
        """A member's latest results here, the last finished first, each with its game's
        `finished_at` (ms since 1970 UTC, on the tables' clock)."""
        rows = await self._fetch(
            "SELECT r.*, g.finished_at FROM results r JOIN games g"
            " ON g.id = r.game_id WHERE r.guild_id = ? AND r.user_id = ?"
            " ORDER BY g.finished_at DESC, r.game_id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        return [dict(row) for row in rows]

    async def last_names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """The name each of these members sat under at their last finished game here, as its
        seat kept it, for lists read back from results: a mention of a member who has since
        left the server shows no name. A member with no result here has none."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        # Each member's last game found once (results_by_user), then its seat by the
        # primary key: a subquery per result row would read every result of theirs per row.
        rows = await self._fetch(
            "SELECT r.user_id, r.seat, g.seats FROM ("
            "  SELECT user_id, MAX(game_id) AS game_id FROM results"
            f"  WHERE guild_id = ? AND user_id IN ({marks}) GROUP BY user_id) last"
            " JOIN results r ON r.game_id = last.game_id AND r.user_id = last.user_id"
            " JOIN games g ON g.id = r.game_id",
            (guild_id, *wanted),
        )
        names = {}
        for row in rows:
            seats = json.loads(row["seats"])
            if row["seat"] < len(seats) and seats[row["seat"]].get("name"):
                names[row["user_id"]] = str(seats[row["seat"]]["name"])
        return names

    async def assisted_games(self, guild_id: int, user_id: int) -> int:
        """How many games this player finished here with hints on (never rated)."""
        rows = await self._fetch(
            "SELECT COUNT(*) AS n FROM results"
            " WHERE guild_id = ? AND user_id = ? AND assisted <> 0",
            (guild_id, user_id),
        )
        return int(rows[0]["n"])

    async def results(self, game_id: int) -> list[dict[str, Any]]:
        rows = await self._fetch(
            "SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [dict(row) for row in rows]

    async def rating_history(self, guild_id: int, user_id: int) -> list[RatingPoint]:
        """A player's all-time rating of every game here after each rated result, oldest
        first (history begins with the rating each had when history was first kept)."""
        rows = await self._fetch(
            "SELECT game, at, mu, sigma FROM rating_history WHERE guild_id = ? AND user_id = ?"
            " ORDER BY at, game_id",
            (guild_id, user_id),
        )
        return [RatingPoint(r["game"], r["at"], r["mu"], r["sigma"]) for r in rows]

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """What a finished game did to its players' ratings, as its finish recorded it
        (nothing for a game that rated no one), all-time ones first."""
        rows = await self._fetch(
            "SELECT * FROM rating_changes WHERE game_id = ? ORDER BY season, user_id",
            (game_id,),
        )
        return [
            RatingChange(
                r["user_id"], r["season"],
                None if r["before_mu"] is None else (r["before_mu"], r["before_sigma"]),
                (r["mu"], r["sigma"]),
            )
            for r in rows
        ]
