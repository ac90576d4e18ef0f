import asyncio

import pytest

from store import Finish, LobbyLost, LogConflict, ResultRow, Store
from store.database import ConstraintViolation, without_password

SEATS = [
    {"user_id": 11, "name": "Ann", "ai": None},
    {"user_id": None, "name": "Computer 1", "ai": "hard"},
]


@pytest.fixture
async def store(database_url: str):
    store = await Store.open(database_url)
    yield store
    await store.close()


async def new_game(store: Store, guild_id: int = 1, game: str = "dash") -> int:
    return await store.create_game(
        guild_id=guild_id, channel_id=2, game=game, options={"target": 15}, seed=99,
        seats=SEATS, host_id=11, settings={"idle": 5},
    )


async def test_game_round_trips_with_json_columns_decoded(store: Store):
    game_id = await new_game(store)
    record = await store.game(game_id)
    assert record is not None
    assert (record.game, record.seed, record.status) == ("dash", 99, "running")
    assert record.options == {"target": 15}
    assert record.settings == {"idle": 5}
    assert record.seats == SEATS
    assert record.thread_id is None
    await store.set_location(game_id, thread_id=7, message_id=8)
    record = await store.game(game_id)
    assert (record.thread_id, record.message_id) == (7, 8)


async def test_actions_come_back_in_order(store: Store):
    game_id = await new_game(store)
    for seq in range(5):
        await store.append_action(game_id, seq, seq % 2, {"type": "play", "n": seq})
    log = await store.actions(game_id)
    assert [row.seq for row in log] == [0, 1, 2, 3, 4]
    assert [row.action["n"] for row in log] == [0, 1, 2, 3, 4]
    assert [row.seat for row in log] == [0, 1, 0, 1, 0]


async def test_concurrent_appends_to_many_games_keep_each_log_whole(store: Store):
    games = [await new_game(store) for _ in range(10)]

    async def play(game_id: int) -> None:
        for seq in range(20):
            await store.append_action(game_id, seq, 0, {"type": "play", "n": seq})

    await asyncio.gather(*(play(g) for g in games))
    for game_id in games:
        assert [row.action["n"] for row in await store.actions(game_id)] == list(range(20))


async def test_a_sequence_number_cannot_be_written_twice(store: Store):
    game_id = await new_game(store)
    await store.append_action(game_id, 0, 0, {"type": "a"})
    with pytest.raises(LogConflict):
        await store.append_action(game_id, 0, 1, {"type": "b"})
    assert [row.action for row in await store.actions(game_id)] == [{"type": "a"}]


#: When the games here finish (ms since 1970 UTC): no test of this module reads it.
FINISHED_AT = 1_800_000_000_000


def two_player_finish(winner_points: int = 1) -> Finish:
    rows = [
        ResultRow(seat=0, user_id=11, side=0, rank=0, won=True, win_points=winner_points,
                  score=121),
        ResultRow(seat=1, user_id=None, side=1, rank=1, won=False, win_points=winner_points,
                  score=80),
    ]
    return Finish(outcome={"winners": [0]}, results=rows,
                  rater=lambda current: {11: (30.0, 7.0)}, finished_at=FINISHED_AT)


async def test_finishing_writes_action_results_ratings_and_status_together(store: Store):
    game_id = await new_game(store)
    await store.append_action(game_id, 0, 0, {"type": "last"}, finish=two_player_finish(2))
    record = await store.game(game_id)
    assert record.status == "finished"
    assert record.outcome == {"winners": [0]}
    results = await store.results(game_id)
    assert [(r["seat"], r["user_id"], r["won"], r["win_points"]) for r in results] == [
        (0, 11, 1, 2), (1, None, 0, 0)
    ]
    [rating] = await store.ratings(1, "dash")
    assert (rating.user_id, rating.mu, rating.sigma) == (11, 30.0, 7.0)
    assert (rating.games, rating.wins, rating.points, rating.skunks) == (1, 1, 2, 1)


async def test_a_failure_while_finishing_rolls_back_the_action_too(store: Store):
    game_id = await new_game(store)

    def broken_rater(current):
        raise RuntimeError("boom")

    finish = two_player_finish()
    finish.rater = broken_rater
    with pytest.raises(RuntimeError):
        await store.append_action(game_id, 0, 0, {"type": "last"}, finish=finish)
    assert await store.actions(game_id) == []
    assert await store.results(game_id) == []
    assert (await store.game(game_id)).status == "running"
    # The connection is usable afterwards.
    await store.append_action(game_id, 0, 0, {"type": "again"})
    assert len(await store.actions(game_id)) == 1


async def test_rater_sees_current_ratings_and_counters_accumulate(store: Store):
    seen = []

    def rater(current):
        seen.append(dict(current))
        mu = (current[11] or (25.0, 8.0))[0] + 1
        return {11: (mu, 5.0)}

    for _ in range(2):
        game_id = await new_game(store)
        finish = two_player_finish()
        finish.rater = rater
        await store.finish_game(game_id, finish)
    # Each finish rates twice: all time, then in the season (which started with the first).
    assert seen == [{11: None}, {11: None}, {11: (26.0, 5.0)}, {11: (26.0, 5.0)}]
    [rating] = await store.ratings(1, "dash")
    assert (rating.mu, rating.games, rating.wins, rating.points, rating.skunks) == (
        27.0, 2, 2, 2, 0
    )


async def test_two_processes_finishing_games_at_once_lose_no_rating_update(
    store: Store, database_url: str
):
    """Each finish reads the player's rating and writes the new one in its own transaction;
    two at once (two processes, two connections) must not both start from the same rating."""
    other = await Store.open(database_url)
    seen = []

    def rater(current):
        seen.append(current[11])
        mu = (current[11] or (25.0, 8.0))[0] + 1
        return {11: (mu, 5.0)}

    games = []
    for each in (store, other):
        game_id = await new_game(each)
        await each.append_action(game_id, 0, 0, {"type": "first"})
        games.append((each, game_id))
    finishes = [two_player_finish() for _ in games]
    for finish in finishes:
        finish.rater = rater
    await asyncio.gather(*(
        each.append_action(game_id, 1, 0, {"type": "last"}, finish=finish)
        for (each, game_id), finish in zip(games, finishes, strict=True)
    ))
    await other.close()
    all_time = seen[::2]  # each finish rates all time, then in the season
    assert all_time == [None, (26.0, 5.0)]  # the second saw the first's result
    [rating] = await store.ratings(1, "dash")
    assert (rating.mu, rating.games, rating.wins) == (27.0, 2, 2)
    for _, game_id in games:
        assert (await store.game(game_id)).status == "finished"
        assert len(await store.results(game_id)) == 2


async def test_leaderboard_orders_by_conservative_rating_per_guild_and_game(store: Store):
    async def finish_with(guild: int, game: str, user: int, mu: float, sigma: float):
        game_id = await new_game(store, guild_id=guild, game=game)
        row = ResultRow(seat=0, user_id=user, side=0, rank=0, won=True, win_points=1, score=1)
        await store.finish_game(
            game_id, Finish(outcome={}, results=[row], rater=lambda c: {user: (mu, sigma)},
                            finished_at=FINISHED_AT)
        )

    await finish_with(1, "dash", 1, 30.0, 8.0)   # ordinal 6
    await finish_with(1, "dash", 2, 28.0, 2.0)   # ordinal 22
    await finish_with(1, "dash", 3, 40.0, 10.0)  # ordinal 10
    await finish_with(2, "dash", 4, 50.0, 1.0)   # another server
    await finish_with(1, "other", 5, 50.0, 1.0)  # another game
    board = await store.leaderboard(1, "dash", limit=10)
    assert [r.user_id for r in board] == [2, 3, 1]
    assert [r.user_id for r in await store.leaderboard(1, "dash", limit=2)] == [2, 3]
    assert [r.game for r in await store.user_ratings(1, 5)] == ["other"]


async def test_statuses_and_running_games(store: Store):
    a, b, c = [await new_game(store) for _ in range(3)]
    await store.set_status(b, "abandoned")
    await store.set_status(c, "errored", error="replay failed")
    assert [g.id for g in await store.games_with_status("running")] == [a]
    assert (await store.game(c)).error == "replay failed"
    with pytest.raises(ConstraintViolation):
        await store.set_status(a, "paused")


async def test_lobbies_round_trip_and_only_open_ones_are_listed(store: Store):
    seats = [{"user_id": 5, "name": "Host", "ai": None}]
    first = await store.create_lobby(
        guild_id=1, channel_id=2, host_id=5, game="dash", options={"target": 15},
        settings={}, seats=seats,
    )
    second = await store.create_lobby(
        guild_id=1, channel_id=2, host_id=5, game="dash", options={}, settings={}, seats=seats,
    )
    more = [*seats, {"user_id": None, "name": "Computer 1", "ai": "easy"}]
    await store.save_lobby(first, message_id=77, options={"target": 30},
                           settings={"idle": "off"}, seats=more)
    game_id = await store.create_game(guild_id=1, channel_id=2, game="dash", options={},
                                      seed=5, seats=seats, host_id=5, lobby_id=second)
    [lobby] = await store.claim_open_lobbies()
    assert (lobby.id, lobby.message_id, lobby.options, lobby.settings, lobby.seats) == (
        first, 77, {"target": 30}, {"idle": "off"}, more
    )
    started = await store.lobby(second)
    assert (started.status, started.game_id) == ("started", game_id)
    with pytest.raises(LobbyLost):  # a lobby starts one game at most
        await store.create_game(guild_id=1, channel_id=2, game="dash", options={}, seed=5,
                                seats=seats, host_id=5, lobby_id=second)
    assert [g.id for g in await store.games_with_status("running")] == [game_id]


async def test_player_settings_round_trip_and_replace(store: Store):
    assert await store.player_settings(42) == {}
    await store.set_player_settings(42, {"notices": "never", "autoplay": False})
    assert await store.player_settings(42) == {"notices": "never", "autoplay": False}
    await store.set_player_settings(42, {"four_colour": True})
    assert await store.player_settings(42) == {"four_colour": True}
    assert await store.player_settings(7) == {}


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("data/cardbot.db", "data/cardbot.db"),
        ("postgresql://cardbot:s3cret@db:5432/cardbot", "postgresql://cardbot:***@db:5432/cardbot"),
        ("postgres://cardbot:p%40ss@db/cardbot?sslmode=require",
         "postgres://cardbot:***@db/cardbot?sslmode=require"),
        ("postgresql://cardbot@db/cardbot?password=s3cret&sslmode=require",
         "postgresql://cardbot@db/cardbot?password=***&sslmode=require"),
        ("postgresql://cardbot@db/cardbot", "postgresql://cardbot@db/cardbot"),
    ],
)
def test_a_database_address_is_shown_without_its_password(url: str, shown: str):
    assert without_password(url) == shown


async def test_a_sqlite_file_that_does_not_open_leaves_no_worker_behind(tmp_path):
    """aiosqlite's thread for a connection that failed must be gone before the caller's
    event loop closes, or it prints a traceback answering it."""
    import threading

    def workers() -> set[threading.Thread]:
        return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}

    before = workers()
    with pytest.raises(Exception, match="unable to open database file"):
        await Store.open(str(tmp_path))  # a folder
    assert workers() == before
