"""A restart in the middle of every game: a new bot on the same database carries on.

Each game is played twice with the same seed and the same simulated choices: once straight
on, once with a restart part-way. Both must carry on identically (same action log, same
table, same views, same results if the game ended), the old table message and the hands
opened before the restart must keep working, and the rebuilt table must show exactly what the
old one showed.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine.registry import GAMES
from tests.e2e.harness import FakeDiscord
from tests.e2e.test_players import (
    GameDriver,
    has_computer_player,
    quick_pictures,  # noqa: F401  (a fixture)
    test_bot,
)

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
MOVES_BEFORE_RESTART = 7
#: Human moves compared after the restart (whole games to the end are test_games.py's job).
MOVES_AFTER_RESTART = 30


def seatings() -> list[tuple[str, int, int]]:
    found = []
    for name, spec in GAMES.items():
        smallest = spec.allowed_player_counts()[0]
        if has_computer_player(name):
            found.append((name, 1, smallest - 1))
        else:
            found.append((name, smallest, 0))
    return found


def snapshot(driver: GameDriver) -> dict[str, Any]:
    """Everything the table shows anyone, straight from the bot's table."""
    manager = driver.bot.tables
    assert manager is not None and driver.table_id is not None
    table = manager.get(driver.table_id)
    assert table is not None
    seats = range(len(table.seats))
    return {
        "public": table.public_view(),
        "views": [table.view_for(s) for s in seats],
        "legal": [table.legal_for(s) for s in seats],
        "seat_versions": [table.seat_version(s) for s in seats],
        "version": table.version,
        "waiting": table.waiting_for(),
        "message_id": table.message_id,
    }


async def play(
    database: Path, game: str, humans: int, computers: int, restart_after: int | None
) -> dict[str, Any]:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(str(database)))
        players = [fake.member(n) for n in NAMES[:humans]]
        driver = GameDriver(fake, rng=random.Random(f"restart-{game}"))
        await driver.start_game(game, players, ["normal"] * computers)
        while driver.moves < MOVES_BEFORE_RESTART and await driver.step():
            pass
        await driver.settle()
        # Everyone waited for opens their hand now; after a restart they play from these.
        for user in driver.waiting():
            await driver.open_hand(user)
        old_hands = set(driver.hands.values())
        target = driver.moves + MOVES_AFTER_RESTART
        report: dict[str, Any] = {}
        if restart_after is not None:
            before = snapshot(driver)
            old_table_message = driver.table_message().id
            await fake.restart(test_bot(str(database)))
            await driver.settle()
            after = snapshot(driver)
            report["same_state"] = before == after
            report["same_table_message"] = driver.table_message().id == old_table_message
            refusals = driver.refusals
            assert await driver.step()
            report["first_move_on_old_hand"] = driver.last_hand in old_hands
            report["first_move_refusals"] = driver.refusals - refusals
        while driver.moves < target and await driver.step():
            pass
        await driver.settle()
        store = driver.bot.store
        assert store is not None and driver.table_id is not None
        report["log"] = [(a.seat, a.action) for a in await store.actions(driver.table_id)]
        report["results"] = await store.results(driver.table_id)
        # Member ids differ between the two fake Discords; the names do not.
        report["table"] = re.sub(r"<@\d+>", "<@member>", driver.table_message().content)
        report["state"] = snapshot(driver)
        fake.assert_clean()
        return report


@pytest.mark.parametrize(("game", "humans", "computers"), seatings())
async def test_restart_mid_game_changes_nothing(
    game: str,
    humans: int,
    computers: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    quick_pictures: list,  # noqa: F811
) -> None:
    # The same deal in both runs: the table layer draws its seeds from SystemRandom.
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random(2026))
    straight = await play(tmp_path / "straight.db", game, humans, computers, None)
    restarted = await play(tmp_path / "restarted.db", game, humans, computers, 1)

    assert restarted["same_state"]
    assert restarted["same_table_message"]
    assert restarted["first_move_on_old_hand"]
    assert restarted["first_move_refusals"] == 0
    assert len(restarted["log"]) > MOVES_BEFORE_RESTART
    assert restarted["log"] == straight["log"]
    assert restarted["table"] == straight["table"]
    for key in ("public", "views", "legal", "version", "waiting"):
        assert restarted["state"][key] == straight["state"][key]
    # Ids differ between the two fake Discords; seat, side, rank, win and score must not.
    for row in (*straight["results"], *restarted["results"]):
        for key in ("game_id", "guild_id", "user_id"):
            row.pop(key, None)
    assert restarted["results"] == straight["results"]
