"""A member's profile from the store, on both backends: ratings, streaks, skunks given and
taken, placings and privacy; and the parts other modules hand in (rating history, moments,
achievements) put into words."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import pytest

from engine.analysis import figure
from engine.registry import GAMES, achievement_named
from render.alt_text import ordinal
from render.profile import profile_text
from store import Honours, RatingPoint, Store
from store.seasons import next_month_start
from tables.clock import FAKE_EPOCH, FakeClock
from tables.player_settings import PlayerSettings
from tables.profiles import (
    AchievementLine,
    BestMoment,
    build_profile,
    picture_data,
    rating_series,
    with_series,
)
from tables.ratings import display_rating, finish_for
from tables.stats import member_stats

GUILD = 7
ANN, BOB, CY = 201, 202, 203
GAME, OTHER = list(GAMES)[:2]
#: Now on the tables' (fake) clock, in ms since 1970 UTC: 15 Jan 2027, 08:00.
NOW = int(FAKE_EPOCH * 1000)


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    opened = await Store.open(database_url)
    yield opened
    await opened.close()


async def play(store: Store, users: Sequence[int | None], ranks: Sequence[int],
               win_points: int = 1, *, game: str = GAME, assisted: bool = False,
               at: int = NOW) -> int:
    """A finished rated game: the seats' users (None: a computer) and ranks (0 won), ending
    at `at` on the tables' clock."""
    game_id = await store.create_game(guild_id=GUILD, channel_id=1, game=game, options={},
                                      seed=1, seats=[], host_id=1)
    outcome = {"winners": [s for s, r in enumerate(ranks) if r == 0], "ranks": list(ranks),
               "win_points": win_points}
    finish = finish_for(outcome, list(range(len(users))), list(users), assisted=assisted,
                        finished_at=at)
    await store.finish_game(game_id, finish)
    return game_id


async def test_a_member_who_never_played_has_an_empty_public_profile(store: Store) -> None:
    profile = await build_profile(store, GUILD, ANN, name="Ann", at=NOW)
    assert (profile.name, profile.private, profile.games, profile.played) == (
        "Ann", False, (), 0)
    assert (profile.skunks_given, profile.skunks_taken, profile.placings) == (0, 0, ())


async def test_ratings_streaks_and_counts_per_game(store: Store) -> None:
    await play(store, [ANN, BOB], [0, 1])
    await play(store, [ANN, BOB], [1, 0])
    await play(store, [ANN, None], [0, 1])
    await play(store, [ANN, BOB], [0, 1])
    await play(store, [BOB, ANN], [1, 0], assisted=True)  # with hints: not counted
    profile = await build_profile(store, GUILD, ANN, at=NOW)
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
    ann = await build_profile(store, GUILD, ANN, at=NOW)
    assert (ann.skunks_given, ann.skunks_taken) == (2, 1)
    bob = await build_profile(store, GUILD, BOB, at=NOW)
    assert (bob.skunks_given, bob.skunks_taken) == (2, 2)
    cy = await build_profile(store, GUILD, CY, at=NOW, name="Cy")
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
    profile = await build_profile(store, GUILD, ANN, at=NOW)
    assert [(p.place, p.entries) for p in profile.placings] == [(1, 9), (3, 8)]
    assert profile.private
    assert not (await build_profile(store, GUILD, BOB, at=NOW)).private


async def test_history_moments_and_achievements_go_into_words(store: Store) -> None:
    points = [RatingPoint(GAME, 1000, 25.0, 8.0), RatingPoint("other", 1500, 20.0, 5.0),
              RatingPoint(GAME, 2000, 27.0, 6.0)]
    series = rating_series(points)
    assert series == {GAME: ((1000, 1.0), (2000, 9.0)), "other": ((1500, 5.0),)}

    await play(store, [ANN, BOB], [0, 1])
    [game_id] = [g.id for g in await store.games_with_status("finished")]
    await store.record_honours(Honours(
        game_id, GUILD, GAME, 5000,
        achievements=[(ANN, f"{GAME}:twenty-nine"), (ANN, "no-longer-defined")],
        moments=[(0, ANN, "pegging", 12), (0, ANN, "hand", 29), (0, ANN, "win", 1),
                 (0, ANN, "gone", 7), (1, BOB, "hand", 8)],
        done=True))
    profile = with_series(await build_profile(store, GUILD, ANN, at=NOW), series)
    assert profile.games[0].series == ((1000, 1.0), (2000, 9.0))
    title = GAMES[GAME].title
    assert profile.moments == (BestMoment(GAME, title, "highest hand", 29, 5000),
                               BestMoment(GAME, title, "best pegging play", 12, 5000),
                               BestMoment(GAME, title, "biggest win", 1, 5000))
    assert profile.achievements == (
        AchievementLine("Twenty-nine", achievement_named(f"{GAME}:twenty-nine").how, title, 5000),)

    data = picture_data(profile)
    assert data["games"][0]["series"] == [[1000, 1.0], [2000, 9.0]]
    assert (data["played"], data["won"], data["name"]) == (1, 1, "")


async def test_stats_and_profile_list_games_in_the_menus_order(store: Store) -> None:
    menu = list(GAMES)
    # Played in the reverse of the menu's order, which is not the names' alphabetical order.
    for game in reversed(menu):
        await play(store, [ANN, BOB], [0, 1], game=game)
    assert menu != sorted(menu)
    stats = await member_stats(store, GUILD, ANN)
    assert [row["game"] for row in stats["per_game"]] == menu
    profile = await build_profile(store, GUILD, ANN, at=NOW)
    assert [line.game for line in profile.games] == menu


async def test_the_season_place_is_the_leaderboards_and_level_players_share_it(
    store: Store,
) -> None:
    from tables.seasons import Seasons
    from tables.stats import board_rows

    DEE = 204
    await play(store, [ANN, BOB, CY], [0, 1, 1])  # Bob and Cy level: same rating, no wins
    await play(store, [DEE, None], [1, 0])
    await play(store, [ANN, None], [0, 1], game=OTHER)
    running = await Seasons(store, FakeClock(start=0.0)).leaderboard(GUILD, GAME)
    board = {row["user_id"]: row["place"] for row in running.rows}
    assert board == {row["user_id"]: row["place"]
                     for row in board_rows(await store.season_leaderboard(GUILD, 1, GAME))}
    assert board[BOB] == board[CY] == 2 and board[ANN] == 1

    for user_id in (ANN, BOB, CY, DEE):
        profile = await build_profile(store, GUILD, user_id, at=NOW)
        line = next(line for line in profile.games if line.game == GAME)
        assert (line.season_place, line.season_entries) == (board[user_id], 4)
    ann = await build_profile(store, GUILD, ANN, at=NOW)
    assert [(line.game, line.season_place, line.season_entries) for line in ann.games] == [
        (GAME, 1, 4), (OTHER, 1, 1)]
    cy = await build_profile(store, GUILD, CY, at=NOW, name="Cy")
    words = "\n".join(profile_text(picture_data(cy)))
    assert "2nd of 4 this season" in words

    # Next month's season has begun for nobody yet: no place in it.
    next_month = next_month_start(NOW)
    later = await build_profile(store, GUILD, ANN, at=next_month)
    assert [(line.season_place, line.season_entries) for line in later.games] == [
        (0, 0), (0, 0)]
    assert "this season" not in "\n".join(profile_text(picture_data(later)))


async def test_a_season_begun_since_gives_its_own_rating_beside_the_place(
    store: Store,
) -> None:
    """Next month Ann's season rating starts from her all-time one made less certain, so the
    leaderboard ranks her on a figure the card's all-time rating is not: the profile gives it
    beside her place."""
    from tables.seasons import Seasons

    await play(store, [ANN, BOB], [0, 1])
    await play(store, [ANN, BOB], [0, 1])
    later = next_month_start(NOW) + 1000
    await play(store, [ANN, BOB], [1, 0], at=later)
    latest = await store.latest_season(GUILD)
    assert latest is not None and latest.number == 2
    running = await Seasons(store).leaderboard(GUILD, GAME, season="2")
    [(place, rating)] = [(row["place"], row["rating"]) for row in running.rows
                         if row["user_id"] == ANN]
    ann = await build_profile(store, GUILD, ANN, at=later)
    [line] = ann.games
    assert (line.season_place, line.season_entries) == (place, 2)
    assert line.season_rating == rating and figure(rating) != figure(line.rating)
    words = "\n".join(profile_text(picture_data(ann)))
    assert f"{ordinal(place)} of 2 this season, season rating {figure(rating)}" in words
    assert f"{GAMES[GAME].title}: rating {figure(line.rating)}, " in words


@pytest.mark.parametrize("seed", range(3))
async def test_the_season_place_read_near_the_member_is_the_whole_boards(
    store: Store, seed: int
) -> None:
    """Ratings bunched around rounding edges and wins that tie: the place worked out from the
    rows near the member's is the one the whole leaderboard gives."""
    import random

    from tables.profiles import season_places
    from tables.stats import board_rows

    await play(store, [ANN, BOB], [0, 1])
    latest = await store.latest_season(GUILD)
    assert latest is not None
    season = latest.number
    rng = random.Random(seed)
    members = range(1000, 1060)
    await store.db.executemany(
        "INSERT INTO season_ratings (guild_id, season, game, user_id, mu, sigma, games, wins,"
        " points, skunks) VALUES (?, ?, ?, ?, ?, ?, 1, ?, 0, 0)",
        [(GUILD, season, GAME, user_id, 20 + rng.choice([0.0, 0.05, 0.1, 0.15, 0.049, 0.051])
          + rng.randrange(3) * 0.1, 5.0 + rng.choice([0.0, 0.01]), rng.randrange(2))
         for user_id in members],
    )
    board = board_rows(await store.season_leaderboard(GUILD, season, GAME, limit=10_000))
    assert len({row["place"] for row in board}) < len(board)  # some share a place
    now = NOW
    for row in board:
        places = await season_places(store, GUILD, row["user_id"], now)
        assert places[GAME] == (row["place"], len(board), row["rating"]), row


async def test_the_profile_says_how_far_each_milestone_still_ahead_is(store: Store) -> None:
    """'What do I need for the next milestone?': the nearest count of games and of wins, the
    run of wins going towards On a roll, and the games Tourist still asks for, in words; none
    for a milestone the member holds, even one their games would not reach today (Tourist
    from before a game was added)."""
    from engine.milestones import TOURIST

    await play(store, [ANN, BOB], [0, 1])
    await play(store, [ANN, BOB], [1, 0], game=OTHER)
    await play(store, [ANN, BOB], [0, 1])
    await play(store, [ANN, None], [0, 1])
    ann = await build_profile(store, GUILD, ANN, at=NOW)
    to_play = tuple(spec.title for name, spec in GAMES.items() if name not in (GAME, OTHER))
    assert [(s.name, s.have, s.need, s.kind, s.titles) for s in ann.next_milestones] == [
        ("10 games", 4, 10, "count", ()), ("10 wins", 3, 10, "count", ()),
        ("On a roll", 3, 5, "run", (GAMES[GAME].title,)),  # the loss was at another game
        ("Tourist", 2, len(GAMES), "games", to_play)]
    lines = profile_text(picture_data(ann))
    assert lines.index(
        "Next milestones: 10 games (4 of 10) · 10 wins (3 of 10) · On a roll (3 of 5 wins in a"
        f" row, at {GAMES[GAME].title}) · Tourist (2 of {len(GAMES)} games; to play:"
        f" {', '.join(to_play)})") == 3  # after the summary and the two games' lines

    await store.award(GUILD, ANN, "*", [(TOURIST.key, 1, 1)])
    held = await build_profile(store, GUILD, ANN, at=NOW)
    assert TOURIST.name not in [step.name for step in held.next_milestones]
    bob = await build_profile(store, GUILD, BOB, at=NOW)
    assert [(s.name, s.have, s.need) for s in bob.next_milestones][:2] == [
        ("10 games", 3, 10), ("10 wins", 1, 10)]
    # A newcomer has every milestone ahead: what there is to aim for.
    cy = await build_profile(store, GUILD, CY, at=NOW, name="Cy")
    assert [(s.name, s.have, s.need, s.titles) for s in cy.next_milestones] == [
        ("10 games", 0, 10, ()), ("First win", 0, 1, ()), ("On a roll", 0, 5, ()),
        ("Tourist", 0, len(GAMES), tuple(spec.title for spec in GAMES.values()))]
    assert profile_text(picture_data(cy)) == [
        "Cy: No rated games here yet",
        "Next milestones: 10 games (0 of 10) · First win (0 of 1) · On a roll (0 of 5 wins in"
        f" a row) · Tourist (0 of {len(GAMES)} games; to play:"
        f" {', '.join(spec.title for spec in GAMES.values())})"]


async def test_a_member_back_after_a_month_finds_where_they_finished_last_season(
    store: Store,
) -> None:
    """January's board is left behind when February begins: Ann's card, which said where she
    stood this season, would say nothing of it any more. It gives her final place on the
    last season's board, beside this season's once she plays, and between seasons (one
    ended by hand) the final place of the one that ended."""
    from tables.seasons import Seasons
    from tables.stats import board_rows

    await play(store, [BOB, ANN], [0, 1])
    await play(store, [CY, ANN], [0, 1])
    await play(store, [ANN, None], [0, 1], game=OTHER)
    january = {row["user_id"]: row["place"]
               for row in board_rows(await store.season_leaderboard(GUILD, 1, GAME))}
    assert january[ANN] == 3

    def places(profile: object) -> list[tuple[str, int, int, int, int]]:
        return [(line.game, line.season_place, line.season_entries, line.last_place,
                 line.last_entries) for line in profile.games]  # type: ignore[attr-defined]

    assert places(await build_profile(store, GUILD, ANN, at=NOW)) == [
        (GAME, 3, 3, 0, 0), (OTHER, 1, 1, 0, 0)]  # no season before the first
    february = next_month_start(NOW) + 1000
    back = await build_profile(store, GUILD, ANN, at=february)
    assert places(back) == [(GAME, 0, 0, 3, 3), (OTHER, 0, 0, 1, 1)]
    words = "\n".join(profile_text(picture_data(back)))
    assert "3rd of 3 last season" in words and "this season" not in words

    await play(store, [ANN, BOB], [0, 1], at=february)  # she plays again: both places
    season_2 = {row["user_id"]: row["place"]
                for row in board_rows(await store.season_leaderboard(GUILD, 2, GAME))}
    again = await build_profile(store, GUILD, ANN, at=february + 1000)
    assert places(again) == [(GAME, season_2[ANN], 2, 3, 3), (OTHER, 0, 0, 1, 1)]
    assert f"{ordinal(season_2[ANN])} of 2 this season" in "\n".join(
        profile_text(picture_data(again)))
    assert places(await build_profile(store, GUILD, CY, at=february)) == [
        (GAME, 0, 0, january[CY], 3)]

    # Season 2 ended by hand: between seasons its final places are last season's.
    clock = FakeClock(start=(february + 2000) / 1000 - FAKE_EPOCH)
    await Seasons(store, clock).end(GUILD, may_manage=True)
    ended = await build_profile(store, GUILD, ANN, at=february + 3000)
    assert places(ended) == [(GAME, 0, 0, season_2[ANN], 2), (OTHER, 0, 0, 0, 0)]
