"""A member whose claim is refused as too many finds their hand's claim menus offering only the
lower numbers (docs/RULES.md C-19), the true count among them and the hand saying why; once a
claim is taken the next count's menus offer every number again. Cribbage, PIP Cribbage and
Crib Race share the show."""

from __future__ import annotations

import random

import pytest

from engine.cribbage.claims import possible_counts
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser
from testkit.players import BUTTON, GameDriver, test_bot

pytestmark = pytest.mark.usefixtures("quick_pictures")
NAMES = ("alice", "bob")


def claim_controls(hand: FakeMessage) -> dict[int, tuple[str, str | None]]:
    """Each claim the hand offers: (the custom id of its button or menu, the menu's value)."""
    found: dict[int, tuple[str, str | None]] = {}
    for control in hand.find_components():
        if control["type"] == BUTTON:
            choices = [(str(control.get("label")), None)]
        else:
            choices = [(str(o["label"]), o["value"]) for o in control.get("options", [])]
        for label, value in choices:
            if label.startswith("Claim "):
                found[int(label.split()[1])] = (control["custom_id"], value)
    return found


def offered_claims(hand: FakeMessage) -> list[int]:
    return sorted(claim_controls(hand))


async def claim(driver: GameDriver, user: FakeUser, hand: FakeMessage, points: int) -> None:
    custom_id, value = claim_controls(hand)[points]
    if value is None:
        await driver.press(user, hand, custom_id=custom_id)
    else:
        await driver.choose(user, hand, [value], custom_id=custom_id)


@pytest.mark.parametrize("game", ["cribbage", "pip-cribbage", "crib-race"])
async def test_after_a_refused_claim_the_menus_offer_only_lower_claims(game: str) -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        users = [fake.member(name) for name in NAMES]
        driver = GameDriver(fake, rng=random.Random("recount"))
        await driver.start_game(game, users, options="muggins=on")
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None
        by_seat = {table.seat_of(user.id): user for user in users}
        recounted = afresh = False
        for _ in range(300):
            await driver.settle()
            assert not driver.finished()
            counter = table.waiting_for()[0]
            view = table.view_for(counter)
            if view.get("next_count") is None or view["next_count"]["seat"] != counter:
                await driver.step()
                continue
            user, kind = by_seat[counter], view["next_count"]["kind"]
            exact = table.game.core.count_now()  # type: ignore[attr-defined]
            hand = await driver.open_hand(user)
            everything = offered_claims(hand)
            above = [n for n in everything if n > exact]
            if recounted or len(above) < 2:
                await claim(driver, user, hand, exact)
                if recounted:
                    # The next count starts afresh: every number its hand can make again.
                    await driver.settle()
                    following = table.view_for(table.waiting_for()[0]).get("next_count")
                    if following is not None and "refused" not in following:
                        reopened = await driver.open_hand(by_seat[following["seat"]])
                        core = table.game.core  # type: ignore[attr-defined]
                        shape = core._claim_shape(*core.steps[core.step_index])
                        assert offered_claims(reopened) == list(possible_counts(*shape))
                        afresh = True
                        break
                continue
            # Too many, twice: the highest number, then one still above the count.
            for too_many in (above[-1], above[len(above) // 2]):
                await claim(driver, user, hand, too_many)
                await driver.settle()
                hand = driver.hand(user) or await driver.open_hand(user)
                offered = offered_claims(hand)
                assert offered == [n for n in everything if n < too_many], hand.content
                assert exact in offered
                assert (f"Too many: your {kind} is worth less than {too_many}. Claim again."
                        in hand.content), hand.content
            recounted = True
            await claim(driver, user, hand, exact)
        assert recounted, "no count with two claims above it waited for a member"
        assert afresh, "no count followed the recount"
        fake.assert_clean()


async def test_a_hand_with_hints_keeps_its_hint_button_after_the_highest_claim_is_refused(
) -> None:
    # Refusing 29 leaves 25 claims, which as buttons would fill every row the message has.
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = GameDriver(fake, rng=random.Random("hinted recount"))
        await driver.start_game("cribbage", [alice], ["easy"], "target=61 muggins=on",
                                hints=True)
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None
        for _ in range(100):
            await driver.settle()
            view = table.view_for(0)
            if (view.get("next_count") or {}).get("seat") == 0 and table.waiting_for() == [0]:
                break
            hand = driver.hand(alice) or await driver.open_hand(alice)
            moves = [c for c in hand.find_components()
                     if not str(c.get("custom_id", "")).startswith("cb:h:")]
            await driver.use_at_random(alice, hand, driver.rng.choice(moves))
        else:
            raise AssertionError("Alice never counted")
        hand = await driver.open_hand(alice)
        assert max(offered_claims(hand)) == 29
        await claim(driver, alice, hand, 29)
        await driver.settle()
        hand = driver.hand(alice) or await driver.open_hand(alice)
        assert "Too many" in hand.content
        assert len(offered_claims(hand)) == 25
        assert any(str(c.get("custom_id", "")).startswith("cb:h:")
                   for c in hand.find_components()), hand.find_components()
        fake.assert_clean()
