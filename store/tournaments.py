"""Tournaments: each event's JSON document under a version number, the games playing its
matches, and the places players finished in."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from store.base import StoreBase, TournamentConflict, iso_of_ms, now_iso, shard_filter
from store.database import Connection, Row
from store.records import (
    TOURNAMENT_OPEN_STATUSES,
    MatchGame,
    Placing,
    PlacingRecord,
    TournamentRecord,
)


class TournamentStore(StoreBase):
    async def create_tournament(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        state: str | Callable[[int], str],
        message_id: int | None = None,
    ) -> int:
        """A new tournament open for sign-up, at version 1; returns its id. `state` is the
        event's JSON document, or a function making it from the new id (the document holds
        its own id), called before the commit."""
        now = now_iso()
        async with self.db.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO tournaments (guild_id, channel_id, message_id, host_id, game,"
                " status, state, version, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, 'signup', ?, 1, ?, ?) RETURNING id",
                (
                    guild_id, channel_id, message_id, host_id, game,
                    state if isinstance(state, str) else "", now, now,
                ),
            )
            assert row is not None
            tournament_id = int(row["id"])
            if not isinstance(state, str):
                await tx.execute(
                    "UPDATE tournaments SET state = ? WHERE id = ?",
                    (state(tournament_id), tournament_id),
                )
        return tournament_id

    async def save_tournament(
        self,
        tournament_id: int,
        *,
        version: int,
        state: str,
        status: str,
        round_deadline: int | None,
        at: int,
        message_id: int | None = None,
        placings: Sequence[Placing] = (),
        entries: int | None = None,
        untold_from: int | None = None,
    ) -> int:
        """Write the tournament's state over `version` (the one it was loaded at) and return
        the new version. Raises TournamentConflict, writing nothing, if it was saved since.

        The status stamps started_at and finished_at with `at` (ms since 1970 UTC, on the
        tables' clock: the placings and their honours are dated by it) the first time it gets
        there. A message id, once given, stays until another is given. With `placings` (and
        `entries`, how many entries the event had), the players' places are recorded in the
        same commit. `untold_from`: the first entry of the event's log this save adds, news
        not yet told (kept where news saved before is still untold: `tournament_told`)."""
        if placings and entries is None:
            raise ValueError("placings need the number of entries")
        now, stamp = now_iso(), iso_of_ms(at)
        started = stamp if status == "running" else None
        finished = stamp if status in ("finished", "cancelled") else None
        save = (
            "UPDATE tournaments SET state = ?, status = ?, round_deadline = ?,"
            " message_id = COALESCE(?, message_id), version = version + 1,"
            " started_at = COALESCE(started_at, ?), finished_at = COALESCE(finished_at, ?),"
            " untold_from = COALESCE(untold_from, ?), updated_at = ? WHERE id = ? AND version = ?",
            (
                state, status, round_deadline, message_id, started, finished, untold_from, now,
                tournament_id, version,
            ),
        )
        if not placings:
            # One statement, committed on its own: a member's press waits for one turn at
            # the database, which every running game's moves queue for too.
            if not await self._write(*save):
                await self._refuse_save(self.db, tournament_id, version)
            return version + 1
        async with self.db.transaction() as tx:
            if not await tx.execute(*save):
                await self._refuse_save(tx, tournament_id, version)
            await self._record_placings(tx, tournament_id, placings, entries or 0, stamp)
        return version + 1

    async def tournament_told(self, tournament_id: int, untold_from: int | None) -> None:
        """The event's news was told up to `untold_from` (its log's first entry still to tell),
        or all of it (None). Not a change to the event: its version stays."""
        await self._write("UPDATE tournaments SET untold_from = ? WHERE id = ?",
                          (untold_from, tournament_id))

    async def _refuse_save(self, on: Connection, tournament_id: int, version: int) -> None:
        if await on.fetchone("SELECT id FROM tournaments WHERE id = ?", (tournament_id,)) is None:
            raise KeyError(f"no tournament {tournament_id}")
        raise TournamentConflict(f"tournament {tournament_id} is no longer at version {version}")

    async def _record_placings(
        self,
        tx: Connection,
        tournament_id: int,
        placings: Sequence[Placing],
        entries: int,
        at: str,
    ) -> None:
        row = await tx.fetchone(
            "SELECT guild_id, game, finished_at FROM tournaments WHERE id = ?",
            (tournament_id,),
        )
        assert row is not None
        # Placed again (a corrected result): the new places replace the old.
        await tx.execute(
            "DELETE FROM tournament_placings WHERE tournament_id = ?", (tournament_id,)
        )
        await tx.executemany(
            "INSERT INTO tournament_placings (tournament_id, user_id, guild_id, game, place,"
            " entries, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    tournament_id, p.user_id, row["guild_id"], row["game"], p.place, entries,
                    row["finished_at"] or at,
                )
                for p in placings
            ],
        )

    async def tournament(self, tournament_id: int) -> TournamentRecord | None:
        rows = await self._fetch("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament_record(rows[0]) if rows else None

    async def guild_tournaments(self, guild_id: int, recent: int = 10,
                                untold: bool = False) -> list[TournamentRecord]:
        """A server's tournaments still open or running (oldest first; with `untold`, those
        over whose news is not all told too), then its `recent` latest finished or cancelled
        ones (newest first)."""
        marks = ", ".join("?" * len(TOURNAMENT_OPEN_STATUSES))
        told = " OR untold_from IS NOT NULL" if untold else ""
        open_rows = await self._fetch(
            f"SELECT * FROM tournaments WHERE guild_id = ? AND (status IN ({marks}){told})"
            " ORDER BY id",
            (guild_id, *TOURNAMENT_OPEN_STATUSES),
        )
        over_rows = await self._fetch(
            "SELECT * FROM tournaments WHERE guild_id = ? AND status IN ('finished', 'cancelled')"
            " ORDER BY id DESC LIMIT ?",
            (guild_id, recent),
        )
        return [_tournament_record(r) for r in [*open_rows, *over_rows]]

    async def open_tournaments(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[TournamentRecord]:
        """Every tournament in sign-up or running on these shards' servers (all of them
        without shards), and every one over whose news is not all told yet (the bot stopped
        between its last save and the telling), oldest first: what a process serves again at
        start-up."""
        where, params = shard_filter(shard_count, shard_ids)
        marks = ", ".join("?" * len(TOURNAMENT_OPEN_STATUSES))
        rows = await self._fetch(
            f"SELECT * FROM tournaments WHERE (status IN ({marks}) OR untold_from IS NOT NULL)"
            f"{where} ORDER BY id",
            (*TOURNAMENT_OPEN_STATUSES, *params),
        )
        return [_tournament_record(r) for r in rows]

    async def link_match_game(
        self, tournament_id: int, *, round: int, match_id: str, game_id: int, channel_id: int
    ) -> None:
        """Note that the game `game_id` plays match `match_id` (of round `round`)."""
        await self._write(
            "INSERT INTO tournament_games (game_id, tournament_id, round, match_id, channel_id)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, tournament_id, round, match_id, channel_id),
        )

    async def match_of_game(self, game_id: int) -> MatchGame | None:
        """The tournament match a game plays, or None for a game outside any tournament."""
        rows = await self._fetch(
            "SELECT * FROM tournament_games WHERE game_id = ?", (game_id,)
        )
        return _match_game(rows[0]) if rows else None

    async def tournament_games(self, tournament_id: int) -> list[MatchGame]:
        """Every game opened for the tournament's matches, in the order they were opened."""
        rows = await self._fetch(
            "SELECT * FROM tournament_games WHERE tournament_id = ? ORDER BY game_id",
            (tournament_id,),
        )
        return [_match_game(r) for r in rows]

    async def user_placings(
        self, guild_id: int, user_id: int, limit: int = 10
    ) -> list[PlacingRecord]:
        """A player's places in this server's finished tournaments, latest first."""
        rows = await self._fetch(
            "SELECT * FROM tournament_placings WHERE guild_id = ? AND user_id = ?"
            " ORDER BY finished_at DESC, tournament_id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        return [_placing_record(r) for r in rows]

def _tournament_record(r: Row) -> TournamentRecord:
    return TournamentRecord(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        message_id=r["message_id"], host_id=r["host_id"], game=r["game"], status=r["status"],
        state=r["state"], version=r["version"], round_deadline=r["round_deadline"],
        created_at=r["created_at"], started_at=r["started_at"], finished_at=r["finished_at"],
        updated_at=r["updated_at"], untold_from=r["untold_from"],
    )


def _match_game(r: Row) -> MatchGame:
    return MatchGame(
        game_id=r["game_id"], tournament_id=r["tournament_id"], round=r["round"],
        match_id=r["match_id"], channel_id=r["channel_id"],
    )


def _placing_record(r: Row) -> PlacingRecord:
    return PlacingRecord(
        tournament_id=r["tournament_id"], guild_id=r["guild_id"], game=r["game"],
        user_id=r["user_id"], place=r["place"], entries=r["entries"],
        finished_at=r["finished_at"],
    )


