"""Achievements and moments as data, and the one evaluator that reads a game's events for them.

Each game lists its own in its package (`engine/<game>/achievements.py`, through
`GameSpec.achievements` and `GameSpec.moments`); nothing here knows any game. An achievement is
a name, a line on how it is earned, the game, and a rule over the game's events:

- `on_event(event)` names the seats one event earns it for, as the event happens (a 29 hand);
- `on_finish(events, outcome)` names the seats the finished game earns it for, reading the
  game's events of the types in `watches` (kept while the game runs) and its outcome.

A game ended by a resignation earns nothing at its end: the rules read a game played out.

What the computer plays for a member is not the member's. While a seat is away (the computer
plays it for its member: an idle takeover, a tournament's deadline or forfeit), the events
earn it nothing: no achievement, no moment. What the game's end earns (the `on_finish` rules,
the moments read from the outcome) goes to a seat only if it was not away at any moment of its
last deal, from that deal being dealt (an event of type "deal": for every seat, or with "to"
for one) to the end; in a game that deals only once, of the whole game. The table tells the
tally when a seat goes away and comes back (`seat_away`, `seat_back`), as its log records it,
so a game replayed from its log earns exactly what it earned live.

A moment is a seat's best of one kind in one game (its best hand, its best pegging play, the
margin of its win), read from events, from the outcome, or at the end from the events it
`watches` and the outcome (`from_finish`, as `on_finish` reads them); the store keeps each
seat's best, the greatest value. The outcome's scores are read the way the game counts them:
points for a seat, or, where the fewest points win (`GameSpec.fewest_points_win`, which the
game's tally carries: `GameSpec.tally`), points against it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

Event = dict[str, Any]
Outcome = dict[str, Any]


@dataclass(frozen=True)
class Achievement:
    #: Unique across every game: "<game>:<what>".
    key: str
    #: Short, for a line at the table and a profile.
    name: str
    #: One line on how it is earned.
    how: str
    #: The game it belongs to (a registry name), or None for one every game shares.
    game: str | None
    on_event: Callable[[Event], Iterable[int]] | None = None
    on_finish: Callable[[Sequence[Event], Outcome], Iterable[int]] | None = None
    #: The event types `on_finish` reads.
    watches: frozenset[str] = frozenset()


@dataclass(frozen=True)
class MomentKind:
    #: "hand", "pegging", "win": what the store files the value under.
    kind: str
    #: Words for the best of it, for records and profiles: "Highest hand".
    name: str
    #: What the value counts: "points", "holes".
    unit: str = "points"
    #: How the value is reckoned, where the name does not say it.
    how: str = ""
    #: (seat, value) that one event is worth for this kind, or None.
    from_event: Callable[[Event], tuple[int, int] | None] | None = None
    #: (seat, value) pairs the finished game is worth for this kind, given the outcome and
    #: whether its scores count against a seat (the fewest points win).
    from_outcome: Callable[[Outcome, bool], Iterable[tuple[int, int]]] | None = None
    #: The same, read from the game's events of the types in `watches` and its outcome.
    from_finish: Callable[[Sequence[Event], Outcome], Iterable[tuple[int, int]]] | None = None
    #: The event types `from_finish` reads.
    watches: frozenset[str] = frozenset()


#: Generic, from tournament placings rather than a game's events: first place when a
#: tournament ends. Its EarnedAchievement's game is the tournament's.
TOURNAMENT_WON = Achievement(
    key="tournament-won", name="Champion", how="Finish first in a tournament.", game=None,
)


@dataclass(frozen=True)
class Award:
    key: str
    seat: int


def winning_margin(outcome: Outcome, fewest_points_win: bool = False) -> list[tuple[int, int]]:
    """Each winning seat's margin: how far the nearest seat that did not win was from the
    winners (by the outcome's scores, the fewest the best where `fewest_points_win`), when
    there is one: a shared win has none."""
    scores, winners = outcome.get("scores"), outcome.get("winners") or []
    if not isinstance(scores, list) or not winners or outcome.get("shared"):
        return []
    # Read as points for a seat, the higher the better, whichever way the game counts them.
    worth = [-score for score in scores] if fewest_points_win else scores
    others = [score for seat, score in enumerate(worth) if seat not in winners]
    if not others:
        return []
    margin = min(worth[seat] for seat in winners) - max(others)
    return [(seat, margin) for seat in winners] if margin > 0 else []


def win_margin(unit: str, how: str) -> MomentKind:
    """The margin of a win, as `winning_margin` reckons it, in `unit`; `how` in words."""
    return MomentKind("win", "Biggest win", unit, how, from_outcome=winning_margin)


@dataclass
class Tally:
    """What one game has earned so far: fed every event as it happens (or as its log
    replays), then its outcome once. Each (achievement, seat) is awarded once per game."""

    achievements: Sequence[Achievement]
    moment_kinds: Sequence[MomentKind] = ()
    #: Every award so far, in the order earned.
    earned: list[Award] = field(default_factory=list)
    #: (seat, kind) -> the best value so far.
    best: dict[tuple[int, str], int] = field(default_factory=dict)
    #: The events the finishing rules read.
    history: list[Event] = field(default_factory=list)
    finished: bool = False
    #: Seats the computer plays for their member now.
    away: set[int] = field(default_factory=set)
    #: Seats away at some moment since their latest deal was dealt (see the module's words).
    away_this_deal: set[int] = field(default_factory=set)
    #: Whether the outcome's scores count against a seat (`GameSpec.fewest_points_win`).
    fewest_points_win: bool = False

    def __post_init__(self) -> None:
        self._watched = frozenset().union(*(a.watches for a in self.achievements),
                                          *(m.watches for m in self.moment_kinds))
        self._instant = [(a, a.on_event) for a in self.achievements if a.on_event is not None]
        self._from_events = [(m.kind, m.from_event) for m in self.moment_kinds
                             if m.from_event is not None]

    def seat_away(self, seat: int) -> None:
        """From now on the computer plays this seat for its member."""
        self.away.add(seat)
        self.away_this_deal.add(seat)

    def seat_back(self, seat: int) -> None:
        """From now on the member plays the seat again."""
        self.away.discard(seat)

    def feed(self, events: Iterable[Event]) -> list[Award]:
        """The awards these events earn that the game had not earned yet (none for a seat
        that is away)."""
        fresh: list[Award] = []
        for event in events:
            kind = event.get("type")
            if kind == "deal":
                self._new_deal(event.get("to"))
            if kind in self._watched:
                self.history.append(event)
            for achievement, earns in self._instant:
                fresh += self._award(achievement, earns(event), self.away)
            for moment_kind, worth in self._from_events:
                self._note(moment_kind, worth(event), self.away)
        return fresh

    def finish(self, outcome: Outcome) -> list[Award]:
        """The awards the game's end earns (once: a second call earns nothing)."""
        if self.finished:
            return []
        self.finished = True
        if outcome.get("resigned") is not None:
            return []
        fresh: list[Award] = []
        away = self.away_this_deal
        for achievement in self.achievements:
            if achievement.on_finish is not None:
                seats = achievement.on_finish(self.history, outcome)
                fresh += self._award(achievement, seats, away)
        for moment in self.moment_kinds:
            pairs = [*(moment.from_outcome(outcome, self.fewest_points_win)
                       if moment.from_outcome else ()),
                     *(moment.from_finish(self.history, outcome) if moment.from_finish else ())]
            for pair in pairs:
                self._note(moment.kind, pair, away)
        return fresh

    def _new_deal(self, to: Any) -> None:
        """A deal for seat `to` (None: every seat) begins: it is away in this deal only if it
        is away now or goes away later."""
        if to is None:
            self.away_this_deal = set(self.away)
        elif isinstance(to, int) and to not in self.away:
            self.away_this_deal.discard(to)

    def _award(
        self, achievement: Achievement, seats: Iterable[int], away: set[int]
    ) -> list[Award]:
        fresh = []
        for seat in seats:
            if seat in away:
                continue
            award = Award(achievement.key, seat)
            if award not in self.earned:
                self.earned.append(award)
                fresh.append(award)
        return fresh

    def _note(self, kind: str, pair: tuple[int, int] | None, away: set[int]) -> None:
        if pair is None:
            return
        seat, value = pair
        if seat not in away and value > self.best.get((seat, kind), 0):
            self.best[(seat, kind)] = value
