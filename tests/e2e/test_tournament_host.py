"""What an organiser and the members of their event run into, through Discord: dropping out
before the start, and ending an event early."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_tournaments import (
    NAMES,
    create_and_fill,
    driver_for,
    first_moves,
    games_of_round,
    run_out,
    stored,
    tournament_server,
)

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


async def test_the_host_ends_a_swiss_after_the_round_in_play(tmp_path: Path) -> None:
    """Running late on a Friday, the host ends a three-round Swiss during round 1: everyone
    reads that it ends with this round, it ends when the round's games do, with its placings,
    the winner told once; a knockout is refused, pointing to cancel."""
    async with tournament_server(tmp_path / "end.db") as (fake, driver, clock):
        alice, bob = fake.member(NAMES[0]), fake.member(NAMES[1])
        message = await create_and_fill(fake, driver, 4, {
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 3})
        refused = await fake.slash(bob, "tournament end", {})
        assert refused.message is not None and "Only the host" in refused.message.content
        answer = await fake.slash(alice, "tournament end", {})
        await driver.settle()
        assert answer.message is not None and answer.message.ephemeral
        assert answer.message.content == (
            "The event ends after round 1: its standings are final once this round's last "
            "match is over.")
        shown = fake.state.messages[message.id].content
        assert "Round 1 of 1." in shown and "Late entries" not in shown
        assert "The event ends by itself when this round's last match does." in shown
        event = await run_out(fake, driver, clock, 1, 1)
        assert event.status == "finished" and len(event.rounds) == 1
        assert "Finished early, after round 1: " in fake.state.messages[message.id].content
        record = await fake.bot.store.tournament(1)  # type: ignore[attr-defined]
        assert record is not None and record.status == "finished"
        winner = event.entry(event.placings[0][0]).members
        told = [m for m in fake.state.messages.values() if "is over and you won it" in m.content]
        assert [m.pings for m in told] == [winner]

        made = await fake.slash(alice, "tournament create", {
            "game": "cribbage", "format": "knockout", "options": "target=61"})
        assert made.message is not None
        for person in (bob, fake.member(NAMES[2])):
            await driver.press(person, made.message, label="Join")
        await driver.press(alice, made.message, label="Start")
        refused = await fake.slash(alice, "tournament end", {"tournament": 2})
        assert refused.message is not None and "/tournament cancel" in refused.message.content
        assert (await stored(fake, 2)).status == "running"


async def test_the_host_may_give_a_match_to_a_computer_entry_by_its_name(
    tmp_path: Path,
) -> None:
    """A member's game against a computer entry went wrong: the host rules that the computer
    won, naming it as the event's message does (it has no @mention)."""
    async with tournament_server(tmp_path / "bot.db") as (fake, driver, _clock):
        host = fake.member(NAMES[0])
        await create_and_fill(fake, driver, 3, {
            "game": "cribbage", "format": "knockout", "options": "target=61",
            "computers": "normal"})
        event = await stored(fake, 1)
        [against] = [m for m in event.rounds[0].matches
                     if any(event.entry(e).computer for e in m.entries)]
        computer = next(e for e in against.entries if event.entry(e).computer)
        member = next(u for u in event.players_of(against) if u)
        answer = await fake.slash(host, "tournament result", {
            "match": against.id, "order": f"normal BOT <@{member}>"})
        await driver.settle()
        assert answer.message is not None and answer.message.content.startswith(
            f"Result set. Match {against.id}: Normal bot wins.")
        settled = (await stored(fake, 1)).match(against.id)
        assert settled.winner() == computer and settled.ruling is not None
        unknown = await fake.slash(host, "tournament result", {
            "match": against.id, "order": "Hard bot"})
        assert unknown.message is not None and unknown.message.content == (
            f"Name every entry of match {against.id} once, best first, e.g. @ann @bob (a "
            "computer entry by its name: Normal bot).")


async def test_a_best_of_three_plays_every_game_in_its_match_s_one_thread(
    tmp_path: Path,
) -> None:
    """Game 2 of a best of three is called where game 1 was played: its players are there
    already, and the channel does not fill with threads of one name, one per game."""
    async with tournament_server(tmp_path / "bo3.db") as (fake, driver, _clock):
        await create_and_fill(fake, driver, 2, {
            "game": "cribbage", "format": "knockout", "options": "target=61", "best_of": 3})
        [first] = await games_of_round(fake, 1, 1)
        await driver_for(fake, first, "bo3").play_to_end()
        await driver.settle()
        first_game, second = await games_of_round(fake, 1, 1)
        assert second.channel_id == first_game.channel_id
        assert len(fake.threads) == 1
        calls = [m for m in fake.state.messages.values() if "your match 1.1" in m.content]
        assert [m.channel_id for m in calls] == [first.channel_id] * 2
        assert "(game 2 of a best of 3), here." in calls[1].content
        table = fake.bot.tables.get(second.game_id)  # type: ignore[attr-defined]
        assert table.thread_id == first.channel_id


async def test_the_host_may_remove_a_computer_entry_by_its_name(tmp_path: Path) -> None:
    """A computer entry has no @mention: the host names it as the event shows it, and its
    match goes to the member it was playing; a name no computer entry has is refused."""
    async with tournament_server(tmp_path / "remove.db") as (fake, driver, _clock):
        host = fake.member(NAMES[0])
        await create_and_fill(fake, driver, 3, {
            "game": "cribbage", "format": "knockout", "options": "target=61",
            "computers": "normal"})
        event = await stored(fake, 1)
        [computer] = [e for e in event.entries if e.computer]
        [against] = [m for m in event.rounds[0].matches if computer.id in m.entries]
        unknown = await fake.slash(host, "tournament remove", {"computer": "Hard bot"})
        assert unknown.message is not None and unknown.message.content == (
            "There is no computer entry called Hard bot in this event: its computer entries "
            "are Normal bot.")
        neither = await fake.slash(host, "tournament remove", {})
        assert neither.message is not None and "computer:Normal bot" in neither.message.content
        assert (await stored(fake, 1)).to_json() == event.to_json()
        answer = await fake.slash(host, "tournament remove", {"computer": "normal BOT"})
        await driver.settle()
        member = event.entry(next(e for e in against.entries if e != computer.id))
        assert answer.message is not None and answer.message.content.startswith(
            f"Normal bot is dropped from the event. Match {against.id}: {member.name} wins.")
        after = await stored(fake, 1)
        assert after.entry(computer.id).dropped and after.entry(computer.id).removed
        assert after.match(against.id).forfeits == {computer.id: "removed"}


async def test_a_game_closed_by_a_forfeit_says_why_on_its_message(tmp_path: Path) -> None:
    """A game closed because its match was forfeited reads why on the game's own message,
    as its thread does, not "This game was abandoned."."""
    async with tournament_server(tmp_path / "closed.db") as (fake, driver, clock):
        await create_and_fill(fake, driver, 4, {
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 2,
            "round_minutes": 30})
        games = await games_of_round(fake, 1, 1)
        await first_moves(driver_for(fake, games[0], "closed"), everyone=False)
        # A player of match 1.2 drops out before anyone there has moved.
        event = await stored(fake, 1)
        members = {m.id: m for m in (fake.member(name) for name in NAMES[:4])}
        leaving = members[next(u for u in event.players_of(event.match("1.2")) if u)]
        await fake.slash(leaving, "tournament drop", {})
        await clock.advance(301)
        await driver.settle()
        event = await stored(fake, 1)
        [absent] = event.match("1.1").forfeits
        assert event.match("1.1").forfeits[absent] == "no-show"

        def message_of(game: Any) -> str:
            table = fake.bot.tables.get(game.game_id)
            assert table.status == "abandoned"
            return str(fake.state.messages[table.message_id].content)

        assert "This game was abandoned." not in message_of(games[0])
        assert (f"Closed: {event.entry(absent).name} did not show up for the tournament match."
                in message_of(games[0]))
        assert (f"Closed: {event.entry_of(leaving.id).name} dropped out of the event."  # type: ignore[union-attr]
                in message_of(games[1]))


async def test_a_round_robin_nobody_turned_up_for_has_no_winner(tmp_path: Path) -> None:
    """Every match of a round robin a double no-show: the event ends saying no match was
    played, names no winner, pings no one as one, and nobody places or is Champion."""
    async with tournament_server(tmp_path / "nobody.db") as (fake, driver, clock):
        message = await create_and_fill(fake, driver, 4, {
            "game": "cribbage", "format": "round_robin", "options": "target=61",
            "round_minutes": 30})
        for _ in range(3 * 3):
            if (await stored(fake, 1)).status != "running":
                break
            await clock.advance(301)
            await driver.settle()
        event = await stored(fake, 1)
        assert event.status == "finished" and event.placings == []
        shown = fake.state.messages[message.id].content
        assert "Finished. No match was played: no winner." in shown
        assert "won." not in shown
        assert not [m for m in fake.state.messages.values() if "you won it" in m.content]
        db = fake.bot.store.db  # type: ignore[attr-defined]
        assert await db.fetch("SELECT * FROM tournament_placings") == []
        assert await db.fetch("SELECT * FROM achievements WHERE achievement = ?",
                              ("tournament-won",)) == []


async def test_a_computer_entry_that_wins_leaves_the_best_member_honoured_not_champion(
    tmp_path: Path,
) -> None:
    """A computer entry wins the knockout: it is the winner, the member it beat in the final
    is told and pinged once as the best member, 2nd, and nobody earns Champion."""
    async with tournament_server(tmp_path / "bot-wins.db") as (fake, driver, _clock):
        host = fake.member(NAMES[0])
        message = await create_and_fill(fake, driver, 3, {
            "game": "cribbage", "format": "knockout", "options": "target=61",
            "computers": "normal"})
        while (event := await stored(fake, 1)).status == "running":
            for match in [m for m in event.current.matches if not m.finished]:
                members = [u for u in event.players_of(match) if u]
                order = " ".join(f"<@{u}>" for u in sorted(members))
                if len(members) == 1:
                    order = f"Normal bot {order}"
                await fake.slash(host, "tournament result", {"match": match.id, "order": order})
                await driver.settle()
        [computer] = [e.id for e in event.entries if e.computer]
        assert event.placings[0] == [computer]
        best = event.entry(event.placings[1][0])
        shown = fake.state.messages[message.id].content
        assert f"Finished: Normal bot won. {best.name} was the best member, 2nd." in shown
        told = [m for m in fake.state.messages.values() if "is over" in m.content
                and m.content.startswith("<@")]
        assert [m.pings for m in told] == [best.members]
        assert told[0].content.endswith(
            "is over: Normal bot (a computer entry) won it, and you were the best member, 2nd. "
            "The final standings are on its message.")
        db = fake.bot.store.db  # type: ignore[attr-defined]
        assert await db.fetch("SELECT * FROM achievements WHERE achievement = ?",
                              ("tournament-won",)) == []
        placed = await db.fetch("SELECT user_id, place FROM tournament_placings"
                                " WHERE place < 3", ())
        assert [(row["user_id"], row["place"]) for row in placed] == [(best.members[0], 2)]
