"""A tournament's state and every action on it. No I/O: the store saves `to_json()`.

Each action returns the events it caused ({"type", "text", ...}), also kept in `log`, and
refuses bad input with an IllegalAction a player can read, changing nothing."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from engine.contract import Event
from engine.errors import IllegalAction
from engine.registry import GAMES
from engine.seat_words import spoken_list
from tables.tournaments.fit import FORMAT_WORDS, KNOCKOUT, SWISS, TABLES, check_fit
from tables.tournaments.model import Entry, Match, Round, entry_from_json, round_from_json
from tables.tournaments.rounds import total_rounds
from tables.tournaments.running import Running

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"
BEST_OF = (1, 3)


@dataclass
class Tournament(Running):
    id: str
    host_id: int
    game: str
    options: dict[str, Any]
    format: str
    #: Rounds to play in a Swiss or tables event (the other formats work theirs out).
    rounds_planned: int | None = None
    table_size: int | None = None
    #: Members per entry: 2 when pairs sign up together for a team game.
    team_size: int = 1
    best_of: int = 1
    final_best_of: int | None = None
    status: str = SIGNUP
    paused: bool = False
    entries: list[Entry] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    #: Final placings, best first: groups of entry ids that share a place.
    placings: list[list[str]] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    next_entry: int = 1
    #: Minutes each round may take before its unfinished games are played out by the
    #: computer; None: a round waits for its last game.
    round_minutes: int | None = None
    #: When the event starts by itself (milliseconds since 1970-01-01 UTC), if it does.
    starts_at: int | None = None
    #: The level of the computer entries that fill a short field at the start (a knockout
    #: to its bracket's size, an odd Swiss or round robin to even) and a tables event's short
    #: tables; None: byes, and the hard computer at tables.
    computers: str | None = None
    #: A Swiss takes late entries while running until this round starts (None: the last).
    late_until: int | None = None
    #: The round the host ended the event after (`end`); None: it plays all its rounds.
    ended_after: int | None = None

    @classmethod
    def create(
        cls,
        id: str,
        host_id: int,
        game: str,
        format: str,
        options: dict[str, Any] | None = None,
        rounds_planned: int | None = None,
        table_size: int | None = None,
        team_size: int = 1,
        best_of: int = 1,
        final_best_of: int | None = None,
        computers: str | None = None,
        late_until: int | None = None,
    ) -> Tournament:
        """A new event open for sign-up; the game, options and format checked to fit.
        `computers`: a level to fill empty places with computer entries instead of byes;
        `late_until`: a Swiss takes late entries until this round starts (1: none; None: until
        its last round starts)."""
        spec = GAMES.get(game)
        if spec is None:
            raise IllegalAction(f"There is no game called {game}.")
        options = spec.check_options(options)
        check_fit(spec, options, format, team_size, table_size)
        words = FORMAT_WORDS[format]
        if best_of not in BEST_OF or final_best_of not in (None, *BEST_OF):
            raise IllegalAction("A match is one game or the best of three.")
        if final_best_of is not None and format != KNOCKOUT:
            raise IllegalAction("Only a knockout has a final.")
        if format == TABLES and best_of != 1:
            raise IllegalAction("A tables event plays one game a round.")
        if format != TABLES and table_size is not None:
            raise IllegalAction(f"A {words} event has no tables to size.")
        if format in (SWISS, TABLES) and not (rounds_planned or 0) >= 1:
            raise IllegalAction(f"Say how many rounds the {words} event has, e.g. rounds:3.")
        if format not in (SWISS, TABLES) and rounds_planned is not None:
            raise IllegalAction(f"A {words} event works out its own number of rounds: leave "
                                "rounds out.")
        if computers is not None and computers not in spec.levels:
            levels = spoken_list(list(spec.levels), "or") or "none"
            raise IllegalAction(f"The computer's level for {spec.title} is {levels}, not "
                                f"{computers}.")
        if late_until is not None and format != SWISS:
            raise IllegalAction("Only a Swiss takes late entries: leave late_until out.")
        if late_until is not None and not 1 <= late_until <= (rounds_planned or 0):
            raise IllegalAction(f"Late entries close as a round from 1 (none) to "
                                f"{rounds_planned} starts, not round {late_until}.")
        event = cls(id, host_id, game, options, format, rounds_planned, table_size, team_size,
                    best_of, final_best_of, computers=computers, late_until=late_until)
        event._say("created", f"{spec.title} {words} event open for sign-up.")
        return event

    # ------------------------------------------------------------ looking up

    def entry(self, entry_id: str) -> Entry:
        for entry in self.entries:
            if entry.id == entry_id:
                return entry
        raise IllegalAction("There is no such entry in this event.")

    def entry_of(self, user_id: int) -> Entry | None:
        return next((e for e in self.entries if user_id in e.members), None)

    def match(self, match_id: str) -> Match:
        for played in self.rounds:
            for match in played.matches:
                if match.id == match_id:
                    return match
        raise IllegalAction(f"There is no match {match_id} in this event.")

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds and self.status == RUNNING else None

    @property
    def target(self) -> int | None:
        """The game's target, past which points count for nothing in standings and words."""
        return GAMES[self.game].target(self.options)

    @property
    def fewest_points_win(self) -> bool:
        """Whether the game's points count against their seat, and so against its spread."""
        return GAMES[self.game].fewest_points_win

    def seeded(self) -> list[str]:
        return [e.id for e in sorted(self.entries, key=lambda e: e.seed)]

    def players_of(self, match: Match) -> list[int | None]:
        """The member in each seat of a match's game; None for a computer seat (a computer
        entry's too). A pair's members take their side's seats in sign-up order."""
        taken: dict[str, int] = {}
        players: list[int | None] = []
        for entry_id in match.seats:
            if entry_id is None or self.entry(entry_id).computer:
                players.append(None)
                continue
            members = self.entry(entry_id).members
            players.append(members[taken.get(entry_id, 0) % len(members)])
            taken[entry_id] = taken.get(entry_id, 0) + 1
        return players

    # ------------------------------------------------------------ sign-up

    def late_entry_round(self) -> int | None:
        """The round a member joining now is first paired in, while a running Swiss takes
        late entries (until its `late_until` round starts); None otherwise."""
        if self.status != RUNNING or self.format != SWISS:
            return None
        first = len(self.rounds) + 1
        last = min(self.late_until or self.rounds_planned or 0, total_rounds(self))
        return first if first <= last else None

    def join(self, user_id: int, name: str, partner: tuple[int, str] | None = None) -> list[Event]:
        """Sign up alone, or with a partner for a team game (one entry for the two); a
        running Swiss's late entry starts on 0 points, paired from the next round."""
        late = self.late_entry_round()
        if late is None and self.status == RUNNING and self.format == SWISS:
            closed = min(len(self.rounds), self.late_until or len(self.rounds))
            raise IllegalAction(f"Late entries to this Swiss closed when round {closed} "
                                "started: too late to join.")
        if late is None:
            self._check_signup("join")
        members = [(user_id, name), *([partner] if partner else [])]
        if len(members) != self.team_size:
            raise IllegalAction(
                "This event is for pairs: sign up with a partner." if self.team_size == 2
                else "This event is for players on their own."
            )
        if len({m for m, _ in members}) != len(members):
            raise IllegalAction("Your partner must be someone else.")
        for member, member_name in members:
            if self.entry_of(member) is not None:
                who = "You have" if member == user_id else f"{member_name} has"
                raise IllegalAction(f"{who} already joined this event.")
        entry = Entry(f"e{self.next_entry}", [m for m, _ in members], [n for _, n in members])
        self.next_entry += 1
        self.entries.append(entry)
        if late is None:
            return [self._say("joined", f"{entry.name} joined.", entry=entry.id)]
        entry.seed, entry.joined_round = max(e.seed for e in self.entries) + 1, late
        return [self._say("joined", f"{entry.name} joined late, on 0 points: paired from round "
                          f"{late}.", entry=entry.id, late=late)]

    def leave(self, user_id: int) -> list[Event]:
        self._check_signup("leave")
        entry = self.entry_of(user_id)
        if entry is None:
            raise IllegalAction("You have not joined this event.")
        self.entries.remove(entry)
        return [self._say("left", f"{entry.name} left.", entry=entry.id)]

    def remove(self, by_user_id: int, entry_id: str) -> list[Event]:
        """The host takes an entry out: during sign-up it is simply gone; once the event runs
        it drops out (drop)."""
        if self.status != SIGNUP:
            return self.drop(by_user_id, entry_id)
        self.check_host(by_user_id, "remove an entry")
        entry = self.entry(entry_id)
        self.entries.remove(entry)
        return [self._say("removed", f"The host removed {entry.name}.", entry=entry.id)]

    def _check_signup(self, doing: str) -> None:
        if self.status != SIGNUP:
            state = self._state_words()
            raise IllegalAction(f"This event has already {state}: too late to {doing}.")

    def _state_words(self) -> str:
        return {RUNNING: "started", FINISHED: "finished", CANCELLED: "been cancelled"}[self.status]

    # ------------------------------------------------------------ host controls

    def check_host(self, by_user_id: int, doing: str) -> None:
        if by_user_id != self.host_id:
            raise IllegalAction(f"Only the host can {doing}.")

    def check_running(self) -> None:
        if self.status != RUNNING:
            raise IllegalAction(
                "This event has not started yet." if self.status == SIGNUP
                else f"This event has {self._state_words()}."
            )

    def game_closed(self, match_id: str, game_id: int, why: str) -> list[Event]:
        """The match's game closed before it ended (`why`: how), with no result: the host
        is asked to set one."""
        match = self.match(match_id)
        if self.status != RUNNING or match.finished or match.closed_early == game_id:
            return []
        match.closed_early = game_id
        return [self._say("game_closed", f"Match {match.id}'s game #{game_id} {why}, so it has "
                          "no result.", match=match.id)]

    def _say(self, kind: str, text: str, **data: Any) -> Event:
        event = {"type": kind, "text": text, **data}
        self.log.append(event)
        return event

    # ------------------------------------------------------------ persistence

    def to_json(self) -> str:
        # json walks the dataclasses itself: asdict() would deep-copy every value on the way,
        # and the document (its log above all) grows with every action.
        return json.dumps(self, default=_fields, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Tournament:
        data = json.loads(text)
        data["entries"] = [entry_from_json(e) for e in data["entries"]]
        data["rounds"] = [round_from_json(r) for r in data["rounds"]]
        return cls(**data)


def _fields(value: Any) -> dict[str, Any]:
    return {f.name: getattr(value, f.name) for f in fields(value)}


def seed_by_rating(entries: Sequence[Entry], ratings: Mapping[int, float] | None) -> None:
    """Seed 1 is the best-rated entry (a pair: its members' mean); unrated entries come
    after the rated ones, and sign-up order settles the rest."""
    ratings = ratings or {}
    for entry in entries:
        known = [ratings[m] for m in entry.members if m in ratings]
        entry.rating = sum(known) / len(known) if known else None
    order = {entry.id: index for index, entry in enumerate(entries)}
    ranked = sorted(entries, key=lambda e: (e.rating is None, -(e.rating or 0), order[e.id]))
    for seed, entry in enumerate(ranked, start=1):
        entry.seed = seed
