"""A server's records for one game (/records): the best moment of each kind the game keeps
(its highest hand, best pegging play, biggest win...) and the longest winning streak, with who
and when, as plain rows; and the game's achievements, then the milestones every game shares,
with how many here hold each, so a player sees what there is to earn."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.achievements import TOURNAMENT_WON
from engine.milestones import EVERY_GAME, MILESTONES
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
class AchievementRow:
    name: str
    how: str
    #: How many players here hold it.
    holders: int


@dataclass(frozen=True)
class ServerRecords:
    #: One row per moment kind of the game, in the game's order.
    moments: list[RecordRow]
    #: The longest run of rated wins, or None while nobody has won a rated game.
    streak: StreakRecord | None
    #: The game's achievements in its order, then Champion (a tournament won).
    achievements: list[AchievementRow] = field(default_factory=list)
    #: The milestones every game shares, with how many here hold each.
    milestones: list[AchievementRow] = field(default_factory=list)
    #: The name each record holder last played under here, by user id (a holder may have
    #: left the server since); /records puts the names they go by now in their place.
    names: dict[int, str] = field(default_factory=dict)

    def holders(self) -> list[int]:
        """The members holding a record (a moment's best, the longest streak)."""
        holders = [row.best.user_id for row in self.moments if row.best is not None]
        return holders + ([self.streak.user_id] if self.streak is not None else [])


async def server_records(store: Store, guild_id: int, spec: GameSpec) -> ServerRecords:
    moments = [
        RecordRow(kind.name, kind.unit, kind.how,
                  await store.record_moment(guild_id, spec.name, kind.kind))
        for kind in spec.moments
    ]
    holders = await store.achievement_holders(guild_id, spec.name)
    achievements = [AchievementRow(a.name, a.how, holders.get(a.key, 0))
                    for a in (*spec.achievements, TOURNAMENT_WON)]
    reached = await store.achievement_holders(guild_id, EVERY_GAME)
    milestones = [AchievementRow(m.name, m.how, reached.get(m.key, 0)) for m in MILESTONES]
    records = ServerRecords(moments, await store.longest_streak(guild_id, spec.name),
                            achievements, milestones)
    return replace(records, names=await store.last_names(guild_id, records.holders()))
