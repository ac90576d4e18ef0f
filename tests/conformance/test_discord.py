"""One whole game of every registered game through the real bot and the fake Discord
(tests/e2e), played by a member against the game's computer levels (or by members alone where
it has none) with the e2e driver: nobody sees another's hidden cards, every picture carries
its alt text, the game ends with a winner, and "Review my game" answers the player."""

from __future__ import annotations

import random
from itertools import cycle

import pytest

from engine.spec import GameSpec
from render.registry import renderer_for
from tables.computer import EXPERT
from testkit.fake_discord import FakeDiscord
from testkit.players import QUICK_OPTIONS, GameDriver, test_bot
from tests.conformance.games import game_params, levels_of
from tests.e2e.test_games import NAMES, HiddenCardWatch, check_every_picture_has_alt_text


@pytest.mark.parametrize("spec", game_params())
async def test_a_whole_game_through_discord_then_its_review(
    spec: GameSpec, monkeypatch: pytest.MonkeyPatch, quick_pictures: list
) -> None:
    # Without its pictures the table message is retried for ever and the game never settles:
    # say what is missing instead (render.registry names the module it looked in).
    renderer_for(spec.name)
    # The same deal on every run (the table layer draws its seeds from SystemRandom).
    monkeypatch.setattr("tables.manager.random.SystemRandom",
                        lambda: random.Random(f"conformance-{spec.name}"))
    players = spec.allowed_player_counts()[0]
    # Experts think in worker processes: the levels played here are the game's own.
    levels = [level for level in levels_of(spec) if level != EXPERT]
    humans = 1 if levels else players
    computers = [level for level, _ in zip(cycle(levels), range(players - humans))]
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        members = [fake.member(name) for name in NAMES[:humans]]
        driver = GameDriver(fake, rng=random.Random(spec.name))
        watch = HiddenCardWatch(fake, driver, [*members, fake.member(NAMES[-1])])
        driver.after_move = watch.check
        await driver.start_game(spec.name, members, computers, QUICK_OPTIONS.get(spec.name))
        final = await driver.play_to_end()
        await driver.settle()
        watch.check()
        assert "🏆" in final.content and driver.moves > 0
        check_every_picture_has_alt_text(fake)

        record = await fake.click(members[0], final, label="Review my game")
        review = record.message
        assert review is not None and review.ephemeral
        assert review.content.startswith(
            f"📋 **Review of {spec.title} #{driver.table_id}** for {members[0].name.title()}")
        fake.assert_clean()
