"""A member's profile from the store, on both backends: ratings, streaks, skunks given and
taken, placings and privacy; and the parts other modules hand in (rating history, moments,
achievements) put into words."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass

import pytest

from engine.registry import GAMES
from store import Store
from tables.player_settings import PlayerSettings
from tables.profiles import (
    AchievementLine,
    BestMoment,
    achievement_lines,
    build_profile,
    moment_lines,
    picture_data,
    rating_series,
    with_series,
)
from tables.ratings import display_rating, finish_for

GUILD = 7
ANN, BOB, CY = 201, 202, 203
GAME = next(iter(GAMES))


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    opened = await Store.open(database_url)
    yield opened
    await opened.close()


async def play(store: Store, users: Sequence[int | None], ranks: Sequence[int],
               win_points: int = 1, *, game: str = GAME, assisted: bool = False) -> None:
    """A finished rated game: the seats' users (None: a computer) and ranks (0 won)."""
    game_id = await store.create_game(guild_id=GUILD, channel_id=1, game=game, options={},
                                      seed=1, seats=[], host_id=1)
    outcome = {"winners": [s for s, r in enumerate(ranks) if r == 0], "ranks": list(ranks),
               "win_points": win_points}
    finish = finish_for(outcome, list(range(len(users))), list(users), assisted=assisted)
    await store.finish_game(game_id, finish)


async def test_a_member_who_never_played_has_an_empty_public_profile(store: Store) -> None:
    profile = await build_profile(store, GUILD, ANN, name="Ann")
    assert (profile.name, profile.private, profile.games, profile.played) == (
        "Ann", False, (), 0)
    assert (profile.skunks_given, profile.skunks_taken, profile.placings) == (0, 0, ())


async def test_ratings_streaks_and_counts_per_game(store: Store) -> None:
    await play(store, [ANN, BOB], [0, 1])
    await play(store, [ANN, BOB], [1, 0])
    await play(store, [ANN, None], [0, 1])
    await play(store, [ANN, BOB], [0, 1])
    await play(store, [BOB, ANN], [1, 0], assisted=True)  # with hints: not counted
    profile = await build_profile(store, GUILD, ANN)
    [line] = profile.games
    [rating] = await store.user_ratings(GUILD, ANN)
    assert (line.game, line.title, line.games, line.wins) == (GAME, GAMES[GAME].title, 4, 3)
    assert line.rating == display_rating(rating.mu, rating.sigma)
    assert (line.current_streak, line.best_streak) == (2, 2)
    assert (profile.played, profile.won) == (4, 3)
    # The chart: the rating after each rated game, ending at the rating shown.
    assert len(line.series) == line.games and line.series[-1][1] == line.rating


async def test_skunks_given_and_taken_by_the_last_placed_loser(store: Store) -> None:
    await play(store, [ANN, BOB], [0, 1], win_points=2)  # Ann skunks Bob
    await play(store, [ANN, BOB], [0, 1], win_points=3)  # a double skunk
    await play(store, [ANN, BOB], [0, 1], win_points=1)  # a plain win
    await play(store, [BOB, CY, ANN], [0, 1, 2], win_points=2)  # Ann last: taken
    await play(store, [BOB, ANN, CY], [0, 1, 2], win_points=2)  # Cy last, not Ann
    await play(store, [BOB, ANN], [0, 1], win_points=2, assisted=True)  # with hints
    ann = await build_profile(store, GUILD, ANN)
    assert (ann.skunks_given, ann.skunks_taken) == (2, 1)
    bob = await build_profile(store, GUILD, BOB)
    assert (bob.skunks_given, bob.skunks_taken) == (2, 2)
    cy = await build_profile(store, GUILD, CY)
    assert (cy.skunks_given, cy.skunks_taken) == (0, 1)


async def test_placings_latest_first_and_privacy_from_the_settings(store: Store) -> None:
    for number, (place, finished) in enumerate([(3, "2026-11-01"), (1, "2026-12-01")]):
        tournament_id = await store.create_tournament(
            guild_id=GUILD, channel_id=1, host_id=1, game=GAME, state=lambda _id: "{}")
        await store.db.execute(
            "INSERT INTO tournament_placings (tournament_id, user_id, guild_id, game, place,"
            " entries, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (tournament_id, ANN, GUILD, GAME, place, 8 + number, f"{finished}T20:00:00+00:00"))
    await PlayerSettings(store).change(ANN, {"profile": "private"})
    profile = await build_profile(store, GUILD, ANN)
    assert [(p.place, p.entries) for p in profile.placings] == [(1, 9), (3, 8)]
    assert profile.private
    assert not (await build_profile(store, GUILD, BOB)).private


@dataclass(frozen=True)
class Point:  # the shape of the seasons part's RatingPoint
    game: str
    at: int
    mu: float
    sigma: float


@dataclass(frozen=True)
class Moment:  # the shape of the achievements part's Moment
    game: str
    kind: str
    value: int
    game_id: int
    user_id: int
    at: int


@dataclass(frozen=True)
class Earned:  # and its EarnedAchievement
    key: str
    game: str
    game_id: int | None
    earned_at: int


@dataclass(frozen=True)
class Defined:
    name: str
    how: str


async def test_history_moments_and_achievements_go_into_words(store: Store) -> None:
    await play(store, [ANN, BOB], [0, 1])
    points = [Point(GAME, 1000, 25.0, 8.0), Point("other", 1500, 20.0, 5.0),
              Point(GAME, 2000, 27.0, 6.0)]
    series = rating_series(points)
    assert series == {GAME: ((1000, 1.0), (2000, 9.0)), "other": ((1500, 5.0),)}
    profile = with_series(await build_profile(store, GUILD, ANN), series)
    assert profile.games[0].series == ((1000, 1.0), (2000, 9.0))

    moments = moment_lines([Moment(GAME, "pegging", 12, 1, ANN, 5),
                            Moment(GAME, "hand", 29, 1, ANN, 4),
                            Moment(GAME, "big_win", 40, 1, ANN, 6)])
    title = GAMES[GAME].title
    assert moments == (BestMoment(GAME, title, "best big win", 40, 6),
                       BestMoment(GAME, title, "best hand", 29, 4),
                       BestMoment(GAME, title, "best pegging play", 12, 5))
    defined = {"twenty-nine": Defined("Twenty-nine", "Hold a 29 hand.")}
    lines = achievement_lines([Earned("twenty-nine", GAME, 3, 90), Earned("gone", GAME, 2, 80)],
                              defined.get)
    assert lines == (AchievementLine("Twenty-nine", "Hold a 29 hand.", title, 90),)

    data = picture_data(profile)
    assert data["games"][0]["series"] == [[1000, 1.0], [2000, 9.0]]
    assert (data["played"], data["won"], data["name"]) == (1, 1, "")
