"""What a player's profile reads beyond ratings and results: winning streaks and skunks.

A streak is a run of wins in a row at one game in one server, over the games a member played
there in the order they finished (ties in time broken by game number). Only rated games count,
as on the leaderboard: computer seats have no streak, and a game played with hints on neither
extends nor breaks one. A shared win (everyone who won a game has `won` set) counts as a win.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from store.database import Database
from store.records import StreakRecord

# Gaps and islands: number each player's games at a game in finishing order, then number
# their wins alone; within a run of wins both numbers climb together, so their difference
# names the run. One pass of window functions, the same on SQLite and PostgreSQL, reading the
# results through their (guild_id, user_id) or (guild_id, game) index.
_STREAKS = """
WITH played AS (
    SELECT r.user_id, r.game, r.won, g.updated_at AS finished_at,
           ROW_NUMBER() OVER (PARTITION BY r.user_id, r.game
                              ORDER BY g.updated_at, r.game_id) AS n
    FROM results r JOIN games g ON g.id = r.game_id
    WHERE r.guild_id = ? AND r.user_id IS NOT NULL AND r.assisted = 0{filters}
),
runs AS (
    SELECT user_id, game, COUNT(*) AS length, MAX(n) AS last_n, MAX(finished_at) AS ended_at
    FROM (SELECT user_id, game, n, finished_at,
                 n - ROW_NUMBER() OVER (PARTITION BY user_id, game ORDER BY n) AS island
          FROM played WHERE won <> 0) wins
    GROUP BY user_id, game, island
),
ranked AS (
    SELECT user_id, game, length, ended_at, last_n,
           ROW_NUMBER() OVER (PARTITION BY user_id, game ORDER BY length DESC, last_n) AS pick
    FROM runs
),
totals AS (
    SELECT user_id, game, COUNT(*) AS games FROM played GROUP BY user_id, game
)
SELECT b.user_id, b.game, b.length AS best, b.ended_at AS best_ended_at,
       COALESCE(c.length, 0) AS current
FROM ranked b
JOIN totals t ON t.user_id = b.user_id AND t.game = b.game
LEFT JOIN runs c ON c.user_id = b.user_id AND c.game = b.game AND c.last_n = t.games
WHERE b.pick = 1
ORDER BY b.length DESC, b.ended_at, b.user_id, b.game
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


class ProfileStore:
    db: Database

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
