"""A busy server runs two events at once: a command that names no event acts on the one
that is the member's to act on (the one they play in, can join, or host), and asks which
when that is not one event, changing nothing, instead of acting on the oldest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_tournaments import (
    create_and_fill,
    driver_for,
    first_moves,
    games_of_round,
    stored,
    tournament_server,
)

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def test_each_member_s_command_finds_their_own_event(tmp_path: Path) -> None:
    async with tournament_server(tmp_path / "two.db") as (fake, driver, _clock):
        await create_and_fill(fake, driver, 4, {  # #1, hosted by Alice, running
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 2})
        erin, frank, grace = (fake.member(name) for name in ("erin", "frank", "grace"))
        made = await fake.slash(erin, "tournament create", {
            "game": "cribbage", "format": "knockout", "options": "target=61"})
        assert made.message is not None, made.errors
        for person in (erin, frank):
            await driver.press(person, made.message, label="Join")
        await driver.settle()

        shown = await fake.slash(frank, "tournament show", {})
        assert shown.message is not None and "Sign-up open: 2 entries" in shown.message.content

        # Grace could join either (a late entry to #1, or #2's sign-up): she is asked.
        asked = await fake.slash(grace, "tournament join", {})
        assert asked.message is not None and asked.message.ephemeral
        assert asked.message.content == (
            "This server has 2 tournaments open. You can join 2 of them: #1 Cribbage Swiss, "
            "running; #2 Cribbage knockout, sign-up open. Say which with the tournament "
            "option, e.g. tournament:1.")
        assert len((await stored(fake, 1)).entries) == 4
        assert len((await stored(fake, 2)).entries) == 2

        left = await fake.slash(frank, "tournament drop", {})
        await driver.settle()
        assert left.message is not None and left.message.content.startswith(
            "You are off the sign-up")
        assert [e.name for e in (await stored(fake, 2)).entries] == ["Erin"]

        cancelled = await fake.slash(erin, "tournament cancel", {})
        await driver.settle()
        assert cancelled.message is not None
        assert cancelled.message.content == "The tournament is cancelled."
        assert (await stored(fake, 2)).status == "cancelled"
        assert (await stored(fake, 1)).status == "running"


async def test_a_match_keeps_the_seat_of_a_member_playing_their_other_event_s_match(
    tmp_path: Path,
) -> None:
    """Alice plays her match of event #1 when event #2's match opens: she is told there, in
    the game she plays, which match waits and that its no-show minutes start once this game
    is over; she is not forfeited while she plays on; when it is over the waiting match's
    thread tells her by when to move, and only then, idle, does she forfeit."""
    async with tournament_server(tmp_path / "held.db") as (fake, driver, clock):
        alice, carol = fake.member("alice"), fake.member("carol")
        await create_and_fill(fake, driver, 2, {  # #1: Alice v Bob, no round deadline
            "game": "cribbage", "format": "knockout", "options": "target=61",
            "round_minutes": None})
        [playing] = await games_of_round(fake, 1, 1)
        first = driver_for(fake, playing, "held")
        await first_moves(first)
        made = await fake.slash(carol, "tournament create", {  # #2: Alice v Carol
            "game": "cribbage", "format": "knockout", "options": "target=61"})
        assert made.message is not None, made.errors
        for person in (carol, alice):
            await driver.press(person, made.message, label="Join")
        await driver.press(carol, made.message, label="Start")
        await driver.settle()
        [waiting] = await games_of_round(fake, 2, 1)
        second = driver_for(fake, waiting, "held-2")
        await second.settle()
        await second.move(carol)
        await driver.settle()

        def told(channel_id: int) -> list[Any]:
            return [m for m in fake.state.messages.values() if m.channel_id == channel_id
                    and m.content.startswith(f"{alice.mention}: ")]

        [held] = told(playing.channel_id)
        assert held.content == (
            f"{alice.mention}: your match 1.1 of tournament #2 (Cribbage knockout) waits for "
            f"your first move in game #{waiting.game_id}, <#{waiting.channel_id}>. It keeps "
            "your seat while you play this game; once this game is over you have 5 minutes to "
            "move there before you forfeit that match.")
        assert held.pings == [alice.id]

        for _ in range(4):  # sixteen minutes of play in match #1, never five minutes idle
            await clock.advance(240)
            if alice in first.waiting():
                await first.move(alice)
            await driver.settle()
        assert (await stored(fake, 2)).rounds[0].matches[0].forfeits == {}
        await first.play_to_end()
        await driver.settle()
        due = int(clock.wall()) + 300
        [freed] = told(waiting.channel_id)
        assert freed.content == (
            f"{alice.mention}: match 1.1 of tournament #2 waits for your first move here: make "
            f"it <t:{due}:R>, or you forfeit the match. (Your seat was kept while you played "
            f"game #{playing.game_id} of tournament #1.)")
        assert freed.pings == [alice.id]
        assert told(playing.channel_id) == [held], "told once while she played"
        await clock.advance(299)
        await driver.settle()
        assert (await stored(fake, 2)).rounds[0].matches[0].forfeits == {}
        await clock.advance(1)
        await driver.settle()
        event = await stored(fake, 2)
        assert [event.entry(e).name for e in event.rounds[0].matches[0].forfeits] == ["Alice"]
