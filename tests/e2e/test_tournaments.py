"""Tournaments through Discord: sign-up on one message, every match a real game in its own
thread, results flowing back, a no-show, a drop-out, a restart mid-round and the round
deadline, on a fake clock. Members play some games by hand; the computer plays out the rest at
the deadline."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from tables.clock import FakeClock
from tables.tournaments import Tournament
from tables.tournaments.timers import AWAY_AFTER
from testkit.fake_discord import FakeDiscord, FakeMessage
from testkit.fake_discord import gateway as fake_gateway
from testkit.players import GameDriver, Refused, test_bot

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan")
pytestmark = pytest.mark.usefixtures("quick_pictures")


def tournament_bot(database: str, clock: FakeClock) -> Any:
    bot = test_bot(database, clock=clock)
    return bot


@asynccontextmanager
async def tournament_server(database: Path) -> AsyncIterator[tuple[FakeDiscord, GameDriver,
                                                                  FakeClock]]:
    """The fake Discord with the bot connected over `database`, on a fake clock."""
    clock = FakeClock()
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(tournament_bot(str(database), clock))
        yield fake, GameDriver(fake), clock


async def stored(fake: FakeDiscord, tournament_id: int) -> Tournament:
    record = await fake.bot.store.tournament(tournament_id)  # type: ignore[attr-defined]
    assert record is not None
    return Tournament.from_json(record.state)


async def games_of_round(fake: FakeDiscord, tournament_id: int, number: int) -> list[Any]:
    games = await fake.bot.store.tournament_games(tournament_id)  # type: ignore[attr-defined]
    return [g for g in games if g.round == number]


def driver_for(fake: FakeDiscord, game: Any, seed: str) -> GameDriver:
    driver = GameDriver(fake, rng=random.Random(seed))
    driver.table_id, driver.channel_id = game.game_id, game.channel_id
    return driver


async def first_moves(driver: GameDriver, everyone: bool = True) -> None:
    """The members the game waits for make one move each (one of them only, if not
    `everyone`)."""
    await driver.settle()
    waiting = driver.waiting()
    for user in waiting if everyone else waiting[:1]:
        await driver.move(user)
    await driver.settle()


async def refused(driver: GameDriver, user: Any, message: FakeMessage, label: str) -> str:
    with pytest.raises(Refused) as refusal:
        await driver.press(user, message, label=label)
    return str(refusal.value)


async def past_the_deadline(fake: FakeDiscord, driver: GameDriver, clock: FakeClock, tid: int,
                            seconds: float) -> Tournament:
    """The round's time runs out `seconds` from now; then, a minute at a time, the computer
    plays for whoever the games wait on, until the round is over."""
    number = len((await stored(fake, tid)).rounds)
    await clock.advance(seconds)
    await driver.settle()
    for _ in range(20):
        event = await stored(fake, tid)
        if event.status != "running" or len(event.rounds) > number:
            return event
        await clock.advance(AWAY_AFTER)
        await driver.settle()
    raise AssertionError("the round did not end")


async def test_a_swiss_of_nine_with_a_bye_a_no_show_a_drop_out_and_a_restart(
    database_url: str,
) -> None:
    database, clock = database_url, FakeClock()
    async with FakeDiscord(members=NAMES) as fake:
        await fake.connect(tournament_bot(database, clock))
        people = [fake.member(name) for name in NAMES]
        alice, bob = people[0], people[1]
        driver = GameDriver(fake)
        made = await fake.slash(alice, "tournament create", {
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 3,
            "round_minutes": 60})
        assert made.message is not None, made.errors
        message = made.message
        assert "Tournament #1" in message.content and "Sign-up open" in message.content
        tid = 1

        for person in people:
            await driver.press(person, message, label="Join")
        assert "already joined" in await refused(driver, bob, message, "Join")
        assert "Only the host" in await refused(driver, bob, message, "Start")
        assert "9. Ivan" in fake.state.messages[message.id].content
        await driver.press(alice, message, label="Start")
        await driver.settle()

        shown = fake.state.messages[message.id]
        assert "Round 1 of 3" in shown.content and not shown.find_components()
        assert "The round's time is up <t:" in shown.content
        event = await stored(fake, tid)
        assert len(event.rounds[0].matches) == 4 and len(event.rounds[0].byes) == 1
        games = await games_of_round(fake, tid, 1)
        assert len({g.channel_id for g in games}) == 4 == len(fake.threads)
        for game, match in zip(games, event.rounds[0].matches, strict=True):
            calls = [m for m in fake.state.messages.values()
                     if m.channel_id == game.channel_id and "your match" in m.content]
            players = {int(i) for i in re.findall(r"<@(\d+)>", calls[0].content)}
            assert len(calls) == 1 and players == set(event.players_of(match))

        # Round 1: one match played by its members to the end, one where only one player
        # ever moves (the other is a no-show), two left to the deadline.
        await driver_for(fake, games[0], "r1").play_to_end()
        await first_moves(driver_for(fake, games[1], "r1b"), everyone=False)
        for game in games[2:]:
            await first_moves(driver_for(fake, game, f"r1-{game.game_id}"))
        await clock.advance(301)
        await driver.settle()
        event = await stored(fake, tid)
        no_show = event.rounds[0].matches[1]
        assert list(no_show.forfeits.values()) == ["no-show"] and no_show.finished
        assert len(event.rounds) == 1
        event = await past_the_deadline(fake, driver, clock, tid, 3600 - 301)
        assert event.rounds[0].finished and len(event.rounds) == 2

        # Round 2: everyone makes a first move, a member drops out, the bot restarts.
        games = await games_of_round(fake, tid, 2)
        for game in games:
            await first_moves(driver_for(fake, game, f"r2-{game.game_id}"))
        leaver = fake.state.members[event.players_of(event.rounds[1].matches[0])[0]]
        answer = await fake.slash(leaver, "tournament drop", {})
        assert answer.message is not None and "dropped out" in answer.message.content
        assert (await stored(fake, tid)).rounds[1].matches[0].finished
        await fake.restart(tournament_bot(database, clock))
        await driver.settle()
        event = await past_the_deadline(fake, driver, clock, tid, 3600)
        assert event.rounds[1].finished and len(event.rounds) == 3

        # Round 3 to the deadline: the event ends, its message says who won.
        event = await past_the_deadline(fake, driver, clock, tid, 3600)
        assert event.status == "finished"
        byes = [b for played in event.rounds for b in played.byes]
        assert byes and len(byes) == len(set(byes))
        assert "Finished" in fake.state.messages[message.id].content
        winner = event.entry(event.placings[0][0]).members[0]
        stats = await fake.slash(fake.state.members[winner], "stats", {})
        assert stats.message is not None and "Tournament #1" in stats.message.content
        assert "1st of 9" in stats.message.content
        listed = await fake.slash(bob, "tournament list", {})
        assert listed.message is not None and "#1" in listed.message.content


#: A 4-member knockout of short Cribbage, without a round deadline.
KNOCKOUT_OF_FOUR = {"game": "cribbage", "format": "knockout", "options": "target=61",
                    "round_minutes": None}


async def create_and_fill(fake: FakeDiscord, driver: GameDriver, count: int,
                          options: dict[str, Any]) -> FakeMessage:
    """An event the first of `count` members creates, all join and the first starts; rounds
    of 1 minute unless `options` says otherwise (an option None: the command's default)."""
    people = [fake.member(name) for name in NAMES[:count]]
    asked = {name: value for name, value in {"round_minutes": 1, **options}.items()
             if value is not None}
    made = await fake.slash(people[0], "tournament create", asked)
    assert made.message is not None, made.errors
    for person in people:
        await driver.press(person, made.message, label="Join")
    await driver.press(people[0], made.message, label="Start")
    await driver.settle()
    return made.message


async def run_out(fake: FakeDiscord, driver: GameDriver, clock: FakeClock, tid: int,
                  rounds: int) -> Tournament:
    """Round deadlines pass one by one: the computer plays out every game for its members
    (those the games wait on at the deadline, then the rest a minute later)."""
    for _ in range(rounds * 6):
        event = await stored(fake, tid)
        if event.status != "running":
            return event
        await clock.advance(61)
        await driver.settle()
    raise AssertionError("the event did not end")


async def test_a_knockout_of_eight_with_a_best_of_three_final(tmp_path: Path) -> None:
    async with tournament_server(tmp_path / "ko.db") as (fake, driver, clock):
        message = await create_and_fill(fake, driver, 8, {
            "game": "cribbage", "format": "knockout", "options": "target=61",
            "final_best_of": 3})
        assert "Bracket" in fake.state.messages[message.id].content
        for _ in range(2):
            await clock.advance(61)
            await driver.settle()
        event = await stored(fake, 1)
        assert len(event.rounds) == 3 and event.rounds[2].matches[0].best_of == 3
        final = await games_of_round(fake, 1, 3)
        await driver_for(fake, final[0], "final").play_to_end()  # game one by its members
        await driver.settle()
        final = await games_of_round(fake, 1, 3)
        assert len(final) == 2  # game two opened by itself
        calls = [m.content for m in fake.state.messages.values() if "your match 3.1" in m.content]
        assert f"is game #{final[1].game_id} (game 2 of a best of 3), here." in calls[-1]
        event = await run_out(fake, driver, clock, 1, 1)
        assert event.status == "finished"
        final_match = event.rounds[2].matches[0]
        assert len(final_match.games) in (2, 3) and final_match.winner() is not None
        assert event.placings[0] == [final_match.winner()]
        shown = fake.state.messages[message.id]
        assert "Finished" in shown.content
        assert [a.filename for a in shown.attachments] == ["standings.png", "bracket.png"]
        fake.assert_clean()  # every tournament listener heard every match open without failing


async def test_the_event_s_message_follows_a_best_of_three_game_by_game(tmp_path: Path) -> None:
    """Game one of a best of three ends: the bracket on the event's message says who leads,
    not "playing" until the whole match is over."""
    async with tournament_server(tmp_path / "bo3.db") as (fake, driver, _clock):
        message = await create_and_fill(fake, driver, 2, {
            "game": "cribbage", "format": "knockout", "options": "target=61", "best_of": 3})
        [game] = await games_of_round(fake, 1, 1)
        await driver_for(fake, game, "bo3").play_to_end()
        await driver.settle()
        event = await stored(fake, 1)
        [match] = event.rounds[0].matches
        assert len(match.games) == 1 and not match.finished
        won = match.games_won()
        leader = event.entry(max(won, key=won.__getitem__))
        shown = fake.state.messages[message.id].content
        assert f"{leader.name} leads 1–0, best of 3" in shown, shown


async def test_a_deadline_passed_is_told_in_the_past(tmp_path: Path) -> None:
    """Discord shows a passed time as "5 minutes ago": once the round's time is up, the
    event's message and the call to a best of three's next game say it was up."""
    async with tournament_server(tmp_path / "past.db") as (fake, driver, clock):
        message = await create_and_fill(fake, driver, 2, {
            "game": "cribbage", "format": "knockout", "options": "target=61", "best_of": 3})
        shown = fake.state.messages[message.id].content
        assert "The round's time is up <t:" in shown and "was up" not in shown
        assert "The event ends by itself when this round's last match does." in shown
        [game] = await games_of_round(fake, 1, 1)
        await first_moves(driver_for(fake, game, "past"))

        def calls() -> list[str]:
            return [m.content for m in fake.state.messages.values()
                    if "your match 1.1" in m.content]

        for _ in range(5):  # past the deadline the computer plays game 1 out
            await clock.advance(61)
            await driver.settle()
            if len(calls()) > 1:
                break
        calls = calls()
        assert "The round's time is up <t:" in calls[0]
        assert "(game 2 of a best of 3)" in calls[1], calls
        assert "The round's time was up <t:" in calls[1]
        assert "the computer now plays for whoever is away." in calls[1]
        shown = fake.state.messages[message.id].content
        assert "The round's time was up <t:" in shown, shown
        assert "the computer now plays on for players who are away." in shown


async def test_a_round_robin_of_six_meets_everyone_once(tmp_path: Path) -> None:
    async with tournament_server(tmp_path / "rr.db") as (fake, driver, clock):
        await create_and_fill(fake, driver, 6, {
            "game": "cribbage", "format": "round_robin", "options": "target=61"})
        event = await run_out(fake, driver, clock, 1, 5)
        assert event.status == "finished" and len(event.rounds) == 5
        pairs = [frozenset(m.entries) for r in event.rounds for m in r.matches]
        assert len(pairs) == len(set(pairs)) == 15


async def test_a_pip_pip_tables_event_of_seven_sits_at_tables_of_three_and_four(
    tmp_path: Path,
) -> None:
    async with tournament_server(tmp_path / "tables.db") as (fake, driver, clock):
        await create_and_fill(fake, driver, 7, {
            "game": "pip-pip", "format": "tables", "options": "rounds=1", "rounds": 2,
            "table_size": 4})
        event = await stored(fake, 1)
        assert sorted(len(m.seats) for m in event.rounds[0].matches) == [3, 4]
        event = await run_out(fake, driver, clock, 1, 2)
        assert event.status == "finished" and len(event.placings) >= 1
        assert sorted(e for g in event.placings for e in g) == sorted(e.id for e in event.entries)


async def test_bad_commands_are_refused_and_change_nothing(tmp_path: Path) -> None:
    async with tournament_server(tmp_path / "bad.db") as (fake, driver, _clock):
        alice, bob = fake.member("alice"), fake.member("bob")
        misfit = await fake.slash(alice, "tournament create", {
            "game": "pip-pip", "format": "swiss", "rounds": 2})
        assert misfit.message is not None and misfit.message.ephemeral
        assert "needs a game for two players" in misfit.message.content
        assert await fake.bot.store.guild_tournaments(misfit.message.guild_id) == []
        message = await create_and_fill(fake, driver, 4, {
            "game": "cribbage", "format": "knockout", "options": "target=61"})
        version = (await fake.bot.store.tournament(1)).version

        async def answer(user: Any, command: str, options: dict[str, Any]) -> str:
            record = await fake.slash(user, command, options)
            assert record.message is not None and record.message.ephemeral
            return record.message.content

        assert "no match 9.9" in await answer(alice, "tournament result",
                                              {"match": "9.9", "order": f"<@{alice.id}>"})
        assert "Only the host" in await answer(bob, "tournament result",
                                               {"match": "1.1", "order": f"<@{bob.id}>"})
        assert "Only the host" in await answer(bob, "tournament pause", {})
        assert (await fake.bot.store.tournament(1)).version == version
        assert await answer(alice, "tournament pause", {}) == (
            "Paused: games in play go on, and the next round waits until you run "
            "/tournament pause again.")
        assert "Paused by the host" in fake.state.messages[message.id].content
        assert "starts by itself" not in fake.state.messages[message.id].content
        shown = await fake.slash(bob, "tournament show", {})
        assert shown.message is not None and "Bracket" in shown.message.content
        assert [a.filename for a in shown.message.attachments] == ["standings.png",
                                                                   "bracket.png"]
        event = await stored(fake, 1)
        winner = event.players_of(event.rounds[0].matches[0])[1]
        assert "Result set" in await answer(alice, "tournament result",
                                            {"match": "1.1", "order": f"<@{winner}>"})
        settled = (await stored(fake, 1)).rounds[0].matches[0]
        assert settled.ruling is not None and settled.ruling.by == alice.id
        assert settled.winner() == event.entry_of(winner).id
        games = await games_of_round(fake, 1, 1)
        table = fake.bot.tables.get(games[0].game_id)
        assert table.status == "abandoned"  # the settled match's game is closed
        assert await answer(alice, "tournament pause", {}) == (
            "Going on again: the next round starts once this round's games are over.")
        assert "Paused by the host" not in fake.state.messages[message.id].content


async def test_pairs_sign_up_together_and_play_as_partners(tmp_path: Path) -> None:
    async with tournament_server(tmp_path / "pairs.db") as (fake, driver, clock):
        alice, bob, carol, dave = (fake.member(n) for n in NAMES[:4])
        made = await fake.slash(alice, "tournament create", {
            "game": "cribbage", "format": "knockout", "options": "target=61", "pairs": True,
            "round_minutes": 1})
        assert made.message is not None
        with pytest.raises(Refused) as alone:
            await driver.press(bob, made.message, label="Join")
        assert "sign up with a partner" in str(alone.value)
        for user, partner in ((alice, bob), (carol, dave)):
            answer = await fake.slash(user, "tournament join", {"partner": partner})
            assert answer.message is not None and "You are in" in answer.message.content
        assert "Alice & Bob" in fake.state.messages[made.message.id].content
        await driver.press(alice, made.message, label="Start")
        await driver.settle()
        event = await stored(fake, 1)
        table = fake.bot.tables.get((await games_of_round(fake, 1, 1))[0].game_id)
        assert sorted(s.user_id for s in table.seats) == sorted(
            u.id for u in (alice, bob, carol, dave))
        side = {seat.user_id: table.sides[index] for index, seat in enumerate(table.seats)}
        assert side[alice.id] == side[bob.id] != side[carol.id] == side[dave.id]
        event = await run_out(fake, driver, clock, 1, 1)
        assert event.status == "finished"


async def test_players_and_the_host_are_told_what_happened_and_what_comes_next(
    tmp_path: Path,
) -> None:
    async with tournament_server(tmp_path / "told.db") as (fake, driver, clock):
        alice = fake.member("alice")
        message = await create_and_fill(fake, driver, 4, {
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 2,
            "round_minutes": 30})
        games = await games_of_round(fake, 1, 1)

        def posted(channel_id: int, start: str) -> list[FakeMessage]:
            return [m for m in fake.state.messages.values()
                    if m.channel_id == channel_id and m.content.startswith(start)]

        # Each match's call says what a no-show costs and when the round's time is up, and
        # with the table message it pings each player once.
        for game in games:
            [call] = [m for m in fake.state.messages.values()
                      if m.channel_id == game.channel_id and "your match" in m.content]
            assert ("Anyone the game waits on for 5 minutes before their first move "
                    "forfeits the match.") \
                in call.content and "The round's time is up <t:" in call.content
            pings = [p for m in fake.state.messages.values() if m.channel_id == game.channel_id
                     for p in m.pings]
            table = fake.bot.tables.get(game.game_id)
            assert sorted(pings) == sorted(seat.user_id for seat in table.seats)

        # Match 1.1: one player never moves. Its thread says why its game closed.
        await first_moves(driver_for(fake, games[0], "told"), everyone=False)
        await first_moves(driver_for(fake, games[1], "told-b"))
        await clock.advance(301)
        await driver.settle()
        [notice] = posted(games[0].channel_id, "Match 1.1")
        assert notice.content.endswith("did not show up). Its game is closed.")
        assert " wins (" in notice.content and notice.pings == []

        # The host sees what the round still waits for: match 1.2's game and whom it waits on.
        shown = await fake.slash(alice, "tournament show", {})
        assert shown.message is not None
        still = shown.message.content.split("**Still playing**")[1]
        table = fake.bot.tables.get(games[1].game_id)
        waited = [table.seats[s].name for s in table.waiting_for()]
        assert "1.2 " in still and f"game #{games[1].game_id}, waiting for {waited[0]}" in still
        assert "1.1 " not in still

        # Paused, the host settles the round's last match as a draw: the answer says the
        # round is over and waits for them, and the host alone is pinged once in the channel.
        await fake.slash(alice, "tournament pause", {})
        event = await stored(fake, 1)
        first, second = event.players_of(event.rounds[0].matches[1])
        answer = await fake.slash(alice, "tournament result",
                                  {"match": "1.2", "order": f"<@{first}> = <@{second}>"})
        await driver.settle()
        assert answer.message is not None and answer.message.content == (
            "Result set. Match 1.2: drawn. Round 1 is over and the event is paused: the next "
            "round starts when the host resumes it.")
        [held] = posted(message.channel_id, f"<@{alice.id}> Round 1 is over")
        assert held.pings == [alice.id] and "/tournament pause" in held.content
        shown = fake.state.messages[message.id].content
        assert "Round 1 of 2 is over. Paused by the host" in shown
        assert "The round's time is up" not in shown  # no deadline for a round that is over
        [ruled] = posted(games[1].channel_id, "Match 1.2")
        assert "drawn (set by the host). Its game is closed." in ruled.content

        await fake.slash(alice, "tournament pause", {})
        event = await past_the_deadline(fake, driver, clock, 1, 1800)
        assert event.status == "finished"
        # A finished event's show lists every round, its last one included.
        shown = await fake.slash(alice, "tournament show", {})
        assert shown.message is not None
        assert "Round 1\n" in shown.message.content and "Round 2\n" in shown.message.content


async def test_the_host_changing_a_played_match_s_result_closes_no_game(tmp_path: Path) -> None:
    """A match of an earlier round, its game played to the end, is set otherwise by the host:
    its thread hears the new result, and not that a game long over is closed."""
    async with tournament_server(tmp_path / "change.db") as (fake, driver, clock):
        host = fake.member("alice")
        await create_and_fill(fake, driver, 4, {
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 2})
        while len((await stored(fake, 1)).rounds) < 2:
            await clock.advance(61)
            await driver.settle()
        event = await stored(fake, 1)
        played = event.rounds[0].matches[0]
        assert len(played.games) == 1 and played.winner() is not None  # played to its end
        loser = next(e for e in played.entries if e != played.winner())
        [game] = [g for g in await games_of_round(fake, 1, 1) if g.match_id == played.id]
        answer = await fake.slash(host, "tournament result", {
            "match": played.id, "order": f"<@{event.entry(loser).members[0]}>"})
        await driver.settle()
        assert answer.message is not None and "Result set" in answer.message.content
        [notice] = [m for m in fake.state.messages.values()
                    if m.channel_id == game.channel_id and m.content.startswith("Match ")]
        name = event.entry(loser).name
        assert notice.content.endswith(f": {name} wins (set by the host).")


async def test_a_start_time_is_shown_and_a_start_it_misses_is_told_to_the_host(
    tmp_path: Path,
) -> None:
    async with tournament_server(tmp_path / "start.db") as (fake, driver, clock):
        alice, bob, carol = (fake.member(n) for n in NAMES[:3])
        made = await fake.slash(alice, "tournament create", {
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 3,
            "start_in": 10})
        assert made.message is not None
        message_id = made.message.id
        assert "Starts by itself <t:" in made.message.content
        assert "if at least 4 have joined" in made.message.content
        for person in (bob, carol):
            await driver.press(person, made.message, label="Join")
        await clock.advance(601)
        await driver.settle()
        [told] = [m for m in fake.state.messages.values()
                  if m.content.startswith(f"<@{alice.id}> The event could not start")]
        assert "needs at least 4 entries" in told.content and told.pings == [alice.id]
        shown = fake.state.messages[message_id].content
        assert "Starts by itself" not in shown
        assert "The host presses Start once at least 4 have joined." in shown
        assert (await stored(fake, 1)).status == "signup"

        # Another event has its entries in time: it starts by itself and its message says so.
        made = await fake.slash(alice, "tournament create", {
            "game": "cribbage", "format": "knockout", "options": "target=61", "start_in": 5})
        assert made.message is not None
        dave = fake.member("dave")
        for person in (bob, carol, dave):
            await driver.press(person, made.message, label="Join")
        # The host takes a sign-up off before the start (someone else may not).
        refused = await fake.slash(bob, "tournament remove", {"member": dave, "tournament": 2})
        assert refused.message is not None and "Only the host" in refused.message.content
        removed = await fake.slash(alice, "tournament remove", {"member": dave, "tournament": 2})
        assert removed.message is not None
        assert removed.message.content == "Dave is taken off the sign-up."
        assert "Dave" not in fake.state.messages[made.message.id].content
        await clock.advance(301)
        await driver.settle()
        assert (await stored(fake, 2)).status == "running"
        assert "Final." in fake.state.messages[made.message.id].content
        assert len(await games_of_round(fake, 2, 1)) == 1

        # The host cancels the running event; the match's thread says why its game closed.
        refused = await fake.slash(bob, "tournament cancel", {"tournament": 2})
        assert refused.message is not None and "Only the host" in refused.message.content
        answer = await fake.slash(alice, "tournament cancel", {"tournament": 2})
        await driver.settle()
        assert answer.message is not None
        assert answer.message.content == "The tournament is cancelled."
        assert (await stored(fake, 2)).status == "cancelled"
        [game] = await games_of_round(fake, 2, 1)
        assert fake.bot.tables.get(game.game_id).status == "abandoned"
        [notice] = [m for m in fake.state.messages.values() if m.channel_id == game.channel_id
                    and m.content.startswith("Tournament #2 is cancelled by its host")]
        assert notice.pings == []


async def test_a_bye_and_the_win_are_told_to_those_members_once(tmp_path: Path) -> None:
    async with tournament_server(tmp_path / "byes.db") as (fake, driver, clock):
        message = await create_and_fill(fake, driver, 3, {
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 2})
        event = await run_out(fake, driver, clock, 1, 2)
        assert event.status == "finished"
        in_channel = [m for m in fake.state.messages.values()
                      if m.channel_id == message.channel_id and not m.ephemeral]
        byes = [m for m in in_channel if "gives you a bye" in m.content]
        expected = [event.entry(e).members for r in event.rounds for e in r.byes]
        assert [m.pings for m in byes] == expected and len(byes) == 2
        assert "round 1 gives you a bye: a win without a match (1 pt)" in byes[0].content
        [won] = [m for m in in_channel if "is over and you won it" in m.content]
        assert won.pings == event.entry(event.placings[0][0]).members



async def test_the_host_of_an_event_is_pointed_to_a_result_not_to_resign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host runs the event without playing in this match: once its members have moved,
    /abandon is refused, and the refusal names what the host may do instead."""
    monkeypatch.setattr(fake_gateway, "ALL_TEXT_PERMISSIONS", str(0xFFFFFFFF & ~0x28))
    async with tournament_server(tmp_path / "host.db") as (fake, driver, _):
        alice, bob, carol = (fake.member(name) for name in NAMES[:3])
        made = await fake.slash(alice, "tournament create", {
            "game": "cribbage", "format": "knockout", "options": "target=61"})
        assert made.message is not None, made.errors
        for member in (bob, carol):
            await driver.press(member, made.message, label="Join")
        await driver.press(alice, made.message, label="Start")
        [game] = await games_of_round(fake, 1, 1)
        await first_moves(driver_for(fake, game, "host"))

        answer = await fake.slash(alice, "abandon", {"game": game.game_id})
        assert answer.message is not None
        assert "/resign" not in answer.message.content, answer.message.content
        assert "/tournament result" in answer.message.content
        answer = await fake.slash(alice, "tournament result", {
            "match": "1.1", "order": f"<@{bob.id}> <@{carol.id}>"})
        assert answer.message is not None and "Result set" in answer.message.content
        fake.assert_clean()


async def test_a_no_show_at_a_table_is_played_for_in_their_one_seat(tmp_path: Path) -> None:
    async with tournament_server(tmp_path / "seat.db") as (fake, driver, clock):
        await create_and_fill(fake, driver, 3, {
            "game": "pip-pip", "format": "tables", "options": "rounds=1", "rounds": 1,
            "table_size": 3, "round_minutes": 60})
        [game] = await games_of_round(fake, 1, 1)
        await clock.advance(301)  # the member leading never moves
        await driver.settle()
        [match] = (await stored(fake, 1)).rounds[0].matches
        [absent] = [match.seats.index(e) for e in match.forfeits]
        table = driver_for(fake, game, "seat").table_message().content
        name = NAMES[absent].title()
        assert (f"> {name} forfeited this match: the computer plays on in their seat."
                in table), table


async def test_a_computer_fills_a_short_knockout_and_its_games_rate_no_one(
    tmp_path: Path,
) -> None:
    async with tournament_server(tmp_path / "computers.db") as (fake, driver, clock):
        message = await create_and_fill(fake, driver, 3, {
            "game": "cribbage", "format": "knockout", "options": "target=61",
            "computers": "normal"})
        # Said before anyone joins, and again to the members who meet one: a member who then
        # finds the game missing from /stats knew why.
        signup = message.history[0]["content"]
        assert ("Computers (normal) fill the places a short field leaves when it starts; games "
                "against them count for no rating or /stats.") in signup
        shown = fake.state.messages[message.id].content
        assert "Normal bot (4)" in shown and "bye" not in shown
        event = await stored(fake, 1)
        [against] = [m for m in event.rounds[0].matches
                     if any(event.entry(e).computer for e in m.entries)]
        [game] = [g for g in await games_of_round(fake, 1, 1) if g.match_id == against.id]
        calls = [m.content for m in fake.state.messages.values() if "your match" in m.content]
        [call] = [c for c in calls if f"is game #{game.game_id}," in c]
        assert call.endswith(" You meet a computer entry: this game counts for no "
                             "rating or /stats.")
        assert not any("computer entry" in c for c in calls if c != call)
        table = fake.bot.tables.get(game.game_id)
        assert [s.name for s in table.seats if s.is_computer] == ["Normal bot"]
        assert table.seats[[s.is_computer for s in table.seats].index(True)].ai == "normal"
        event = await run_out(fake, driver, clock, 1, 2)
        assert event.status == "finished"
        assert await fake.bot.store.results(game.game_id) == []  # type: ignore[attr-defined]


async def test_a_member_joins_a_running_swiss_late_and_is_told_from_which_round(
    tmp_path: Path,
) -> None:
    async with tournament_server(tmp_path / "late.db") as (fake, driver, clock):
        message = await create_and_fill(fake, driver, 4, {
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 3})
        shown = fake.state.messages[message.id].content
        assert "Late entries: /tournament join until round 3 starts" in shown
        erin = fake.member("erin")
        answer = await fake.slash(erin, "tournament join", {})
        assert answer.message is not None and answer.message.content == (
            "You are in, late: you start on 0 points and are paired from round 2, when it "
            "starts. The standings mark you as joined then.")
        await driver.settle()
        assert "5. Erin (joined round 2): 0 pts" in fake.state.messages[message.id].content
        event = await stored(fake, 1)
        assert len(event.rounds) == 1 and len(event.entries) == 5
        await clock.advance(61)
        await driver.settle()
        for _ in range(3):
            event = await stored(fake, 1)
            if len(event.rounds) > 1:
                break
            await clock.advance(61)
            await driver.settle()
        late = event.entry_of(erin.id)
        second = event.rounds[1]
        assert late is not None
        assert late.id in [e for m in second.matches for e in m.entries] + second.byes
