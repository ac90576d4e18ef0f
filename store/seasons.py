"""Seasons: each server's numbered seasons and the leaderboards they keep.

A server's seasons are calendar months (UTC) unless someone starts one by hand; a season begun
by hand runs until it is ended by hand. A calendar season's row is written when the first game
ends in it, so a month nobody finished a game in takes no number. After a season ended in the
middle of a month, the next calendar season begins with the next month (or when one is started
by hand). Times are milliseconds since 1970 UTC; a game counts in the season it ended in.
"""

from __future__ import annotations

from datetime import UTC, datetime

from store.base import StoreBase
from store.database import Connection, Row
from store.records import RatingRow, SeasonRecord, SeasonStanding, rating_row


def month_start(at: int) -> int:
    """The first millisecond of the calendar month (UTC) holding `at`."""
    day = datetime.fromtimestamp(at / 1000, UTC)
    return _ms(datetime(day.year, day.month, 1, tzinfo=UTC))


def next_month_start(at: int) -> int:
    """The first millisecond of the calendar month after the one holding `at`."""
    day = datetime.fromtimestamp(at / 1000, UTC)
    year, month = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
    return _ms(datetime(year, month, 1, tzinfo=UTC))


def _ms(moment: datetime) -> int:
    return int(moment.timestamp()) * 1000


def plan_season(latest: SeasonRecord | None, guild_id: int, at: int) -> SeasonRecord | None:
    """The season a game ending at `at` counts in, given the server's latest season: that
    season, a new calendar season (not stored yet: number one past the latest), or None while
    no season runs (after one ended by hand, until the next month begins)."""
    if latest is not None:
        if latest.covers(at):
            return latest
        if latest.ends_at is None or at < latest.started_at:
            return None
        resumes = latest.ends_at
        if month_start(resumes) != resumes:
            resumes = next_month_start(resumes)
        if at < resumes:
            return None
    number = latest.number + 1 if latest is not None else 1
    return SeasonRecord(guild_id, number, month_start(at), next_month_start(at), by_hand=False)


async def season_at(tx: Connection, guild_id: int, at: int) -> SeasonRecord | None:
    """The season (stored or only planned, see plan_season) that time `at` falls in."""
    latest = await _latest(tx, guild_id)
    if latest is not None and at < latest.started_at:
        # A time before the latest season began (another process's clock running behind):
        # whichever earlier season covered it, if one did.
        row = await tx.fetchone(
            "SELECT * FROM seasons WHERE guild_id = ? AND started_at <= ?"
            " ORDER BY number DESC LIMIT 1",
            (guild_id, at),
        )
        earlier = season_record(row) if row is not None else None
        return earlier if earlier is not None and earlier.covers(at) else None
    return plan_season(latest, guild_id, at)


async def season_for_finish(tx: Connection, guild_id: int, at: int) -> int | None:
    """Inside a game's finishing transaction: the number of the season it counts in, storing
    a calendar season that begins with it. None if no season runs."""
    await lock_seasons(tx, guild_id)
    season = await season_at(tx, guild_id, at)
    if season is None:
        return None
    await tx.execute(
        "INSERT INTO seasons (guild_id, number, started_at, ends_at, by_hand)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, number) DO NOTHING",
        (guild_id, season.number, season.started_at, season.ends_at, int(season.by_hand)),
    )
    return season.number


async def lock_seasons(tx: Connection, guild_id: int) -> None:
    """On PostgreSQL, a server's season changes and the games ending meanwhile take turns, as
    SQLite's single writer has them do."""
    if tx.kind == "postgresql":
        await tx.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (f"seasons:{guild_id}",)
        )


async def _latest(tx: Connection, guild_id: int) -> SeasonRecord | None:
    row = await tx.fetchone(
        "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number DESC LIMIT 1", (guild_id,)
    )
    return season_record(row) if row is not None else None


class SeasonStore(StoreBase):
    async def season_at(self, guild_id: int, at: int) -> SeasonRecord | None:
        """The season running at `at` (None between seasons). A calendar season nobody has
        finished a game in yet is returned though not stored, its number one past the last."""
        return await season_at(self.db, guild_id, at)

    async def season(self, guild_id: int, number: int) -> SeasonRecord | None:
        row = await self.db.fetchone(
            "SELECT * FROM seasons WHERE guild_id = ? AND number = ?", (guild_id, number)
        )
        return season_record(row) if row is not None else None

    async def latest_season(self, guild_id: int) -> SeasonRecord | None:
        """The server's highest-numbered stored season, running or not."""
        return await _latest(self.db, guild_id)

    async def start_season(self, guild_id: int, at: int) -> SeasonRecord | None:
        """Begin a season by hand at `at`, ending the calendar season running then (if any);
        it runs until end_season. Returns it, or None (changing nothing) while a season begun
        by hand is already running."""
        async with self.db.transaction() as tx:
            await lock_seasons(tx, guild_id)
            running = await season_at(tx, guild_id, at)
            if running is not None and running.by_hand:
                return None
            latest = await _latest(tx, guild_id)
            if running is not None and latest is not None and running.number == latest.number:
                await tx.execute(
                    "UPDATE seasons SET ends_at = ? WHERE guild_id = ? AND number = ?",
                    (at, guild_id, running.number),
                )
            number = latest.number + 1 if latest is not None else 1
            await tx.execute(
                "INSERT INTO seasons (guild_id, number, started_at, ends_at, by_hand)"
                " VALUES (?, ?, ?, NULL, 1)",
                (guild_id, number, at),
            )
        return SeasonRecord(guild_id, number, at, None, by_hand=True)

    async def end_season(self, guild_id: int, at: int) -> SeasonRecord | None:
        """End the season running at `at` (begun by hand or by the calendar); its standings
        stay as they are, and no calendar season begins before the next month. Returns it as
        ended, or None (changing nothing) if none was running."""
        async with self.db.transaction() as tx:
            await lock_seasons(tx, guild_id)
            running = await season_at(tx, guild_id, at)
            if running is None:
                return None
            # A calendar season nobody has finished a game in yet is stored as it ends.
            await tx.execute(
                "INSERT INTO seasons (guild_id, number, started_at, ends_at, by_hand)"
                " VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, number) DO UPDATE SET ends_at = excluded.ends_at",
                (guild_id, running.number, running.started_at, at, int(running.by_hand)),
            )
        return SeasonRecord(guild_id, running.number, running.started_at, at, running.by_hand)

    async def season_leaderboard(
        self, guild_id: int, season: int, game: str, limit: int = 10
    ) -> list[RatingRow]:
        """A season's standings of one game, best first by mu - 3 sigma (as the all-time
        leaderboard); a season that ended keeps them as they were."""
        rows = await self.db.fetch(
            "SELECT * FROM season_ratings WHERE guild_id = ? AND season = ? AND game = ?"
            " ORDER BY mu - 3 * sigma DESC, wins DESC, user_id LIMIT ?",
            (guild_id, season, game, limit),
        )
        return [rating_row(r) for r in rows]

    async def season_members(self, guild_id: int, season: int) -> int:
        """How many members are on any of the season's boards: those who finished a rated
        game in it."""
        [row] = await self.db.fetch(
            "SELECT COUNT(DISTINCT user_id) AS members FROM season_ratings"
            " WHERE guild_id = ? AND season = ?", (guild_id, season))
        return int(row["members"])

    async def season_standings(
        self, guild_id: int, season: int, user_id: int, band: float
    ) -> dict[str, SeasonStanding]:
        """The member's standing on the season's board of each game they played in it (see
        SeasonStanding), reading only the rows within `band` of theirs."""
        standings = {}
        for mine in await self.db.fetch(
            "SELECT game, mu - 3 * sigma AS ordinal FROM season_ratings"
            " WHERE guild_id = ? AND season = ? AND user_id = ?",
            (guild_id, season, user_id),
        ):
            key = (guild_id, season, mine["game"])
            low, high = mine["ordinal"] - band, mine["ordinal"] + band
            [counts] = await self.db.fetch(
                "SELECT COUNT(*) AS entries,"
                " COALESCE(SUM(CASE WHEN mu - 3 * sigma > ? THEN 1 ELSE 0 END), 0) AS ahead"
                " FROM season_ratings WHERE guild_id = ? AND season = ? AND game = ?",
                (high, *key),
            )
            near = await self.db.fetch(
                "SELECT * FROM season_ratings WHERE guild_id = ? AND season = ? AND game = ?"
                " AND mu - 3 * sigma BETWEEN ? AND ?"
                " ORDER BY mu - 3 * sigma DESC, wins DESC, user_id",
                (*key, low, high),
            )
            standings[mine["game"]] = SeasonStanding(
                int(counts["entries"]), int(counts["ahead"]), [rating_row(r) for r in near]
            )
        return standings


def season_record(r: Row) -> SeasonRecord:
    return SeasonRecord(
        guild_id=r["guild_id"], number=r["number"], started_at=r["started_at"],
        ends_at=r["ends_at"], by_hand=bool(r["by_hand"]),
    )
