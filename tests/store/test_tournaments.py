"""Tournaments in the store, on both backends: the event's document saved under a version, the
games playing its matches, and the players' placings."""

import asyncio

import pytest

from store import Placing, Store, TournamentConflict
from store.base import iso_of_ms
from store.database import ConstraintViolation, UniqueViolation
from tables.tournaments import SWISS, Tournament
from tests.store.test_fencing import guild_in_shard

HOST = 11
#: When the saves here happen on the tables' clock (ms since 1970 UTC): 15 Jan 2027, 08:00.
SAVED_AT = 1_800_000_000_000


@pytest.fixture
async def two(database_url: str):
    first = await Store.open(database_url)
    second = await Store.open(database_url)
    yield first, second
    await first.close()
    await second.close()


def swiss(tournament_id: int, players: int = 0) -> Tournament:
    event = Tournament.create(f"t{tournament_id}", HOST, "cribbage", SWISS, rounds_planned=3)
    for n in range(players):
        event.join(100 + n, f"Player {n}")
    return event


async def new_tournament(store: Store, guild_id: int = 1) -> int:
    return await store.create_tournament(
        guild_id=guild_id, channel_id=2, host_id=HOST, game="cribbage",
        state=lambda tournament_id: swiss(tournament_id).to_json(),
    )


async def new_game(store: Store) -> int:
    return await store.create_game(guild_id=1, channel_id=2, game="cribbage", options={},
                                   seed=5, seats=[], host_id=HOST)


async def test_the_document_round_trips_and_each_save_moves_the_version_on(two):
    first, second = two
    tournament_id = await new_tournament(first)
    record = await second.tournament(tournament_id)  # committed: another store sees it
    assert (record.guild_id, record.channel_id, record.host_id, record.game) == (
        1, 2, HOST, "cribbage")
    assert (record.status, record.version, record.message_id) == ("signup", 1, None)
    assert (record.started_at, record.finished_at, record.round_deadline) == (None, None, None)
    assert Tournament.from_json(record.state) == swiss(tournament_id)

    event = swiss(tournament_id, players=5)
    event.start(HOST)
    version = await first.save_tournament(
        tournament_id, version=1, state=event.to_json(), status=event.status,
        round_deadline=1_900_000_000_123, at=SAVED_AT, message_id=77,
    )
    record = await second.tournament(tournament_id)
    assert version == record.version == 2
    assert Tournament.from_json(record.state) == event
    assert (record.status, record.message_id, record.round_deadline) == (
        "running", 77, 1_900_000_000_123)
    started = record.started_at
    assert started == iso_of_ms(SAVED_AT) == "2027-01-15T08:00:00.000+00:00"
    assert record.finished_at is None

    # No message id given keeps the one there; no deadline clears it; started stays put.
    version = await first.save_tournament(
        tournament_id, version=2, state=event.to_json(), status="running", round_deadline=None,
        at=SAVED_AT + 60_000,
    )
    record = await second.tournament(tournament_id)
    assert (version, record.message_id, record.round_deadline) == (3, 77, None)
    assert record.started_at == started
    assert await first.tournament(tournament_id + 1) is None


async def test_a_save_over_a_stale_version_is_refused_and_changes_nothing(two):
    first, second = two
    tournament_id = await new_tournament(first)
    [loaded_first, loaded_second] = [await s.tournament(tournament_id) for s in two]
    joined = Tournament.from_json(loaded_first.state)
    joined.join(100, "Ann")
    await first.save_tournament(tournament_id, version=loaded_first.version,
                                state=joined.to_json(), status="signup", round_deadline=None,
                                at=SAVED_AT)
    cancelled = Tournament.from_json(loaded_second.state)
    cancelled.cancel(HOST)
    with pytest.raises(TournamentConflict):
        await second.save_tournament(
            tournament_id, version=loaded_second.version, state=cancelled.to_json(),
            status="cancelled", round_deadline=5, at=SAVED_AT, message_id=9,
            placings=[Placing(HOST, 1)], entries=1,
        )
    record = await second.tournament(tournament_id)
    assert (record.version, record.status, record.message_id) == (2, "signup", None)
    assert (record.finished_at, record.round_deadline) == (None, None)
    assert Tournament.from_json(record.state) == joined
    assert await second.user_placings(1, HOST) == []
    with pytest.raises(KeyError):
        await first.save_tournament(tournament_id + 1, version=1, state="{}",
                                    status="signup", round_deadline=None, at=SAVED_AT)


async def test_of_two_writers_saving_the_same_version_at_once_exactly_one_gets_through(two):
    first, _ = two
    tournament_id = await new_tournament(first)
    saves = [
        store.save_tournament(tournament_id, version=1, state=f'{{"by": {n}}}',
                              status="signup", round_deadline=None, at=SAVED_AT)
        for n, store in enumerate(two)
    ]
    outcomes = await asyncio.gather(*saves, return_exceptions=True)
    assert sorted(type(o).__name__ for o in outcomes) == ["TournamentConflict", "int"]
    winner = next(n for n, o in enumerate(outcomes) if o == 2)
    record = await first.tournament(tournament_id)
    assert (record.version, record.state) == (2, f'{{"by": {winner}}}')


async def finish(store: Store, tournament_id: int, status: str, at: int = SAVED_AT,
                 **placed) -> None:
    record = await store.tournament(tournament_id)
    await store.save_tournament(tournament_id, version=record.version, state=record.state,
                                status=status, round_deadline=None, at=at, **placed)


async def test_a_guild_lists_its_open_events_then_its_latest_finished_ones(two):
    first, _ = two
    made = [await new_tournament(first, guild_id=1) for _ in range(6)]
    elsewhere = await new_tournament(first, guild_id=2)
    await finish(first, made[0], "finished")
    await finish(first, made[1], "running")
    await finish(first, made[2], "cancelled")
    await finish(first, made[4], "finished")
    listed = await first.guild_tournaments(1, recent=2)
    assert [(r.id, r.status) for r in listed] == [
        (made[1], "running"), (made[3], "signup"), (made[5], "signup"),
        (made[4], "finished"), (made[2], "cancelled"),
    ]
    assert [r.id for r in await first.guild_tournaments(2)] == [elsewhere]
    assert [r.id for r in await first.open_tournaments()] == [made[1], made[3], made[5], elsewhere]
    finished = await first.tournament(made[0])
    assert finished.finished_at is not None and finished.started_at is None


async def test_at_start_up_a_shard_finds_the_open_events_of_its_servers_only(two):
    first, second = two
    in_0 = [await new_tournament(first, guild_in_shard(0, n=n)) for n in (1, 2)]
    in_1 = await new_tournament(first, guild_in_shard(1))
    over = await new_tournament(first, guild_in_shard(1, n=3))
    await finish(first, over, "cancelled")
    await finish(first, in_0[1], "running")
    assert [r.id for r in await second.open_tournaments(shard_count=2, shard_ids=[1])] == [in_1]
    assert [r.id for r in await second.open_tournaments(2, [0])] == in_0
    assert [r.id for r in await second.open_tournaments(2, [0, 1])] == [*in_0, in_1]


async def test_a_game_finds_its_match_and_an_event_finds_its_games(two):
    first, second = two
    tournament_id = await new_tournament(first)
    other = await new_tournament(first)
    games = [await new_game(first) for _ in range(4)]
    await first.link_match_game(tournament_id, round=1, match_id="1.1", game_id=games[0],
                                channel_id=501)
    await first.link_match_game(other, round=1, match_id="1.1", game_id=games[1],
                                channel_id=502)
    # A best of three: the second game of the same match.
    await first.link_match_game(tournament_id, round=1, match_id="1.1", game_id=games[2],
                                channel_id=501)
    found = await second.match_of_game(games[2])
    assert (found.tournament_id, found.round, found.match_id, found.game_id,
            found.channel_id) == (tournament_id, 1, "1.1", games[2], 501)
    assert await second.match_of_game(games[3]) is None
    assert [(g.game_id, g.match_id) for g in await second.tournament_games(tournament_id)] == [
        (games[0], "1.1"), (games[2], "1.1"),
    ]
    with pytest.raises(UniqueViolation):  # a game plays one match only
        await first.link_match_game(other, round=2, match_id="2.1", game_id=games[0],
                                    channel_id=503)
    assert (await second.match_of_game(games[0])).tournament_id == tournament_id


async def test_placings_are_recorded_with_the_finish_and_listed_latest_first(two):
    first, second = two
    earlier, later = await new_tournament(first), await new_tournament(first)
    elsewhere = await new_tournament(first, guild_id=2)
    with pytest.raises(ValueError):
        await finish(first, earlier, "finished", placings=[Placing(100, 1)])
    await finish(first, earlier, "finished", entries=9,
                 placings=[Placing(100, 1), Placing(101, 2), Placing(102, 2)])
    await finish(first, later, "finished", SAVED_AT + 60_000, entries=4,
                 placings=[Placing(101, 1), Placing(100, 4)])
    await finish(first, elsewhere, "finished", entries=2, placings=[Placing(100, 2)])
    placed = await second.user_placings(1, 100)
    assert [(p.tournament_id, p.place, p.entries, p.game) for p in placed] == [
        (later, 4, 4, "cribbage"), (earlier, 1, 9, "cribbage"),
    ]
    assert [p.finished_at for p in placed] == [iso_of_ms(SAVED_AT + 60_000), iso_of_ms(SAVED_AT)]
    assert placed[1].finished_at == (await second.tournament(earlier)).finished_at
    assert [(p.tournament_id, p.place) for p in await second.user_placings(1, 102)] == [
        (earlier, 2)]
    assert [p.guild_id for p in await second.user_placings(2, 100)] == [2]
    assert len(await second.user_placings(1, 100, limit=1)) == 1
    # Placed again (the host corrected a result): the new places replace the old ones.
    await finish(first, later, "finished", entries=4, placings=[Placing(100, 1), Placing(101, 2)])
    assert [(p.tournament_id, p.place) for p in await second.user_placings(1, 100)] == [
        (later, 1), (earlier, 1)]


async def test_a_match_game_is_created_and_linked_in_one_commit(two):
    first, second = two
    tournament_id = await new_tournament(first)
    game = {"guild_id": 1, "channel_id": 2, "game": "cribbage", "options": {}, "seed": 5,
            "seats": [], "host_id": HOST}
    game_id = await first.create_match_game(tournament_id, round=1, match_id="1.1",
                                            match_channel_id=501, **game)
    stored = await second.game(game_id)
    assert stored is not None and stored.status == "running"
    assert await first.owns(game_id)  # the games' store serves it as its own
    found = await second.match_of_game(game_id)
    assert (found.tournament_id, found.match_id, found.channel_id) == (tournament_id, "1.1", 501)
    # A link that cannot be written (no such tournament) leaves no game behind either.
    running = await second.games_with_status("running")
    with pytest.raises(ConstraintViolation):
        await first.create_match_game(tournament_id + 99, round=1, match_id="1.2",
                                      match_channel_id=502, **game)
    assert await second.games_with_status("running") == running
    assert await first.create_match_game(tournament_id, round=1, match_id="1.2",
                                         match_channel_id=502, **game) > game_id


async def test_news_saved_and_not_told_is_found_again_until_it_is_told(two):
    """A save with news marks where it starts in the event's log, a later save keeps the
    earlier mark, and an event over with news untold is served again at start-up (or when
    its server is back) until the telling clears the mark; the version stays."""
    first, second = two
    tournament_id = await new_tournament(first, guild_id=1)
    event = swiss(tournament_id, players=5)
    version = 1
    for status, untold_from in (("running", 3), ("finished", 7)):
        version = await first.save_tournament(
            tournament_id, version=version, state=event.to_json(), status=status,
            round_deadline=None, at=SAVED_AT, untold_from=untold_from)
    record = await second.tournament(tournament_id)
    assert (record.untold_from, record.status) == (3, "finished")
    assert [r.id for r in await second.open_tournaments()] == [tournament_id]
    assert [r.id for r in await second.guild_tournaments(1, recent=0, untold=True)] == [
        tournament_id]
    assert await second.guild_tournaments(1, recent=0) == []
    await first.tournament_told(tournament_id, 5)
    assert (await second.tournament(tournament_id)).untold_from == 5
    await first.tournament_told(tournament_id, None)
    record = await second.tournament(tournament_id)
    assert (record.untold_from, record.version) == (None, version)
    assert await second.open_tournaments() == []
