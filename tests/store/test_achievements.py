"""Achievements, moments and records in the store, on both backends."""

import pytest

from store import EarnedAchievement, Honours, Moment, Placing, Store
from tests.store.test_tournaments import SAVED_AT, new_tournament, swiss

GUILD, OTHER_GUILD = 1, 2


@pytest.fixture
async def store(database_url: str):
    store = await Store.open(database_url)
    yield store
    await store.close()


async def finished_game(store: Store, guild_id: int = GUILD, game: str = "cribbage") -> int:
    game_id = await store.create_game(guild_id=guild_id, channel_id=2, game=game, options={},
                                      seed=5, seats=[], host_id=10)
    await store.set_status(game_id, "finished")
    return game_id


async def test_an_achievement_is_held_once_from_the_first_time_it_was_earned(store):
    first, second, third = [await finished_game(store) for _ in range(3)]
    fresh = await store.record_honours(Honours(second, GUILD, "cribbage", at=2_000,
                                               achievements=[(7, "k:a"), (7, "k:a"), (8, "k:a")]))
    assert fresh == [(7, "k:a"), (8, "k:a")]
    # Earned again later: nothing new, the first time stays.
    assert await store.record_honours(Honours(third, GUILD, "cribbage", at=3_000,
                                              achievements=[(7, "k:a")])) == []
    assert await store.achievements_of(GUILD, 7) == [
        EarnedAchievement("k:a", "cribbage", second, 2_000)]
    # An older game found later (the backfill) takes its place, and is not news.
    assert await store.record_honours(Honours(first, GUILD, "cribbage", at=1_000,
                                              achievements=[(7, "k:a")])) == []
    assert await store.achievements_of(GUILD, 7) == [
        EarnedAchievement("k:a", "cribbage", first, 1_000)]
    assert await store.achievements_of(OTHER_GUILD, 7) == []


async def test_achievements_come_newest_first(store):
    game_id = await finished_game(store)
    for at, key in [(5, "k:old"), (9, "k:new"), (7, "k:middle")]:
        await store.record_honours(Honours(game_id, GUILD, "cribbage", at=at,
                                           achievements=[(7, key)]))
    assert [a.key for a in await store.achievements_of(GUILD, 7)] == [
        "k:new", "k:middle", "k:old"]


async def test_holders_of_each_achievement_are_counted_per_server_and_game(store):
    game_id = await finished_game(store)
    await store.record_honours(Honours(game_id, GUILD, "cribbage", at=1_000,
                                       achievements=[(7, "k:a"), (8, "k:a"), (7, "k:b")]))
    later = await finished_game(store)
    await store.record_honours(Honours(later, GUILD, "cribbage", at=2_000,
                                       achievements=[(7, "k:a")]))  # held once all the same
    elsewhere = await finished_game(store, OTHER_GUILD)
    await store.record_honours(Honours(elsewhere, OTHER_GUILD, "cribbage", at=1_000,
                                       achievements=[(9, "k:a")]))
    other_game = await finished_game(store, game="pip-pip")
    await store.record_honours(Honours(other_game, GUILD, "pip-pip", at=1_000,
                                       achievements=[(9, "p:c")]))
    assert await store.achievement_holders(GUILD, "cribbage") == {"k:a": 2, "k:b": 1}
    assert await store.achievement_holders(GUILD, "pip-pip") == {"p:c": 1}
    assert await store.achievement_holders(GUILD, "crib-race") == {}


async def test_best_moments_and_records_pick_the_best_and_the_first_to_reach_it(store):
    games = [await finished_game(store) for _ in range(3)]
    await store.record_honours(Honours(games[0], GUILD, "cribbage", at=100,
                                       moments=[(0, 7, "hand", 24), (1, 8, "hand", 12),
                                                (0, 7, "pegging", 6)]))
    await store.record_honours(Honours(games[1], GUILD, "cribbage", at=200,
                                       moments=[(0, 7, "hand", 16), (1, 8, "hand", 24),
                                                (1, 8, "win", 40)]))
    pip = await finished_game(store, game="pip-pip")
    await store.record_honours(Honours(pip, GUILD, "pip-pip", at=300,
                                       moments=[(2, 7, "trick", 30)]))
    assert await store.best_moments(GUILD, 7) == [
        Moment("cribbage", "hand", 24, games[0], 7, 100),
        Moment("cribbage", "pegging", 6, games[0], 7, 100),
        Moment("pip-pip", "trick", 30, pip, 7, 300),
    ]
    # 24 twice: the record is the first to reach it.
    assert await store.record_moment(GUILD, "cribbage", "hand") == Moment(
        "cribbage", "hand", 24, games[0], 7, 100)
    assert await store.record_moment(GUILD, "cribbage", "win") == Moment(
        "cribbage", "win", 40, games[1], 8, 200)
    assert await store.record_moment(OTHER_GUILD, "cribbage", "hand") is None
    assert await store.record_moment(GUILD, "crib-race", "hand") is None


async def test_the_backfill_list_is_finished_games_whose_honours_are_not_in(store):
    done, waiting = await finished_game(store), await finished_game(store)
    running = await store.create_game(guild_id=GUILD, channel_id=2, game="cribbage",
                                      options={}, seed=5, seats=[], host_id=10)
    await store.record_honours(Honours(done, GUILD, "cribbage", at=1, done=True))
    # Recorded twice (live, then a backfill that raced it): still one row.
    await store.record_honours(Honours(done, GUILD, "cribbage", at=1, done=True))
    assert await store.games_without_honours() == [waiting]
    assert await store.games_without_honours(after_id=waiting) == []
    assert running not in await store.games_without_honours()


async def test_tournament_wins_come_from_the_placings_once(store):
    tournament_id = await new_tournament(store)
    event = swiss(tournament_id, players=3)
    await store.save_tournament(
        tournament_id, version=1, state=event.to_json(), status="finished",
        round_deadline=None, at=SAVED_AT,
        placings=[Placing(100, 1), Placing(101, 2), Placing(102, 1)],
        entries=3,
    )
    assert await store.award_tournament_wins("tournament-won", tournament_id) == 2
    assert await store.award_tournament_wins("tournament-won") == 0
    [won] = await store.achievements_of(1, 100)
    assert (won.key, won.game, won.game_id) == ("tournament-won", "cribbage", None)
    assert won.earned_at == SAVED_AT  # when the event finished on the tables' clock
    assert await store.achievements_of(1, 101) == []
