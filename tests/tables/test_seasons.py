"""Seasons through the table manager on a fake clock: the month turns in the middle of a game,
which counts in the season it ended in, starting its players from their widened all-time
ratings; /season's rules and the leaderboard's choice of season (tables/seasons.py)."""

from datetime import UTC, datetime

import pytest

from engine.errors import IllegalAction
from store import Store
from tables import TableManager
from tables.clock import FAKE_EPOCH, FakeClock
from tables.ratings import DEFAULT_SIGMA, SEASON_WIDENING, rate, result_rows, season_start
from tables.seasons import MANAGE_ONLY, Champion, Seasons
from tests.tables.helpers import (
    ANN,
    BOB,
    CAT,
    DAN,
    GUILD,
    computer,
    human,
    make_manager,
    new_table,
    play_out,
)

FEBRUARY = datetime(2027, 2, 1, tzinfo=UTC).timestamp()


def clock_before_february(seconds: float) -> FakeClock:
    return FakeClock(start=FEBRUARY - seconds - FAKE_EPOCH)


@pytest.fixture
async def clock_manager(store: Store):
    manager = make_manager(store, clock=clock_before_february(600))
    yield manager
    await manager.close()


def test_the_widened_start_keeps_mu_and_widens_sigma_up_to_a_newcomers():
    assert season_start(None) is None
    mu, sigma = season_start((31.0, 2.0))  # type: ignore[misc]
    assert mu == 31.0
    assert sigma == pytest.approx((2.0**2 + SEASON_WIDENING**2) ** 0.5)
    assert 2.0 < sigma < DEFAULT_SIGMA
    assert season_start((20.0, 8.0)) == (20.0, DEFAULT_SIGMA)  # never wider than a newcomer


async def test_a_game_the_month_turns_in_counts_in_the_season_it_ended_in(
    clock_manager: TableManager, store: Store
):
    manager, clock = clock_manager, clock_manager.clock
    assert isinstance(clock, FakeClock)
    first = await new_table(manager, [human(ANN), human(BOB)], seed=1)
    await manager.resign(first.id, BOB)  # January: season 1
    [ann_january] = [r for r in await store.ratings(GUILD, "dash") if r.user_id == ANN]
    [bob_january] = [r for r in await store.ratings(GUILD, "dash") if r.user_id == BOB]

    second = await new_table(manager, [human(ANN), human(BOB)], seed=2)
    await play_out(manager, second, moves=2)
    assert not second.finished
    await clock.advance(900)  # midnight, 1 February, in the middle of the game
    await play_out(manager, second)
    assert second.finished

    january = await store.season(GUILD, 1)
    assert january is not None and january.ends_at == int(FEBRUARY * 1000)
    assert {r.user_id: r.games for r in await store.season_leaderboard(GUILD, 1, "dash")} == {
        ANN: 1, BOB: 1
    }
    february = {r.user_id: r for r in await store.season_leaderboard(GUILD, 2, "dash")}
    assert {uid: r.games for uid, r in february.items()} == {ANN: 1, BOB: 1}
    # February started each from the widened January all-time rating, not from scratch...
    rows = result_rows(second.outcome, second.sides, [ANN, BOB])  # type: ignore[arg-type]
    widened = {
        ANN: season_start((ann_january.mu, ann_january.sigma)),
        BOB: season_start((bob_january.mu, bob_january.sigma)),
    }
    expected = rate(rows, widened)
    for uid in (ANN, BOB):
        assert (february[uid].mu, february[uid].sigma) == pytest.approx(expected[uid])
    # ...and all time went on from the January rating itself.
    all_time = {r.user_id: r for r in await store.ratings(GUILD, "dash")}
    expected_all_time = rate(rows, {ANN: (ann_january.mu, ann_january.sigma),
                                    BOB: (bob_january.mu, bob_january.sigma)})
    for uid in (ANN, BOB):
        assert (all_time[uid].mu, all_time[uid].sigma) == pytest.approx(expected_all_time[uid])
        assert all_time[uid].games == 2
    history = await store.rating_history(GUILD, ANN)
    assert [p.at for p in history] == sorted(p.at for p in history) and len(history) == 2
    assert history[-1].at >= int(FEBRUARY * 1000) > history[0].at


async def test_season_commands_need_manage_server_and_change_nothing_without(
    clock_manager: TableManager, store: Store
):
    seasons = Seasons(store, clock_manager.clock)
    for refused in (seasons.start, seasons.end):
        with pytest.raises(IllegalAction, match=MANAGE_ONLY):
            await refused(GUILD, may_manage=False)
    assert await store.latest_season(GUILD) is None
    assert not (await seasons.info(GUILD)).running.by_hand  # anyone may ask: the calendar one
    begun = await seasons.start(GUILD, may_manage=True)
    started = begun.season
    assert (started.number, started.by_hand, begun.ended) == (1, True, None)
    with pytest.raises(IllegalAction, match="Season 1 is already running"):
        await seasons.start(GUILD, may_manage=True)
    info = await seasons.info(GUILD)
    assert info.running == started
    ended = await seasons.end(GUILD, may_manage=True)
    assert ended.ends_at is not None
    with pytest.raises(IllegalAction, match="No season is running"):
        await seasons.end(GUILD, may_manage=True)
    info = await seasons.info(GUILD)
    assert info.running is None and info.next_start == int(FEBRUARY * 1000)


async def test_the_leaderboard_shows_the_running_season_unless_asked(
    clock_manager: TableManager, store: Store
):
    seasons = Seasons(store, clock_manager.clock)
    clock = clock_manager.clock
    assert isinstance(clock, FakeClock)
    first = await new_table(clock_manager, [human(ANN), human(BOB)], seed=1)
    await clock_manager.resign(first.id, BOB)
    january = await seasons.leaderboard(GUILD, "dash")
    assert january.running and january.season is not None and january.season.number == 1
    assert [row["user_id"] for row in january.rows] == [ANN, BOB]
    await clock.advance(900)
    february = await seasons.leaderboard(GUILD, "dash")  # nobody has played in it yet
    assert february.running and february.season is not None
    assert (february.season.number, february.rows) == (2, [])
    kept = await seasons.leaderboard(GUILD, "dash", "1")
    assert not kept.running and kept.rows == january.rows
    all_time = await seasons.leaderboard(GUILD, "dash", "all-time")
    assert all_time.season is None and [r["user_id"] for r in all_time.rows] == [ANN, BOB]
    for wrong, words in (("7", "There is no season 7 here; the current one is season 2"),
                         ("last", "Name a season by its number")):
        with pytest.raises(IllegalAction, match=words):
            await seasons.leaderboard(GUILD, "dash", wrong)
    # Between seasons the last one's final standings are shown, with when the next begins.
    await seasons.start(GUILD, may_manage=True)
    await seasons.end(GUILD, may_manage=True)
    between = await seasons.leaderboard(GUILD, "dash")
    assert between.season is not None and between.season.number == 2
    assert not between.running and between.next_start == int(
        datetime(2027, 3, 1, tzinfo=UTC).timestamp() * 1000
    )


async def test_a_season_ends_with_each_games_first_place_level_players_sharing_it(
    clock_manager: TableManager, store: Store
):
    seasons = Seasons(store, clock_manager.clock)
    games = {"dash": clock_manager.games["dash"]}
    empty = (await seasons.start(GUILD, may_manage=True)).season
    await seasons.end(GUILD, may_manage=True)
    assert await seasons.champions(GUILD, empty.number, games) == []

    await seasons.start(GUILD, may_manage=True)
    # Ann and Cat each beat a newcomer once: level on rating and wins, so both are first.
    for winner, loser in ((ANN, BOB), (CAT, DAN)):
        table = await new_table(clock_manager, [human(winner), human(loser)], seed=1)
        await clock_manager.resign(table.id, loser)
    ended = await seasons.end(GUILD, may_manage=True)
    [champion] = await seasons.champions(GUILD, ended.number, games)
    rows = (await seasons.leaderboard(GUILD, "dash", str(ended.number))).rows
    assert champion == Champion(title="Dash", user_ids=(ANN, CAT), rating=rows[0]["rating"],
                                wins=1, names=("Ann", "Cat"))
    # One more win sets Ann apart in the next season.
    season = (await seasons.start(GUILD, may_manage=True)).season
    for loser in (BOB, DAN):
        table = await new_table(clock_manager, [human(ANN), human(loser)], seed=2)
        await clock_manager.resign(table.id, loser)
    table = await new_table(clock_manager, [human(CAT), human(BOB)], seed=3)
    await clock_manager.resign(table.id, BOB)
    [champion] = await seasons.champions(GUILD, season.number, games)
    assert (champion.user_ids, champion.wins) == ((ANN,), 2)


async def test_starting_a_season_ends_the_calendar_one_and_says_which(
    clock_manager: TableManager, store: Store
):
    seasons = Seasons(store, clock_manager.clock)
    table = await new_table(clock_manager, [human(ANN), human(BOB)], seed=1)
    await clock_manager.resign(table.id, BOB)  # January, season 1, stored as it counts
    begun = await seasons.start(GUILD, may_manage=True)
    ended = begun.ended
    assert ended is not None and (ended.number, ended.by_hand) == (1, False)
    assert ended.ends_at == begun.season.started_at
    [champion] = await seasons.champions(GUILD, 1, {"dash": clock_manager.games["dash"]})
    assert champion.user_ids == (ANN,)
    # Ended by hand and begun again in the same moment: the season that had ended already
    # is not said to end again.
    await seasons.end(GUILD, may_manage=True)
    assert (await seasons.start(GUILD, may_manage=True)).ended is None


async def test_a_first_place_with_no_win_in_the_season_is_no_champion(
    clock_manager: TableManager, store: Store
):
    seasons = Seasons(store, clock_manager.clock)
    begun = await seasons.start(GUILD, may_manage=True)
    table = await new_table(clock_manager, [computer("easy"), human(ANN)], seed=1)
    await clock_manager.resign(table.id, ANN)  # Ann, the only member, lost to the computer
    rows = (await seasons.leaderboard(GUILD, "dash")).rows
    assert [(row["user_id"], row["wins"]) for row in rows] == [(ANN, 0)]
    games = {"dash": clock_manager.games["dash"]}
    assert await seasons.champions(GUILD, begun.season.number, games) == []


async def test_season_info_names_the_season_before_the_running_one(
    clock_manager: TableManager, store: Store
):
    seasons, clock = Seasons(store, clock_manager.clock), clock_manager.clock
    assert isinstance(clock, FakeClock)
    assert (await seasons.info(GUILD)).previous is None  # the server's first season
    table = await new_table(clock_manager, [human(ANN), human(BOB)], seed=1)
    await clock_manager.resign(table.id, BOB)  # January: season 1
    await clock.advance(900)  # February: season 2, not stored until a game ends in it
    info = await seasons.info(GUILD)
    assert info.running is not None and info.running.number == 2
    assert info.previous == await store.season(GUILD, 1)
    ended = await seasons.end(GUILD, may_manage=True)  # between seasons: the one just ended
    assert (await seasons.info(GUILD)).previous == ended
    await seasons.start(GUILD, may_manage=True)
    assert (await seasons.info(GUILD)).previous == ended


async def test_a_member_below_the_rows_shown_gets_their_own_place(
    clock_manager: TableManager, store: Store
):
    """A regular outside the top of the board still learns where they stand: their own row,
    placed on the whole board as it would be; nothing more for a member shown already, or
    not on the board."""
    seasons = Seasons(store, clock_manager.clock)
    for seed, loser in enumerate((BOB, CAT)):
        table = await new_table(clock_manager, [human(ANN), human(loser)], seed=seed)
        await clock_manager.resign(table.id, loser)
    whole = (await seasons.leaderboard(GUILD, "dash")).rows
    assert whole[0]["user_id"] == ANN and len(whole) == 3
    for asker in (BOB, CAT):
        top = await seasons.leaderboard(GUILD, "dash", limit=1, asker=asker)
        assert [row["user_id"] for row in top.rows] == [ANN]
        assert top.asker == next(row for row in whole if row["user_id"] == asker)
        kept = await seasons.leaderboard(GUILD, "dash", "1", limit=1, asker=asker)
        assert kept.asker == top.asker
    for shown_or_absent in (ANN, DAN):
        top = await seasons.leaderboard(GUILD, "dash", limit=1, asker=shown_or_absent)
        assert top.asker is None
    assert (await seasons.leaderboard(GUILD, "dash", "all-time", limit=1, asker=BOB)).asker \
        is None
