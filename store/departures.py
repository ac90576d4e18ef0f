"""Servers that removed the bot while games of theirs ran: when it left, their running games
(which start-up leaves unloaded), and closing those games once the grace period is over."""

from __future__ import annotations

from collections.abc import Sequence

from store.base import StoreBase, now_iso, shard_filter

#: Keeps a claim's games and actions to servers the bot has not left.
NOT_DEPARTED = "guild_id NOT IN (SELECT guild_id FROM departed_guilds)"


class DepartureStore(StoreBase):
    async def record_departure(self, guild_id: int, left_at: int) -> None:
        """The bot left the server at `left_at` (ms since 1970); an earlier record stands, so
        a restart while it is gone does not start its grace period again."""
        await self._write(
            "INSERT INTO departed_guilds (guild_id, left_at) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO NOTHING",
            (guild_id, left_at),
        )

    async def forget_departure(self, guild_id: int) -> None:
        """The server has the bot again."""
        await self._write("DELETE FROM departed_guilds WHERE guild_id = ?", (guild_id,))

    async def departures(
        self, shards: tuple[int | None, Sequence[int] | None] = (None, None),
    ) -> dict[int, tuple[int, set[int]]]:
        """Each departed server of these shards: when the bot left (ms), and the ids of its
        running games this store owns (claim_running_games claimed them, without loading)."""
        only, params = shard_filter(*shards)
        left = await self._fetch(
            f"SELECT guild_id, left_at FROM departed_guilds WHERE 1 = 1{only}", params
        )
        games = await self._fetch(
            f"SELECT id, guild_id FROM games WHERE status = 'running' AND owner = ?"
            f" AND guild_id IN (SELECT guild_id FROM departed_guilds){only}",
            (self.owner, *params),
        )
        found = {int(row["guild_id"]): (int(row["left_at"]), set[int]()) for row in left}
        for row in games:
            found[int(row["guild_id"])][1].add(int(row["id"]))
        return found

    async def close_departed(self, guild_id: int) -> int:
        """Close the server's running games this store owns as /abandon does (no results,
        their logs kept) and forget its departure, in one transaction; how many closed."""
        async with self.db.transaction() as tx:
            closed = await tx.execute(
                "UPDATE games SET status = 'abandoned', updated_at = ?"
                " WHERE guild_id = ? AND status = 'running' AND owner = ?",
                (now_iso(), guild_id, self.owner),
            )
            await tx.execute("DELETE FROM departed_guilds WHERE guild_id = ?", (guild_id,))
        return closed
