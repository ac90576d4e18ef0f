"""The store's side of achievements, moments and records (issue 43): a mixin of `Store`.

An achievement is held once per player and server, from the first time it was earned: writing
one again changes nothing unless the new one is earlier (the backfill finding an older game),
which then takes its place. Moments are kept per finished game and human seat; the server's
records and a player's bests are the greatest of them. `honours_recorded` lists the finished
games whose honours are in, so the backfill never does a game twice.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from store.base import StoreBase, iso_to_ms
from store.database import Connection, Row
from store.records import EarnedAchievement, Honours, Moment, PlayedGame

#: The best first: the higher value, then the earlier, then the older game.
_BEST_FIRST = "value DESC, at, game_id"


class AchievementStore(StoreBase):
    async def record_honours(self, honours: Honours) -> list[tuple[int, str]]:
        """Write what a game earned, in one transaction; returns the (user id, key) pairs
        that were new to their players (the ones to tell them about)."""
        async with self.db.transaction() as tx:
            fresh = await _award(tx, honours.guild_id, honours.game, honours.game_id,
                                 honours.at, honours.achievements)
            await tx.executemany(
                "INSERT INTO moments (game_id, seat, kind, guild_id, game, user_id, value, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat, kind) DO UPDATE"
                " SET value = excluded.value, at = excluded.at",
                [(honours.game_id, seat, kind, honours.guild_id, honours.game, user_id, value,
                  honours.at) for seat, user_id, kind, value in honours.moments],
            )
            if honours.done:
                await tx.execute(
                    "INSERT INTO honours_recorded (game_id) VALUES (?)"
                    " ON CONFLICT (game_id) DO NOTHING", (honours.game_id,),
                )
        return fresh

    async def games_without_honours(self, after_id: int = 0, limit: int = 100) -> list[int]:
        """Finished games whose honours are not recorded yet, oldest first, after `after_id`."""
        rows = await self.db.fetch(
            "SELECT g.id FROM games g WHERE g.status = 'finished' AND g.id > ?"
            " AND NOT EXISTS (SELECT 1 FROM honours_recorded h WHERE h.game_id = g.id)"
            " ORDER BY g.id LIMIT ?",
            (after_id, limit),
        )
        return [int(row["id"]) for row in rows]

    async def award_tournament_wins(self, key: str, tournament_id: int | None = None) -> int:
        """Award `key` to every first place of a finished tournament (of `tournament_id`
        only, if given), at the time it finished; returns how many were new."""
        where = " AND tournament_id = ?" if tournament_id is not None else ""
        params = (tournament_id,) if tournament_id is not None else ()
        rows = await self.db.fetch(
            f"SELECT guild_id, user_id, game, finished_at FROM tournament_placings"
            f" WHERE place = 1{where} ORDER BY finished_at", params,
        )
        fresh = 0
        async with self.db.transaction() as tx:
            for row in rows:
                at = iso_to_ms(row["finished_at"])
                fresh += len(await _award(tx, row["guild_id"], row["game"], None, at,
                                          [(row["user_id"], key)]))
        return fresh

    async def achievements_of(self, guild_id: int, user_id: int) -> list[EarnedAchievement]:
        """A player's achievements in this server, newest first."""
        rows = await self.db.fetch(
            "SELECT achievement, game, game_id, earned_at FROM achievements"
            " WHERE guild_id = ? AND user_id = ? ORDER BY earned_at DESC, achievement",
            (guild_id, user_id),
        )
        return [EarnedAchievement(row["achievement"], row["game"], row["game_id"],
                                  row["earned_at"]) for row in rows]

    async def achievement_holders(self, guild_id: int, game: str) -> dict[str, int]:
        """How many players of this server hold each achievement of `game` (those nobody
        holds are left out)."""
        rows = await self.db.fetch(
            "SELECT achievement, COUNT(*) AS holders FROM achievements"
            " WHERE guild_id = ? AND game = ? GROUP BY achievement",
            (guild_id, game),
        )
        return {row["achievement"]: int(row["holders"]) for row in rows}

    async def best_moments(self, guild_id: int, user_id: int) -> list[Moment]:
        """A player's best moment of each (game, kind) in this server."""
        rows = await self.db.fetch(
            "SELECT game, kind, value, game_id, user_id, at FROM ("
            " SELECT m.*, ROW_NUMBER() OVER (PARTITION BY game, kind"
            f" ORDER BY {_BEST_FIRST}) AS place FROM moments m"
            " WHERE guild_id = ? AND user_id = ?) ranked WHERE place = 1 ORDER BY game, kind",
            (guild_id, user_id),
        )
        return [_moment(row) for row in rows]

    async def record_moment(self, guild_id: int, game: str, kind: str) -> Moment | None:
        """The server's record of one kind in one game (the highest hand, the biggest win):
        the best moment any player has had, the first to reach it if several did."""
        row = await self.db.fetchone(
            "SELECT game, kind, value, game_id, user_id, at FROM moments"
            f" WHERE guild_id = ? AND game = ? AND kind = ? ORDER BY {_BEST_FIRST} LIMIT 1",
            (guild_id, game, kind),
        )
        return _moment(row) if row is not None else None

    async def games_played(self, guild_id: int, user_id: int) -> list[PlayedGame]:
        """A member's finished games here, in the order they finished on the tables' clock
        (then by number), as the milestones read and date them."""
        beaten: dict[int, list[str]] = {}
        for row in await self.db.fetch(
            "SELECT c.game_id, c.seat, g.seats FROM results r JOIN results c"
            " ON c.game_id = r.game_id AND c.user_id IS NULL AND c.side <> r.side"
            " JOIN games g ON g.id = r.game_id WHERE r.guild_id = ? AND r.user_id = ?"
            " AND r.won <> 0 AND r.assisted = 0",
            (guild_id, user_id),
        ):
            seats = json.loads(row["seats"])
            level = seats[row["seat"]].get("ai") if row["seat"] < len(seats) else None
            beaten.setdefault(int(row["game_id"]), []).append(str(level))
        rows = await self.db.fetch(
            "SELECT r.game_id, r.game, r.won, r.assisted, g.finished_at FROM results r"
            " JOIN games g ON g.id = r.game_id WHERE r.guild_id = ? AND r.user_id = ?"
            " ORDER BY g.finished_at, r.game_id",
            (guild_id, user_id),
        )
        return [PlayedGame(int(row["game_id"]), row["game"], int(row["finished_at"]),
                           bool(row["won"]), bool(row["assisted"]),
                           tuple(beaten.get(int(row["game_id"]), ())))
                for row in rows]

    async def members_who_played(self, since: str | None = None) -> list[tuple[int, int]]:
        """Every (server, member) with a finished game; with `since` (a stored time), only
        those with a game changed at or after it."""
        if since is None:
            rows = await self.db.fetch(
                "SELECT DISTINCT guild_id, user_id FROM results WHERE user_id IS NOT NULL"
                " ORDER BY guild_id, user_id"
            )
        else:
            rows = await self.db.fetch(
                "SELECT DISTINCT guild_id, user_id FROM results WHERE user_id IS NOT NULL"
                " AND game_id IN (SELECT id FROM games WHERE updated_at >= ?)"
                " ORDER BY guild_id, user_id", (since,),
            )
        return [(int(row["guild_id"]), int(row["user_id"])) for row in rows]

    async def newest_game_change(self) -> str | None:
        """The stored time of the latest change to any game (None without games)."""
        row = await self.db.fetchone("SELECT MAX(updated_at) AS newest FROM games")
        return row["newest"] if row is not None else None

    async def milestone_mark(self) -> tuple[str, str] | None:
        """How far the backfill's milestone pass has read: (the newest game change it saw,
        the games Tourist asked for then), or None before its first pass."""
        row = await self.db.fetchone("SELECT seen_until, games FROM milestone_marks")
        return (row["seen_until"], row["games"]) if row is not None else None

    async def set_milestone_mark(self, seen_until: str, games: str) -> None:
        await self._write(
            "INSERT INTO milestone_marks (id, seen_until, games) VALUES (1, ?, ?)"
            " ON CONFLICT (id) DO UPDATE SET seen_until = excluded.seen_until,"
            " games = excluded.games",
            (seen_until, games),
        )

    async def award(
        self, guild_id: int, user_id: int, game: str, earned: Sequence[tuple[str, int, int]]
    ) -> list[str]:
        """Award a member each (key, game id, time) of `earned`, filed under `game`, in one
        transaction; returns the keys that were new to them."""
        fresh = []
        async with self.db.transaction() as tx:
            for key, game_id, at in earned:
                if await _award(tx, guild_id, game, game_id, at, [(user_id, key)]):
                    fresh.append(key)
        return fresh


async def _award(
    tx: Connection, guild_id: int, game: str, game_id: int | None, at: int,
    earned: Sequence[tuple[int, str]],
) -> list[tuple[int, str]]:
    """Insert each award, or move an award already held to an earlier time; the new ones.
    Whether an award is new is the insert's own answer, not a read before it: of two processes
    awarding the same one at once, only the one whose row went in says it."""
    fresh = []
    for user_id, key in dict.fromkeys(earned):
        if await tx.execute(
            "INSERT INTO achievements (guild_id, user_id, game, achievement, game_id, earned_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id, game, achievement)"
            " DO NOTHING", (guild_id, user_id, game, key, game_id, at),
        ):
            fresh.append((user_id, key))
            continue
        await tx.execute(
            "UPDATE achievements SET game_id = ?, earned_at = ? WHERE guild_id = ?"
            " AND user_id = ? AND game = ? AND achievement = ? AND earned_at > ?",
            (game_id, at, guild_id, user_id, game, key, at),
        )
    return fresh


def _moment(row: Row) -> Moment:
    return Moment(row["game"], row["kind"], row["value"], row["game_id"], row["user_id"],
                  row["at"])

