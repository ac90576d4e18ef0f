"""PIP Rush's resolution choices reach the right player, and only them, as buttons.

While a trick resolves, a card whose suit action or Movement has more than one option waits for
its player to choose (engine/pip_rush: "pending"). Whenever a game played by simulated members
stops at such a choice for a human, every human opens their hand: the player whose card is
resolving finds one button per option, labelled as the game labels them; everybody else finds
no move to make, and the table message waits for that player alone.
"""

from __future__ import annotations

import random
import re

import pytest

from engine.cards import card_symbol
from engine.registry import GAMES
from testkit.fake_discord import FakeDiscord, FakeUser
from testkit.players import BUTTON, GameDriver, test_bot
from tests.e2e.seatings import Seating, params

NAMES = ("alice", "bob", "carol", "dave")
ACTION_PREFIX = "cb:a:"
CHOICES = (Seating("pip-rush", 2, 0), Seating("pip-rush", 2, 2))


async def check_pending_choice(driver: GameDriver, players: list[FakeUser]) -> bool:
    """When the table waits for a human's resolution choice, check who is offered what through
    their hands. True if there was such a choice to check."""
    manager = driver.bot.tables
    assert manager is not None and driver.table_id is not None
    table = manager.get(driver.table_id)
    assert table is not None
    resolution = table.public_view().get("resolution")
    if not resolution or not resolution.get("pending"):
        return False
    chooser_seat = resolution["pending"]["seat"]
    assert chooser_seat == resolution["resolving"]["seat"], resolution
    chooser = next((u for u in players if table.seat_of(u.id) == chooser_seat), None)
    if chooser is None:
        return False  # a computer's choice: it is made before anyone could see it
    assert [u.id for u in driver.waiting()] == [chooser.id]

    legal = table.legal_for(chooser_seat)
    assert len(legal) > 1 and {a["type"] for a in legal} <= {"choose_racer", "move"}
    label = GAMES["pip-rush"].labels_for(table.view_for(chooser_seat))
    expected = sorted(label(a) for a in legal)
    card = card_symbol(resolution["resolving"]["card"])
    for action, words in ((a, label(a)) for a in legal):
        # Each choice says what it does: the racer's pips before and after, and which card;
        # a move where the racer goes (the pip it costs is said once, above the buttons).
        if action["type"] == "move":
            assert words == (f"Move racer {'AB'[action['racer']]} to space {action['space']}, "
                             f"lane {action['lane']}"), words
            continue
        assert re.search(r" pips? → ", words) or " swap places with " in words, words
        assert words.endswith(f"({card})"), words
    for user in players:
        hand = await driver.open_hand(user)
        actions = [
            c for c in hand.find_components() if c.get("custom_id", "").startswith(ACTION_PREFIX)
        ]
        if user is chooser:
            assert all(c["type"] == BUTTON for c in actions), actions
            assert sorted(c["label"] for c in actions) == expected
            assert all(f":{chooser_seat}:" in c["custom_id"] for c in actions)
        else:
            assert actions == [], f"{user.name} was offered {chooser.name}'s choice"
    return True


@pytest.mark.parametrize("seating", params(list(CHOICES)))
async def test_a_resolution_choice_is_offered_as_buttons_to_its_player_only(
    seating: Seating, quick_pictures: list
) -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        players = [fake.member(n) for n in NAMES[: seating.humans]]
        driver = GameDriver(fake, rng=random.Random(f"choices-{seating.id}"))
        await driver.start_game(
            seating.game, players, ["easy"] * seating.computers, seating.lobby_options()
        )
        checked = 0
        for _ in range(3000):
            await driver.settle()
            if driver.finished():
                break
            checked += await check_pending_choice(driver, players)
            assert await driver.step()
        assert driver.finished()
        assert checked >= 1, "no human was ever asked to choose"
        fake.assert_clean()


HINT_ENTRY = re.compile(r"^\d+\. \*\*(.+?)\*\* \(", re.MULTILINE)


async def test_a_hint_names_a_resolution_choice_as_its_button_does(quick_pictures: list) -> None:
    # The buttons say what each racer choice does ("Racer A: 4 pips → 3 (2♦)"); the hint
    # named them "Racer A" and "Racer B", leaving the player to match them up.
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = GameDriver(fake, rng=random.Random("hinted choices"))
        await driver.start_game("pip-rush", [alice], ["easy"], hints=True)
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None
        for _ in range(300):
            await driver.settle()
            assert not driver.finished(), "Alice was never asked to choose"
            hand = driver.hand(alice) or await driver.open_hand(alice)
            controls = hand.find_components()
            moves = [c for c in controls if c.get("custom_id", "").startswith(ACTION_PREFIX)]
            if table.legal_for(0) and table.legal_for(0)[0]["type"] != "play":
                break
            await driver.use_at_random(alice, hand, driver.rng.choice(moves))
        buttons = {c["label"] for c in moves}
        hint = next(c for c in controls if c.get("custom_id", "").startswith("cb:h:"))
        record = await fake.click(alice, hand, custom_id=hint["custom_id"])
        assert record.message is not None
        named = HINT_ENTRY.findall(record.message.content)
        assert len(named) >= 2 and set(named) <= buttons, (named, buttons)
        fake.assert_clean()
