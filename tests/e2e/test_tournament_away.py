"""A tournament in a server that kept the bot out past the grace period (tables/stale.py):
its match's game was closed unfinished meanwhile. Invited back, the event's message does not
show the match as still playing: it says its game closed before it ended, and the host is
asked, in the event's channel, to set the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from tables.stale import DAY, STALE_AFTER
from tests.e2e.test_tournaments import create_and_fill, games_of_round, tournament_server

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def test_a_match_game_closed_while_the_bot_was_away_is_said_so_on_its_return(
    tmp_path: Path,
) -> None:
    async with tournament_server(tmp_path / "away.db") as (fake, driver, clock):
        alice = fake.member("alice")
        message = await create_and_fill(fake, driver, 2, {
            "game": "cribbage", "format": "knockout", "options": "target=61",
            "round_minutes": None})
        [game] = await games_of_round(fake, 1, 1)
        guild = fake.channel(message.channel_id).guild_id
        fake.remove_from_guild(guild)
        await fake.wait_quiet()
        await clock.advance(STALE_AFTER + DAY)
        await driver.settle()
        fake.join_guild(guild, fake.state.guild_name)
        await driver.settle()

        shown = fake.state.messages[message.id].content
        assert "Alice (1) v Bob (2): playing" not in shown
        assert (f"Alice (1) v Bob (2): game #{game.game_id} closed before it ended, waiting "
                "for the host to set the result") in shown
        [asked] = [m for m in fake.visible_messages(alice, message.channel_id)
                   if m.content.startswith(alice.mention)]
        assert asked.content == (
            f"{alice.mention} Match 1.1's game #{game.game_id} was closed while the bot was "
            "away from this server, so it has no result. Set it with /tournament result 1.1, "
            "the winner first.")
        assert asked.pings == [alice.id]
        fake.assert_clean()
