"""What a player's profile reads beyond ratings and results: winning streaks and skunks.

A streak is a run of wins in a row at one game in one server, over the games a member played
there in the order they finished (ties in time broken by game number). Only rated games count,
as on the leaderboard: computer seats have no streak, and a game played with hints on neither
extends nor breaks one. A shared win (everyone who won a game has `won` set) counts as a win.

Streaks are kept in the `streaks` table as each game finishes (`keep_streaks`, in the
transaction that records the results), so the order is the order games finished in; migration
0013 filled it from the results before, in the same order.
"""

from __future__ import annotations

from typing import Any

from store.base import StoreBase
from store.database import Connection, Row
from store.records import ResultRow, StreakRecord

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
            filters += " AND game = ?"
            params.append(game)
        if user_id is not None:
            filters += " AND user_id = ?"
            params.append(user_id)
        rows = await self.db.fetch(
            "SELECT user_id, game, best, best_ended_at, current FROM streaks"
            f" WHERE guild_id = ? AND best > 0{filters}"
            " ORDER BY best DESC, best_ended_at, user_id, game",
            tuple(params),
        )
        return [_streak(row) for row in rows]

    async def longest_streak(self, guild_id: int, game: str) -> StreakRecord | None:
        """The server's record streak at a game (the first to reach that length), if anyone
        has won a rated game of it here."""
        row = await self.db.fetchone(
            "SELECT user_id, game, best, best_ended_at, current FROM streaks"
            " WHERE guild_id = ? AND game = ? AND best > 0"
            " ORDER BY best DESC, best_ended_at, user_id LIMIT 1",
            (guild_id, game),
        )
        return None if row is None else _streak(row)

    async def skunks(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """(given, taken) in the member's rated games here. A skunk is given by winning a game
        worth more than one point; it is taken by the loser ranked last in such a game (with
        three players only the last was necessarily skunked)."""
        row = await self.db.fetchone(_SKUNKS, (guild_id, user_id))
        if row is None:
            return 0, 0
        return int(row["given"] or 0), int(row["taken"] or 0)


async def keep_streaks(
    tx: Connection, guild_id: int, game: str, results: list[ResultRow], finished_at: int
) -> None:
    """Inside `tx`: a finished game's wins extend its members' current streaks and its losses
    end them; a run longer than the best so far becomes the best, ending at `finished_at`
    (ms). Computer seats and seats played with hints are left out."""
    await tx.executemany(
        "INSERT INTO streaks (guild_id, game, user_id, current, best, best_ended_at)"
        " VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, user_id, game) DO UPDATE SET"
        " current = CASE WHEN excluded.current > 0 THEN streaks.current + 1 ELSE 0 END,"
        " best = CASE WHEN excluded.current > 0 AND streaks.current + 1 > streaks.best"
        " THEN streaks.current + 1 ELSE streaks.best END,"
        " best_ended_at = CASE WHEN excluded.current > 0 AND streaks.current + 1 > streaks.best"
        " THEN excluded.best_ended_at ELSE streaks.best_ended_at END",
        [
            (guild_id, game, r.user_id, int(r.won), int(r.won),
             finished_at if r.won else None)
            for r in results
            if r.user_id is not None and not r.assisted
        ],
    )


def _streak(row: Row) -> StreakRecord:
    return StreakRecord(
        user_id=int(row["user_id"]), game=row["game"], best=int(row["best"]),
        best_ended_at=int(row["best_ended_at"]), current=int(row["current"]),
    )
