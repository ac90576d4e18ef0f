"""Results and ratings: what a finished game records, and the tables read back from it."""

from __future__ import annotations

from typing import Any

from store.base import GameLost, StoreBase, dumps
from store.database import Connection, Row
from store.records import Finish, RatingRow, ResultRow


async def record_finish(
    tx: Connection, owner: str, game_id: int, finish: Finish, now: str
) -> None:
    """Inside `tx`: the game's results, its players' ratings and its end, only while `owner`
    still serves the game (else GameLost)."""
    lock = " FOR UPDATE" if tx.kind == "postgresql" else ""
    row = await tx.fetchone(
        f"SELECT guild_id, game, owner FROM games WHERE id = ?{lock}", (game_id,)
    )
    if row is None:
        raise KeyError(f"no game {game_id}")
    if row["owner"] != owner:
        raise GameLost(f"game {game_id} is served by another process")
    guild_id, game = row["guild_id"], row["game"]
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
    rated = [r for r in finish.results if r.user_id is not None]
    if finish.rater is not None and rated:
        await _update_ratings(tx, guild_id, game, rated, finish)
    await tx.execute(
        "UPDATE games SET status = 'finished', outcome = ?, updated_at = ? WHERE id = ?",
        (dumps(finish.outcome), now, game_id),
    )


async def _update_ratings(
    tx: Connection,
    guild_id: int,
    game: str,
    rated: list[ResultRow],
    finish: Finish,
) -> None:
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
    for r in rated:
        mu, sigma = new[r.user_id]  # type: ignore[index]
        won = int(r.won)
        await tx.execute(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, points,"
            " skunks) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, games = ratings.games + 1,"
            " wins = ratings.wins + excluded.wins, points = ratings.points + excluded.points,"
            " skunks = ratings.skunks + excluded.skunks",
            (
                guild_id, game, r.user_id, mu, sigma, won, r.win_points * won,
                int(won and r.win_points > 1),
            ),
        )


class ResultStore(StoreBase):
    async def ratings(self, guild_id: int, game: str) -> list[RatingRow]:
        rows = await self._fetch(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        )
        return [_rating_row(r) for r in rows]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        """Best first by the conservative estimate mu - 3 sigma (openskill's ordinal)."""
        rows = await self._fetch(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY mu - 3 * sigma DESC, wins DESC, user_id LIMIT ?",
            (guild_id, game, limit),
        )
        return [_rating_row(r) for r in rows]

    async def user_ratings(self, guild_id: int, user_id: int) -> list[RatingRow]:
        rows = await self._fetch(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game",
            (guild_id, user_id),
        )
        return [_rating_row(r) for r in rows]

    async def user_results(
        self, guild_id: int, user_id: int, limit: int = 10
    ) -> list[dict[str, Any]]:
        rows = await self._fetch(
            "SELECT r.*, g.updated_at AS finished_at FROM results r JOIN games g"
            " ON g.id = r.game_id WHERE r.guild_id = ? AND r.user_id = ?"
            " ORDER BY r.game_id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        return [dict(row) for row in rows]

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


def _rating_row(r: Row) -> RatingRow:
    return RatingRow(
        guild_id=r["guild_id"], game=r["game"], user_id=r["user_id"], mu=r["mu"],
        sigma=r["sigma"], games=r["games"], wins=r["wins"], points=r["points"],
        skunks=r["skunks"],
    )
