"""Achievements and moments as games are played: recorded after each committed move, said once
in the table's lines, the milestones of a finished game's members (tables/milestones.py), and
the tournaments' first places awarded when an event ends.

A move's awards are stored before the member who made it is answered (the manager calls
`record_move` under the table's lock, after the move is committed). When the game ends,
everything it earned (the awards of moves replayed after a restart included) and each human
seat's moments go in with the game marked done, so the backfill (tables/backfill.py) passes
it by; if that write fails, the backfill records the game at the next start. Computer seats
earn nothing and keep no moments.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from engine.achievements import TOURNAMENT_WON, Award, Tally
from engine.contract import Event
from engine.seat_words import spoken_list
from store import Honours, Moment, Store
from tables.milestones import record_milestones
from tables.seats import SeatInfo
from tables.table import Table
from tables.tournaments import FINISHED
from tables.tournaments.listener import TournamentListener

if TYPE_CHECKING:
    from tables.tournaments.service import HeldTournament

log = logging.getLogger(__name__)

#: The table's line when a player earns an achievement ({s0} and the like fill in names).
EARNED_LINE = "🏅 {{s{seat}:earns}} an achievement: {name} ({how})."
#: The table's line when a finished game beats one of the server's records (/records).
RECORD_LINE = "📜 {{s{seat}:sets}} a server record for {name}: {value}, beating {was}."


def honours_of(
    tally: Tally, awards: list[Award], seats: list[SeatInfo], *, game_id: int, guild_id: int,
    game: str, at: int, done: bool,
) -> Honours:
    """The store's record of `awards` (and with `done`, of the game's moments), the human
    seats' only."""
    humans = {seat: info.user_id for seat, info in enumerate(seats) if info.user_id is not None}
    honours = Honours(game_id, guild_id, game, at)
    honours.achievements = [(humans[a.seat], a.key) for a in awards if a.seat in humans]
    if done:
        honours.moments = [(seat, humans[seat], kind, value)
                           for (seat, kind), value in sorted(tally.best.items())
                           if seat in humans]
        honours.done = True
    return honours


async def record_move(
    store: Store, table: Table, at: int, every_game: Collection[str] = (),
    finishing: Mapping[int, Table] | None = None,
) -> None:
    """Store what the move just committed earned and say each new achievement at the table;
    when it ended the game, each member's new milestones too (`every_game`: the games the bot
    has, for Tourist). A failure is logged and changes nothing else: the move itself is
    already safe. `finishing`: the tables whose finish is not recorded yet, where a milestone
    this finish awards but another game reached is said."""
    await _record_awards(store, table, at)
    if table.finished:
        await record_milestones(store, table, every_game, finishing)


async def _record_awards(store: Store, table: Table, at: int) -> None:
    awards, table.new_awards = table.new_awards, []
    done = table.finished
    try:
        if done:
            assert table.outcome is not None
            table.tally.finish(table.outcome)
            awards = list(table.tally.earned)
        if not awards and not done:
            return
        honours = honours_of(table.tally, awards, table.seats, game_id=table.id,
                             guild_id=table.guild_id, game=table.game_name, at=at, done=done)
        records = await _records(store, table) if done else {}
        fresh = await store.record_honours(honours)
    except Exception:
        log.exception("game %d: could not record its achievements", table.id)
        return
    named = {achievement.key: achievement for achievement in table.spec.achievements}
    for user_id, key in fresh:
        seat, achievement = table.seat_of(user_id), named.get(key)
        if seat is not None and achievement is not None:
            how = achievement.how.rstrip(".")
            table.note(EARNED_LINE.format(seat=seat, name=achievement.name, how=how))
    if records:
        await _say_records_beaten(store, table, records)


async def _records(store: Store, table: Table) -> dict[str, Moment | None]:
    """The server's record of each kind the game keeps, as /records shows it; none when they
    cannot be read (nothing is then said of them: what the game earned is recorded as ever)."""
    try:
        return {kind.kind: await store.record_moment(table.guild_id, table.game_name, kind.kind)
                for kind in table.spec.moments}
    except Exception:
        log.exception("game %d: could not read the server's records", table.id)
        return {}


async def _say_records_beaten(store: Store, table: Table,
                              before: dict[str, Moment | None]) -> None:
    """A line for each record this game's moments now hold that another game held before,
    so a record broken is news at the table, not found later in /records. A first record
    (a kind nobody had one of here) is not news: the server's first games would set them
    all."""
    after = await _records(store, table)
    beaten: dict[int, list[tuple[str, str, int]]] = {}  # seat -> (record, value, was)
    for kind in table.spec.moments:
        was, now = before.get(kind.kind), after.get(kind.kind)
        if was is None or now is None or was.game_id == table.id or now.game_id != table.id \
                or now.value <= was.value:
            continue
        seat = table.seat_of(now.user_id)
        if seat is not None:
            unit = kind.unit.removesuffix("s") if now.value == 1 else kind.unit
            beaten.setdefault(seat, []).append(
                (kind.name[:1].lower() + kind.name[1:], f"{now.value} {unit}", was.value))
    for seat, records in beaten.items():  # one line a member: two records are one piece of news
        if len(records) == 1:
            [(name, value, was_value)] = records
            table.note(RECORD_LINE.format(seat=seat, name=name, value=value, was=was_value))
        else:
            table.note(f"📜 {{s{seat}:sets}} server records for " + spoken_list(
                [f"{name} ({value}, beating {was_value})" for name, value, was_value in records])
                + ".")


class TournamentHonours(TournamentListener):
    """Hears the tournament service (its `on_tournament` notices): when an event ends, its
    first places earn TOURNAMENT_WON."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def on_tournament(self, held: HeldTournament, events: list[Event]) -> None:
        if held.event.status == FINISHED:
            await self.store.award_tournament_wins(TOURNAMENT_WON.key, held.id)
