"""A member's profile in one server: everything the /profile card shows, as plain data.

`build_profile(store, guild_id, user_id)` reads ratings, streaks, skunks and tournament
placings. Three parts come from elsewhere and go in through the helpers below: the rating over
time (`rating_series`, from rating history points), the best moments (`best_moments`) and the
achievements (`achievement_lines`). `picture_data(profile)` is what render/profile.py draws.

Every count is of rated games, as on the leaderboard: games played with hints on are left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from typing import Any, Protocol

from engine.registry import GAMES
from store import Store
from tables.player_settings import with_defaults
from tables.ratings import display_rating

#: How many tournament placings the card keeps (latest first).
PLACINGS = 5


@dataclass(frozen=True)
class GameLine:
    """One game the member has played here."""
    game: str
    title: str
    rating: float
    games: int
    wins: int
    current_streak: int = 0
    best_streak: int = 0
    #: (ms since 1970 UTC, rating shown) after each rated game, oldest first.
    series: tuple[tuple[int, float], ...] = ()


@dataclass(frozen=True)
class BestMoment:
    """The member's best of one kind at one game: a hand's points, a pegging play's."""
    game: str
    title: str
    label: str  # "best hand"
    value: int
    at: int


@dataclass(frozen=True)
class PlacingLine:
    title: str  # the game's
    place: int
    entries: int
    finished_at: str  # ISO time


@dataclass(frozen=True)
class AchievementLine:
    name: str
    how: str
    title: str  # the game's
    earned_at: int


@dataclass(frozen=True)
class Profile:
    user_id: int
    name: str
    #: Seen only by its member (`/settings profile:private`).
    private: bool
    games: tuple[GameLine, ...] = ()
    skunks_given: int = 0
    skunks_taken: int = 0
    moments: tuple[BestMoment, ...] = ()
    placings: tuple[PlacingLine, ...] = ()
    achievements: tuple[AchievementLine, ...] = ()  # newest first

    @property
    def played(self) -> int:
        return sum(line.games for line in self.games)

    @property
    def won(self) -> int:
        return sum(line.wins for line in self.games)


def title_of(game: str) -> str:
    spec = GAMES.get(game)
    return spec.title if spec is not None else game


async def build_profile(store: Store, guild_id: int, user_id: int, *, name: str = "") -> Profile:
    ratings = await store.user_ratings(guild_id, user_id)
    streaks = {s.game: s for s in await store.streaks(guild_id, user_id=user_id)}
    order = {game: index for index, game in enumerate(GAMES)}
    lines = []
    for row in sorted(ratings, key=lambda r: (order.get(r.game, len(order)), r.game)):
        streak = streaks.get(row.game)
        lines.append(GameLine(
            game=row.game, title=title_of(row.game), rating=display_rating(row.mu, row.sigma),
            games=row.games, wins=row.wins,
            current_streak=streak.current if streak else 0,
            best_streak=streak.best if streak else 0,
        ))
    given, taken = await store.skunks(guild_id, user_id)
    placings = tuple(
        PlacingLine(title_of(p.game), p.place, p.entries, p.finished_at)
        for p in await store.user_placings(guild_id, user_id, limit=PLACINGS)
    )
    settings = with_defaults(await store.player_settings(user_id))
    profile = Profile(user_id=user_id, name=name, private=settings["profile"] == "private",
                      games=tuple(lines), skunks_given=given, skunks_taken=taken,
                      placings=placings)
    return with_series(profile, rating_series(await store.rating_history(guild_id, user_id)))


# ---- the parts other modules provide, in the shapes agreed for them ---------------------


class RatingPointLike(Protocol):
    @property
    def game(self) -> str: ...
    @property
    def at(self) -> int: ...
    @property
    def mu(self) -> float: ...
    @property
    def sigma(self) -> float: ...


class MomentLike(Protocol):
    @property
    def game(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def value(self) -> int: ...
    @property
    def at(self) -> int: ...


class EarnedLike(Protocol):
    @property
    def key(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def earned_at(self) -> int: ...


class AchievementLike(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def how(self) -> str: ...


#: Words for a moment's kind; any other kind is read from its key ("big_win" -> "best big win").
MOMENT_WORDS = {"hand": "best hand", "pegging": "best pegging play", "peg": "best pegging play"}


def rating_series(points: Iterable[RatingPointLike]) -> dict[str, tuple[tuple[int, float], ...]]:
    """Rating history points (oldest first) as each game's (time, rating shown) series."""
    series: dict[str, list[tuple[int, float]]] = {}
    for point in points:
        series.setdefault(point.game, []).append((point.at, display_rating(point.mu,
                                                                           point.sigma)))
    return {game: tuple(values) for game, values in series.items()}


def moment_lines(moments: Iterable[MomentLike]) -> tuple[BestMoment, ...]:
    order = {game: index for index, game in enumerate(GAMES)}
    return tuple(
        BestMoment(m.game, title_of(m.game),
                   MOMENT_WORDS.get(m.kind, "best " + m.kind.replace("_", " ")), m.value, m.at)
        for m in sorted(moments, key=lambda m: (order.get(m.game, len(order)), m.kind))
    )


def achievement_lines(
    earned: Iterable[EarnedLike], named: Callable[[str], AchievementLike | None]
) -> tuple[AchievementLine, ...]:
    """Earned achievements (newest first) in words; one no longer defined is left out."""
    lines = []
    for item in earned:
        achievement = named(item.key)
        if achievement is not None:
            lines.append(AchievementLine(achievement.name, achievement.how,
                                         title_of(item.game), item.earned_at))
    return tuple(lines)


def with_series(profile: Profile, series: dict[str, tuple[tuple[int, float], ...]]) -> Profile:
    """The profile with each game's rating series (`rating_series`) filled in."""
    return replace(profile, games=tuple(replace(line, series=series.get(line.game, ()))
                                        for line in profile.games))


def picture_data(profile: Profile) -> dict[str, Any]:
    """The profile as plain data (lists and dicts) for render/profile.py."""
    data = asdict(profile)
    data["played"], data["won"] = profile.played, profile.won
    return _lists(data)


def _lists(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _lists(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_lists(item) for item in value]
    return value
