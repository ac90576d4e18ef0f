"""Seasons in the store, on both backends: calendar months by default, started and ended by
hand, each keeping its own standings; and the all-time rating history."""

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from store import Finish, RatingPoint, ResultRow, SeasonRecord, Store
from store.seasons import month_start, next_month_start, plan_season

GUILD = 1


def ms(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> int:
    return int(datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp()) * 1000


@pytest.fixture
async def store(database_url: str):
    store = await Store.open(database_url)
    yield store
    await store.close()


def winner_takes(winner: int, loser: int):
    """A rater that moves the winner up and the loser down by 1 from whatever it is handed
    (and each sigma down by 1), so a test can read which rating a finish started from."""

    def rater(current):
        won = current[winner] or (25.0, 8.0)
        lost = current[loser] or (25.0, 8.0)
        return {winner: (won[0] + 1, won[1] - 1), loser: (lost[0] - 1, lost[1] - 1)}

    return rater


async def finish(store: Store, at: int, *, winner: int = 11, game: str = "dash",
                 season_start=None) -> int:
    game_id = await store.create_game(
        guild_id=GUILD, channel_id=2, game=game, options={}, seed=1,
        seats=[{"user_id": 11}, {"user_id": 12}], host_id=11,
    )
    loser = 12 if winner == 11 else 11
    results = [
        ResultRow(seat=0, user_id=winner, side=0, rank=0, won=True, win_points=1, score=None),
        ResultRow(seat=1, user_id=loser, side=1, rank=1, won=False, win_points=0, score=None),
    ]
    done = Finish(outcome={"winners": [0]}, results=results, rater=winner_takes(winner, loser),
                  finished_at=at)
    if season_start is not None:
        done.season_start = season_start
    await store.finish_game(game_id, done)
    return game_id


async def standings(store: Store, season: int, game: str = "dash"):
    return {
        r.user_id: (r.mu, r.games, r.wins)
        for r in await store.season_leaderboard(GUILD, season, game)
    }


@given(st.integers(min_value=ms(2000, 1, 1), max_value=ms(2100, 1, 1)))
def test_a_time_falls_in_its_calendar_month(at: int):
    start, end = month_start(at), next_month_start(at)
    assert start <= at < end
    first, after = (datetime.fromtimestamp(t / 1000, UTC) for t in (start, end))
    assert first.day == after.day == 1 and (first.hour, first.minute) == (0, 0)
    assert 28 <= (after - first).days <= 31


@given(
    st.integers(min_value=ms(2026, 1, 1), max_value=ms(2030, 1, 1)),
    st.integers(min_value=0, max_value=90 * 86_400_000),
    st.booleans(),
)
def test_a_new_season_never_overlaps_the_last(ended_at: int, later: int, by_hand: bool):
    """Whatever ended when, the season a later game counts in begins at or after the last
    one's end, on a month's first day, and holds the game; or, in the rest of the month a
    season ended in by hand, there is none."""
    start = ended_at - 86_400_000 if by_hand else month_start(ended_at - 1)
    last = SeasonRecord(GUILD, 4, start, ended_at, by_hand)
    at = ended_at + later
    season = plan_season(last, GUILD, at)
    if season is None:
        assert month_start(at) == month_start(ended_at) != ended_at
        return
    assert season.number == 5 and season.covers(at)
    assert season.started_at >= ended_at and season.started_at == month_start(at)


async def test_games_count_in_the_calendar_month_they_end_in(store: Store):
    await finish(store, ms(2027, 1, 10))
    await finish(store, ms(2027, 1, 31, 23, 59))
    await finish(store, ms(2027, 3, 2), winner=12)  # February had no game: no number
    january = await store.season(GUILD, 1)
    assert january == SeasonRecord(GUILD, 1, ms(2027, 1, 1), ms(2027, 2, 1), by_hand=False)
    march = await store.season(GUILD, 2)
    assert (march.started_at, march.ends_at) == (ms(2027, 3, 1), ms(2027, 4, 1))
    assert await store.season(GUILD, 3) is None
    assert (await standings(store, 1))[11][1:] == (2, 2)
    assert (await standings(store, 2))[12][1:] == (1, 1)
    [ann] = [r for r in await store.ratings(GUILD, "dash") if r.user_id == 11]
    assert (ann.games, ann.wins) == (3, 2)  # all time counts everything


async def test_a_season_starts_from_the_all_time_rating_as_season_start_makes_it(store: Store):
    await finish(store, ms(2027, 1, 10))
    await finish(store, ms(2027, 1, 11))
    # All time after January: Ann 27, Bob 23. February starts each from that, widened here
    # by a stand-in that adds 100 to mu so the test can see it was used.
    await finish(store, ms(2027, 2, 1), season_start=lambda r: (r[0] + 100, r[1]))
    february = await standings(store, 2)
    assert february[11][0] == pytest.approx(27.0 + 100 + 1)
    assert february[12][0] == pytest.approx(23.0 + 100 - 1)
    assert (await standings(store, 1))[11][0] == pytest.approx(27.0)  # January's final, kept
    [ann] = [r for r in await store.ratings(GUILD, "dash") if r.user_id == 11]
    assert ann.mu == pytest.approx(28.0)  # all time goes on from where it was


async def test_a_season_started_by_hand_runs_until_ended_by_hand(store: Store):
    await finish(store, ms(2027, 1, 10))
    started = await store.start_season(GUILD, ms(2027, 1, 20))
    assert started == SeasonRecord(GUILD, 2, ms(2027, 1, 20), None, by_hand=True)
    assert (await store.season(GUILD, 1)).ends_at == ms(2027, 1, 20)  # January cut short
    assert await store.start_season(GUILD, ms(2027, 1, 21)) is None  # one already runs
    await finish(store, ms(2027, 3, 5))  # no month turns a season begun by hand
    assert (await standings(store, 2))[11][1] == 1
    ended = await store.end_season(GUILD, ms(2027, 3, 10))
    assert ended == SeasonRecord(GUILD, 2, ms(2027, 1, 20), ms(2027, 3, 10), by_hand=True)
    assert await store.end_season(GUILD, ms(2027, 3, 11)) is None  # nothing runs now
    # The rest of March has no season: the game counts all time only.
    await finish(store, ms(2027, 3, 20))
    assert await store.season_at(GUILD, ms(2027, 3, 20)) is None
    assert await store.latest_season(GUILD) == ended
    assert (await standings(store, 2))[11][1] == 1  # season 2's standings stay as they were
    await finish(store, ms(2027, 4, 1))
    april = await store.season(GUILD, 3)
    assert (april.started_at, april.ends_at, april.by_hand) == (ms(2027, 4, 1),
                                                                ms(2027, 5, 1), False)


async def test_ending_a_calendar_month_nobody_played_in_yet_keeps_it_as_ended(store: Store):
    await finish(store, ms(2027, 1, 10))
    planned = await store.season_at(GUILD, ms(2027, 2, 3))
    assert planned == SeasonRecord(GUILD, 2, ms(2027, 2, 1), ms(2027, 3, 1), by_hand=False)
    assert await store.season(GUILD, 2) is None  # planned, not stored
    ended = await store.end_season(GUILD, ms(2027, 2, 3))
    assert ended is not None and (ended.number, ended.ends_at) == (2, ms(2027, 2, 3))
    assert await store.season(GUILD, 2) == ended
    assert await store.season_at(GUILD, ms(2027, 2, 4)) is None


async def test_seasons_are_per_server_and_leaderboards_per_game(store: Store):
    await finish(store, ms(2027, 1, 10))
    await finish(store, ms(2027, 1, 10), game="sprint", winner=12)
    assert set(await standings(store, 1)) == {11, 12}
    assert (await standings(store, 1, "sprint"))[12][2] == 1
    assert await store.season_at(GUILD + 1, ms(2027, 1, 10)) == SeasonRecord(
        GUILD + 1, 1, ms(2027, 1, 1), ms(2027, 2, 1), by_hand=False
    )
    assert await store.season_leaderboard(GUILD + 1, 1, "dash") == []


async def test_rating_history_keeps_every_rated_result_oldest_first(store: Store):
    assert await store.rating_history(GUILD, 11) == []
    await finish(store, ms(2027, 1, 10))
    await finish(store, ms(2027, 1, 12), game="sprint")
    await finish(store, ms(2027, 1, 11), winner=12)
    history = await store.rating_history(GUILD, 11)
    assert history == [
        RatingPoint("dash", ms(2027, 1, 10), 26.0, 7.0),
        RatingPoint("dash", ms(2027, 1, 11), 25.0, 6.0),
        RatingPoint("sprint", ms(2027, 1, 12), 26.0, 7.0),
    ]
    assert await store.rating_history(GUILD + 1, 11) == []


async def test_an_unrated_finish_writes_no_history_and_no_season(store: Store):
    game_id = await store.create_game(
        guild_id=GUILD, channel_id=2, game="dash", options={}, seed=1,
        seats=[{"user_id": 11}], host_id=11,
    )
    row = ResultRow(seat=0, user_id=11, side=0, rank=0, won=True, win_points=1, score=None,
                    assisted=True)
    await store.finish_game(game_id, Finish(outcome={}, results=[row], rater=None,
                                            finished_at=ms(2027, 1, 5)))
    assert await store.rating_history(GUILD, 11) == []
    assert await store.latest_season(GUILD) is None


async def test_a_season_counts_each_member_who_played_in_it_once(store: Store):
    """The members a season's end says played in it: each once, whatever games they
    played, and only that season's (members 11 and 12 play every game here)."""
    assert await store.season_members(GUILD, 1) == 0
    await finish(store, ms(2027, 1, 10))
    await finish(store, ms(2027, 1, 11), game="other")
    await finish(store, ms(2027, 1, 12), winner=12)
    assert await store.season_members(GUILD, 1) == 2
    assert await store.season_members(GUILD, 2) == 0
    assert await store.season_members(GUILD + 1, 1) == 0
