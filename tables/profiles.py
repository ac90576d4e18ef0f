"""A member's profile in one server: everything the /profile card shows, as plain data.

`build_profile(store, guild_id, user_id)` reads ratings and their history (the chart),
streaks, skunks, the member's place on each game's board this season and where they finished
the last one, tournament placings, the best moments, the achievements earned and how far the
member is from the milestones still ahead.
`picture_data(profile)` is what render/profile.py draws.

Every count is of rated games, as on the leaderboard: games played with hints on are left out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from typing import Any

from engine.milestones import EVERY_GAME, ON_A_ROLL, TOURIST
from engine.registry import GAMES, achievement_named
from store import EarnedAchievement, Moment, RatingPoint, SeasonRecord, Store
from tables.milestones import next_milestones
from tables.player_settings import with_defaults
from tables.ratings import display_rating
from tables.stats import SAME_SHOWN_RATING, menu_order, standing_row

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
    #: The member's place on the running season's leaderboard of the game, and how many are
    #: on it; 0 and 0 when they have not played the game this season (or none runs).
    season_place: int = 0
    season_entries: int = 0
    #: Their rating on that leaderboard, which a season begun since their last game leaves
    #: apart from the all-time `rating`; None with no place.
    season_rating: float | None = None
    #: Their final place on the last season's leaderboard of the game (the one before the
    #: season running, or between seasons the one that ended last), and how many were on it;
    #: 0 and 0 when they did not play it then. A member back after a month finds it here.
    last_place: int = 0
    last_entries: int = 0


@dataclass(frozen=True)
class BestMoment:
    """The member's best of one kind at one game: a hand's points, a pegging play's."""
    game: str
    title: str
    label: str  # "highest hand"
    value: int
    at: int
    unit: str = "points"


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
class MilestoneStep:
    """How far the member is from a milestone they do not hold yet."""
    name: str
    have: int
    need: int
    #: What is counted: "games" to play (Tourist: `titles` are those still to play), a
    #: "run" of wins in a row (On a roll: `titles` holds the game of the run going), or a
    #: plain "count" (games finished, wins).
    kind: str = "count"
    titles: tuple[str, ...] = ()


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
    next_milestones: tuple[MilestoneStep, ...] = ()
    #: Asked for by its member (False: another member asks, and the card speaks of them).
    own: bool = True

    @property
    def played(self) -> int:
        return sum(line.games for line in self.games)

    @property
    def won(self) -> int:
        return sum(line.wins for line in self.games)


#: How a milestone's step is counted, where it is not a plain count (MilestoneStep.kind).
STEP_KINDS = {TOURIST.key: "games", ON_A_ROLL.key: "run"}

#: Where a profile names a milestone's game: it has none.
EVERY_GAME_TITLE = "all games"


def title_of(game: str) -> str:
    spec = GAMES.get(game)
    return spec.title if spec is not None else game


async def build_profile(
    store: Store, guild_id: int, user_id: int, *, at: int, name: str = ""
) -> Profile:
    """`at`: now, in ms since 1970 UTC on the tables' clock, which says the season running.
    Every date on the card is stored on that clock too: a placing's and an achievement's."""
    ratings = await store.user_ratings(guild_id, user_id)
    streaks = {s.game: s for s in await store.streaks(guild_id, user_id=user_id)}
    places = await season_places(store, guild_id, user_id, at)
    last = await last_season(store, guild_id, at)
    finals = await places_in(store, guild_id, user_id, last.number) if last else {}
    lines = []
    for row in sorted(ratings, key=lambda r: menu_order(r.game)):
        streak = streaks.get(row.game)
        place, entries, season_rating = places.get(row.game, (0, 0, None))
        last_place, last_entries, _ = finals.get(row.game, (0, 0, None))
        lines.append(GameLine(
            game=row.game, title=title_of(row.game), rating=display_rating(row.mu, row.sigma),
            games=row.games, wins=row.wins,
            current_streak=streak.current if streak else 0,
            best_streak=streak.best if streak else 0,
            season_place=place, season_entries=entries, season_rating=season_rating,
            last_place=last_place, last_entries=last_entries,
        ))
    given, taken = await store.skunks(guild_id, user_id)
    placings = tuple(
        PlacingLine(title_of(p.game), p.place, p.entries, p.finished_at)
        for p in await store.user_placings(guild_id, user_id, limit=PLACINGS)
    )
    settings = with_defaults(await store.player_settings(user_id))
    earned = await store.achievements_of(guild_id, user_id)
    steps = await next_milestones(store, guild_id, user_id, GAMES,
                                  held=[item.key for item in earned])
    profile = Profile(user_id=user_id, name=name, private=settings["profile"] == "private",
                      games=tuple(lines), skunks_given=given, skunks_taken=taken,
                      placings=placings,
                      moments=moment_lines(await store.best_moments(guild_id, user_id)),
                      achievements=achievement_lines(earned),
                      next_milestones=tuple(
                          MilestoneStep(step.milestone.name, step.have, step.need,
                                        STEP_KINDS.get(step.milestone.key, "count"),
                                        tuple(title_of(game) for game in step.games))
                          for step in steps))
    return with_series(profile, rating_series(await store.rating_history(guild_id, user_id)))


async def season_places(
    store: Store, guild_id: int, user_id: int, at: int
) -> dict[str, tuple[int, int, float]]:
    """Per game the member has played in the season running at `at`: their place on its
    leaderboard, as /leaderboard gives it (level players sharing one), how many are on it,
    and their rating there."""
    season = await store.season_at(guild_id, at)
    return await places_in(store, guild_id, user_id, season.number) if season else {}


async def last_season(store: Store, guild_id: int, at: int) -> SeasonRecord | None:
    """The season before the one running at `at`, or between seasons the one that ended
    last: the season whose final standings a member back after a while has not seen."""
    running = await store.season_at(guild_id, at)
    if running is not None:
        return await store.season(guild_id, running.number - 1)
    latest = await store.latest_season(guild_id)
    ended = latest is not None and latest.ends_at is not None and latest.ends_at <= at
    return latest if ended else None


async def places_in(
    store: Store, guild_id: int, user_id: int, number: int
) -> dict[str, tuple[int, int, float]]:
    """`season_places` of season `number`, running or ended."""
    places = {}
    standings = await store.season_standings(guild_id, number, user_id, SAME_SHOWN_RATING)
    for game, standing in standings.items():
        mine = standing_row(standing, user_id)
        places[game] = (mine["place"], standing.entries, mine["rating"])
    return places


# ---- rating history, moments and achievements in the card's words ------------------------


def rating_series(points: Iterable[RatingPoint]) -> dict[str, tuple[tuple[int, float], ...]]:
    """Rating history points (oldest first) as each game's (time, rating shown) series."""
    series: dict[str, list[tuple[int, float]]] = {}
    for point in points:
        series.setdefault(point.game, []).append((point.at, display_rating(point.mu,
                                                                           point.sigma)))
    return {game: tuple(values) for game, values in series.items()}


def moment_lines(moments: Iterable[Moment]) -> tuple[BestMoment, ...]:
    """Best moments in the words and order their game's `SPEC.moments` gives them ("highest
    hand" first), games in registry order; a kind the game no longer defines is left out."""
    order = {game: index for index, game in enumerate(GAMES)}
    placed = []
    for m in moments:
        kinds = [k.kind for k in GAMES[m.game].moments] if m.game in GAMES else []
        if m.kind in kinds:
            kind = GAMES[m.game].moments[kinds.index(m.kind)]
            placed.append(((order[m.game], kinds.index(m.kind)),
                           BestMoment(m.game, title_of(m.game), kind.name.lower(), m.value,
                                      m.at, kind.unit)))
    return tuple(line for _, line in sorted(placed, key=lambda item: item[0]))


def achievement_lines(earned: Iterable[EarnedAchievement]) -> tuple[AchievementLine, ...]:
    """Earned achievements (newest first) in words; one no longer defined is left out."""
    lines = []
    for item in earned:
        achievement = achievement_named(item.key)
        if achievement is not None:
            title = EVERY_GAME_TITLE if item.game == EVERY_GAME else title_of(item.game)
            lines.append(AchievementLine(achievement.name, achievement.how, title,
                                         item.earned_at))
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
