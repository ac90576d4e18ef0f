"""A server's records for one game (/records): the best moment of each kind the game keeps
(its highest hand, best pegging play, biggest win...) and the longest winning streak, with who
and when, as plain rows."""

from __future__ import annotations

from dataclasses import dataclass

from engine.registry import GameSpec
from store import Moment, Store, StreakRecord


@dataclass(frozen=True)
class RecordRow:
    #: "Highest hand", "Biggest win"...
    name: str
    unit: str
    #: How the value is reckoned ("" where the name says it).
    how: str
    #: The record itself, or None while nobody has one.
    best: Moment | None


@dataclass(frozen=True)
class ServerRecords:
    #: One row per moment kind of the game, in the game's order.
    moments: list[RecordRow]
    #: The longest run of rated wins, or None while nobody has won a rated game.
    streak: StreakRecord | None


async def server_records(store: Store, guild_id: int, spec: GameSpec) -> ServerRecords:
    moments = [
        RecordRow(kind.name, kind.unit, kind.how,
                  await store.record_moment(guild_id, spec.name, kind.kind))
        for kind in spec.moments
    ]
    return ServerRecords(moments, await store.longest_streak(guild_id, spec.name))
