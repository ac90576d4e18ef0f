"""What a finished game did to its members' ratings: the figures the store recorded with the
finish, carried out on the table and read back by game, on both backends; and the line the
table message and each hand say them in (tables/ratings.py `rating_words`)."""

import pytest

from store import RatingChange, Store
from store.records import ALL_TIME
from tables import TableManager
from tables.ratings import DEFAULT_MU, DEFAULT_SIGMA, display_rating, rating_words
from tables.seasons import Seasons
from tests.tables.helpers import (
    ANN,
    BOB,
    CAT,
    DAN,
    GUILD,
    computer,
    human,
    new_table,
    play_out,
)


def by_user(changes: list[RatingChange], season: int) -> dict[int, RatingChange]:
    return {c.user_id: c for c in changes if c.season == season}


async def test_a_rated_game_yields_the_figures_the_store_recorded(
    manager: TableManager, store: Store
):
    table = await new_table(manager, [human(ANN), human(BOB)], seed=1)
    await manager.resign(table.id, BOB)

    assert table.rating_changes == await store.rating_changes(table.id)
    [season] = {c.season for c in table.rating_changes if c.season != ALL_TIME}
    all_time = by_user(table.rating_changes, ALL_TIME)
    in_season = by_user(table.rating_changes, season)
    assert set(all_time) == set(in_season) == {ANN, BOB}
    # The same figures as the leaderboards, all-time and the season's.
    for row in await store.ratings(GUILD, "dash"):
        assert all_time[row.user_id].after == (row.mu, row.sigma)
        assert all_time[row.user_id].before is None  # a first game starts from the default
    for row in await store.season_leaderboard(GUILD, season, "dash"):
        assert in_season[row.user_id].after == (row.mu, row.sigma)

    ann = display_rating(*in_season[ANN].after)
    bob = display_rating(*in_season[BOB].after)
    start = display_rating(DEFAULT_MU, DEFAULT_SIGMA)
    assert ann > start > bob
    # Their first game gave each a first figure: no change from one they never had.
    assert rating_words(table.seats, table.rating_changes) == (
        f"📈 Season {season} rating: Ann {ann:.1f} (first game)"
        f" · Bob {minus(bob)} (first game)"
    )
    assert rating_words(table.seats, table.rating_changes, reader=1) == (
        f"📈 Your season {season} rating: {minus(bob)} (first game). Everyone starts at"
        f" {start:.1f}; your first games move it most."
    )


def minus(rating: float) -> str:
    """A rating below zero is written with the minus sign its change has."""
    return f"{rating:.1f}".replace("-", "\u2212")


async def test_the_next_game_moves_the_rating_from_where_the_last_left_it(
    manager: TableManager, store: Store
):
    first = await new_table(manager, [human(ANN), human(BOB)], seed=1)
    await manager.resign(first.id, BOB)
    second = await new_table(manager, [human(ANN), human(BOB)], seed=2)
    await manager.resign(second.id, ANN)

    for earlier, later in zip(first.rating_changes, second.rating_changes, strict=True):
        assert (later.user_id, later.season) == (earlier.user_id, earlier.season)
        assert later.before == earlier.after
    season = max(c.season for c in second.rating_changes)
    ann = by_user(second.rating_changes, season)[ANN]
    now, before = display_rating(*ann.after), display_rating(*ann.before)  # type: ignore[misc]
    assert now < before
    assert f"Ann {minus(now)} (−{round(before - now, 1):.1f})" in rating_words(
        second.seats, second.rating_changes
    )
    own = rating_words(second.seats, second.rating_changes, reader=0)
    assert "first game" not in own and "Everyone starts" not in own


async def test_an_assisted_game_yields_none_and_says_nothing(
    manager: TableManager, store: Store
):
    table = await new_table(manager, [human(ANN), human(BOB)], settings={"hints": True})
    await manager.resign(table.id, BOB)

    assert table.status == "finished"
    assert table.rating_changes == [] == await store.rating_changes(table.id)
    assert rating_words(table.seats, table.rating_changes) == ""
    assert rating_words(table.seats, table.rating_changes, reader=0) == ""


async def test_a_game_with_computers_rates_only_the_humans(
    manager: TableManager, store: Store
):
    table = await new_table(manager, [human(ANN), computer()], seed=9)
    await play_out(manager, table)

    assert table.finished and table.rating_changes
    assert {c.user_id for c in table.rating_changes} == {ANN}
    assert table.rating_changes == await store.rating_changes(table.id)
    line = rating_words(table.seats, table.rating_changes)
    assert line.count("(") == 1 and "Ann " in line and "Computer" not in line
    assert rating_words(table.seats, table.rating_changes, reader=1) == ""


async def test_partners_each_get_their_own(manager: TableManager, store: Store):
    # Ann beats Bob first, so Ann and her partner Cat start the team game from different
    # ratings and end it on different ones.
    warm_up = await new_table(manager, [human(ANN), human(BOB)], seed=3)
    await manager.resign(warm_up.id, BOB)
    teams = await new_table(manager, [human(ANN), human(BOB), human(CAT), human(DAN)],
                            options={"teams": True}, seed=4)
    await manager.resign(teams.id, BOB)

    assert teams.rating_changes == await store.rating_changes(teams.id)
    season = max(c.season for c in teams.rating_changes)
    changes = by_user(teams.rating_changes, season)
    assert set(changes) == {ANN, BOB, CAT, DAN}
    assert changes[ANN].after != changes[CAT].after
    board = {r.user_id: r for r in await store.season_leaderboard(GUILD, season, "dash")}
    line = rating_words(teams.seats, teams.rating_changes)
    for user_id, name in ((ANN, "Ann"), (BOB, "Bob"), (CAT, "Cat"), (DAN, "Dan")):
        row = board[user_id]
        assert changes[user_id].after == (row.mu, row.sigma)
        assert f"{name} {minus(display_rating(row.mu, row.sigma))} (" in line
    assert line.index("Ann") < line.index("Bob") < line.index("Cat") < line.index("Dan")


async def test_between_seasons_the_line_gives_the_all_time_rating(
    manager: TableManager, store: Store
):
    seasons = Seasons(store, manager.clock)
    await seasons.end(GUILD, may_manage=True)  # no season runs until next month
    table = await new_table(manager, [human(ANN), human(BOB)], seed=5)
    await manager.resign(table.id, BOB)

    assert {c.season for c in table.rating_changes} == {ALL_TIME}
    ann = next(r for r in await store.ratings(GUILD, "dash") if r.user_id == ANN)
    assert rating_words(table.seats, table.rating_changes).startswith(
        f"📈 All-time rating: Ann {display_rating(ann.mu, ann.sigma):.1f} (first game) · Bob "
    )
    again = await new_table(manager, [human(ANN), human(BOB)], seed=7)
    await manager.resign(again.id, BOB)
    before = display_rating(ann.mu, ann.sigma)
    ann = next(r for r in await store.ratings(GUILD, "dash") if r.user_id == ANN)
    now = display_rating(ann.mu, ann.sigma)
    assert now > before
    assert rating_words(again.seats, again.rating_changes).startswith(
        f"📈 All-time rating: Ann {now:.1f} (+{now - before:.1f}) · Bob "
    )


@pytest.mark.parametrize("hints", [False, True])
async def test_a_game_found_finished_on_replay_records_and_shows_its_changes(
    manager: TableManager, store: Store, hints: bool
):
    """The last move was logged but the finish was not (an older release): the restart
    records the finish, and the table shown carries what it recorded."""
    from tables.resume import Resume

    table = await new_table(manager, [human(ANN), human(BOB)], seed=6,
                            settings={"hints": hints})
    await manager.resign(table.id, BOB)
    for finish_wrote in ("results", "rating_history", "rating_changes"):
        await store.db.execute(f"DELETE FROM {finish_wrote} WHERE game_id = ?", (table.id,))
    await store.db.execute("UPDATE games SET status = 'running' WHERE id = ?", (table.id,))
    shown = []
    resume = Resume(manager)
    resume.on_resumed = shown.append
    await resume.load([table.id])
    assert resume.one(table.id) is None
    await resume.close()

    [rebuilt] = shown
    assert rebuilt.status == "finished"
    assert rebuilt.rating_changes == await store.rating_changes(table.id)
    assert bool(rebuilt.rating_changes) is not hints



async def test_a_first_game_of_a_season_moves_from_where_the_season_started_the_member(
    manager: TableManager, store: Store
):
    """Ann ends season 1 on the all-time figure; season 2 starts her from it made less
    certain, lower. Her first game of it says that start, or "(+2.0)" would not take her from
    the figure she last saw to the one shown; her hand says why it starts lower. Her second
    game of the season is plain again."""
    first = await new_table(manager, [human(ANN), human(BOB)], seed=1)
    await manager.resign(first.id, BOB)
    last_seen = display_rating(*by_user(first.rating_changes, ALL_TIME)[ANN].after)
    await Seasons(store, manager.clock).start(GUILD, may_manage=True)
    second = await new_table(manager, [human(ANN), human(BOB)], seed=2)
    await manager.resign(second.id, BOB)

    season = max(c.season for c in second.rating_changes)
    ann = by_user(second.rating_changes, season)[ANN]
    assert ann.before is not None
    start, now = display_rating(*ann.before), display_rating(*ann.after)
    assert start < last_seen
    line = rating_words(second.seats, second.rating_changes)
    assert f"Ann {minus(now)} (+{now - start:.1f} from the season's {minus(start)})" in line
    own = rating_words(second.seats, second.rating_changes, reader=0)
    assert own == (
        f"📈 Your season {season} rating: {minus(now)} (+{now - start:.1f} from the season's"
        f" {minus(start)}). A season starts from your all-time rating, {minus(last_seen)},"
        " made less certain: it shows lower, and your first games move it more.")

    third = await new_table(manager, [human(ANN), human(BOB)], seed=3)
    await manager.resign(third.id, BOB)
    later = rating_words(third.seats, third.rating_changes)
    assert "season's" not in later and "(+" in later
    assert "all-time" not in rating_words(third.seats, third.rating_changes, reader=0)
