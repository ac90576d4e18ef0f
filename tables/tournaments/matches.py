"""The games that play a tournament's matches: opened for a round's matches (each created and
linked to its match in one commit), closed when their match is settled otherwise, and caught
up with after a restart. Part of the TournamentService (tables/tournaments/service.py)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from engine.contract import Event
from engine.errors import IllegalAction
from engine.registry import LEVELS
from engine.seat_words import spoken_list
from store.records import MatchGame
from tables.ratings import UNRATED
from tables.seats import SeatInfo
from tables.tournaments.model import Match
from tables.tournaments.text import closed_words, restart_words
from tables.tournaments.tournament import RUNNING, Tournament

if TYPE_CHECKING:
    from tables.tournaments.service import HeldTournament, TournamentService

log = logging.getLogger(__name__)

#: The level of the computer that fills a short table, unless the host chose one (or, in a
#: game that lacks it, that game's strongest).
COMPUTER_LEVEL = "hard"


def filler_level(levels: Sequence[str]) -> str:
    """The level that fills a short table in a game offering `levels`: COMPUTER_LEVEL, or the
    strongest level the game has below it, or failing that its weakest."""
    if COMPUTER_LEVEL in levels:
        return COMPUTER_LEVEL
    below = [level for level in levels if LEVELS.index(level) < LEVELS.index(COMPUTER_LEVEL)]
    return below[-1] if below else levels[0] if levels else COMPUTER_LEVEL
FORFEIT_LINE = "{names} forfeited this match: the computer plays on in their {seats}."


class MatchGames:
    def __init__(self, service: TournamentService) -> None:
        self.service = service

    def running(self, game_id: int) -> bool:
        table = self.service.manager.get(game_id)
        return table is not None and table.status == "running"

    async def sync(self, held: HeldTournament) -> None:
        """Games that follow the event: a game for every unfinished match of the round with
        none running (the next game of a best of three too); a running game whose match is
        settled (a forfeit, a drop-out, a host's result, the event over) closed; at a table,
        the computer playing for entries that forfeited. The caller holds the event's lock."""
        manager, event = self.service.manager, held.event
        over = event.status != RUNNING
        opened: dict[str, int] = {}
        for game in list(held.games):
            if not self.running(game.game_id):
                continue
            match = event.match(game.match_id)
            if not over and match.opened_at is None and not held.set_aside(game):
                # An event saved before games' opening times were kept, or a restart before
                # this one's was: its window runs from now, and a later restart keeps that.
                opened[match.id] = self.service.wall_ms()
            if over or match.finished or held.set_aside(game):
                closing = manager.get(game.game_id)
                assert closing is not None
                # read once it is abandoned
                closing.closed_why = closed_words(event, match) if over or match.finished \
                    else f"Closed: {restart_words(event, match)}, which starts again."
                with contextlib.suppress(IllegalAction):
                    await manager.abandon(game.game_id, held.host_id, may_manage=True)
            elif match.table and match.forfeits:
                table = manager.get(game.game_id)
                assert table is not None
                forfeited = [s for s, e in enumerate(match.seats) if e in match.forfeits]
                seats = [s for s in forfeited if s not in table.forfeited]
                if seats:
                    names = spoken_list([event.entry(e).name for e in match.forfeits])
                    line = FORFEIT_LINE.format(
                        names=names, seats="seat" if len(forfeited) == 1 else "seats")
                    with contextlib.suppress(IllegalAction):  # it ended meanwhile
                        await manager.play_for(game.game_id, seats, line, forfeit=True)
        for match in [] if over or event.current is None else event.current.matches:
            games = held.games_of(match.id)
            if match.finished or any(self.running(g) for g in games):
                continue
            if len(games) > len(match.games):
                continue  # its game ended without a result: the host sets one
            try:
                opened[match.id] = await self._open(held, match)
            except Exception:  # the event is saved; the host can set this match's result
                log.exception("tournament %d: match %s's game did not open", held.id,
                              match.id)
        if opened:
            await self._note_opened(held, opened)

    async def _note_opened(self, held: HeldTournament, opened: dict[str, int]) -> None:
        """Save when matches' games opened, all in one save (a round's open together)."""

        def note(event: Tournament) -> list[Event]:
            for match_id, at in opened.items():
                event.match(match_id).opened_at = at
            return []

        try:
            await self.service._change(held, note)
        except Exception:  # the games play on; the next change that finds them unnoted notes them
            log.exception("tournament %d: when matches opened was not saved", held.id)

    async def _open(self, held: HeldTournament, match: Match) -> int:
        """Open the match's next game; when it opened (wall_ms)."""
        service, event = self.service, held.event
        channel_id, thread_id = held.channel_id, None
        if service.places is not None:
            try:
                channel_id, thread_id = await service.places(held, match)
            except Exception:
                log.exception("tournament %d: no place for match %s", held.id, match.id)
        seats = []
        for user_id, entry_id in zip(event.players_of(match), match.seats, strict=True):
            entry = event.entry(entry_id) if entry_id is not None else None
            if entry is not None and entry.computer:
                seats.append(SeatInfo.computer(entry.computer, entry.name))
            elif user_id is None or entry is None:
                level = event.computers or filler_level(service.manager.games[event.game].levels)
                seats.append(SeatInfo.computer(level))
            else:
                seats.append(SeatInfo(user_id, entry.names[entry.members.index(user_id)]))
        # A computer entry's match is played out but counts for no member's rating or stats.
        against_computer = any(event.entry(e).computer for e in match.entries)
        where = thread_id or channel_id
        # Through the games' store: a round's games are created in a burst, which would hold
        # up members' presses on the service's own connection.
        table = await service.manager.create(
            guild_id=held.guild_id, channel_id=channel_id, game=event.game,
            options=event.options, seats=seats, host_id=held.host_id, thread_id=thread_id,
            settings={UNRATED: True} if against_computer else None,
            write=partial(service.manager.store.create_match_game, held.id, round=match.round,
                          match_id=match.id, match_channel_id=where),
        )
        held.games.append(MatchGame(table.id, held.id, match.round, match.id, where))
        opened_at = service.wall_ms()
        service.timers.watch_no_show(held, match.id, table, opened_at)
        await service.publish_opened(held, match, table)
        return opened_at

    async def closed_early(self, held: HeldTournament, game: MatchGame, away: bool) -> None:
        """The match's game closed before it ended, not by the event's doing (its channel
        deleted, or its server gone from the bot too long, `away`: found so at the server's
        return): the match says so and the host is asked for its result."""
        service = self.service
        if held.games_of(game.match_id)[-1:] != [game.game_id]:
            return  # set aside, or not its latest game
        why = "was closed while the bot was away from this server" if away \
            else "was closed before it ended"
        try:
            async with service._lock(held.id):
                await service._change(held, partial(_game_closed, match_id=game.match_id,
                                                    game_id=game.game_id, why=why))
        except IllegalAction as refusal:  # its server removed the bot meanwhile
            log.info("tournament %d: game %d's closing not noted: %s", held.id, game.game_id,
                     refusal)
            return
        await service._after(held)

    async def catch_up(self, held: HeldTournament, away: bool = False) -> None:
        """After a restart (or its server's return, `away`): results of games that ended
        while nobody listened, games closed meanwhile before they ended, and the no-show
        watch again over the round's running games."""
        service = self.service
        if held.event.status != RUNNING:
            return
        for game in list(held.games):
            current = held.event.current
            if not service.serves(held) or current is None:
                return
            if game.round != current.number or held.set_aside(game):
                continue  # (one set aside and still running is closed when games are synced)
            record = await service.store.game(game.game_id)
            if record is not None and record.status == "running" and \
                    service.manager.get(game.game_id) is None:
                # Its last move was stored but not its finish: rebuilding it writes that.
                await service.manager.wait_idle()
                record = await service.store.game(game.game_id)
            if record is not None and record.status == "finished" and record.outcome:
                await service.record(held, game.match_id, game.game_id, record.outcome)
            elif record is not None and record.status == "abandoned":
                await self.closed_early(held, game, away)
            elif record is not None and record.status == "running":
                table = service.manager.get(game.game_id)
                if table is not None:
                    opened_at = held.event.match(game.match_id).opened_at
                    service.timers.watch_no_show(held, game.match_id, table,
                                                 opened_at or service.wall_ms())


def _game_closed(event: Tournament, *, match_id: str, game_id: int, why: str) -> list[Event]:
    return event.game_closed(match_id, game_id, why)
