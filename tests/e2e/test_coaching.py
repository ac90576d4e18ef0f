"""Coaching through the real bot: Review my game and /review after a game, the Hint button of
a game with hints on, their refusals, and hinted games marked assisted and left unrated."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from engine.registry import GAMES
from tables.hints import STALE_HINT
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser
from testkit.players import GameDriver, test_bot
from tests.e2e.test_refusals import refusal_text, use

NAMES = ("alice", "bob", "carol")
pytestmark = pytest.mark.usefixtures("quick_pictures")
HINT = re.compile(r"cb:h:\d+:\d+:\d+")
#: The game's seed in the muggins review: the easy computer claims short while Alice may press.
SEED = 6


class SkipHints(random.Random):
    """The driver's chooser, never picking the Hint button (a hint is not a move)."""

    def choice(self, seq: Any) -> Any:
        moves = [c for c in seq if not (isinstance(c, dict) and HINT.fullmatch(
            str(c.get("custom_id", ""))))]
        return super().choice(moves or seq)


async def start(fake: FakeDiscord, humans: list[FakeUser], computers: int, hints: bool,
                seed: str, options: str = "target=61") -> GameDriver:
    """A Cribbage game (61 points unless `options` say), hints as asked, the host first."""
    driver = GameDriver(fake, rng=SkipHints(seed))
    args: dict[str, Any] = {"game": "cribbage", "options": options}
    if hints:
        args["hints"] = True
    answer = await fake.slash(humans[0], "play", args)
    assert answer.message is not None, answer.errors
    lobby = answer.message
    if hints:
        assert "Hints on" in lobby.content
    for user in humans[1:]:
        await driver.press(user, lobby, label="Join")
    for _ in range(computers):
        await driver.choose(humans[0], lobby, ["easy"], placeholder="Add a computer player…")
    await driver.press(humans[0], lobby, label="Start")
    await driver.settle()
    assert driver.find_table() is not None
    return driver


def hint_button(hand: FakeMessage) -> dict[str, Any] | None:
    return next((c for c in hand.find_components()
                 if HINT.fullmatch(str(c.get("custom_id", "")))), None)


def table_of(driver: GameDriver) -> Any:
    table = driver.bot.tables.get(driver.table_id)  # type: ignore[union-attr, arg-type]
    assert table is not None
    return table


# ===== review =================================================================================


async def test_review_my_game_after_the_end_only_for_its_players() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, carol = fake.member("alice"), fake.member("carol")
        driver = await start(fake, [alice], computers=1, hints=False, seed="review")
        await driver.play_to_end()
        await driver.settle()
        final = driver.table_message()
        assert any(c.get("label") == "Review my game" for c in final.find_components())

        record = await fake.click(alice, final, label="Review my game")
        review = record.message
        assert review is not None and review.ephemeral
        assert review.content.startswith(f"📋 **Review of Cribbage #{driver.table_id}** for Alice")
        # The totals in points, then what the figures are, which a newcomer reads.
        assert re.search(r"You chose the best in \d+ of \d+ decisions\.\n"
                         r"Given up: discards [\d.]+ · pegging [\d.]+ · .*"
                         r"\*\*in all [\d.]+ points\*\*\nCostliest — Deal \d+: .* was best "
                         r"\(−[\d.]+\)\.\nFigures are points on average, yours "
                         r"less your opponents'", review.content)
        assert len(review.content) <= 2000

        later = await fake.slash(alice, "review", {"game": driver.table_id})
        assert later.message is not None and later.message.ephemeral
        assert later.message.content == review.content  # the same game, judged the same

        stranger = await fake.click(carol, final, label="Review my game")
        assert refusal_text(stranger) == (
            f"Only the players of game #{driver.table_id} can review it; anyone here can "
            f"step through it with `/replay game:{driver.table_id}`.")
        watched = await fake.slash(carol, "replay", {"game": driver.table_id})  # as told
        assert watched.message is not None and not watched.message.ephemeral
        assert watched.message.content.startswith(f"🎬 **Replay of Cribbage #{driver.table_id}")
        fake.assert_clean()


async def test_the_review_tells_of_a_muggins_press_let_go_by(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice moves only when the game waits for her, so a press on the computer's short claim
    goes by when its next count comes first: /review lists it with the points it missed."""
    monkeypatch.setattr("tables.manager.random.SystemRandom", lambda: random.Random(SEED))
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = await start(fake, [alice], computers=1, hints=False, seed="review",
                             options="target=61 muggins=on")
        await driver.play_to_end()
        await driver.settle()
        answer = await fake.slash(alice, "review", {"game": driver.table_id})
        assert answer.message is not None and answer.message.ephemeral
        content = answer.message.content
        missed = re.findall(r"• No Muggins! press → best Muggins! \(−(\d)\.0\): Their count "
                            r"was (\d) short: take the points\.", content)
        assert missed and all(lost == short for lost, short in missed)
        chances = re.search(r"You let (\d+) chances? go by\.", content)
        assert chances is not None and int(chances[1]) >= len(missed)
        fake.assert_clean()


async def test_review_refuses_missing_running_and_other_servers_games() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = await start(fake, [alice, bob], computers=0, hints=False, seed="refuse")
        running = driver.table_id
        store = driver.bot.store
        assert store is not None
        elsewhere = await store.create_game(
            guild_id=424242, channel_id=1, game="cribbage", options={"target": 61}, seed=1,
            seats=[{"user_id": alice.id, "name": "alice", "ai": None}], host_id=alice.id)
        await store.set_status(elsewhere, "finished")
        notes = {}
        for game_id in (9999, running, elsewhere):
            answer = await fake.slash(alice, "review", {"game": game_id})
            notes[game_id] = refusal_text(answer)
        assert notes == {
            9999: "There is no game #9999 in this server.",
            running: f"Game #{running} is still being played: review it once it is over.",
            elsewhere: f"There is no game #{elsewhere} in this server.",
        }
        fake.assert_clean()


# ===== hints ==================================================================================


async def test_hint_shows_the_top_three_to_that_player_and_changes_nothing() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = await start(fake, [alice], computers=1, hints=True, seed="hint")
        hand = await driver.open_hand(alice)
        button = hint_button(hand)
        assert button is not None and button["label"] == "Hint"
        table = table_of(driver)
        before = (table.version, table.public_view())
        record = await fake.click(alice, hand, custom_id=button["custom_id"])
        note = record.message
        assert note is not None and note.ephemeral
        lines = note.content.splitlines()
        assert lines[0] == "💡 **Hint** — the best choices first:"
        assert [line[:3] for line in lines[1:4]] == ["1. ", "2. ", "3. "]
        assert all(line.startswith(f"{n}. **Discard ") for n, line in enumerate(lines[1:4], 1))
        assert "** (best): " in lines[1] and " points less): " in lines[3]
        assert lines[4:] == [GAMES["cribbage"].review_terms.about]
        assert "hand" in lines[1] and "crib" in lines[1]
        assert (table.version, table.public_view()) == before
        fake.assert_clean()


async def test_hint_refused_out_of_turn_on_a_stale_hand_and_when_hints_are_off() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice, bob = fake.member("alice"), fake.member("bob")
        driver = await start(fake, [alice, bob], computers=0, hints=True, seed="refuse-hint")
        old = await driver.open_hand_twice(alice)  # kept aside: its Hint stays as it was built
        hint = hint_button(old)
        assert hint is not None
        current = driver.hand(alice)
        assert current is not None
        discard = next(c for c in current.find_components() if c["type"] != 2)
        await use(driver, alice, current, discard)
        await driver.settle()
        table = table_of(driver)
        assert table.legal_for(table.seat_of(alice.id)) == []  # bob has not thrown yet
        note = refusal_text(await fake.click(alice, old, custom_id=hint["custom_id"]))
        assert note == "It is not your turn: there is nothing to hint at yet."

        await driver.move(bob)  # bob throws too: the play begins
        await driver.settle()
        while alice not in driver.waiting():
            await driver.move(bob)
            await driver.settle()
        note = refusal_text(await fake.click(alice, old, custom_id=hint["custom_id"]))
        assert note == STALE_HINT

        fresh = await driver.open_hand(alice)
        fresh_hint = hint_button(fresh)
        assert fresh_hint is not None
        table.settings.pop("hints")  # as for a table whose hints are off
        note = refusal_text(await fake.click(alice, fresh, custom_id=fresh_hint["custom_id"]))
        assert note == ("Hints are off in this game: the host can turn them on when opening "
                        "the lobby.")
        assert hint_button(await driver.open_hand(alice)) is None
        fake.assert_clean()


async def test_a_game_with_hints_is_assisted_and_moves_no_rating() -> None:
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(test_bot(":memory:"))
        alice = fake.member("alice")
        driver = await start(fake, [alice], computers=1, hints=True, seed="assisted")
        await driver.play_to_end()
        await driver.settle()
        store = driver.bot.store
        assert store is not None and driver.table_id is not None
        results = await store.results(driver.table_id)
        assert [row["assisted"] for row in results] == [1, 1]
        assert await store.user_ratings(fake.state.guild_id, alice.id) == []
        stats = await fake.slash(alice, "stats", {})
        assert stats.message is not None
        assert "1 assisted game (played with hints: not rated" in stats.message.content
        board = await fake.slash(alice, "leaderboard", {"game": "cribbage"})
        assert board.message is not None and f"<@{alice.id}>" not in board.message.content
        fake.assert_clean()
