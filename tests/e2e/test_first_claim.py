"""A newcomer's claims through Discord, with muggins on: the first claim of the game says what
is asked and what a claim too high or too low does, and later ones do not; a claim of what
nearly every hand is worth is one press of a button (docs/RULES.md C-15, C-16)."""

from __future__ import annotations

import random

import pytest

from engine.cribbage.ai import cribbage_count, waiting_count
from engine.cribbage.presentation import FIRST_CLAIM
from testkit.fake_discord import FakeDiscord, FakeUser
from testkit.players import GameDriver, test_bot
from tests.e2e.test_recount import claim_controls

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def move(driver: GameDriver, user: FakeUser) -> None:
    """A move at random, never the Hint (its answer is a note, not a move)."""
    hand = driver.hand(user) or await driver.open_hand(user)
    moves = [c for c in hand.find_components()
             if not str(c.get("custom_id", "")).startswith("cb:h:")]
    await driver.use_at_random(user, hand, driver.rng.choice(moves))


@pytest.mark.parametrize("game", ["cribbage", "pip-cribbage", "crib-race"])
async def test_the_first_claim_explains_and_a_claim_is_one_press(
    game: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("claims"))
    async with FakeDiscord(members=("alice",)) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = GameDriver(fake, rng=random.Random("first claim"))
        await driver.start_game(game, [alice], computers=["easy"], options="muggins=on",
                                hints=True)
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None
        claims: list[tuple[int, str]] = []  # (the deal, what the hand said)
        pressed = 0
        while len(claims) < 4:
            await driver.settle()
            assert not driver.finished()
            view = table.view_for(0)
            upcoming = view.get("next_count")
            if upcoming is None or upcoming["seat"] != 0 or table.waiting_for() != [0]:
                await move(driver, alice)
                continue
            hand = await driver.open_hand(alice)
            exact = waiting_count(view, cribbage_count)
            claims.append((view["deal_number"], hand.content))
            offered = claim_controls(hand)
            buttons = [n for n, (_, value) in sorted(offered.items()) if value is None]
            # The lowest claims are buttons: 0 to 14 at least without dice (nearly every hand).
            assert buttons == sorted(offered)[:len(buttons)] and len(buttons) >= 10, buttons
            assert game == "pip-cribbage" or len(buttons) >= 15, buttons
            if exact not in buttons:
                await move(driver, alice)
                continue
            await driver.press(alice, hand, custom_id=offered[exact][0])  # the one press
            pressed += 1
            await driver.settle()
            store = driver.bot.store
            assert store is not None
            mine = [a.action for a in await store.actions(table.id) if a.seat == 0]
            assert mine[-1] == {"type": "claim", "points": exact}
        (first_deal, first), *later = claims
        assert first_deal == 1 and "You count your hand: " in first
        assert FIRST_CLAIM in first, first
        # The dealer's crib, a claim after one refused and later deals say only their own.
        assert [FIRST_CLAIM in said for deal, said in later] == [
            deal == 1 and "You count your hand: " in said and "Too many" not in said
            for deal, said in later]
        assert any(deal > 1 for deal, _ in later) and pressed
        fake.assert_clean()
