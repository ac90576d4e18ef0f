"""An organiser's event through Discord: a knockout final nobody turns up for."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.test_tournaments import NAMES, games_of_round, stored, tournament_server

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def test_a_final_nobody_turns_up_for_crowns_nobody(tmp_path: Path) -> None:
    """The host settles both semi-finals; neither finalist makes a move in the final: the
    event ends with no champion, nobody is told they won it or earns Champion, and the
    finalists are recorded sharing 2nd."""
    async with tournament_server(tmp_path / "final.db") as (fake, driver, clock):
        people = [fake.member(name) for name in NAMES[:4]]
        host = people[0]
        made = await fake.slash(host, "tournament create", {
            "game": "cribbage", "format": "knockout", "options": "target=61"})
        assert made.message is not None, made.errors
        for person in people:
            await driver.press(person, made.message, label="Join")
        await driver.press(host, made.message, label="Start")
        await driver.settle()
        event = await stored(fake, 1)
        for match in event.rounds[0].matches:  # the better seed (sign-up order) through
            first, second = sorted(match.entries, key=lambda e: event.entry(e).seed)
            order = " ".join(f"<@{event.entry(e).members[0]}>" for e in (first, second))
            answer = await fake.slash(host, "tournament result",
                                      {"match": match.id, "order": order})
            assert answer.message is not None and "Result set" in answer.message.content
        await driver.settle()
        assert len(await games_of_round(fake, 1, 2)) == 1
        await clock.advance(301)  # the no-show window of the final's game
        await driver.settle()

        event = await stored(fake, 1)
        assert event.status == "finished" and event.placings[0] == []
        shown = fake.state.messages[made.message.id].content
        assert "Finished. Nobody played the final: no champion." in shown
        assert "2=. Alice\n2=. Bob\n4=. Carol\n4=. Dave" in shown
        assert not [m for m in fake.state.messages.values() if "you won it" in m.content]
        store = fake.bot.store  # type: ignore[attr-defined]
        guild = fake.state.guild_id
        for person, place in zip(people, (2, 2, 4, 4), strict=True):
            [placing] = await store.user_placings(guild, person.id)
            assert placing.place == place
            assert "tournament-won" not in [a.key for a in
                                             await store.achievements_of(guild, person.id)]
