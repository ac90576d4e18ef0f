"""A tournament game that ends just as its event does (the host cancels it while the game's
last move is being made, too late for the game to be closed) does not count, and its players
are told so in its thread, once, pinging nobody."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.test_tournaments import NAMES, create_and_fill, stored, tournament_server

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def test_a_game_that_ends_as_the_host_cancels_is_said_in_its_thread_not_to_count(
    tmp_path: Path,
) -> None:
    async with tournament_server(tmp_path / "late.db") as (fake, driver, _clock):
        await create_and_fill(fake, driver, 4, {
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 2})
        bot = fake.bot
        manager, service = bot.tables, bot.tournaments  # type: ignore[attr-defined]
        first = (await bot.store.tournament_games(1))[0]  # type: ignore[attr-defined]
        table = manager.get(first.game_id)
        # The game's last move is made while the host cancels: its end reaches the event
        # only after the cancel.
        manager.listeners.remove(service)
        await manager.play_for(table.id, range(len(table.seats)), "x")
        await driver.settle()
        manager.listeners.append(service)
        assert table.status == "finished"
        answer = await fake.slash(fake.member(NAMES[0]), "tournament cancel", {"tournament": 1})
        assert answer.message is not None
        await service.on_finished(table)
        await driver.settle()

        assert (await stored(fake, 1)).match(first.match_id).games == []
        said = [m for m in fake.state.messages.values() if m.channel_id == first.channel_id
                and m.content.startswith("This game ended after")]
        assert [m.content for m in said] == [
            "This game ended after tournament #1 was cancelled: its result does not count "
            "there."]
        assert said[0].pings == []
        fake.assert_clean()
