"""A host on a phone enters the wrong winner of a semi-final, and the final starts. They
correct it with /tournament result: the right entry takes the wrong one's place in the final,
whose game is closed and opened again, each player told once; the message, the pictures and
the CSV agree. The same correction survives the bot restarting half-way through it."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from tables.tournaments import Tournament
from testkit.fake_discord import FakeDiscord
from tests.e2e.test_tournaments import (
    KNOCKOUT_OF_FOUR,
    NAMES,
    create_and_fill,
    driver_for,
    first_moves,
    games_of_round,
    stored,
    tournament_bot,
    tournament_server,
)

pytestmark = pytest.mark.usefixtures("quick_pictures")

CORRECTED = "the host corrected match 1.2, so Carol takes Bob's place in match 2.1"


async def semis_settled_wrongly(fake: FakeDiscord, driver: Any) -> tuple[Any, int]:
    """Alice (seed 1, the host), Bob, Carol, Dave: the host sets Alice and Bob through, Bob
    by mistake (Carol won 1.2); the final's game opens and Alice moves in it. The event's
    message and the final's game."""
    message = await create_and_fill(fake, driver, 4, KNOCKOUT_OF_FOUR)
    people = [fake.member(name) for name in NAMES[:4]]
    host = people[0]
    for match, order in (("1.1", (0, 3)), ("1.2", (1, 2))):
        answer = await fake.slash(host, "tournament result", {
            "match": match, "order": " ".join(f"<@{people[i].id}>" for i in order)})
        assert answer.message is not None and "Result set" in answer.message.content
    await driver.settle()
    [final] = await games_of_round(fake, 1, 2)
    await first_moves(driver_for(fake, final, "final"), everyone=False)
    return message, final


def csv_of(answer: Any) -> dict[str, list[str]]:
    [attached] = answer.message.attachments
    rows = list(csv.reader(io.StringIO(attached.data.decode("utf-8-sig"))))
    return {row[1]: row for row in rows[1:]}


async def test_the_host_corrects_a_semi_final_once_the_final_started(tmp_path: Path) -> None:
    async with tournament_server(tmp_path / "fix.db") as (fake, driver, _clock):
        message, old = await semis_settled_wrongly(fake, driver)
        alice, bob, carol = (fake.member(name) for name in NAMES[:3])
        before = set(fake.state.messages)
        answer = await fake.slash(alice, "tournament result", {
            "match": "1.2", "order": f"<@{carol.id}> <@{bob.id}>"})
        await driver.settle()
        assert answer.message is not None and answer.message.content == (
            "Result set. Match 1.2: Carol wins. Carol takes Bob's place in match 2.1, which "
            "starts again.")

        event = await stored(fake, 1)
        final = event.match("2.1")
        assert [event.entry(e).name for e in final.entries] == ["Alice", "Carol"]
        assert final.set_aside == 1 and final.games == [] and event.status == "running"
        # The old final's game is closed, saying why, at its table; the new one opens.
        table = fake.bot.tables.get(old.game_id)  # type: ignore[attr-defined]
        assert table.status == "abandoned" and table.closed_why == (
            f"Closed: {CORRECTED}, which starts again.")
        record = await fake.bot.store.game(old.game_id)  # type: ignore[attr-defined]
        assert record is not None and record.status == "abandoned"  # kept, not deleted
        old_game, new_game = await games_of_round(fake, 1, 2)
        assert old_game.game_id == old.game_id and new_game.channel_id != old.channel_id
        new_table = fake.bot.tables.get(new_game.game_id)  # type: ignore[attr-defined]
        assert {s.user_id for s in new_table.seats} == {alice.id, carol.id}
        said = [fake.state.messages[m] for m in sorted(set(fake.state.messages) - before)]
        at_old = [m.content for m in said if m.channel_id == old.channel_id]
        assert at_old == [
            "The host corrected match 1.2, so Carol takes Bob's place in match 2.1, which "
            "starts again: this game is closed. Its games stay in your records but no longer "
            "count for the match."]
        in_channel = [m for m in said if m.channel_id == message.channel_id and not m.ephemeral
                      and "takes Bob's place" in m.content]
        assert len(in_channel) == 1 and sorted(in_channel[0].pings) == sorted(
            [alice.id, bob.id, carol.id])
        assert in_channel[0].content.endswith(f"tournament #1: {CORRECTED}, which starts again.")
        calls = [m for m in said if m.channel_id == new_game.channel_id
                 and "your match 2.1" in m.content]
        assert len(calls) == 1
        # The message, its pictures and the CSV agree: Bob is out in round 1.
        shown = fake.state.messages[message.id]
        assert "Bob (2) v Carol (3): Carol wins (set by the host)" in shown.content
        assert "Alice (1) v Carol (3): playing" in shown.content
        assert "Alice (1) v Bob" not in shown.content
        [bracket] = [a for a in shown.attachments if a.filename == "bracket.png"]
        assert "Final: Alice (1) v Carol (3), playing." in (bracket.description or "")
        csv_rows = csv_of(await fake.slash(bob, "tournament standings", {}))
        assert csv_rows["Bob"][3:5] == ["0", "1"] and csv_rows["Carol"][3:5] == ["1", "0"]

        # Carol plays the final through and wins: the event ends with her as champion.
        await driver_for(fake, new_game, "new final").play_to_end()
        await driver.settle()
        event = await stored(fake, 1)
        assert event.status == "finished"
        assert [event.entry(e).name for e in event.placings[1]] in (["Alice"], ["Carol"])
        assert "Bob" in [event.entry(e).name for e in event.placings[2]]

        fake.assert_clean()


async def test_a_correction_survives_a_restart_before_its_games_are_changed(
    tmp_path: Path,
) -> None:
    """The correction is saved, then the bot goes down before it closed the old final's
    game: once back, the old game is closed and the new one opened, from the store alone."""
    database = tmp_path / "restart.db"
    async with tournament_server(database) as (fake, driver, clock):
        _message, old = await semis_settled_wrongly(fake, driver)
        alice, bob, carol = (fake.member(name) for name in NAMES[:3])
        service = fake.bot.tournaments  # type: ignore[attr-defined]
        held = service.get(1)

        def correct(event: Tournament) -> list[Any]:
            return event.set_result(alice.id, "1.2", [["e3"], ["e2"]])

        async with service._lock(1):  # saved, as /tournament result would, and nothing after
            await service._change(held, correct)
        await fake.restart(tournament_bot(str(database), clock), crash=True)
        await driver.settle()

        event = await stored(fake, 1)
        assert [event.entry(e).name for e in event.match("2.1").entries] == ["Alice", "Carol"]
        table = fake.bot.tables.get(old.game_id)  # type: ignore[attr-defined]
        assert table is not None and table.status == "abandoned"
        assert table.closed_why == f"Closed: {CORRECTED}, which starts again."
        _old, new_game = await games_of_round(fake, 1, 2)
        new_table = fake.bot.tables.get(new_game.game_id)  # type: ignore[attr-defined]
        assert new_table.status == "running"
        assert {s.user_id for s in new_table.seats} == {alice.id, carol.id}
        assert bob.id not in {s.user_id for s in new_table.seats}
        await driver_for(fake, new_game, "after").play_to_end()
        await driver.settle()
        assert (await stored(fake, 1)).status == "finished"


async def test_a_swiss_correction_counts_everywhere_and_its_pairings_stand(
    tmp_path: Path,
) -> None:
    """Round 2 is under way when the host fixes a round-1 result: the reply says the pairings
    made stand; the message's standings, its picture's words and the CSV count the fix."""
    async with tournament_server(tmp_path / "swiss.db") as (fake, driver, _clock):
        people = [fake.member(name) for name in NAMES[:4]]
        host = people[0]
        made = await fake.slash(host, "tournament create", {
            "game": "cribbage", "format": "swiss", "options": "target=61", "rounds": 2})
        assert made.message is not None, made.errors
        for person in people:
            await driver.press(person, made.message, label="Join")
        await driver.press(host, made.message, label="Start")
        await driver.settle()
        event = await stored(fake, 1)
        mention = {e.id: f"<@{e.members[0]}>" for e in event.entries}
        for match in event.rounds[0].matches:
            await fake.slash(host, "tournament result", {
                "match": match.id, "order": " ".join(mention[e] for e in match.entries)})
        await driver.settle()
        event = await stored(fake, 1)
        pairings = [m.entries for m in event.rounds[1].matches]
        first = event.rounds[0].matches[0]
        winner, loser = (event.entry(e).name for e in first.entries)
        assert csv_of(await fake.slash(host, "tournament standings", {}))[loser][3] == "0"

        answer = await fake.slash(host, "tournament result", {
            "match": first.id, "order": f"{mention[first.entries[1]]} {mention[first.entries[0]]}"})
        await driver.settle()
        assert answer.message is not None and answer.message.content == (
            f"Result set. Match {first.id}: {loser} wins. The pairings already made stand; "
            "the standings, pictures and CSV count the new result.")
        event = await stored(fake, 1)
        assert [m.entries for m in event.rounds[1].matches] == pairings
        rows = csv_of(await fake.slash(host, "tournament standings", {}))
        assert (rows[loser][3], rows[winner][3]) == ("1", "0")
        shown = fake.state.messages[made.message.id]
        assert f"{loser}: 1 pt, won 1," in shown.content
        assert f"{winner}: 0 pts, lost 1," in shown.content
        [standings] = [a for a in shown.attachments if a.filename == "standings.png"]
        assert f"{loser}: points 1," in (standings.description or "")
        assert f"{winner}: points 0," in (standings.description or "")


async def test_a_game_set_aside_that_ends_just_then_is_said_not_to_count(
    tmp_path: Path,
) -> None:
    """The old final's last move is made as the host corrects the semi-final: its end
    reaches the event after the correction, so it is not recorded for the final, and its
    thread is told why, once, pinging nobody."""
    async with tournament_server(tmp_path / "late.db") as (fake, driver, _clock):
        _message, old = await semis_settled_wrongly(fake, driver)
        alice, bob, carol = (fake.member(name) for name in NAMES[:3])
        bot = fake.bot
        manager, service = bot.tables, bot.tournaments  # type: ignore[attr-defined]
        table = manager.get(old.game_id)
        manager.listeners.remove(service)
        await manager.play_for(table.id, range(len(table.seats)), "x")
        await driver.settle()
        manager.listeners.append(service)
        assert table.status == "finished"
        await fake.slash(alice, "tournament result", {
            "match": "1.2", "order": f"<@{carol.id}> <@{bob.id}>"})
        await driver.settle()
        await service.on_finished(table)
        await driver.settle()

        final = (await stored(fake, 1)).match("2.1")
        assert final.games == [] and not final.finished
        said = [m for m in fake.state.messages.values() if m.channel_id == old.channel_id
                and m.content.startswith("This game no longer counts")]
        assert [m.content for m in said] == [
            "This game no longer counts for tournament #1: The host corrected match 1.2, so "
            "Carol takes Bob's place in match 2.1. It stays in your records."]
        assert said[0].pings == []
        _old, new_game = await games_of_round(fake, 1, 2)
        assert manager.get(new_game.game_id).status == "running"


async def test_a_corrected_match_s_thread_hears_its_new_result_not_a_second_closing(
    tmp_path: Path,
) -> None:
    """The host settled match 1.2 and its game was closed, saying so; correcting it later
    tells its thread the new result, and not that its game, long closed, is closed again."""
    async with tournament_server(tmp_path / "again.db") as (fake, driver, _clock):
        await semis_settled_wrongly(fake, driver)
        alice, bob, carol = (fake.member(name) for name in NAMES[:3])
        [semi] = [g for g in await games_of_round(fake, 1, 1) if g.match_id == "1.2"]
        await fake.slash(alice, "tournament result", {
            "match": "1.2", "order": f"<@{carol.id}> <@{bob.id}>"})
        await driver.settle()
        said = [m.content for m in fake.state.messages.values()
                if m.channel_id == semi.channel_id and m.content.startswith("Match 1.2")]
        assert said == ["Match 1.2 Bob v Carol: Bob wins (set by the host). Its game is closed.",
                        "Match 1.2 Bob v Carol: Carol wins (set by the host)."]


async def test_the_right_entry_takes_the_seat_of_one_who_left_after_a_wrong_result(
    tmp_path: Path,
) -> None:
    """A knockout of eight: the host puts Dave through 1.2 by mistake (Erin won), and Dave
    drops out of the event, so Alice is through 2.1 on his forfeit. The host corrects 1.2:
    Erin takes the seat, and 2.1 is played, Alice against Erin, in a game of its own."""
    async with tournament_server(tmp_path / "left.db") as (fake, driver, _clock):
        await create_and_fill(fake, driver, 8, KNOCKOUT_OF_FOUR)
        alice, dave, erin = (fake.member(name) for name in ("alice", "dave", "erin"))
        event = await stored(fake, 1)
        mention = {e.id: f"<@{e.members[0]}>" for e in event.entries}
        for match in event.rounds[0].matches:  # the better seed goes through, Dave (4) too
            await fake.slash(alice, "tournament result", {
                "match": match.id, "order": " ".join(mention[e] for e in match.entries)})
        await driver.settle()
        event = await stored(fake, 1)
        assert [event.entry(e).name for e in event.match("2.1").entries] == ["Alice", "Dave"]
        left = await fake.slash(dave, "tournament drop", {})
        assert left.message is not None, left.errors
        await driver.settle()
        assert (await stored(fake, 1)).match("2.1").forfeits == {"e4": "dropped"}

        before = set(fake.state.messages)
        answer = await fake.slash(alice, "tournament result", {
            "match": "1.2", "order": f"<@{erin.id}> <@{dave.id}>"})
        await driver.settle()
        assert answer.message is not None and answer.message.content == (
            "Result set. Match 1.2: Erin wins. Erin takes Dave's place in match 2.1, which "
            "starts again.")
        event = await stored(fake, 1)
        final_four = event.match("2.1")
        assert [event.entry(e).name for e in final_four.entries] == ["Alice", "Erin"]
        assert not final_four.finished and final_four.forfeits == {}
        games = [g for g in await games_of_round(fake, 1, 2) if g.match_id == "2.1"]
        assert len(games) == 2 and final_four.set_aside == 1
        table = fake.bot.tables.get(games[-1].game_id)  # type: ignore[attr-defined]
        assert table.status == "running"
        assert {s.user_id for s in table.seats} == {alice.id, erin.id}
        # The old game's thread, closed when Dave left, is not told it is closed again.
        said = [fake.state.messages[m] for m in sorted(set(fake.state.messages) - before)]
        assert [m.content for m in said if m.channel_id == games[0].channel_id] == [
            "The host corrected match 1.2, so Erin takes Dave's place in match 2.1, which "
            "starts again in a new game."]
        assert next(m.content for m in said if m.channel_id == games[1].channel_id).startswith(
            f"<@{alice.id}> <@{erin.id}>: your match 2.1 of tournament #1")
        await driver_for(fake, games[-1], "replayed").play_to_end()
        await driver.settle()
        assert (await stored(fake, 1)).match("2.1").finished


async def test_news_saved_just_before_a_crash_is_told_after_it_once(tmp_path: Path) -> None:
    """The host's result for the final is saved, and the bot dies before telling anyone:
    back up, it tells the champion and shows the event over, once; a second restart tells
    nothing again."""
    database = tmp_path / "news.db"
    async with tournament_server(database) as (fake, driver, clock):
        message, final = await semis_settled_wrongly(fake, driver)
        alice = fake.member("alice")
        service = fake.bot.tournaments  # type: ignore[attr-defined]
        held = service.get(1)

        def crown(event: Tournament) -> list[Any]:
            return event.set_result(alice.id, "2.1", [["e1"], ["e2"]])

        async with service._lock(1):  # saved, as /tournament result would, and nothing after
            await service._change(held, crown)
        before = set(fake.state.messages)
        await fake.restart(tournament_bot(str(database), clock), crash=True)
        await driver.settle()

        def won() -> list[Any]:
            return [m for m in fake.state.messages.values()
                    if "is over and you won it" in m.content]

        [told] = won()
        assert told.id not in before and told.pings == [alice.id]
        assert "Finished: Alice won." in fake.state.messages[message.id].content
        [closing] = [m.content for m in fake.state.messages.values()
                     if m.channel_id == final.channel_id and m.content.startswith("Match 2.1")]
        assert closing == "Match 2.1 Alice v Bob: Alice wins (set by the host). Its game is closed."
        record = await fake.bot.store.tournament(1)  # type: ignore[attr-defined]
        assert record is not None and record.untold_from is None
        # Over and told: let go.
        assert fake.bot.tournaments.get(1) is None  # type: ignore[attr-defined]

        await fake.restart(tournament_bot(str(database), clock), crash=True)
        await driver.settle()
        assert len(won()) == 1
