"""Telling the listeners what happened to an event: the news of its saved changes in the order
they were saved, one telling at a time, the event's end last; and a game that ended too late
to count. Part of the TournamentService (tables/tournaments/service.py).

Each change's news is saved with it (the store's `untold_from`: the event's log is its news)
and marked told once the listeners heard it, so a restart between the two tells it then.
It is queued when it is saved (under the event's lock), and taken with the
games brought up to date behind it (`turn`, still under the lock). A telling waits for the one
taken before it to finish, so a result saved before the one that ended the event is never told
after "The event is over", however the listeners' awaits interleave, and nothing is told of the
event after its end.

A game can end after its result stopped counting: its event ended (finished, or cancelled by
the host) or its match was settled otherwise (a forfeit, the host's result) while its last move
was being made, too late for the game to be closed. Its result is not recorded; its players
are told so at its table's place (`late_line`), once."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.contract import Event
from store.records import MatchGame
from tables.tournaments.text import restart_words
from tables.tournaments.tournament import CANCELLED, FINISHED, Tournament

if TYPE_CHECKING:
    from tables.tournaments.service import HeldTournament, TournamentService

log = logging.getLogger(__name__)

#: How many games of events let go are remembered, in case one ends after its event did.
REMEMBERED = 1000


@dataclass
class Turn:
    """One telling: the news taken, and the telling before it, which goes first."""

    news: list[Event]
    before: asyncio.Future[None] | None
    done: asyncio.Future[None]
    #: The event's log entries saved when it was taken: told, once it is.
    upto: int = 0


class EventNews:
    def __init__(self, service: TournamentService) -> None:
        self.service = service
        #: Game id -> its event, let go once over, for a game of it that ends after that.
        self.ended: OrderedDict[int, HeldTournament] = OrderedDict()

    def queue(self, held: HeldTournament, events: list[Event]) -> None:
        """A change was saved: its news waits to be told. The caller holds the event's lock."""
        held.untold += events

    def turn(self, held: HeldTournament) -> Turn:
        """The news saved so far, and a place in line to tell it. The caller holds the event's
        lock, so places are taken in the order the news was saved."""
        turn = Turn(held.untold, held.telling, asyncio.get_running_loop().create_future(),
                    len(held.event.log))
        held.untold, held.telling = [], turn.done
        return turn

    async def tell(self, held: HeldTournament, turn: Turn, refresh: bool = False) -> None:
        """Tell the listeners the turn's news once those before it are told: news, or the end
        not told yet, or `refresh` (its message only) makes a telling. An event over is let
        go then."""
        service = self.service
        try:
            if turn.before is not None:
                await asyncio.wait({turn.before})  # not cancelling it if this is cancelled
            over = held.event.status in (FINISHED, CANCELLED)
            if turn.news or refresh or (over and not held.end_told):
                held.end_told = held.end_told or over
                await service.publish_event(held, turn.news)
            if turn.news:
                await self.told(held, turn.upto)
            if over:
                self.let_go(held)
        finally:
            if not turn.done.done():
                turn.done.set_result(None)

    async def told(self, held: HeldTournament, upto: int) -> None:
        """The news saved up to the log's `upto`-th entry is told: the store marks it so,
        under the event's lock, so no save of new news comes between (a restart tells only
        what is left, and nothing twice)."""
        service = self.service
        async with service._lock(held.id):
            held.told = max(held.told, upto)
            left = held.told if len(held.event.log) > held.told else None
            try:
                await service.store.tournament_told(held.id, left)
            except Exception:  # told all the same: a restart would tell it again
                log.exception("tournament %d: its news told was not noted", held.id)

    def let_go(self, held: HeldTournament) -> None:
        """An event over is no longer served; its games that ended uncounted are remembered
        a while, in case one's end is heard only now (it ended as the event did)."""
        service = self.service
        service.timers.forget(held)
        if service._held.pop(held.id, None) is None:
            return
        for game in held.games:
            table = service.manager.get(game.game_id)
            if held.set_aside(game):
                continue  # told when it ended, as it was set aside before the event did
            if table is not None and table.status == "finished" and late_line(
                    held.event, game.match_id, held.games_of(game.match_id).index(game.game_id)):
                self.ended[game.game_id] = held
        while len(self.ended) > REMEMBERED:
            self.ended.popitem(last=False)

    def event_let_go(self, game_id: int) -> HeldTournament | None:
        """The event let go that a game played for, forgetting it (a game ends once)."""
        return self.ended.pop(game_id, None)

    async def not_counted(self, held: HeldTournament, game: MatchGame, line: str) -> None:
        log.info("tournament %d: game %d of match %s not recorded: %s", held.id, game.game_id,
                 game.match_id, line)
        for listener in list(self.service._listeners):
            try:
                await listener.on_result_not_counted(held, game.channel_id, line)
            except Exception:
                log.exception("tournament listener %r failed", listener)


def set_aside_line(event: Tournament, match_id: str) -> str:
    """What the players of a game set aside by a corrected result are told when it ends:
    the game stays theirs (their records and ratings), the match no longer counts it."""
    why = restart_words(event, event.match(match_id))
    return (f"This game no longer counts for tournament #{event.id}: {why[0].upper()}{why[1:]}. "
            "It stays in your records.")


def late_line(event: Tournament, match_id: str, game_number: int) -> str | None:
    """Why the `game_number`-th game (from 0) of a match ended too late to count, or None when
    it counts (or counted already: heard twice)."""
    match = event.match(match_id)
    if game_number < len(match.games):
        return None
    where = f"tournament #{event.id}"
    if event.status == CANCELLED:
        return f"This game ended after {where} was cancelled: its result does not count there."
    if event.status == FINISHED:
        return f"This game ended after {where} was over: its result does not count there."
    if match.finished:
        return (f"This game ended after match {match.id} of {where} was settled: its result "
                "does not change the match.")
    return None
