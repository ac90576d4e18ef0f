"""Player settings: defaults, validation, and what the manager keeps."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from store import Store
from tables import TableManager
from tables.player_settings import DEFAULTS, PlayerSettings, checked, with_defaults
from tests.tables.helpers import ANN, BOB, human, make_manager, new_table


def test_defaults_fill_in_and_bad_stored_values_are_ignored() -> None:
    assert with_defaults({}) == DEFAULTS
    stored = {"notices": "sometimes", "autoplay": False, "colour": "red"}
    assert with_defaults(stored) == {**DEFAULTS, "autoplay": False}


@pytest.mark.parametrize(
    "changes",
    [{"notices": "loud"}, {"autoplay": "yes"}, {"four_colour": 1}, {"theme": "dark"}],
)
def test_bad_changes_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(IllegalAction):
        checked(changes)


async def test_the_manager_saves_changes_and_refuses_bad_ones_without_saving() -> None:
    store = await Store.open(":memory:")
    try:
        manager = TableManager(store)
        saved = await manager.set_player_settings(5, {"notices": "always"})
        assert saved == {**DEFAULTS, "notices": "always"}
        with pytest.raises(IllegalAction):
            await manager.set_player_settings(5, {"notices": "always", "autoplay": "maybe"})
        assert await store.player_settings(5) == saved
        assert await TableManager(store).player_settings(5) == saved
    finally:
        await store.close()


async def test_settings_of_players_not_seated_are_kept_only_up_to_a_bound() -> None:
    store = await Store.open(":memory:")
    try:
        for user_id in range(100):
            await store.set_player_settings(user_id, {"notices": "always"})
        seated = {7}
        known = PlayerSettings(store, lambda: seated, keep=4)
        for user_id in range(100):
            assert (await known.get(user_id))["notices"] == "always"
            assert len(known._known) <= 5  # keep, and a quarter of it before the next look
        assert known.cached(7)["notices"] == "always"  # seated: kept, read long ago
        assert known.cached(99)["notices"] == "always"  # the latest read
        assert known.cached(10) == DEFAULTS  # neither: forgotten, and read again when asked
        assert (await known.get(10))["notices"] == "always"
    finally:
        await store.close()


async def test_a_seated_players_settings_stay_however_many_others_are_read(
    store: Store,
) -> None:
    manager = make_manager(store)
    await manager.set_player_settings(ANN, {"autoplay": False})
    await new_table(manager, [human(ANN), human(BOB)])
    manager._player_settings.keep = manager._player_settings._limit = 3
    for user_id in range(1000, 1050):
        await manager.player_settings(user_id)
    assert manager.cached_player_settings(ANN)["autoplay"] is False
    assert len(manager._player_settings._known) <= 4
    await manager.close()
