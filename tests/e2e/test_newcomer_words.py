"""The words a newcomer trips on, as Discord shows them: Pip Pip's hand says how the cards
rank in the first round and the table says a trick's figure is points; PIP Rush's swap buttons
say what tells them apart."""

from __future__ import annotations

import random

from engine.pip_pip.text import RANKS_LINE
from testkit.fake_discord import FakeDiscord
from testkit.players import GameDriver, test_bot

NAMES = ("alice",)


async def test_pip_pips_hand_says_the_ranks_and_its_table_says_points(quick_pictures: list):
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = GameDriver(fake, rng=random.Random("pip pip words"))
        await driver.start_game("pip-pip", [alice], ["easy", "easy"], "rounds=1")
        await driver.settle()
        hand = await driver.open_hand(alice)
        assert RANKS_LINE in hand.content, hand.content
        tricks: list[str] = []
        while await driver.step():
            tricks += [line for line in driver.table_message().content.splitlines()
                       if " the trick" in line]
        assert tricks
        assert all(" points." in line or "(no points in it)" in line for line in tricks), tricks
        assert not [line for line in tricks if "(+" in line]
        fake.assert_clean()


async def test_pip_rush_swap_buttons_say_which_racer_stays_free(quick_pictures: list):
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = GameDriver(fake, rng=random.Random("swap words"))
        await driver.start_game("pip-rush", [alice], ["easy"])
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        assert table is not None
        labels: list[str] = []
        while not labels and await driver.step():
            await driver.settle()
            resolving = (table.public_view().get("resolution") or {}).get("resolving") or {}
            legal = table.legal_for(0) if not driver.finished() else []
            if resolving.get("action") == "swap" and len(legal) == 2:
                hand = await driver.open_hand(alice)
                labels = sorted(c["label"] for c in hand.find_components()
                                if c.get("custom_id", "").startswith("cb:a:"))
                assert "counts as changed this trick" in hand.content, hand.content
        assert [label.split(" (")[0] for label in labels] == [
            "Racer A: swap places with B, B stays free",
            "Racer B: swap places with A, A stays free"], labels
        fake.assert_clean()
