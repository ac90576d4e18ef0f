"""A Table: one running game with its seats, its lock, and the lines to show players.

Only the TableManager mutates a Table (always under `lock`); cogs read it."""

from __future__ import annotations

import asyncio
import copy
import logging
from collections import deque
from typing import Any

from engine.achievements import Award
from engine.contract import Action, Event, Game, View
from engine.errors import IllegalAction
from engine.registry import GameSpec
from store.records import RatingChange
from tables.away import BACK, FORFEIT, FORFEITED, MARKERS
from tables.lobby import side_of_seats
from tables.seats import SeatInfo
from tables.text import Chorus, chorus_of, chorused, event_text, fill_names, is_private, retells

log = logging.getLogger(__name__)

#: How many event lines a table keeps for the channel, and per seat for private events.
RECENT_LINES = 12
#: The one action the table itself understands: the engine need not know about resigning.
RESIGN = "_resign"
#: The event type that starts a new deal (to everyone, or, with "to", to one seat): a seat's
#: private lines from earlier deals are no longer about the cards in front of it.
NEW_DEAL = "deal"


class OutOfDate(IllegalAction):
    """A move made for a decision its seat no longer faces: the seat's choices, or what they
    answer (a claim's Muggins! offer), changed since its buttons were built."""

    def __init__(self) -> None:
        super().__init__("That move is out of date: the moment it was made for has passed. "
                         "Open your hand again for your current options.")


class Table:
    def __init__(
        self,
        *,
        id: int,
        spec: GameSpec,
        options: dict[str, Any],
        seed: int,
        seats: list[SeatInfo],
        guild_id: int,
        channel_id: int,
        host_id: int,
        settings: dict[str, Any] | None = None,
        thread_id: int | None = None,
        message_id: int | None = None,
    ) -> None:
        self.id = id
        self.spec = spec
        self.seed = seed
        self.seats = list(seats)
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.thread_id = thread_id
        self.message_id = message_id
        self.host_id = host_id
        self.settings = dict(settings or {})
        self.game: Game = spec.new(len(seats), options, seed)
        self.options: dict[str, Any] = dict(self.game.options)
        self.sides: list[int] = side_of_seats(spec, len(seats), self.options)
        #: Number of accepted actions (resigning included): the next action's number.
        self.version = 0
        #: "running", "finished", "abandoned" or "errored".
        self.status = "running"
        #: Why the game is closed if it is abandoned, for its message ("Closed: Bob did not
        #: show up for the tournament match"); None: someone abandoned it.
        self.closed_why: str | None = None
        #: Why the game waits, its place closed to the bot (tables/places.py): no computer
        #: turns, no timers, no moves, until the place shows it again. None: it runs.
        self.paused: str | None = None
        #: Human seats the computer is playing for (tables/away.py), as the log records.
        self.away: set[int] = set()
        #: Of those, the seats whose member forfeited the game (a tournament's no-show or
        #: drop): away to the end, and rated on nothing.
        self.forfeited: set[int] = set()
        #: The last move played for each human seat because it was their only one (autoplay),
        #: with its number (the version it was played at).
        self.autoplayed: dict[int, tuple[int, Action]] = {}
        #: What the game did to its members' ratings, as the store recorded it at the finish
        #: (empty while running, and for a game that rated no one).
        self.rating_changes: list[RatingChange] = []
        self.lock = asyncio.Lock()
        #: Whether a person (not a computer) has moved: from then on ending the game without
        #: results would take one away, so its host may no longer (see abandon_refusal).
        self.people_moved = False
        self._resigned_outcome: dict[str, Any] | None = None
        # Lines are kept numbered, so that a player's private lines and the public ones can be
        # read back in the order they happened; a public line also keeps the seats that read
        # a private line instead (see tables.text.retells).
        self._told = 0
        # (twice the lines read: a run of seats' goes is read as one line, see chorused)
        self._recent: deque[tuple[int, str, set[int], Chorus | None]] = deque(
            maxlen=2 * RECENT_LINES)
        self._private: list[deque[tuple[int, str]]] = [
            deque(maxlen=RECENT_LINES) for _ in seats
        ]
        #: Per seat, the number of the first line of its current deal.
        self._deal_starts: list[int] = [0] * len(seats)
        self._legal: list[list[Action]] = [self.legal_for(s) for s in range(len(seats))]
        acting = self.to_act()
        self._decisions: list[object] = [
            self.game.decision_key(s) if s in acting else None for s in range(len(seats))]
        self._seat_versions: list[int] = [0] * len(seats)
        #: What the game has earned so far (engine/achievements.py), fed every event.
        self.tally = spec.tally()
        #: Awards of moves played here (not replayed from the log) not yet recorded.
        self.new_awards: list[Award] = []
        self._remember(self.game.start_events)
        self.tally.feed(self.game.start_events)

    # ------------------------------------------------------------ reading

    @property
    def game_name(self) -> str:
        return self.spec.name

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def outcome(self) -> dict[str, Any] | None:
        return self._resigned_outcome or self.game.outcome

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def active(self) -> bool:
        """Still being played: not finished, abandoned or stopped by an error."""
        return self.status == "running" and not self.finished

    @property
    def recent(self) -> list[str]:
        """The latest public lines, as the channel reads them."""
        names = self.names
        lines = chorused((number, text, chorus) for number, text, _, chorus in self._recent)
        return [fill_names(text, names) for _, text in lines[-RECENT_LINES:]]

    def lines_for(self, seat: int) -> list[str]:
        """The latest lines as `seat` reads them: the public ones and their own private ones,
        in the order they happened, each event told once, the seat's own moves as "you"."""
        if not 0 <= seat < len(self._private):
            return self.recent
        told: list[tuple[int, str, Chorus | None]] = [
            (number, text, chorus) for number, text, hidden, chorus in self._recent
            if seat not in hidden]
        told += [(number, text, None) for number, text in self._private[seat]]
        names = self.names
        lines = chorused(sorted(told, key=lambda line: line[0]))
        return [fill_names(text, names, seat) for _, text in lines[-RECENT_LINES:]]

    def note(self, line: str) -> None:
        """A public line about the table rather than the game (seats written "{s0}")."""
        self._told += 1
        self._recent.append((self._told, line, set(), None))

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id is not None and seat.user_id == user_id:
                return index
        return None

    def public_view(self) -> View:
        return self._decorate(self.game.view(None))

    def view_for(self, seat: int) -> View:
        return self._decorate(self.game.view(seat))

    def legal_for(self, seat: int) -> list[Action]:
        if not self.active or seat not in self.game.to_act():
            return []
        return self.game.legal_actions(seat)

    def waiting_for(self) -> list[int]:
        return list(self.game.waiting_for()) if self.active else []

    def to_act(self) -> list[int]:
        return list(self.game.to_act()) if self.active else []

    def seat_version(self, seat: int) -> int:
        """The version at which this seat's decision last changed: its legal actions, or what
        they answer (`Game.decision_key`: the claim a Muggins! offer is about). Buttons built
        for the seat carry it; they are stale once it moves on."""
        return self._seat_versions[seat]

    def private_lines(self, seat: int) -> list[str]:
        """The seat's latest private lines of the current deal (those before are history)."""
        if not 0 <= seat < len(self._private):
            return []
        names, start = self.names, self._deal_starts[seat]
        return [fill_names(text, names, seat) for number, text in self._private[seat]
                if number >= start]

    def computer_turns(self) -> list[int]:
        """Seats the computer must play now: computer seats and humans who are away."""
        return [s for s in self.waiting_for() if self.seats[s].is_computer or s in self.away]

    def abandon_refusal(self, user_id: int, may_manage: bool) -> str | None:
        """Why `user_id` may not end the game without results, or None: a member with Manage
        Server may; its host may until a person has moved (a host losing could otherwise wipe
        out the loss, and the others' win)."""
        if may_manage:
            return None
        if user_id != self.host_id:
            return "Only a game's host or a member with Manage Server can abandon it."
        if self.people_moved:
            # Only a tournament's games have a host who does not play: its match's result is
            # theirs to set.
            way_out = ("/resign ends it as a loss for your side" if self.seat_of(user_id)
                       is not None else "/tournament result sets its match's result")
            return (f"Game #{self.id} is under way: abandoning it now would leave no result. "
                    f"{way_out}, or a member with Manage Server can abandon it.")
        return None

    def computer_options(self) -> list[int]:
        """Computer seats that may act although the game does not wait for them (a Muggins!
        press while another seat's count waits): their moves are optional. Humans who are
        away are not among them: the computer plays only what the game waits for on their
        behalf."""
        waiting = set(self.waiting_for())
        return [s for s in self.to_act() if s not in waiting and self.seats[s].is_computer]

    def human_waits(self) -> list[int]:
        """Human seats the game is waiting for (those the idle timer watches)."""
        return [
            s for s in self.waiting_for() if not self.seats[s].is_computer and s not in self.away
        ]

    # ------------------------------------------------------------ changing

    def apply(self, seat: int, action: Action, *, logged: bool = False) -> list[Event]:
        """Carry out one action (`logged`: from the saved log, see Game.apply); IllegalAction
        leaves everything as it was. A marker of who plays a seat (tables/away.py) changes
        no game state and tells no one."""
        kind = action.get("type")
        if kind in MARKERS:
            self._mark(seat, kind)
            self.version += 1
            return []
        if kind == RESIGN:
            events = self._resign(seat)
        else:
            events = self.game.apply(seat, action, logged=logged)
        self.version += 1
        self.people_moved = self.people_moved or not self.seats[seat].is_computer
        self._remember(events)
        try:
            awards = self.tally.feed(events)
        except Exception:
            # An achievement's rule must never stop a game: the move stands, unrewarded.
            log.exception("game %d: achievements could not read move %d", self.id, self.version)
            awards = []
        if not logged:
            self.new_awards += awards
        self._refresh_seat_versions()
        return events

    def adopt_state(self, other: Table) -> None:
        """Take the game state of a table rebuilt from the log (after a failed write); the
        lock, seats and location stay."""
        self.game, self.version = other.game, other.version
        self.away, self.forfeited = other.away, other.forfeited
        self.people_moved = other.people_moved
        self._resigned_outcome = other._resigned_outcome
        self._recent, self._private, self._told = other._recent, other._private, other._told
        self._deal_starts = other._deal_starts
        self._legal, self._seat_versions = other._legal, other._seat_versions
        self._decisions = other._decisions
        self.tally, self.new_awards = other.tally, []

    def replay(self, log: list[tuple[int, Action]]) -> None:
        for seat, action in log:
            self.apply(seat, action, logged=True)

    # ------------------------------------------------------------ helpers

    def _decorate(self, view: View) -> View:
        view = dict(view)
        view["names"] = self.names
        view["away"] = sorted(self.away)
        view["version"] = self.version
        if self._resigned_outcome is not None:
            view["outcome"] = copy.deepcopy(self._resigned_outcome)
        return view

    def _mark(self, seat: int, marker: str) -> None:
        if self.finished:
            raise IllegalAction("This game is over.")
        if not 0 <= seat < len(self.seats) or self.seats[seat].is_computer:
            raise IllegalAction("Only a member's seat is played for them.")
        if marker == BACK:
            if seat in self.forfeited:
                raise IllegalAction(FORFEITED)
            self.away.discard(seat)
            self.tally.seat_back(seat)
            return
        self.away.add(seat)
        self.tally.seat_away(seat)
        if marker == FORFEIT:
            self.forfeited.add(seat)

    def _resign(self, seat: int) -> list[Event]:
        if self.finished:
            raise IllegalAction("This game is over.")
        if not 0 <= seat < len(self.seats):
            raise IllegalAction("You are not seated in this game.")
        self._resigned_outcome = resign_outcome(self, seat)
        text = f"{{s{seat}}} resigned."
        return [{"type": "resigned", "seat": seat, "text": text}]

    def _remember(self, events: list[Event]) -> None:
        # The texts are kept with their seat placeholders and names are put in when read: a
        # rebuild replays every move but reads only the last lines.
        last_public: set[int] | None = None
        for event in events:
            if event.get("type") == NEW_DEAL:
                self._new_deal(event)
            text = event_text(event)
            if text is None:
                continue
            self._told += 1
            if is_private(event):
                to = event["to"]
                if isinstance(to, int) and 0 <= to < len(self._private):
                    self._private[to].append((self._told, text))
                    if retells(event) and last_public is not None:
                        last_public.add(to)
                last_public = None
            else:
                last_public = set()
                self._recent.append((self._told, text, last_public, chorus_of(event)))

    def _new_deal(self, event: Event) -> None:
        seats = [event["to"]] if is_private(event) else range(len(self.seats))
        for seat in seats:
            if isinstance(seat, int) and 0 <= seat < len(self._deal_starts):
                self._deal_starts[seat] = self._told + 1  # the deal's own line included

    def _refresh_seat_versions(self) -> None:
        # Only a seat that had choices or may act now can see its choices change: every other
        # seat had none and still has none (the contract: a seat not in to_act() has no legal
        # action). So the cost per move follows the seats involved, not the table's size.
        # A seat with the same legal actions may face a new decision all the same (a Muggins!
        # offer on the next claim): the game's decision key tells.
        acting = set(self.to_act())
        seats = acting.union(seat for seat, legal in enumerate(self._legal) if legal)
        for seat in sorted(seats):
            legal = self.game.legal_actions(seat) if seat in acting else []
            decision = self.game.decision_key(seat) if seat in acting else None
            if legal != self._legal[seat] or decision != self._decisions[seat]:
                self._legal[seat], self._decisions[seat] = legal, decision
                self._seat_versions[seat] = self.version


def resign_outcome(table: Table, seat: int) -> dict[str, Any]:
    """The resigning seat's side loses; every other side wins (a shared win if several)."""
    players = len(table.seats)
    losing_side = table.sides[seat]
    winners = [s for s in range(players) if table.sides[s] != losing_side]
    scores = table.game.view(None).get("scores")
    if not (isinstance(scores, list) and len(scores) == players):
        scores = [0] * players
    return {
        "winners": winners,
        "ranks": [1 if table.sides[s] == losing_side else 0 for s in range(players)],
        "scores": scores,
        "shared": len({table.sides[s] for s in winners}) > 1,
        "win_points": 1,
        "detail": f"{table.seats[seat].name} resigned.",
        "resigned": seat,
    }
