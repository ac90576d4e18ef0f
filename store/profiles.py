"""What a player's profile reads beyond ratings and results: winning streaks and skunks.

A streak is a run of wins in a row at one game in one server, over the games a member played
there in the order they finished (ties in time broken by game number). Only rated games count,
as on the leaderboard: computer seats have no streak, and a game played with hints on neither
extends nor breaks one. A shared win (everyone who won a game has `won` set) counts as a win.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from store.base import StoreBase
from store.records import StreakRecord

# Gaps and islands: walk each member's games at a game in finishing order, counting the losses
# so far; every win after the k-th loss (and before the next) carries the count k, so the
# count names the run a win belongs to. One window pass over the rows read, one grouping, and
# one window over the runs: the same SQL on SQLite and PostgreSQL.
_STREAKS = """
WITH played AS (
    SELECT r.user_id, r.game, r.won, g.updated_at AS finished_at,
           SUM(CASE WHEN r.won <> 0 THEN 0 ELSE 1 END) OVER (
               PARTITION BY r.user_id, r.game ORDER BY g.updated_at, r.game_id
               ROWS UNBOUNDED PRECEDING) AS losses
    FROM results r JOIN games g ON g.id = r.game_id
    WHERE r.guild_id = ? AND r.user_id IS NOT NULL AND r.assisted = 0{filters}
),
runs AS (
    SELECT user_id, game, losses,
           SUM(CASE WHEN won <> 0 THEN 1 ELSE 0 END) AS length,
           MAX(CASE WHEN won <> 0 THEN finished_at END) AS ended_at
    FROM played GROUP BY user_id, game, losses
),
ranked AS (
    SELECT user_id, game, length, ended_at,
           ROW_NUMBER() OVER (PARTITION BY user_id, game ORDER BY length DESC, losses) AS pick,
           FIRST_VALUE(length) OVER (PARTITION BY user_id, game ORDER BY losses DESC) AS current
    FROM runs
)
SELECT user_id, game, length AS best, ended_at AS best_ended_at, current
FROM ranked
WHERE pick = 1 AND length > 0
ORDER BY length DESC, ended_at, user_id, game
"""

_SKUNKS = """
SELECT
    SUM(CASE WHEN me.won <> 0 AND me.win_points > 1 THEN 1 ELSE 0 END) AS given,
    SUM(CASE WHEN me.won = 0
              AND me.rank = (SELECT MAX(o.rank) FROM results o WHERE o.game_id = me.game_id)
              AND EXISTS (SELECT 1 FROM results w WHERE w.game_id = me.game_id
                          AND w.won <> 0 AND w.win_points > 1)
             THEN 1 ELSE 0 END) AS taken
FROM results me
WHERE me.guild_id = ? AND me.user_id = ? AND me.assisted = 0
"""


def iso_to_ms(stamp: str) -> int:
    """A stored ISO time ('2026-12-06T17:54:55.123+00:00') as ms since 1970 UTC."""
    return round(datetime.fromisoformat(stamp).timestamp() * 1000)


class ProfileStore(StoreBase):
    async def streaks(
        self, guild_id: int, *, game: str | None = None, user_id: int | None = None
    ) -> list[StreakRecord]:
        """Every member's streaks here (of one game, of one member, or both), longest first,
        the earlier of two equal ones first. A member who never won a rated game at a game
        has no row for it."""
        filters = ""
        params: list[Any] = [guild_id]
        if game is not None:
            filters += " AND r.game = ?"
            params.append(game)
        if user_id is not None:
            filters += " AND r.user_id = ?"
            params.append(user_id)
        rows = await self.db.fetch(_STREAKS.format(filters=filters), tuple(params))
        return [_streak(row) for row in rows]


    async def skunks(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """(given, taken) in the member's rated games here. A skunk is given by winning a game
        worth more than one point; it is taken by the loser ranked last in such a game (with
        three players only the last was necessarily skunked)."""
        row = await self.db.fetchone(_SKUNKS, (guild_id, user_id))
        if row is None:
            return 0, 0
        return int(row["given"] or 0), int(row["taken"] or 0)


def _streak(row: Any) -> StreakRecord:
    return StreakRecord(
        user_id=int(row["user_id"]), game=row["game"], best=int(row["best"]),
        best_ended_at=iso_to_ms(row["best_ended_at"]), current=int(row["current"]),
    )
