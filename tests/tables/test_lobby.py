import pytest

from engine.errors import IllegalAction
from store import Store
from tables import Lobby, TableManager
from tests.tables.helpers import ANN, BOB, CAT, CHANNEL, DAN, GUILD
from tests.tables.race_game import DASH, DASH_NO_AI


def lobby(spec=DASH, **options) -> Lobby:
    room = Lobby(id=1, guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, spec=spec,
                 options=spec.check_options(options))
    room.join(ANN, "Ann")
    return room


def test_join_twice_refused_and_leave():
    room = lobby()
    room.join(BOB, "Bob")
    with pytest.raises(IllegalAction, match="already joined"):
        room.join(BOB, "Bob")
    room.leave(BOB)
    assert [s.user_id for s in room.seats] == [ANN]
    with pytest.raises(IllegalAction, match="not joined"):
        room.leave(BOB)


def test_player_count_is_enforced_both_ways():
    room = lobby()
    with pytest.raises(IllegalAction, match="needs 2 to 4 players; 1 has joined"):
        room.check_start(ANN)
    for user, name in [(BOB, "Bob"), (CAT, "Cat"), (DAN, "Dan")]:
        room.join(user, name)
    with pytest.raises(IllegalAction, match="at most 4"):
        room.join(99, "Eve")
    with pytest.raises(IllegalAction, match="at most 4"):
        room.add_computer(ANN)
    room.check_start(ANN)


def test_only_the_host_manages_the_lobby():
    room = lobby()
    room.join(BOB, "Bob")
    for attempt in (
        lambda: room.add_computer(BOB),
        lambda: room.check_start(BOB),
        lambda: room.check_cancel(BOB),
        lambda: room.set_options(BOB, {"target": 30}),
        lambda: room.set_idle(BOB, 5),
        lambda: room.swap(BOB, 0, 1),
    ):
        with pytest.raises(IllegalAction, match="Only the host"):
            attempt()
    room.add_computer(ANN, "easy")
    room.check_start(ANN)


def test_computers_are_named_levelled_and_removable():
    room = lobby()
    room.add_computer(ANN, "easy")
    room.add_computer(ANN, "hard")
    assert [(s.name, s.ai) for s in room.seats[1:]] == [("Computer 1", "easy"),
                                                         ("Computer 2", "hard")]
    with pytest.raises(IllegalAction, match="level"):
        room.add_computer(ANN, "genius")
    with pytest.raises(IllegalAction, match="no computer player in that seat"):
        room.remove_computer(ANN, 0)
    room.remove_computer(ANN, 1)
    assert [s.name for s in room.seats] == ["Ann", "Computer 2"]
    room.add_computer(ANN)
    assert room.seats[-1].name == "Computer 1"


def test_no_computers_for_a_game_without_one():
    room = lobby(DASH_NO_AI)
    with pytest.raises(IllegalAction, match="no computer player"):
        room.add_computer(ANN)


def test_teams_come_from_the_spec_and_swap_chooses_partners():
    room = lobby(teams=True)
    for user, name in [(BOB, "Bob"), (CAT, "Cat"), (DAN, "Dan")]:
        room.join(user, name)
    assert room.sides() == [[0, 2], [1, 3]]
    room.swap(ANN, 1, 2)
    assert [s.name for s in room.seats] == ["Ann", "Cat", "Bob", "Dan"]
    room.set_options(ANN, {"teams": False})
    assert room.sides() == [[0], [1], [2], [3]]


def test_options_and_idle_are_checked():
    room = lobby()
    room.set_options(ANN, {"target": 30})
    assert room.options == {"target": 30, "teams": False}
    with pytest.raises(IllegalAction, match="target must be one of"):
        room.set_options(ANN, {"target": 31})
    room.set_idle(ANN, "off")
    assert room.settings == {"idle": "off"}
    room.set_idle(ANN, None)
    assert room.settings == {}
    with pytest.raises(IllegalAction, match="minutes"):
        room.set_idle(ANN, -1)


async def test_lobby_flow_through_the_manager(manager: TableManager, store: Store):
    room = await manager.open_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                    host_name="Ann", game="dash", settings={"idle": 5})
    assert manager.lobby(room.id) is room and manager.lobbies(GUILD) == [room]
    room.join(BOB, "Bob")
    await manager.update_lobby(room)
    assert (await store.lobby(room.id)).seats[1]["user_id"] == BOB
    with pytest.raises(IllegalAction, match="Only the host"):
        await manager.start_lobby(room.id, BOB)
    table = await manager.start_lobby(room.id, ANN, seed=3)
    assert [s.user_id for s in table.seats] == [ANN, BOB]
    assert table.settings == {"idle": 5} and table.seed == 3
    assert manager.lobby(room.id) is None
    stored = await store.lobby(room.id)
    assert (stored.status, stored.game_id) == ("started", table.id)
    with pytest.raises(IllegalAction, match="closed"):
        await manager.start_lobby(room.id, ANN)
    with pytest.raises(IllegalAction, match="closed"):
        room.join(CAT, "Cat")


async def test_cancel_lobby(manager: TableManager, store: Store):
    room = await manager.open_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                    host_name="Ann", game="dash")
    with pytest.raises(IllegalAction, match="Only the host"):
        await manager.cancel_lobby(room.id, BOB)
    await manager.cancel_lobby(room.id, ANN)
    assert manager.lobby(room.id) is None
    assert (await store.lobby(room.id)).status == "cancelled"
    assert await store.claim_open_lobbies() == []


async def test_open_lobby_refuses_unknown_games_and_settings(manager: TableManager):
    with pytest.raises(IllegalAction, match="no game called"):
        await manager.open_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                 host_name="Ann", game="chess")
    with pytest.raises(IllegalAction, match="no table setting"):
        await manager.open_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                 host_name="Ann", game="dash", settings={"speed": 2})
