"""Store: the bot's one database, SQLite (default) or PostgreSQL, behind store.database.

Every write to a game or a lobby is fenced: the store has an `owner` token (one per process),
games and open lobbies are claimed by their owner, and a write goes through only while its
game's or lobby's owner is this store. A process that lost a game or a lobby to another one is
refused by the database (GameLost, LobbyLost), so two writers never interleave.

A tournament is fenced by its version instead: each save names the version it was loaded at
and bumps it, so of two writers holding one version only the first gets through; the other is
refused (TournamentConflict) and must load the tournament again.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from store.database import Connection, Database, Joined, Row, UniqueViolation, connect
from store.records import (
    TOURNAMENT_OPEN_STATUSES,
    ActionRecord,
    Finish,
    GameRecord,
    LobbyRecord,
    MatchGame,
    Placing,
    PlacingRecord,
    RatingRow,
    ResultRow,
    StoredLog,
    TournamentRecord,
    decode_action,
    encode_action,
)


class LogConflict(Exception):
    """That move number is already in the game's log: the log never forks."""


class GameLost(Exception):
    """Another process serves this game now (it claimed the game's shard): stop serving it."""


class LobbyLost(Exception):
    """Another process serves this lobby now (it claimed the lobby's shard): stop serving it."""


class TournamentConflict(Exception):
    """The tournament was saved since this version was read (by another process, or by an
    older copy in this one): nothing was written; load it again and redo the action."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def shard_filter(shard_count: int | None, shard_ids: Sequence[int] | None) -> tuple[str, list[int]]:
    """SQL (and its parameters) keeping only the servers of these shards, as Discord assigns
    them: (guild_id >> 22) % shard_count."""
    if shard_count is None or shard_ids is None:
        return "", []
    marks = ", ".join("?" * len(shard_ids))
    return f" AND ((guild_id >> 22) % ?) IN ({marks})", [shard_count, *shard_ids]


class Store:
    def __init__(self, db: Database, *, owner: str | None = None) -> None:
        self.db = db
        self.path = db.url
        #: This store's claim on the games it serves; a new one per process.
        self.owner = owner or secrets.token_hex(8)

    @property
    def commits(self) -> int:
        """Commits made since opening: the benchmarks read it."""
        return self.db.commits

    @property
    def kind(self) -> str:
        return self.db.kind

    # ---------------------------------------------------------------- life cycle

    @classmethod
    async def open(
        cls, url: str, *, synchronous: str = "NORMAL", owner: str | None = None
    ) -> Store:
        """Open (a SQLite path, creating folders and file, or a postgresql:// URL) and bring
        the schema up to date. `synchronous` is SQLite's durability setting."""
        return cls(await connect(url, synchronous=synchronous), owner=owner)

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        return await self.db.schema_version()

    async def _write(self, sql: str, params: Iterable[Any] = ()) -> int:
        """One statement, committed on its own; returns the number of rows changed."""
        return await self.db.execute(sql, tuple(params))

    async def _insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        """One INSERT ... RETURNING id, committed on its own; returns the new id."""
        async with self.db.transaction() as tx:
            row = await tx.fetchone(sql + " RETURNING id", tuple(params))
        assert row is not None
        return int(row["id"])

    async def _fetch(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return await self.db.fetch(sql, tuple(params))

    # ---------------------------------------------------------------- games

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: list[dict[str, Any]],
        host_id: int,
        settings: dict[str, Any] | None = None,
        thread_id: int | None = None,
        message_id: int | None = None,
        lobby_id: int | None = None,
    ) -> int:
        """A new running game, owned by this store. With `lobby_id`, the open lobby it comes
        from is marked started with it in the same transaction, and only while this store owns
        that lobby (else LobbyLost, and no game): a lobby starts one game at most."""
        now = _now()
        async with self.db.transaction() as tx:
            if lobby_id is not None and not await tx.execute(
                "UPDATE lobbies SET status = 'started', updated_at = ?"
                " WHERE id = ? AND owner = ? AND status = 'open'",
                (now, lobby_id, self.owner),
            ):
                raise LobbyLost(f"lobby {lobby_id} is served by another process")
            row = await tx.fetchone(
                "INSERT INTO games (guild_id, channel_id, thread_id, message_id, game, options,"
                " settings, seed, seats, host_id, status, created_at, updated_at, owner)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?) RETURNING id",
                (
                    guild_id, channel_id, thread_id, message_id, game, _dumps(options),
                    _dumps(settings or {}), seed, _dumps(seats), host_id, now, now, self.owner,
                ),
            )
            assert row is not None
            game_id = int(row["id"])
            if lobby_id is not None:
                await tx.execute(
                    "UPDATE lobbies SET game_id = ? WHERE id = ?", (game_id, lobby_id)
                )
        return game_id

    async def game(self, game_id: int) -> GameRecord | None:
        rows = await self._fetch("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game_record(rows[0]) if rows else None

    async def games_with_status(self, status: str) -> list[GameRecord]:
        rows = await self._fetch("SELECT * FROM games WHERE status = ? ORDER BY id", (status,))
        return [_game_record(row) for row in rows]

    async def claim_running_games(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[tuple[GameRecord, StoredLog]]:
        """Take over the running games of these shards' servers (all of them without shards)
        and hand them out with their logs: three statements in one transaction, however many
        games. From now on only this store can append to them. The logs are decoded only when
        replayed, so loading stays quick."""
        where, params = shard_filter(shard_count, shard_ids)
        async with self.db.transaction() as tx:
            await tx.execute(
                f"UPDATE games SET owner = ? WHERE status = 'running'{where}",
                (self.owner, *params),
            )
            games = await tx.fetch(
                "SELECT * FROM games WHERE status = 'running' AND owner = ? ORDER BY id",
                (self.owner,),
            )
            actions = await tx.fetch(
                "SELECT a.game_id, a.seat, a.action FROM actions a"
                " JOIN games g ON g.id = a.game_id"
                " WHERE g.status = 'running' AND g.owner = ? ORDER BY a.game_id, a.seq",
                (self.owner,),
            )
        logs: dict[int, StoredLog] = {int(g["id"]): StoredLog() for g in games}
        for game_id, seat, action in actions:
            logs[game_id].rows.append((seat, action))
        return [(_game_record(g), logs[int(g["id"])]) for g in games]

    async def owns(self, game_id: int) -> bool:
        row = await self.db.fetchone("SELECT owner FROM games WHERE id = ?", (game_id,))
        return row is not None and row["owner"] == self.owner

    async def set_location(
        self, game_id: int, *, thread_id: int | None, message_id: int | None
    ) -> None:
        await self._fenced_write(
            game_id,
            "UPDATE games SET thread_id = ?, message_id = ?, updated_at = ?"
            " WHERE id = ? AND owner = ?",
            (thread_id, message_id, _now(), game_id, self.owner),
        )

    async def set_status(self, game_id: int, status: str, *, error: str | None = None) -> None:
        await self._fenced_write(
            game_id,
            "UPDATE games SET status = ?, error = ?, updated_at = ? WHERE id = ? AND owner = ?",
            (status, error, _now(), game_id, self.owner),
        )

    async def _fenced_write(self, game_id: int, sql: str, params: Sequence[Any]) -> None:
        if await self._write(sql, params) == 0 and await self.game(game_id) is not None:
            raise GameLost(f"game {game_id} is served by another process")

    # ---------------------------------------------------------------- action log

    async def append_action(
        self,
        game_id: int,
        seq: int,
        seat: int,
        action: dict[str, Any],
        *,
        finish: Finish | None = None,
    ) -> None:
        """Commit one accepted action; with `finish`, the game's end goes in the same commit.

        Raises LogConflict if `seq` is already taken (the log never forks), GameLost if this
        store no longer owns the game."""
        # One statement that inserts only while this store owns the game; PostgreSQL also
        # locks the game's row so a claim by another process waits for it, or it for the claim.
        insert = (
            "INSERT INTO actions (game_id, seq, seat, action, at)"
            " SELECT id, CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS TEXT),"
            " CAST(? AS BIGINT) FROM games WHERE id = ? AND owner = ?"
        )
        if self.db.kind == "postgresql":
            insert += " FOR UPDATE"
        params = (seq, seat, encode_action(action), now_ms(), game_id, self.owner)
        try:
            if finish is None:
                # The common case: one statement, committed on its own (a trigger touches
                # games.updated_at inside it).
                inserted = await self._write(insert, params)
                if not inserted:
                    raise GameLost(f"game {game_id} is served by another process")
                return
            async with self.db.transaction() as tx:
                if not await tx.execute(insert, params):
                    raise GameLost(f"game {game_id} is served by another process")
                await self._record_finish(tx, game_id, finish, _now())
        except UniqueViolation as error:
            raise LogConflict(f"move {seq} of game {game_id} is already logged") from error

    async def finish_game(self, game_id: int, finish: Finish) -> None:
        """End a game without a new action (a game found finished on replay)."""
        async with self.db.transaction() as tx:
            await self._record_finish(tx, game_id, finish, _now())

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetch(
            "SELECT * FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [_action_record(r) for r in rows]

    async def _record_finish(
        self, tx: Connection, game_id: int, finish: Finish, now: str
    ) -> None:
        lock = " FOR UPDATE" if tx.kind == "postgresql" else ""
        row = await tx.fetchone(
            f"SELECT guild_id, game, owner FROM games WHERE id = ?{lock}", (game_id,)
        )
        if row is None:
            raise KeyError(f"no game {game_id}")
        if row["owner"] != self.owner:
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
            await self._update_ratings(tx, guild_id, game, rated, finish)
        await tx.execute(
            "UPDATE games SET status = 'finished', outcome = ?, updated_at = ? WHERE id = ?",
            (_dumps(finish.outcome), now, game_id),
        )

    async def _update_ratings(
        self,
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

    # ---------------------------------------------------------------- ratings and results

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

    # ---------------------------------------------------------------- lobbies

    async def create_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        options: dict[str, Any],
        settings: dict[str, Any],
        seats: list[dict[str, Any]],
        message_id: int | None = None,
    ) -> int:
        """A new open lobby, owned by this store."""
        now = _now()
        return await self._insert(
            "INSERT INTO lobbies (guild_id, channel_id, message_id, host_id, game, options,"
            " settings, seats, status, created_at, updated_at, owner)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?)",
            (
                guild_id, channel_id, message_id, host_id, game, _dumps(options),
                _dumps(settings), _dumps(seats), now, now, self.owner,
            ),
        )

    async def save_lobby(
        self,
        lobby_id: int,
        *,
        message_id: int | None,
        options: dict[str, Any],
        settings: dict[str, Any],
        seats: list[dict[str, Any]],
        status: str = "open",
    ) -> None:
        """Write a lobby's state (a lobby is started by create_game(lobby_id=...)). Raises
        LobbyLost if this store no longer owns it."""
        if not await self._write(
            "UPDATE lobbies SET message_id = ?, options = ?, settings = ?, seats = ?,"
            " status = ?, updated_at = ? WHERE id = ? AND owner = ?",
            (
                message_id, _dumps(options), _dumps(settings), _dumps(seats), status,
                _now(), lobby_id, self.owner,
            ),
        ) and await self.lobby(lobby_id) is not None:
            raise LobbyLost(f"lobby {lobby_id} is served by another process")

    async def lobby(self, lobby_id: int) -> LobbyRecord | None:
        rows = await self._fetch("SELECT * FROM lobbies WHERE id = ?", (lobby_id,))
        return _lobby_record(rows[0]) if rows else None

    async def claim_open_lobbies(
        self, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> list[LobbyRecord]:
        """Take over the open lobbies of these shards' servers (all of them without shards)
        and hand them out: from now on only this store can write them."""
        where, params = shard_filter(shard_count, shard_ids)
        async with self.db.transaction() as tx:
            await tx.execute(
                f"UPDATE lobbies SET owner = ? WHERE status = 'open'{where}",
                (self.owner, *params),
            )
            rows = await tx.fetch(
                "SELECT * FROM lobbies WHERE status = 'open' AND owner = ? ORDER BY id",
                (self.owner,),
            )
        return [_lobby_record(r) for r in rows]

    # ---------------------------------------------------------------- tournaments

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
        now = _now()
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
        message_id: int | None = None,
        placings: Sequence[Placing] = (),
        entries: int | None = None,
    ) -> int:
        """Write the tournament's state over `version` (the one it was loaded at) and return
        the new version. Raises TournamentConflict, writing nothing, if it was saved since.

        The status stamps started_at and finished_at the first time it gets there. A message
        id, once given, stays until another is given. With `placings` (and `entries`, how
        many entries the event had), the players' places are recorded in the same commit."""
        if placings and entries is None:
            raise ValueError("placings need the number of entries")
        now = _now()
        started = now if status == "running" else None
        finished = now if status in ("finished", "cancelled") else None
        save = (
            "UPDATE tournaments SET state = ?, status = ?, round_deadline = ?,"
            " message_id = COALESCE(?, message_id), version = version + 1,"
            " started_at = COALESCE(started_at, ?), finished_at = COALESCE(finished_at, ?),"
            " updated_at = ? WHERE id = ? AND version = ?",
            (
                state, status, round_deadline, message_id, started, finished, now,
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
            await self._record_placings(tx, tournament_id, placings, entries or 0, now)
        return version + 1

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
        now: str,
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
                    row["finished_at"] or now,
                )
                for p in placings
            ],
        )

    async def tournament(self, tournament_id: int) -> TournamentRecord | None:
        rows = await self._fetch("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament_record(rows[0]) if rows else None

    async def guild_tournaments(self, guild_id: int, recent: int = 10) -> list[TournamentRecord]:
        """A server's tournaments still open or running (oldest first), then its `recent`
        latest finished or cancelled ones (newest first)."""
        marks = ", ".join("?" * len(TOURNAMENT_OPEN_STATUSES))
        open_rows = await self._fetch(
            f"SELECT * FROM tournaments WHERE guild_id = ? AND status IN ({marks}) ORDER BY id",
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
        without shards), oldest first: what a process serves again at start-up."""
        where, params = shard_filter(shard_count, shard_ids)
        marks = ", ".join("?" * len(TOURNAMENT_OPEN_STATUSES))
        rows = await self._fetch(
            f"SELECT * FROM tournaments WHERE status IN ({marks}){where} ORDER BY id",
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

    async def create_match_game(
        self, tournament_id: int, *, round: int, match_id: str, match_channel_id: int,
        **game: Any,
    ) -> int:
        """create_game(**game) for a match, linked to it (link_match_game) in the same
        transaction: a match never has a game it does not know of, even across a crash."""
        async with self.db.transaction() as tx:
            joined = Store(Joined(tx, self.db), owner=self.owner)
            game_id = await joined.create_game(**game)
            await joined.link_match_game(tournament_id, round=round, match_id=match_id,
                                         game_id=game_id, channel_id=match_channel_id)
        return game_id

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

    # ---------------------------------------------------------------- player settings

    async def player_settings(self, user_id: int) -> dict[str, Any]:
        """What a player chose with /settings ({} if nothing yet)."""
        rows = await self._fetch(
            "SELECT settings FROM player_settings WHERE user_id = ?", (user_id,)
        )
        return dict(json.loads(rows[0]["settings"])) if rows else {}

    async def set_player_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        """Replace a player's settings with `settings` (the whole object)."""
        await self._write(
            "INSERT INTO player_settings (user_id, settings, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, "
            "updated_at = excluded.updated_at",
            (user_id, _dumps(settings), _now()),
        )


def _action_record(r: Row) -> ActionRecord:
    return ActionRecord(r["game_id"], r["seq"], r["seat"], decode_action(r["action"]), r["at"])


def _game_record(r: Row) -> GameRecord:
    return GameRecord(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        thread_id=r["thread_id"], message_id=r["message_id"], game=r["game"],
        options=json.loads(r["options"]), settings=json.loads(r["settings"]), seed=r["seed"],
        seats=json.loads(r["seats"]), host_id=r["host_id"], status=r["status"],
        outcome=json.loads(r["outcome"]) if r["outcome"] else None, error=r["error"],
        created_at=r["created_at"], updated_at=r["updated_at"],
    )


def _lobby_record(r: Row) -> LobbyRecord:
    return LobbyRecord(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        message_id=r["message_id"], host_id=r["host_id"], game=r["game"],
        options=json.loads(r["options"]), settings=json.loads(r["settings"]),
        seats=json.loads(r["seats"]), status=r["status"], game_id=r["game_id"],
        created_at=r["created_at"], updated_at=r["updated_at"],
    )


def _tournament_record(r: Row) -> TournamentRecord:
    return TournamentRecord(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        message_id=r["message_id"], host_id=r["host_id"], game=r["game"], status=r["status"],
        state=r["state"], version=r["version"], round_deadline=r["round_deadline"],
        created_at=r["created_at"], started_at=r["started_at"], finished_at=r["finished_at"],
        updated_at=r["updated_at"],
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


def _rating_row(r: Row) -> RatingRow:
    return RatingRow(
        guild_id=r["guild_id"], game=r["game"], user_id=r["user_id"], mu=r["mu"],
        sigma=r["sigma"], games=r["games"], wins=r["wins"], points=r["points"],
        skunks=r["skunks"],
    )
