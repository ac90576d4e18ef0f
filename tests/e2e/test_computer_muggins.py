"""A computer calls Muggins! off its turn: a member who deals and undercounts their hand is
caught while their own crib waits for its claim, reads so on the table message and in their
hand, and the game goes on to the end."""

from __future__ import annotations

import random
import re

import pytest

from engine.cribbage.ai import cribbage_count, waiting_count
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot
from tests.e2e.test_recount import claim

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def test_the_computer_catches_an_undercount_while_the_members_crib_waits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A fixed seed, so the deal in which Alice deals a hand worth something comes in time.
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("muggins"))
    async with FakeDiscord(members=("alice",)) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = GameDriver(fake, rng=random.Random(3))
        await driver.start_game("cribbage", [alice], computers=["normal"],
                                options="target=61 muggins=on")
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None
        caught = False
        for _ in range(600):
            await driver.settle()
            if driver.finished():
                break
            view = table.view_for(0)
            upcoming = view["next_count"]
            if upcoming is None or upcoming["seat"] != 0:
                await driver.move(alice)
                continue
            exact = waiting_count(view, cribbage_count)
            hand = driver.hand(alice) or await driver.open_hand(alice)
            # Alice deals: her hand is counted before her crib, so only a computer that
            # presses off its turn can catch her short claim.
            undercount = (not caught and exact > 0 and view["dealer"] == 0
                          and upcoming["kind"] == "hand")
            await claim(driver, alice, hand, 0 if undercount else exact)
            if not undercount:
                continue
            await driver.settle()
            caught = True
            them = "it" if exact == 1 else "them"
            points = f"{exact} point{'' if exact == 1 else 's'}"
            message = driver.table_message().content
            assert (f"Muggins! Alice's hand is worth {exact}, not 0: " in message
                    and f"Computer 1 takes the {points} missed and may keep {them} or give "
                    f"{them} back." in message), message
            assert f"Computer 1 keeps the {points}." in message
            hand = driver.hand(alice) or await driver.open_hand(alice)
            assert "It's your move." in hand.content
            assert (f"Muggins! Computer 1 caught the {points} you missed on your hand and kept "
                    f"{them}." in hand.content), hand.content
            assert "You count your crib: " in hand.content
        assert caught, "Alice never dealt herself a hand worth a point"
        assert driver.finished()
        assert table.status == "finished"
        fake.assert_clean()


async def test_a_member_caught_while_a_partner_counts_next_reads_it_in_their_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Partners against two computers: Alice undercounts, a computer presses, and the game
    goes on to Bob's count. Alice has nothing to choose, but her hand still says what the
    press took, once, naming who pressed as the table message does."""
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random("muggins"))
    async with FakeDiscord(members=("alice", "bob")) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = GameDriver(fake, rng=random.Random(3))
        await driver.start_game("cribbage", [alice, bob], computers=["expert", "expert"],
                                options="target=61 muggins=on")
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None and table.sides == [0, 1, 0, 1]
        for _ in range(600):
            await driver.settle()
            assert not driver.finished(), "Alice was never caught while Bob counted next"
            view = table.view_for(0)
            upcoming = view["next_count"]
            if upcoming is None or upcoming["seat"] != 0:
                await driver.move(driver.waiting()[0])
                continue
            exact = waiting_count(view, cribbage_count)
            hand = driver.hand(alice) or await driver.open_hand(alice)
            await claim(driver, alice, hand, 0 if exact else exact)
            await driver.settle()
            if not exact or table.waiting_for() != [1]:
                continue
            message = driver.table_message().content
            caught = re.search(r"Muggins! Alice's hand is worth \d+, not 0: .*\. (Computer \d) "
                               r"takes the (\d+ points?) missed", message)
            assert caught is not None, message
            hand = driver.hand(alice) or await driver.open_hand(alice)
            assert "**Waiting for:** " in hand.content
            assert hand.content.count("Muggins!") == 1, hand.content
            assert (f"Muggins! {caught[1]} caught the {caught[2]} you missed on your hand"
                    in hand.content), hand.content
            # Once the deal's show has scrolled the press out of the latest lines, the table
            # message's show still says who took the points.
            for _ in range(50):
                if "Last deal's show:" in driver.table_message().content:
                    break
                await driver.move(driver.waiting()[0])
                await driver.settle()
            shown = driver.table_message().content
            assert re.search(rf"^Alice's hand .* \(claimed 0\) · Muggins! {caught[1]} "
                             rf"(kept|gave back) {caught[2].split()[0]}$", shown, re.M), shown
            break
        fake.assert_clean()
