"""The backfill: achievements and moments of games that finished before they were recorded.

Every finished game without honours (store `games_without_honours`) is replayed from its log
and its awards and moments recorded, dated by the game's own finish (`games.finished_at`), with
the game marked done, one game per transaction, so the backfill can stop anywhere and go on at
the next start, and never does a game twice. A game whose log no longer replays, or of a game
no longer offered, is logged and left for a later release. Then the tournaments' first places
are awarded, and the milestones their results reach of every member with a game finished
since the last start (tables/milestones.py), none of it announced. It runs at start-up, after
the migrations (bot.py), in the background: the bot answers meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass

from engine.achievements import TOURNAMENT_WON
from engine.registry import GAMES, GameSpec
from store import Honours, Store
from store.records import ActionRecord, GameRecord
from tables.honours import honours_of
from tables.milestones import backfill_milestones
from tables.resume import build_table

log = logging.getLogger(__name__)

BATCH = 100


@dataclass
class BackfillReport:
    games: int = 0
    skipped: int = 0
    tournament_wins: int = 0
    milestones: int = 0
    seconds: float = 0.0


def replayed_honours(
    record: GameRecord, spec: GameSpec, rows: list[ActionRecord]
) -> Honours | None:
    """What a finished game earned, from its log, dated when the game finished (its
    `finished_at`, on the tables' clock, as a live finish dates them); None if it does not
    end as stored."""
    table = build_table(record, spec, [(row.seat, row.action) for row in rows])
    if table.outcome is None or record.finished_at is None:
        return None
    table.tally.finish(table.outcome)
    return honours_of(table.tally, list(table.tally.earned), table.seats, game_id=record.id,
                      guild_id=record.guild_id, game=record.game, at=record.finished_at,
                      done=True)


async def backfill(
    store: Store, games: Mapping[str, GameSpec] | None = None, *, batch: int = BATCH
) -> BackfillReport:
    games = GAMES if games is None else games
    report = BackfillReport()
    started = time.perf_counter()
    after = 0
    while waiting := await store.games_without_honours(after, batch):
        for game_id in waiting:
            after = game_id
            record = await store.game(game_id)
            spec = games.get(record.game) if record is not None else None
            if record is None or spec is None:
                report.skipped += 1
                continue
            rows = await store.actions(game_id)
            try:
                # Replaying is CPU work: in a thread, so the bot keeps answering.
                honours = await asyncio.to_thread(replayed_honours, record, spec, rows)
            except Exception:
                log.exception("backfill: game %d (%s) does not replay", game_id, record.game)
                honours = None
            if honours is None:
                report.skipped += 1
                continue
            await store.record_honours(honours)
            report.games += 1
    report.tournament_wins = await store.award_tournament_wins(TOURNAMENT_WON.key)
    report.milestones = await backfill_milestones(store, games)
    report.seconds = time.perf_counter() - started
    if report.games or report.skipped or report.tournament_wins or report.milestones:
        log.info("backfill: %d games recorded, %d skipped, %d tournament wins, %d milestones,"
                 " in %.1f s", report.games, report.skipped, report.tournament_wins,
                 report.milestones, report.seconds)
    return report
