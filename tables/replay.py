"""Replaying a finished game from its move log, as the live table showed it: the game is
played again through a Table built like the live one, so a frame's public view is dressed by
the same code and draws the same picture. No Discord here.

Frame 0 is the deal, before any move; frame i is the table after the i-th move. Only the
frame asked for is kept (a press costs one pass through the log, in a worker thread); the
whole game's public views feed the score chart (render/series.py, render/chart.py)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.contract import Action, Event, View
from engine.errors import IllegalAction
from engine.registry import GAMES
from tables.away import is_marker
from tables.review import finished_record
from tables.seats import SeatInfo
from tables.table import Table
from tables.text import event_line, is_private

if TYPE_CHECKING:
    from store.records import GameRecord
    from store.store import Store


@dataclass(frozen=True)
class Frame:
    index: int
    last: int  # the index of the last frame
    view: View  # the public view, exactly as the live table drew it
    lines: list[str]  # the public lines of the move that led here, names filled in
    hands: list[View]  # each seat's own view (only when asked for)
    legal: list[list[Action]]  # each seat's legal actions then (the hand's highlight)


@dataclass(frozen=True)
class Replay:
    record: GameRecord
    log: list[tuple[int, Action]]

    @property
    def last(self) -> int:
        return len(self.log)

    @property
    def title(self) -> str:
        return f"{GAMES[self.record.game].title} #{self.record.id}"

    def _table(self) -> Table:
        record = self.record
        return Table(
            id=record.id, spec=GAMES[record.game], options=record.options, seed=record.seed,
            seats=[SeatInfo.from_json(s) for s in record.seats], guild_id=record.guild_id,
            channel_id=record.channel_id, host_id=record.host_id, settings=record.settings,
        )

    def frame(self, index: int, hands: bool = False) -> Frame:
        """Frame `index` (brought within the game), with every seat's view if `hands`."""
        index = max(0, min(index, self.last))
        table = self._table()
        events = table.game.start_events
        for seat, action in self.log[:index]:
            events = table.apply(seat, action, logged=True)
        seats = range(len(table.seats)) if hands else range(0)
        return Frame(index, self.last, table.public_view(), public_lines(table, events),
                     [table.view_for(s) for s in seats], [table.legal_for(s) for s in seats])

    def played_out(self) -> Table:
        """The table after the whole log; raises what the first move that does not replay
        raises."""
        table = self._table()
        table.replay(self.log)
        return table

    def moves(self) -> list[tuple[View, list[Event]]]:
        """Every frame's public view with the public events that led to it (for the chart)."""
        table = self._table()
        public = [e for e in table.game.start_events if not is_private(e)]
        moves = [(table.public_view(), public)]
        for seat, action in self.log:
            events = table.apply(seat, action, logged=True)
            moves.append((table.public_view(), [e for e in events if not is_private(e)]))
        return moves


def public_lines(table: Table, events: list[Event]) -> list[str]:
    return [line for event in events if not is_private(event)
            if (line := event_line(event, table.names)) is not None]


async def check_replayable(store: Store, game_id: int, guild_id: int | None) -> GameRecord:
    """The record of game `game_id` when it may be replayed from server `guild_id`;
    IllegalAction, with a line for the member, when not."""
    return await finished_record(store, game_id, guild_id, "replay")


async def replay_of(store: Store, record: GameRecord) -> Replay:
    """The game's moves: its log without the markers of who played a seat (tables/away.py),
    which change nothing on the table."""
    return Replay(record, [(row.seat, row.action) for row in await store.actions(record.id)
                           if not is_marker(row.action)])


async def frame_of(replay: Replay, index: int, hands: bool) -> Frame:
    return await asyncio.to_thread(replay.frame, index, hands)


async def chart_moves(store: Store, game_id: int) -> tuple[Replay, list[tuple[View, list[Event]]]]:
    """A finished game's replay and all its moves' public views, worked out in a thread."""
    record = await store.game(game_id)
    if record is None or record.game not in GAMES:
        raise IllegalAction(f"There is no game #{game_id}.")
    replay = await replay_of(store, record)
    return replay, await asyncio.to_thread(replay.moves)
