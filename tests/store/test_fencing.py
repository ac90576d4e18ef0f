"""Two processes on one database: claims, fencing, shards, compact log rows."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from store import GameLost, LobbyLost, Store
from store.records import decode_action, encode_action

SEATS = [{"user_id": 11, "name": "Ann", "ai": None}]


def guild_in_shard(shard: int, count: int = 2, n: int = 1) -> int:
    return ((n * count + shard) << 22) | 12345


async def new_game(store: Store, guild_id: int = 1) -> int:
    return await store.create_game(guild_id=guild_id, channel_id=2, game="dash", options={},
                                   seed=5, seats=SEATS, host_id=11)


@pytest.fixture
async def two(database_url: str):
    first = await Store.open(database_url)
    second = await Store.open(database_url)
    yield first, second
    await first.close()
    await second.close()


async def test_a_store_that_lost_its_game_is_refused_and_the_log_stays_whole(two):
    first, second = two
    game_id = await new_game(first)
    await first.append_action(game_id, 0, 0, {"type": "play", "n": 0})
    [(record, log)] = await second.claim_running_games()
    assert record.id == game_id and [a["n"] for _, a in log.moves()] == [0]
    with pytest.raises(GameLost):
        await first.append_action(game_id, 1, 0, {"type": "play", "n": 1})
    with pytest.raises(GameLost):
        await first.set_status(game_id, "abandoned")
    assert not await first.owns(game_id) and await second.owns(game_id)
    await second.append_action(game_id, 1, 0, {"type": "play", "n": 2})
    assert [r.action["n"] for r in await second.actions(game_id)] == [0, 2]
    assert (await second.game(game_id)).status == "running"


async def test_claims_take_only_the_running_games_of_the_given_shards(two):
    first, second = two
    in_0 = [await new_game(first, guild_in_shard(0, n=n)) for n in (1, 2)]
    in_1 = await new_game(first, guild_in_shard(1))
    done = await new_game(first, guild_in_shard(1, n=3))
    await first.set_status(done, "abandoned")
    claimed = await second.claim_running_games(shard_count=2, shard_ids=[1])
    assert [record.id for record, _ in claimed] == [in_1]
    assert [await first.owns(g) for g in in_0] == [True, True]
    assert [r.id for r, _ in await first.claim_running_games(2, [0])] == in_0


async def test_claimed_games_come_with_their_logs_in_few_queries(two):
    first, second = two
    games = [await new_game(first) for _ in range(30)]
    for n, game_id in enumerate(games):
        for seq in range(n % 4):
            await first.append_action(game_id, seq, 0, {"type": "play", "n": seq})
    commits = second.commits
    claimed = await second.claim_running_games()
    assert second.commits - commits == 1  # one transaction
    assert [len(log.rows) for _, log in claimed] == [n % 4 for n in range(30)]
    assert [record.id for record, _ in claimed] == games
    assert all(log.moves() == [(0, {"type": "play", "n": seq}) for seq in range(len(log.rows))]
               for _, log in claimed)


async def test_logged_times_are_integer_milliseconds(two):
    first, _ = two
    game_id = await new_game(first)
    await first.append_action(game_id, 0, 0, {"type": "play"})
    [row] = await first.actions(game_id)
    assert isinstance(row.at, int) and row.at > 1_700_000_000_000
    record = await first.game(game_id)
    assert record.updated_at.startswith("20") and record.updated_at.endswith("+00:00")


async def new_lobby(store: Store, guild_id: int = 1) -> int:
    return await store.create_lobby(guild_id=guild_id, channel_id=2, host_id=11, game="dash",
                                    options={}, settings={}, seats=SEATS)


async def test_a_store_that_lost_its_lobby_is_refused_and_starts_no_game(two):
    first, second = two
    lobby_id = await new_lobby(first)
    [record] = await second.claim_open_lobbies()
    assert record.id == lobby_id and record.seats == SEATS
    more = [*SEATS, {"user_id": 12, "name": "Bob", "ai": None}]
    with pytest.raises(LobbyLost):
        await first.save_lobby(lobby_id, message_id=9, options={}, settings={}, seats=more)
    with pytest.raises(LobbyLost):
        await first.save_lobby(lobby_id, message_id=9, options={}, settings={}, seats=SEATS,
                               status="cancelled")
    with pytest.raises(LobbyLost):
        await first.create_game(guild_id=1, channel_id=2, game="dash", options={}, seed=5,
                                seats=SEATS, host_id=11, lobby_id=lobby_id)
    assert await second.games_with_status("running") == []
    stored = await second.lobby(lobby_id)
    assert (stored.status, stored.message_id, stored.seats) == ("open", None, SEATS)
    await second.save_lobby(lobby_id, message_id=9, options={}, settings={}, seats=more)
    game_id = await second.create_game(guild_id=1, channel_id=2, game="dash", options={},
                                       seed=5, seats=more, host_id=11, lobby_id=lobby_id)
    stored = await first.lobby(lobby_id)
    assert (stored.status, stored.game_id, stored.seats) == ("started", game_id, more)


async def test_lobby_claims_take_only_the_open_lobbies_of_the_given_shards(two):
    first, second = two
    in_0 = await new_lobby(first, guild_in_shard(0))
    in_1 = await new_lobby(first, guild_in_shard(1))
    closed = await new_lobby(first, guild_in_shard(1, n=2))
    await first.save_lobby(closed, message_id=None, options={}, settings={}, seats=SEATS,
                           status="cancelled")
    assert [r.id for r in await second.claim_open_lobbies(shard_count=2, shard_ids=[1])] == [
        in_1
    ]
    await first.save_lobby(in_0, message_id=3, options={}, settings={}, seats=SEATS)
    with pytest.raises(LobbyLost):
        await first.save_lobby(in_1, message_id=3, options={}, settings={}, seats=SEATS)


@pytest.mark.parametrize("action", [
    {"type": "play", "card": "TD"},
    {"type": "go"},
    {"type": "_resign"},
    {"type": "discard", "cards": ["6H", "TS"]},
    {"type": "call", "call": {"kind": "pip", "to": 3}},
    {"type": "move", "lane": 0, "racer": 1, "space": -5},
    {"type": "claim", "points": "7"},
    {"type": "claim", "points": True},
    {"type": "say", "text": "a=b,c"},
    {"type": "odd type!", "n": 1},
    {"type": 3},
    {"card": "AS"},
])
def test_every_action_survives_the_compact_log_form(action):
    text = encode_action(action)
    assert decode_action(text) == action
    assert {key: type(value) for key, value in decode_action(text).items()} == {
        key: type(value) for key, value in action.items()
    }
    assert len(text) <= len('{"type":""}') + len(str(action)) + 10


def test_the_compact_form_drops_the_type_key_and_plain_json_still_reads():
    assert encode_action({"type": "play", "card": "TD"}) == "play:card=TD"
    assert encode_action({"type": "move", "space": 5, "lane": 0}) == "move:lane=0,space=5"
    assert encode_action({"type": "claim", "points": "7"}) == 'claim{"points":"7"}'
    # Every form an earlier release logged still reads.
    assert decode_action('play{"card":"TD"}') == {"type": "play", "card": "TD"}
    assert decode_action('{"card":"TD","type":"play"}') == {"type": "play", "card": "TD"}


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=6,
)


@given(
    kind=st.text(max_size=8) | st.sampled_from(["play", "go", "choose_racer", "move"]),
    rest=st.dictionaries(st.text(max_size=6).filter(lambda key: key != "type"), JSON_VALUES,
                         max_size=4),
)
def test_any_json_action_reads_back_exactly_as_it_was_logged(kind, rest):
    action = {"type": kind, **rest}
    decoded = decode_action(encode_action(action))
    assert json.dumps(decoded, sort_keys=True) == json.dumps(action, sort_keys=True)
