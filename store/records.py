"""Plain records the store hands out and takes in. JSON columns arrive already decoded."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

GAME_STATUSES = ("running", "finished", "abandoned", "errored")
LOBBY_STATUSES = ("open", "started", "cancelled")
TOURNAMENT_STATUSES = ("signup", "running", "finished", "cancelled")
#: A tournament in one of these still needs serving: its buttons, its matches, its deadline.
TOURNAMENT_OPEN_STATUSES = ("signup", "running")


@dataclass
class GameRecord:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    game: str
    options: dict[str, Any]
    settings: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    host_id: int
    status: str
    outcome: dict[str, Any] | None
    error: str | None
    created_at: str
    updated_at: str
    #: When it ended (ms since 1970 UTC, on the tables' clock); None until it has.
    finished_at: int | None = None


@dataclass
class ActionRecord:
    game_id: int
    seq: int
    seat: int
    action: dict[str, Any]
    at: int  # milliseconds since 1970-01-01 UTC


_ACTION_TYPE = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: Strings logged without quotes: none of them reads as an integer, so each value comes back
#: as the type it went in as.
_TOKEN = re.compile(r"[A-Za-z0-9_]+")
_INTEGER = re.compile(r"-?[0-9]+")
_AFTER_TYPE = re.compile(r"[:{]")


def encode_action(action: dict[str, Any]) -> str:
    """An action as logged, in the shortest of three forms that reads back exactly:

    - its type alone ('go');
    - its type and `key=value` pairs when every value is an integer or a plain word
      ('play:card=TD', 'move:lane=0,racer=1,space=5');
    - its type and the JSON of the rest ('discard{"cards":["6H","TS"]}').

    An action without a plain type is logged as plain JSON."""
    kind = action.get("type")
    if not isinstance(kind, str) or not _ACTION_TYPE.fullmatch(kind):
        return _dumps(action)
    rest = {key: value for key, value in action.items() if key != "type"}
    if not rest:
        return kind
    if all(_KEY.fullmatch(key) and _bare(value) for key, value in rest.items()):
        return kind + ":" + ",".join(f"{key}={rest[key]}" for key in sorted(rest))
    return kind + _dumps(rest)


def _bare(value: Any) -> bool:
    if type(value) is int:  # not bool, which JSON keeps apart
        return True
    return (
        type(value) is str and bool(_TOKEN.fullmatch(value))
        and not _INTEGER.fullmatch(value)
    )


def decode_action(text: str) -> dict[str, Any]:
    """Every form encode_action wrote, in this release or an earlier one: plain JSON, the
    type alone, type and pairs, type and JSON."""
    if text.startswith("{"):
        return json.loads(text)
    after = _AFTER_TYPE.search(text)
    if after is None:
        return {"type": text}
    cut = after.start()
    if text[cut] == "{":
        return {"type": text[:cut], **json.loads(text[cut:])}
    action: dict[str, Any] = {"type": text[:cut]}
    for pair in text[cut + 1:].split(","):
        key, _, value = pair.partition("=")
        action[key] = int(value) if _INTEGER.fullmatch(value) else value
    return action


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


@dataclass
class StoredLog:
    """A game's log as loaded in bulk at start: (seat, logged action) rows, decoded only when
    the game is replayed."""

    rows: list[tuple[int, str]] = field(default_factory=list)

    def moves(self) -> list[tuple[int, dict[str, Any]]]:
        return [(seat, decode_action(text)) for seat, text in self.rows]


@dataclass
class LobbyRecord:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    game: str
    options: dict[str, Any]
    settings: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    game_id: int | None
    created_at: str
    updated_at: str


@dataclass
class TournamentRecord:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    game: str
    status: str
    #: The event's JSON document, as the tournaments core wrote it (kept as text: the core
    #: reads it back itself).
    state: str
    #: Goes up by one with every save; a save must name the version it read.
    version: int
    #: Milliseconds since 1970-01-01 UTC, or None while no round runs against the clock.
    round_deadline: int | None
    created_at: str
    started_at: str | None
    finished_at: str | None
    updated_at: str
    #: The first entry of the event's log not yet told in Discord; None: all of it was.
    untold_from: int | None = None


@dataclass
class MatchGame:
    """A game that plays (a game of) a tournament match."""

    game_id: int
    tournament_id: int
    round: int
    match_id: str
    #: The match's thread, or the channel where no thread could be made.
    channel_id: int


@dataclass
class Placing:
    """Where one player finished a tournament (a pair's members each get a row)."""

    user_id: int
    place: int


@dataclass
class PlacingRecord:
    tournament_id: int
    guild_id: int
    game: str
    user_id: int
    place: int
    #: How many entries the event had: "3rd of 9".
    entries: int
    finished_at: str


@dataclass
class ResultRow:
    """One seat's line in a finished game's results."""

    seat: int
    user_id: int | None
    side: int
    rank: int
    won: bool
    win_points: int
    score: int | None
    #: Played with hints on: shown as assisted, and never rated.
    assisted: bool = False


@dataclass
class RatingRow:
    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    points: int = 0
    skunks: int = 0


def rating_row(r: Mapping[str, Any]) -> RatingRow:
    """A row of `ratings` (or of `season_ratings`, which has the same columns and a season)."""
    return RatingRow(
        guild_id=r["guild_id"], game=r["game"], user_id=r["user_id"], mu=r["mu"],
        sigma=r["sigma"], games=r["games"], wins=r["wins"], points=r["points"],
        skunks=r["skunks"],
    )


#: Given the current (mu, sigma) of each rated player in a game (None for a first game),
#: the new (mu, sigma) of each. Runs inside the store's transaction so two games finishing at
#: once cannot lose each other's update.
Rater = Callable[[dict[int, tuple[float, float] | None]], dict[int, tuple[float, float]]]
SeasonStart = Callable[[tuple[float, float] | None], tuple[float, float] | None]


def _unchanged(rating: tuple[float, float] | None) -> tuple[float, float] | None:
    return rating


@dataclass
class Finish:
    """Everything that ends a game, written in the same transaction as its last action."""

    outcome: dict[str, Any]
    results: list[ResultRow]
    rater: Rater | None = None
    #: When the game ended, in milliseconds since 1970 UTC, on the tables' clock: its season,
    #: its streaks' ends and its milestones are dated by it, so a test's fake clock decides them.
    finished_at: int = field(kw_only=True)
    #: A player's season rating before their first game of a season, from their all-time one
    #: (None before their first game ever, and then too for the rater's default).
    season_start: SeasonStart = _unchanged


#: The season number a RatingChange of the all-time rating carries.
ALL_TIME = 0


@dataclass(frozen=True)
class RatingChange:
    """What one rated game did to one player's rating: the all-time one (season ALL_TIME)
    or the season's it counted in. `before`: the (mu, sigma) the game started from (the
    widened start for a first game of a season); None for a first game, which starts from
    the rater's default."""

    user_id: int
    season: int
    before: tuple[float, float] | None
    after: tuple[float, float]


@dataclass(frozen=True)
class SeasonStanding:
    """Where a member stands on a season's board of one game, for working out their place
    without reading the whole board: how many are on it, how many are ahead by more than the
    band asked for (on mu - 3 sigma), and the rows within the band, theirs among them, in
    the board's order."""

    entries: int
    ahead: int
    near: list[RatingRow]


@dataclass(frozen=True)
class SeasonRecord:
    """One of a server's seasons. Times are milliseconds since 1970 UTC."""

    guild_id: int
    number: int
    started_at: int
    #: Exclusive; None while a season begun by hand runs.
    ends_at: int | None
    #: Begun with /season start rather than by the calendar month.
    by_hand: bool

    def covers(self, at: int) -> bool:
        return self.started_at <= at and (self.ends_at is None or at < self.ends_at)


@dataclass(frozen=True)
class RatingPoint:
    """A player's all-time rating of one game after one rated result."""

    game: str
    at: int
    mu: float
    sigma: float


@dataclass(frozen=True)
class StreakRecord:
    """A player's winning streaks at one game in one server: the longest (and when it ended,
    ms since 1970 UTC: the first time that length was reached) and the one still running."""
    user_id: int
    game: str
    best: int
    best_ended_at: int
    current: int


@dataclass(frozen=True)
class EarnedAchievement:
    """An achievement a player holds in a server: the first time they earned it."""

    key: str
    game: str
    #: The game that earned it; None for one a tournament earned.
    game_id: int | None
    earned_at: int  # milliseconds since 1970-01-01 UTC


@dataclass(frozen=True)
class PlayedGame:
    """One finished game of a member, for the milestones (engine/milestones.py)."""

    game_id: int
    game: str
    #: When the game finished, in milliseconds since 1970-01-01 UTC.
    at: int
    won: bool
    assisted: bool
    #: The levels of the computer seats on other sides, when the member won with hints off.
    beaten: tuple[str, ...] = ()


@dataclass(frozen=True)
class Moment:
    """A player's best of one kind ("hand", "pegging", "win"...) in one finished game."""

    game: str
    kind: str
    value: int
    game_id: int
    user_id: int
    at: int  # milliseconds since 1970-01-01 UTC


@dataclass
class Honours:
    """What one game earned, recorded together: the achievements its players earned and
    each human seat's moments. `done`: the game is over and this is all it earns (the
    backfill then passes it by)."""

    game_id: int
    guild_id: int
    game: str
    at: int  # milliseconds since 1970-01-01 UTC
    #: (user id, achievement key)
    achievements: list[tuple[int, str]] = field(default_factory=list)
    #: (seat, user id, kind, value)
    moments: list[tuple[int, int, str, int]] = field(default_factory=list)
    done: bool = False
