"""The pieces of a tournament's state: entries, matches, rounds. Plain data that goes to and
from JSON; what a finished match means for each entry (its points) is worked out here too.

Points per match: in a two-entry match a win is 1, a draw ½, a loss 0; at a table an entry
scores one point for every seat (computer seats included) placed below it and ½ for every
other seat placed level with it. An entry that forfeits scores nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: What an event none of whose matches was played says instead of a winner.
NO_WINNER = "No match was played: no winner"
#: What a knockout whose final nobody played (every finalist forfeited, no host's result)
#: says instead of a champion.
NO_CHAMPION = "Nobody played the final: no champion"
NO_SHOW = "no-show"
DROPPED = "dropped"
#: Taken out of a running event by its host (a forfeit as a drop-out is).
REMOVED = "removed"


@dataclass
class Entry:
    """One place in the event: a player, or a pair that signed up together."""

    id: str
    members: list[int]
    names: list[str]
    rating: float | None = None
    seed: int = 0
    dropped: bool = False
    #: Dropped by the host (/tournament remove) rather than by its own member.
    removed: bool = False
    #: The level of a computer entry (no members) that fills a place the field left empty.
    computer: str | None = None
    #: The first round a late entry to a running Swiss is paired in; None: from the start.
    joined_round: int | None = None

    @property
    def name(self) -> str:
        return " & ".join(self.names)


@dataclass
class GameResult:
    """One finished game of a match, per seat as the engine's outcome gives it."""

    ranks: list[int]
    scores: list[int]

    def counted_scores(self, target: int | None) -> list[int]:
        """The scores as they count: none past the game's target, where it has one (the
        outcome keeps the points a last move made past it; the game was won at the target)."""
        return self.scores if target is None else [min(s, target) for s in self.scores]


@dataclass
class Ruling:
    """A result the host set: groups of entries, best first (a draw is one group of two).
    At a table the computer seats come after every entry."""

    order: list[list[str]]
    by: int


@dataclass
class Match:
    id: str
    round: int
    #: The entry each seat of the game belongs to; None is a computer seat.
    seats: list[str | None]
    best_of: int = 1
    #: A knockout match is not over while its entries stand level.
    needs_winner: bool = False
    #: A tables-event match (placement points), as opposed to one entry against another.
    table: bool = False
    games: list[GameResult] = field(default_factory=list)
    #: Entry -> why it forfeited (NO_SHOW, DROPPED or REMOVED).
    forfeits: dict[str, str] = field(default_factory=dict)
    ruling: Ruling | None = None
    #: When the game it is playing opened (milliseconds since 1970, the tables clock's, as
    #: round deadlines are): a restart waits out only what is left of the no-show window.
    opened_at: int | None = None
    #: How many of the games linked to this match (in the order linked) no longer count for
    #: it: a corrected knockout result put another entry in one of its seats, and it
    #: started again (the service counts them when it saves the correction).
    set_aside: int = 0
    #: Entry -> the entry whose place it took here when an earlier result was corrected.
    replaced: dict[str, str] = field(default_factory=dict)
    #: Its game that closed before it ended (its channel deleted, its server gone from the
    #: bot too long): no result, and no other game opens; the host sets the match's result.
    closed_early: int | None = None

    @property
    def entries(self) -> list[str]:
        return list(dict.fromkeys(e for e in self.seats if e is not None))

    def entry_score(self, game: GameResult, entry: str, target: int | None = None) -> int:
        """The entry's score in that game, counted up to the game's target if it has one."""
        return max(s for s, e in zip(game.counted_scores(target), self.seats, strict=True)
                   if e == entry)

    def entry_rank(self, game: GameResult, entry: str) -> int:
        return min(r for r, e in zip(game.ranks, self.seats, strict=True) if e == entry)

    def game_scores(self, target: int | None = None) -> dict[str, int]:
        """Each entry's points in the game that decided a one-game match of two entries,
        counted up to the game's target; {} where no game did (a forfeit, a host's result,
        a best of three, whose games won tell it) or it is still being played."""
        if self.table or self.best_of > 1 or not self.games or self.ruling or self.forfeits \
                or not self.finished:
            return {}
        return {e: self.entry_score(self.games[-1], e, target) for e in self.entries}

    def games_won(self) -> dict[str, float]:
        """Games won per entry of a two-entry match (a drawn game is ½ each)."""
        won = dict.fromkeys(self.entries, 0.0)
        for game in self.games:
            first, second = self.entries
            a, b = self.entry_rank(game, first), self.entry_rank(game, second)
            won[first] += 1.0 if a < b else 0.5 if a == b else 0.0
            won[second] += 1.0 if b < a else 0.5 if a == b else 0.0
        return won

    @property
    def finished(self) -> bool:
        return self.points() is not None

    @property
    def played(self) -> bool:
        """Over, and decided by play (a game of it finished, or someone turned up for it) or
        by the host: not a match every entry forfeited before any game of it ended (nobody
        showed up, or all dropped out)."""
        return self.finished and (self.ruling is not None or bool(self.games)
                                  or any(e not in self.forfeits for e in self.entries))

    def points(self) -> dict[str, float] | None:
        """Each entry's points from this match, or None while it is still being played."""
        if self.ruling is not None:
            return self._from_order(self.ruling.order)
        if self.table:
            return self._table_points()
        return self._pair_points()

    def winner(self) -> str | None:
        """The entry through (two-entry matches); None for a draw or while unfinished."""
        points = self.points()
        if not points:
            return None
        best = max(points.values())
        leaders = [e for e, p in points.items() if p == best]
        return leaders[0] if len(leaders) == 1 else None

    def _from_order(self, order: list[list[str]]) -> dict[str, float]:
        computers = self.seats.count(None)
        points: dict[str, float] = {}
        below = sum(len(group) for group in order) + computers
        for group in order:
            below -= len(group)
            for entry in group:
                points[entry] = below + (len(group) - 1) / 2
        return points

    def _pair_points(self) -> dict[str, float] | None:
        first, second = self.entries
        if self.forfeits:
            return {e: 0.0 if e in self.forfeits else 1.0 for e in self.entries}
        won = self.games_won()
        needed = self.best_of / 2
        decided = max(won.values()) > needed or len(self.games) >= self.best_of
        if not decided or (self.needs_winner and won[first] == won[second]):
            return None
        if won[first] == won[second]:
            return {first: 0.5, second: 0.5}
        return {first: float(won[first] > won[second]), second: float(won[second] > won[first])}

    def _table_points(self) -> dict[str, float] | None:
        if not self.games:
            if all(e in self.forfeits for e in self.entries):
                return dict.fromkeys(self.entries, 0.0)
            return None
        game = self.games[-1]
        points = {}
        for entry in self.entries:
            mine = self.entry_rank(game, entry)
            below = sum(1 for r in game.ranks if r > mine)
            level = sum(1 for r in game.ranks if r == mine) - 1
            points[entry] = 0.0 if entry in self.forfeits else below + level / 2
        return points


@dataclass
class Round:
    number: int
    matches: list[Match] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return all(m.finished for m in self.matches)


def numbered(placings: list[list[str]]) -> list[tuple[int, list[str]]]:
    """Each group of placings with its place, best first ("3=" for a group of two from 3rd).
    An empty group is a place nobody took: a knockout's final nobody played leaves 1st
    empty, and its finalists share 2nd."""
    place, out = 1, []
    for group in placings:
        if group:
            out.append((place, group))
        place += max(1, len(group))
    return out


def points_words(value: float) -> str:
    """1 -> "1 pt", 2.5 -> "2.5 pts"."""
    return f"{value:g} {'pt' if value == 1 else 'pts'}"


def count_words(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def entry_from_json(data: dict[str, Any]) -> Entry:
    return Entry(**data)


def match_from_json(data: dict[str, Any]) -> Match:
    data = dict(data)
    data["games"] = [GameResult(**g) for g in data["games"]]
    data["ruling"] = Ruling(**data["ruling"]) if data["ruling"] else None
    return Match(**data)


def round_from_json(data: dict[str, Any]) -> Round:
    return Round(data["number"], [match_from_json(m) for m in data["matches"]], data["byes"])
