"""What the milestones read and write in the store, on both backends: a member's finished
games in the order they finished, the computers each rated win beat, and awards filed once."""

import asyncio

import pytest

from engine.milestones import EVERY_GAME
from store import Finish, ResultRow, Store

GUILD, ANN, BOB = 1, 11, 12


@pytest.fixture
async def store(database_url: str):
    store = await Store.open(database_url)
    yield store
    await store.close()


async def finished(store: Store, seats: list[dict], winners: set[int], *, game: str = "dash",
                   assisted: bool = False, guild: int = GUILD, at: int = 1000) -> int:
    """A finished game, each seat its own side; `winners`: the winning seats; `at`: when it
    finished, on the tables' clock."""
    game_id = await store.create_game(guild_id=guild, channel_id=2, game=game, options={},
                                      seed=1, seats=seats, host_id=ANN)
    results = [ResultRow(seat=seat, user_id=info.get("user_id"), side=seat,
                         rank=0 if seat in winners else 1, won=seat in winners,
                         win_points=1, score=None,
                         assisted=assisted and info.get("user_id") is not None)
               for seat, info in enumerate(seats)]
    await store.finish_game(game_id, Finish(outcome={"winners": sorted(winners)},
                                            results=results, finished_at=at))
    return game_id


def member(user_id: int) -> dict:
    return {"user_id": user_id, "name": str(user_id), "ai": None}


def computer(level: str) -> dict:
    return {"user_id": None, "name": f"Computer ({level})", "ai": level}


async def test_a_members_games_in_order_with_the_computers_each_rated_win_beat(store: Store):
    # Games finish in an order of their own: the last created ends first.
    lost = await finished(store, [member(ANN), computer("expert")], {1}, at=2000)
    slain = await finished(store, [member(ANN), computer("expert"), computer("easy")], {0},
                           game="other", at=3000)
    hinted = await finished(store, [member(ANN), computer("expert")], {0}, assisted=True,
                            at=4000)
    with_bob = await finished(store, [member(BOB), member(ANN)], {1}, at=1500)
    await finished(store, [member(ANN)], {0}, guild=2)  # another server
    games = await store.games_played(GUILD, ANN)
    assert [(g.game_id, g.game, g.at, g.won, g.assisted, g.beaten) for g in games] == [
        (with_bob, "dash", 1500, True, False, ()),
        (lost, "dash", 2000, False, False, ()),
        (slain, "other", 3000, True, False, ("expert", "easy")),
        (hinted, "dash", 4000, True, True, ()),
    ]
    assert await store.members_who_played() == [(GUILD, ANN), (GUILD, BOB), (2, ANN)]


async def test_an_award_is_new_once_and_an_earlier_one_takes_its_place(store: Store):
    first = await finished(store, [member(ANN)], {0})
    second = await finished(store, [member(ANN)], {0})
    key = "milestone:first-win"
    assert await store.award(GUILD, ANN, EVERY_GAME, [(key, second, 2000)]) == [key]
    assert await store.award(GUILD, ANN, EVERY_GAME, [(key, second, 2000)]) == []
    assert await store.award(GUILD, ANN, EVERY_GAME, [(key, first, 1000)]) == []
    [held] = await store.achievements_of(GUILD, ANN)
    assert (held.key, held.game, held.game_id, held.earned_at) == (key, EVERY_GAME, first, 1000)
    assert await store.achievement_holders(GUILD, EVERY_GAME) == {key: 1}


async def test_the_members_with_a_game_changed_since_a_time_and_the_pass_mark(store: Store):
    assert await store.newest_game_change() is None and await store.milestone_mark() is None
    await finished(store, [member(ANN), member(BOB)], {0})
    newest = await store.newest_game_change()
    assert newest is not None
    await store.set_milestone_mark(newest, "dash")
    assert await store.milestone_mark() == (newest, "dash")
    assert await store.members_who_played(newest) == [(GUILD, ANN), (GUILD, BOB)], "inclusive"
    await store.db.execute("UPDATE games SET updated_at = ?", ("2000-01-01T00:00:00.000+00:00",))
    assert await store.members_who_played(newest) == []
    await finished(store, [member(ANN)], {0}, guild=2)
    assert await store.members_who_played(newest) == [(2, ANN)]
    assert await store.members_who_played() == [(GUILD, ANN), (GUILD, BOB), (2, ANN)]
    await store.set_milestone_mark("2100-01-01T00:00:00.000+00:00", "dash,other")
    assert await store.milestone_mark() == ("2100-01-01T00:00:00.000+00:00", "dash,other")


async def test_an_award_made_by_two_processes_at_once_is_new_to_one_of_them(
    database_url: str,
) -> None:
    """Two stores on one database (two shards) award the same milestone at the same moment:
    the insert itself decides, so it is said at one table only."""
    first, second = await Store.open(database_url), await Store.open(database_url)
    try:
        game_id = await finished(first, [member(ANN), member(BOB)], {0})
        awards = await asyncio.gather(*(
            store.award(GUILD, ANN, EVERY_GAME, [("milestone:first-win", game_id, 1000)])
            for store in (first, second)))
        assert sorted(awards) == [[], ["milestone:first-win"]]
        # An earlier finding of it moves its date; a later one changes nothing.
        assert await second.award(GUILD, ANN, EVERY_GAME,
                                  [("milestone:first-win", game_id, 500)]) == []
        assert await first.award(GUILD, ANN, EVERY_GAME,
                                 [("milestone:first-win", game_id, 2000)]) == []
        [held] = [a for a in await first.achievements_of(GUILD, ANN)
                  if a.key == "milestone:first-win"]
        assert held.earned_at == 500
    finally:
        await first.close()
        await second.close()
