"""Presses the bot must refuse with a short ephemeral note, changing nothing: out of turn, on
a stale control, twice on one control, on someone else's game; and resign / abandon rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.registry import GAMES
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser, InteractionRecord
from testkit.fake_discord import gateway as fake_gateway
from testkit.players import GameDriver, Refused, test_bot

GAME = next(iter(GAMES))
PLAYERS = GAMES[GAME].allowed_player_counts()[0]
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
pytestmark = pytest.mark.usefixtures("quick_pictures")


def table_state(driver: GameDriver) -> tuple[int, Any]:
    table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
    assert table is not None
    return table.version, table.public_view()


def first_control(hand: FakeMessage) -> dict[str, Any]:
    controls = hand.find_components()
    assert controls, hand.content
    return controls[0]


async def use(
    driver: GameDriver, user: FakeUser, hand: FakeMessage, control: dict[str, Any], wait=True
) -> InteractionRecord:
    """Press or choose on `control` (the first values for a menu), without refusal checks."""
    if control["type"] == 2:
        return await driver.fake.click(user, hand, custom_id=control["custom_id"], wait=wait)
    values = [o["value"] for o in control["options"]][: control.get("min_values", 1)]
    return await driver.fake.select(
        user, hand, custom_id=control["custom_id"], values=values, wait=wait
    )


def refusal_text(record: InteractionRecord) -> str | None:
    try:
        GameDriver._answer(record)
    except Refused as refusal:
        return str(refusal)
    return None


async def started(fake: FakeDiscord, seed: str = "refusals") -> tuple[GameDriver, list[FakeUser]]:
    await fake.connect(test_bot(":memory:"))
    players = [fake.member(n) for n in NAMES[:PLAYERS]]
    driver = GameDriver(fake, rng=random.Random(seed))
    await driver.start_game(GAME, players)
    return driver, players


async def test_out_of_turn_and_stale_controls_are_refused_and_change_nothing() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        driver, _players = await started(fake)
        out_of_turn = stale = False
        for _ in range(200):
            await driver.settle()
            waiting = driver.waiting()
            if len(waiting) != 1:
                await driver.step()
                continue
            user = waiting[0]
            spare = await driver.open_hand_twice(user)  # an older copy, still on screen
            control = first_control(spare)
            await driver.move(user)
            await driver.settle()
            before = table_state(driver)
            record = await use(driver, user, spare, control)
            note = refusal_text(record)
            assert note is not None, "a press on an outdated hand was accepted"
            assert table_state(driver) == before
            if user in driver.waiting():
                assert note.startswith("That move is out of date")
                stale = True
            else:
                assert note.startswith("It is not your turn")
                out_of_turn = True
            if stale and out_of_turn:
                break
        assert stale and out_of_turn
        fake.assert_clean()


async def test_a_double_press_plays_once() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        driver, _players = await started(fake, "double")
        user = driver.waiting()[0]
        hand = await driver.open_hand(user)
        version_before, _ = table_state(driver)
        control = first_control(hand)
        first = await use(driver, user, hand, control, wait=False)
        second = await use(driver, user, hand, control, wait=False)
        await fake.finish(first)
        await fake.finish(second)
        await driver.settle()
        notes = [refusal_text(first), refusal_text(second)]
        assert notes.count(None) == 1, notes
        table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
        store = driver.bot.store
        assert table is not None and store is not None
        mine = [a for a in await store.actions(table.id) if a.seat == table.seat_of(user.id)]
        assert len(mine) == 1 and table.version > version_before
        fake.assert_clean()


async def test_someone_elses_game_is_refused() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        driver, _players = await started(fake, "stranger")
        stranger = fake.member(NAMES[-1])
        before = table_state(driver)
        table_message = driver.table_message()
        for label in ("My hand", "Resign"):
            note = refusal_text(await fake.click(stranger, table_message, label=label))
            assert note == (f"You are not playing in {GAMES[GAME].title} #{driver.table_id}: "
                            "watch along, or open a lobby of your own with `/play`.")
        hand = await fake.slash(stranger, "hand", {}, channel=table_message.channel_id)
        assert refusal_text(hand) is not None
        resign = await fake.slash(stranger, "resign", {"game": driver.table_id})
        assert refusal_text(resign) is not None
        assert table_state(driver) == before
        fake.assert_clean()


async def test_resigning_ends_the_game_for_the_other_side() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        driver, players = await started(fake, "resign")
        quitter = players[-1]
        ask = await fake.click(quitter, driver.table_message(), label="Resign")
        assert ask.message is not None and ask.message.ephemeral
        confirm = await fake.click(quitter, ask.message, label="Yes, resign")
        assert "You resigned" in (refusal_text(confirm) or "")
        await driver.settle()
        final = driver.table_message()
        assert "🏆" in final.content and "resigned" in final.content
        assert driver.finished()
        # The finished table's buttons now explain rather than act.
        note = await fake.click(players[0], driver.table_message(), label="Rules")
        assert note.message is not None and GAMES[GAME].title in note.message.content
        fake.assert_clean()


async def test_only_the_host_or_a_manager_abandons(monkeypatch: pytest.MonkeyPatch) -> None:
    no_manage = 0xFFFFFFFF & ~0x28  # every text permission but Manage Server (and Administrator)
    monkeypatch.setattr(fake_gateway, "ALL_TEXT_PERMISSIONS", str(no_manage))
    async with FakeDiscord(members=NAMES) as fake:
        driver, players = await started(fake, "abandon")
        guest = players[1]
        note = refusal_text(await fake.slash(guest, "abandon", {"game": driver.table_id}))
        assert note is not None and "host" in note
        assert not driver.finished()
        note = refusal_text(await fake.slash(players[0], "abandon", {"game": driver.table_id}))
        assert note == f"{GAMES[GAME].title} #{driver.table_id} is abandoned."
        await driver.settle()
        assert "abandoned" in driver.table_message().content
        assert driver.finished()
        fake.assert_clean()


async def test_once_a_person_has_moved_the_host_is_told_to_resign_not_abandon(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    no_manage = 0xFFFFFFFF & ~0x28  # every text permission but Manage Server (and Administrator)
    monkeypatch.setattr(fake_gateway, "ALL_TEXT_PERMISSIONS", str(no_manage))
    async with FakeDiscord(members=NAMES) as fake:
        driver, players = await started(fake, "abandon")
        await driver.settle()
        await driver.move(driver.waiting()[0])
        await driver.settle()
        before = table_state(driver)
        note = refusal_text(await fake.slash(players[0], "abandon", {"game": driver.table_id}))
        assert note is not None and "/resign ends it as a loss for your side" in note
        assert table_state(driver) == before and not driver.finished()
        fake.assert_clean()


async def test_a_game_command_that_finds_no_game_says_why_and_what_to_type() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        driver, players = await started(fake, "which game")
        onlooker = fake.member(NAMES[PLAYERS])
        before = table_state(driver)
        missing = driver.table_id + 50  # type: ignore[operator]
        for command in ("hand", "resign", "abandon"):
            note = refusal_text(await fake.slash(players[0], command, {"game": missing}))
            assert note == f"There is no game #{missing} running in this server: /games lists them."
        for channel in (None, driver.channel_id):
            note = refusal_text(await fake.slash(onlooker, "hand", {}, channel=channel))
            assert note is not None and "You are not playing a game in this server" in note
            assert "/play" in note
        # A second game: the member plays two, so a command outside both threads must ask.
        second = GameDriver(fake, rng=random.Random("second"))
        await second.start_game(GAME, players)
        note = refusal_text(await fake.slash(players[0], "resign", {}))
        assert note is not None and "several games" in note and "game:" in note
        assert f"#{driver.table_id}" in note and f"#{second.table_id}" in note
        assert table_state(driver) == before and not driver.finished()
        fake.assert_clean()
