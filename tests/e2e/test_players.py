"""The simulated players (testkit/players.py) checked on their own."""

from __future__ import annotations

import pytest

from engine.registry import GAMES
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot


@pytest.fixture
def first_game() -> str:
    return next(iter(GAMES))


async def test_a_lobby_starts_a_game_in_a_thread_with_a_table_message(first_game: str) -> None:
    async with FakeDiscord() as fake:
        await fake.connect(test_bot(":memory:"))
        spec = GAMES[first_game]
        humans = [fake.member(n) for n in ("alice", "bob", "carol", "dave")]
        driver = GameDriver(fake)
        players = humans[: spec.allowed_player_counts()[0]]
        table_id = await driver.start_game(first_game, players)
        table = driver.table_message()
        assert table.channel_id in {t.id for t in fake.threads}
        assert table.content.startswith(f"**{spec.title}** · game #{table_id}")
        assert [a.filename for a in table.attachments] in (["table.png"], [])
        waiting = driver.waiting()
        assert waiting and {u.id for u in waiting} <= {u.id for u in players}
        await driver.move(waiting[0])
        await driver.settle()
        assert driver.moves == 1
        fake.assert_clean()
