"""An organiser's event through Discord: a knockout final nobody turns up for, and a
32-member Swiss with its standings exported."""

from __future__ import annotations

import csv
import io
from collections import Counter
from pathlib import Path

import pytest

from tables.clock import FakeClock
from tables.tournaments import Tournament
from testkit.fake_discord import FakeDiscord, FakeMessage, FakeUser
from testkit.players import GameDriver
from tests.e2e.test_tournaments import (
    KNOCKOUT_OF_FOUR,
    NAMES,
    create_and_fill,
    games_of_round,
    stored,
    tournament_bot,
    tournament_server,
)

pytestmark = pytest.mark.usefixtures("quick_pictures")


async def run_event(fake: FakeDiscord, clock: FakeClock, people: list[FakeUser],
                    settings: dict[str, object]) -> tuple[FakeMessage, Tournament]:
    """A Cribbage event to 61 of `settings` made by the first of `people`, all of them joining,
    played to its end by the computer for every seat on the fake clock: the event's message and
    the event as stored."""
    driver = GameDriver(fake)
    made = await fake.slash(people[0], "tournament create", {
        "game": "cribbage", "options": "target=61", "round_minutes": 1, **settings})
    assert made.message is not None, made.errors
    for person in people:
        await driver.press(person, made.message, label="Join")
    await driver.press(people[0], made.message, label="Start")
    while (event := await stored(fake, 1)).status == "running":
        await clock.advance(61)
        await driver.settle()
    return made.message, event


def assert_every_message_fits(fake: FakeDiscord) -> None:
    """Every message the bot posted, and every edit of one, within Discord's 2,000."""
    every = [m.content for m in fake.state.messages.values()] + [
        h.get("content") or "" for m in fake.state.messages.values() for h in m.history]
    assert max(len(content) for content in every) <= 2000


async def test_a_final_nobody_turns_up_for_crowns_nobody(tmp_path: Path) -> None:
    """The host settles both semi-finals; neither finalist makes a move in the final: the
    event waits for the host, who is asked to rule it or end it; ended, it has no champion,
    nobody is told they won it or earns Champion, and the finalists are recorded sharing
    2nd."""
    async with tournament_server(tmp_path / "final.db") as (fake, driver, clock):
        message = await create_and_fill(fake, driver, 4, KNOCKOUT_OF_FOUR)
        people = [fake.member(name) for name in NAMES[:4]]
        host = people[0]
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

        # The final is the host's to rule, as any match nobody showed up for: asked once.
        assert (await stored(fake, 1)).status == "running"
        shown = fake.state.messages[message.id].content
        assert ("Final: nobody showed up. Waiting for the host to set its result, or to end "
                "the event with no champion.") in shown
        [asked] = [m for m in fake.state.messages.values() if "Nobody showed up" in m.content]
        assert asked.pings == [host.id] and asked.content == (
            f"<@{host.id}> Nobody showed up for the final (match 2.1): the event waits for the "
            "host to set its result or end it with no champion. Run /tournament result 2.1 "
            "with the winner first, or /tournament end to finish with no champion.")
        answer = await fake.slash(host, "tournament end", {})
        await driver.settle()
        assert answer.message is not None and answer.message.content == (
            "The event is over. Nobody played the final: no champion. Alice and Bob share 2nd "
            "place.")
        event = await stored(fake, 1)
        assert event.status == "finished" and event.placings[0] == []
        shown = fake.state.messages[message.id].content
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


async def test_a_swiss_of_thirty_two_fits_discord_and_pings_each_member_once_a_round(
    tmp_path: Path,
) -> None:
    """A Friday of 32 members over five rounds, the computer playing every game out at the
    round's deadline: every message and every edit fits
    Discord's limit, the event's message points to /tournament standings for the rows it
    leaves out, which lists all 32, and the event pings each member once a round (their
    table's call), and its winner once more."""
    names = [f"member{number:02d}" for number in range(1, 33)]
    clock = FakeClock()
    async with FakeDiscord(members=names) as fake:
        await fake.connect(tournament_bot(str(tmp_path / "big.db"), clock))
        people = [fake.member(name) for name in names]
        made, event = await run_event(fake, clock, people, {"format": "swiss", "rounds": 5})
        assert len(event.rounds) == 5 and not any(r.byes for r in event.rounds)

        shown = fake.state.messages[made.id]
        assert "more: /tournament standings lists everyone" in shown.content
        assert_every_message_fits(fake)
        # Turn notices are each member's own /settings, not the event's.
        pings = Counter(member for m in fake.state.messages.values()
                        if "it's your turn" not in m.content for member in m.pings)
        winner = event.entry(event.placings[0][0]).members[0]
        assert pings == {person.id: 5 + (person.id == winner) for person in people}

        answer = await fake.slash(people[5], "tournament standings", {})
        assert answer.message is not None and not answer.message.ephemeral
        assert answer.message.content == (
            "🏆 Tournament #1 (Cribbage Swiss): final standings, all 32 entries, in the file "
            "(it opens in any spreadsheet).")
        [attached] = answer.message.attachments
        assert attached.filename == "tournament-1-standings.csv"
        table = list(csv.reader(io.StringIO(attached.data.decode("utf-8-sig"))))
        assert len(table) == 33 and {row[1] for row in table[1:]} == {
            name.title() for name in names}


async def test_a_knockout_of_twenty_four_pings_each_member_once_a_round_they_are_in(
    tmp_path: Path,
) -> None:
    """24 members in a bracket of 32: the top 8 seeds' byes are told in one message, each
    member is pinged once for each round they are in (a match's call or their bye) and never
    after they are out, the champion once more; every message and edit fits Discord."""
    names = [f"member{number:02d}" for number in range(1, 25)]
    clock = FakeClock()
    async with FakeDiscord(members=names) as fake:
        await fake.connect(tournament_bot(str(tmp_path / "ko.db"), clock))
        people = [fake.member(name) for name in names]
        _, event = await run_event(fake, clock, people, {"format": "knockout"})
        assert len(event.rounds) == 5 and len(event.rounds[0].byes) == 8

        assert_every_message_fits(fake)
        pings = Counter(member for m in fake.state.messages.values()
                        if "it's your turn" not in m.content for member in m.pings)
        rounds_in = Counter(member for played in event.rounds
                            for entry in [*played.byes, *(e for m in played.matches
                                                          for e in m.entries)]
                            for member in event.entry(entry).members)
        [champion] = event.entry(event.placings[0][0]).members
        assert pings == {person.id: rounds_in[person.id] + (person.id == champion)
                         for person in people}
