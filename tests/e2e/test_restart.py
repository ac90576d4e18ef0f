"""A restart in the middle of every game: a new bot on the same database carries on.

Each seating (tests/e2e/seatings.py RESTARTS) is played twice to the end with the same seed
and the same simulated choices: once straight on, then again with a restart after half the
human moves the first game took. Both must end identically (same action log, same table, same
views, same results on the leaderboard), the old table message and the hands opened before
the restart must keep working, and the rebuilt table must show exactly what the old one
showed.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot
from tests.e2e.seatings import RESTARTS, Seating, params

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")


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


async def play(database: str, seating: Seating, restart_after: int | None) -> dict[str, Any]:
    """The whole game; with `restart_after`, a restart once that many human moves are made."""
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(database))
        players = [fake.member(n) for n in NAMES[: seating.humans]]
        driver = GameDriver(fake, rng=random.Random(f"restart-{seating.id}"))
        await driver.start_game(
            seating.game, players, ["normal"] * seating.computers, seating.lobby_options()
        )
        report: dict[str, Any] = {}
        if restart_after is not None:
            while driver.moves < restart_after and await driver.step():
                pass
            await driver.settle()
            assert not driver.finished(), "the game ended before the restart"
            # Everyone waited for opens their hand now; after the restart they play from these.
            for user in driver.waiting():
                await driver.open_hand(user)
            old_hands = set(driver.hands.values())
            before = snapshot(driver)
            old_table_message = driver.table_message().id
            await fake.restart(test_bot(database))
            await driver.settle()
            after = snapshot(driver)
            report["same_state"] = before == after
            report["same_table_message"] = driver.table_message().id == old_table_message
            refusals = driver.refusals
            assert await driver.step()
            report["first_move_on_old_hand"] = driver.last_hand in old_hands
            report["first_move_refusals"] = driver.refusals - refusals
        await driver.play_to_end()
        await driver.settle()
        report["moves"] = driver.moves
        store = driver.bot.store
        assert store is not None and driver.table_id is not None
        report["log"] = [(a.seat, a.action) for a in await store.actions(driver.table_id)]
        report["results"] = await store.results(driver.table_id)
        # Member ids differ between the two fake Discords; the names do not.
        report["table"] = re.sub(r"<@\d+>", "<@member>", driver.table_message().content)
        report["state"] = snapshot(driver)
        board = await fake.slash(players[0], "leaderboard", {"game": seating.game})
        assert board.message is not None
        names = {f"<@{u.id}>": u.name for u in players}
        report["leaderboard"] = re.sub(
            r"<@\d+>", lambda m: names.get(m[0], "?"), board.message.content
        )
        fake.assert_clean()
        return report


@pytest.mark.parametrize("seating", params(RESTARTS))
async def test_restart_mid_game_changes_nothing(
    seating: Seating,
    tmp_path: Path,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    quick_pictures: list,
) -> None:
    # The same deal in both runs: the table layer draws its seeds from SystemRandom.
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random(2026))
    straight = await play(str(tmp_path / "straight.db"), seating, None)
    middle = straight["moves"] // 2
    assert middle > 0
    restarted = await play(database_url, seating, middle)  # on each backend

    assert restarted["same_state"]
    assert restarted["same_table_message"]
    assert restarted["first_move_on_old_hand"]
    assert restarted["first_move_refusals"] == 0
    assert restarted["moves"] == straight["moves"]
    assert restarted["log"] == straight["log"]
    assert restarted["table"] == straight["table"]
    assert "🏆" in restarted["table"]
    for key in ("public", "views", "legal", "version", "waiting"):
        assert restarted["state"][key] == straight["state"][key]
    # Ids differ between the two fake Discords; seat, side, rank, win and score must not.
    for row in (*straight["results"], *restarted["results"]):
        for key in ("game_id", "guild_id", "user_id"):
            row.pop(key, None)
    assert len(restarted["results"]) == seating.players
    assert restarted["results"] == straight["results"]
    assert restarted["leaderboard"] == straight["leaderboard"]
