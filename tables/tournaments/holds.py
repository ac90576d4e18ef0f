"""A member entered in two events at once: while they play one match, another match's game
that waits on their first move keeps their seat rather than count them a no-show. Part of
the TournamentService's timers (tables/tournaments/timers.py).

A member is playing elsewhere while they sit at another running match game (of any event
this process serves), not away there, having moved there, and that game has not waited on
them for the no-show minutes (then they are idle there too). Two games opened together wait
on a member who has moved in neither: neither holds the other, so a member idle in both
forfeits both. A held seat's no-show minutes start when that other game ends (or the member
stops playing it): the member is told in the other game's place which match waits and that
the minutes start once it ends, then in the waiting game's place by when they must move.
Held seats are kept in memory: a restart finds each member playing on held again (and told
so again), and one freed just before it has its minutes counted from the game's opening."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from store.records import MatchGame
from tables.away import is_marker
from tables.table import Table
from tables.tournaments.tournament import RUNNING

if TYPE_CHECKING:
    from tables.tournaments.service import HeldTournament, TournamentService

log = logging.getLogger(__name__)


@dataclass
class SeatHold:
    """A member's seat at a match's game (`game`, of event `held`) kept for them while they
    play another (`playing`, of event `playing_in`); `freed_at` (wall ms) once that ended."""

    user_id: int
    held: HeldTournament
    game: MatchGame
    playing_in: HeldTournament
    playing: MatchGame
    freed_at: int | None = None

    def due(self, no_show_after: float) -> int | None:
        """When the member forfeits unless they move (wall ms), once the other game ended."""
        return None if self.freed_at is None else self.freed_at + int(no_show_after * 1000)


class SeatHolds:
    def __init__(self, service: TournamentService) -> None:
        self.service = service
        #: (waiting game's id, member) -> its hold.
        self._holds: dict[tuple[int, int], SeatHold] = {}
        #: Holds made or freed and not told yet.
        self._untold: list[SeatHold] = []

    async def seconds_left(self, held: HeldTournament, table: Table, seat: int,
                           waited: float) -> float:
        """Seconds left of the seat's no-show minutes, `waited` seconds into them: all of
        them while its member plays another match, else from when that match ended."""
        service = self.service
        user_id = table.seats[seat].user_id
        assert user_id is not None
        key = (table.id, user_id)
        hold = self._holds.get(key)
        playing = await self._playing(user_id, table.id)
        if playing is not None:
            if hold is None or hold.freed_at is not None or hold.playing != playing[1]:
                game = next(g for g in held.games if g.game_id == table.id)
                self._holds[key] = hold = SeatHold(user_id, held, game, *playing)
                self._untold.append(hold)
            return service.no_show_after
        if hold is None:
            return service.no_show_after - waited
        if hold.freed_at is None:  # stopped playing there without the game ending
            self._free(hold)
        assert hold.freed_at is not None
        since = (service.wall_ms() - hold.freed_at) / 1000
        return service.no_show_after - min(waited, since)

    async def game_ended(self, table: Table) -> None:
        """A game ended: the seats held for its members are freed (and they are told); one
        that was held is forgotten."""
        for key, hold in list(self._holds.items()):
            if key[0] == table.id:
                del self._holds[key]
            elif hold.playing.game_id == table.id and hold.freed_at is None:
                self._free(hold)
        await self.tell()

    def _free(self, hold: SeatHold) -> None:
        hold.freed_at = self.service.wall_ms()
        self._untold.append(hold)

    async def tell(self) -> None:
        """Tell the listeners of the holds made and freed since the last telling."""
        untold, self._untold = self._untold, []
        for hold in untold:
            # (not one whose waiting game ended meanwhile: nothing waits for the member there)
            if self._holds.get((hold.game.game_id, hold.user_id)) is not hold:
                continue
            for listener in list(self.service._listeners):
                try:
                    await listener.on_seat_held(hold)
                except Exception:
                    log.exception("tournament listener %r failed", listener)

    async def _playing(self, user_id: int, waiting_id: int
                       ) -> tuple[HeldTournament, MatchGame] | None:
        """The other match game the member is playing now, and its event, if any."""
        service, manager = self.service, self.service.manager
        for other in list(service._held.values()):
            if other.event.status != RUNNING:
                continue
            for game in list(other.games):
                table = manager.get(game.game_id)
                if game.game_id == waiting_id or table is None or table.status != "running" \
                        or other.set_aside(game) or other.event.match(game.match_id).finished:
                    continue
                seat = table.seat_of(user_id)
                if seat is None or seat in table.away or seat in table.forfeited or \
                        manager.waited(table.id).get(seat, 0.0) >= service.no_show_after:
                    continue
                actions = await service.store.actions(table.id)
                if any(a.seat == seat and not is_marker(a.action) for a in actions):
                    return other, game
        return None
