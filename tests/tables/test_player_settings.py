"""Player settings: defaults, validation, and what the manager keeps."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from store import Store
from tables import TableManager
from tables.player_settings import DEFAULTS, checked, with_defaults


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
