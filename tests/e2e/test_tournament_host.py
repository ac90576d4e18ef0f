"""What an organiser and the members of their event run into, through Discord: dropping out
before the start, and ending an event early."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.test_tournaments import NAMES, stored, tournament_server

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def test_dropping_out_before_the_start_takes_the_member_off_the_sign_up(
    tmp_path: Path,
) -> None:
    """/tournament drop is what a member reaches for to get out: before the start it takes
    them off the sign-up as Leave does, instead of refusing with "not started yet"."""
    async with tournament_server(tmp_path / "drop.db") as (fake, driver, _clock):
        alice, bob = fake.member(NAMES[0]), fake.member(NAMES[1])
        made = await fake.slash(alice, "tournament create", {
            "game": "cribbage", "format": "knockout", "options": "target=61"})
        assert made.message is not None
        await driver.press(bob, made.message, label="Join")
        answer = await fake.slash(bob, "tournament drop", {})
        await driver.settle()
        assert answer.message is not None and answer.message.ephemeral
        assert answer.message.content == (
            "You are off the sign-up: press Join on its message to come back.")
        assert (await stored(fake, 1)).entries == []
        assert "Bob" not in fake.state.messages[made.message.id].content
        again = await fake.slash(bob, "tournament drop", {})
        assert again.message is not None and again.message.content == (
            "You have not joined this event.")
