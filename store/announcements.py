"""Season ends announced: the channel each server chose for them, and the marker that a
season's end was posted, which makes the post happen once across restarts and shards."""

from __future__ import annotations

from collections.abc import Sequence

from store.base import StoreBase, shard_filter
from store.records import SeasonRecord
from store.seasons import season_record


class AnnouncementStore(StoreBase):
    async def set_season_channel(self, guild_id: int, channel_id: int | None, at: int) -> None:
        """Post this server's season ends in `channel_id` from `at` on (None: post none)."""
        if channel_id is None:
            await self._write("DELETE FROM season_channels WHERE guild_id = ?", (guild_id,))
            return
        await self._write(
            "INSERT INTO season_channels (guild_id, channel_id, since) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id,"
            " since = excluded.since, unposted_season = NULL",
            (guild_id, channel_id, at),
        )

    async def season_channel(self, guild_id: int) -> int | None:
        """The channel this server's season ends are posted in, if it chose one."""
        rows = await self._fetch(
            "SELECT channel_id FROM season_channels WHERE guild_id = ?", (guild_id,)
        )
        return int(rows[0]["channel_id"]) if rows else None

    async def unposted_season(self, guild_id: int) -> int | None:
        """The season whose end could never be posted in the channel chosen, if one was
        not (choosing a channel again forgets it)."""
        rows = await self._fetch(
            "SELECT unposted_season FROM season_channels WHERE guild_id = ?", (guild_id,)
        )
        season = rows[0]["unposted_season"] if rows else None
        return int(season) if season is not None else None

    async def season_never_posted(self, season: SeasonRecord, channel_id: int) -> None:
        """Remember that the season's end can never be posted in `channel_id` (unless the
        server has chosen another channel since)."""
        await self._write(
            "UPDATE season_channels SET unposted_season = ? WHERE guild_id = ?"
            " AND channel_id = ?",
            (season.number, season.guild_id, channel_id),
        )

    async def seasons_to_announce(
        self, at: int, *, guild_id: int | None = None,
        shards: tuple[int | None, Sequence[int] | None] = (None, None),
    ) -> list[tuple[SeasonRecord, int]]:
        """(season, channel) of every season ended by `at`, since its server chose a
        channel, whose end is not posted yet: of one server, or of the servers of these
        shards, oldest first."""
        only, params = shard_filter(*shards)
        if guild_id is not None:
            only, params = only + " AND guild_id = ?", [*params, guild_id]
        rows = await self._fetch(
            "SELECT s.*, c.channel_id FROM seasons s JOIN season_channels c USING (guild_id)"
            " WHERE s.ends_at IS NOT NULL AND s.ends_at <= ? AND s.ends_at >= c.since"
            " AND NOT EXISTS (SELECT 1 FROM season_announcements a"
            " WHERE a.guild_id = s.guild_id AND a.season = s.number)"
            f"{only} ORDER BY s.ends_at, s.guild_id, s.number",
            (at, *params),
        )
        return [(season_record(row), int(row["channel_id"])) for row in rows]

    async def claim_season_announcement(
        self, season: SeasonRecord, channel_id: int, at: int
    ) -> bool:
        """Mark the season's end as posted; False if it already was (by this process or
        another), and then it must not be posted again."""
        return await self._write(
            "INSERT INTO season_announcements (guild_id, season, channel_id, posted_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id, season) DO NOTHING",
            (season.guild_id, season.number, channel_id, at),
        ) == 1

    async def release_season_announcement(self, season: SeasonRecord) -> None:
        """Take the marker back after a post that failed for now, so it is tried again."""
        await self._write(
            "DELETE FROM season_announcements WHERE guild_id = ? AND season = ?",
            (season.guild_id, season.number),
        )
