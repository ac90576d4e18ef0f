"""Tournaments, the pure core: formats, pairings, standings and an event's state.

No I/O, no asyncio, no Discord. Every action returns its events ({"type", "text", ...}, also
kept in `event.log`) and refuses bad input with an IllegalAction, changing nothing:

    event = Tournament.create("t1", host_id, game_name, SWISS, options={"target": 61},
                              rounds_planned=3)              # or KNOCKOUT, final_best_of=3 ...
    event.join(user_id, "Ann")                              # a team game: partner=(id, name)
    event.start(host_id, ratings={user_id: 1510.0})        # seeds, then round one
    for match in event.current.matches:                     # open a game for each unfinished
        seats = event.players_of(match)                     # one: user per seat, None = computer
    event.record_game(match.id, game.outcome)               # the round moves on by itself
    event.no_show(match.id, *entry_ids); event.drop(user_id)  # forfeits
    event.set_result(host_id, match.id, [[winner], [loser]]); event.pause(host_id)
    event.end(host_id)                                      # no round after this one
    Tournament.from_json(event.to_json()) == event

`text` has the words: sign-up lines, standings, a round's matches, the knockout bracket.
`picture.picture_data(event)` is the same as plain JSON-like data for the standings and bracket
pictures (render.tournament), which may not import this package."""

from tables.tournaments.fit import FORMATS, KNOCKOUT, ROUND_ROBIN, SWISS, TABLES
from tables.tournaments.model import Entry, Match, Round
from tables.tournaments.rounds import total_rounds
from tables.tournaments.standings import Standing, standings
from tables.tournaments.tournament import CANCELLED, FINISHED, RUNNING, SIGNUP, Tournament

__all__ = [
    "CANCELLED",
    "FINISHED",
    "FORMATS",
    "KNOCKOUT",
    "ROUND_ROBIN",
    "RUNNING",
    "SIGNUP",
    "SWISS",
    "TABLES",
    "Entry",
    "Match",
    "Round",
    "Standing",
    "Tournament",
    "standings",
    "total_rounds",
]
