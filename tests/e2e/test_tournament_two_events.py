"""A busy server runs two events at once: a command that names no event acts on the one
that is the member's to act on (the one they play in, can join, or host), and asks which
when that is not one event, changing nothing, instead of acting on the oldest."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.test_tournaments import create_and_fill, stored, tournament_server

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
