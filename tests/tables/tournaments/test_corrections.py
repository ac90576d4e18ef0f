"""The host corrects a result after the event moved on. In a knockout the entry now through
takes the wrong one's place in its next match while that match is undecided (the match
starts again), and is refused once it is decided; in a Swiss or round robin the standings
count the new result and the pairings already made stand. Every view (words, bracket
picture, standings rows, CSV) agrees afterwards."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from tables.tournaments import KNOCKOUT, ROUND_ROBIN, SWISS, Tournament
from tables.tournaments.export import standings_csv
from tables.tournaments.knockout import first_round
from tables.tournaments.picture import picture_data
from tables.tournaments.standings import knockout_winner
from tables.tournaments.text import bracket_lines, restart_words, standing_lines, status_line
from tests.tables.tournaments.helpers import HOST, better_seed_wins, outcome, play_out, signed_up

RATINGS = {user: 2000.0 - 10 * user for user in range(1, 9)}


def knockout_in_round_two(count: int = 8, **settings: object) -> Tournament:
    """Seeds 1..count by user number; the better seed wins every round-one match."""
    event = signed_up(KNOCKOUT, count, **settings)
    event.start(HOST, RATINGS)
    for match in list(event.rounds[0].matches):
        while not match.finished:
            event.record_game(match.id, outcome(match, better_seed_wins(event)(match)))
    assert len(event.rounds) == 2
    return event


def csv_rows(event: Tournament) -> dict[str, list[str]]:
    rows = list(csv.reader(io.StringIO(standings_csv(event).decode("utf-8-sig"))))
    return {row[1]: row for row in rows[1:]}


def test_a_corrected_winner_takes_the_wrong_one_s_place_in_the_match_in_play() -> None:
    """1.2 was Player 4 v Player 5 (seeds 4 and 5) and the host entered 4 by mistake: 5
    takes 4's place against 1 in match 2.1, which starts again; every view agrees."""
    event = knockout_in_round_two()
    assert event.match("1.2").entries == ["e4", "e5"]
    later = event.match("2.1")
    assert sorted(later.entries) == ["e1", "e4"]
    said = event.set_result(HOST, "1.2", [["e5"], ["e4"]])
    assert [e["text"] for e in said] == [
        "The host set match 1.2: Player 5, then Player 4.",
        "Player 5 takes Player 4's place in match 2.1, which starts again.",
        "Match 1.2: Player 5 wins.",
    ]
    assert sorted(later.entries) == ["e1", "e5"] and not later.finished
    assert later.replaced == {"e5": "e4"} and later.games == []
    assert restart_words(event, later) == (
        "the host corrected match 1.2, so Player 5 takes Player 4's place in match 2.1")
    # Player 4 is out now, in every view.
    rows = {row["name"]: row for row in picture_data(event)["rows"]}
    assert (rows["Player 4"]["won"], rows["Player 4"]["lost"]) == (0, 1)
    assert (rows["Player 5"]["won"], rows["Player 5"]["lost"]) == (1, 0)
    assert csv_rows(event)["Player 4"][3:5] == ["0", "1"]
    assert any("Player 5 (5)" in line and "2.1" not in line for line in bracket_lines(event))
    final = event.rounds[1]
    slots = picture_data(event)["bracket"]["played"][1]["slots"]
    named = [entry["name"] for slot in slots for entry in slot["entries"]]
    assert "Player 5" in named and "Player 4" not in named and len(final.matches) == 2
    play_out(event, better_seed_wins(event))
    assert event.placings[0] == ["e1"]
    assert "e4" in event.placings[-1] and "e5" not in event.placings[-1]


def test_a_best_of_three_in_play_starts_again_from_nothing() -> None:
    """Game 1 of the next match was Player 4's: it no longer counts for the match."""
    event = knockout_in_round_two(best_of=3)
    later = event.match("2.1")
    event.record_game("2.1", outcome(later, ["e4", "e1"]))
    assert len(later.games) == 1
    event.set_result(HOST, "1.2", [["e5"], ["e4"]])
    assert later.games == [] and later.games_won() == {"e1": 0.0, "e5": 0.0}


def test_correcting_back_puts_the_first_entry_in_again() -> None:
    event = knockout_in_round_two()
    event.set_result(HOST, "1.2", [["e5"], ["e4"]])
    said = event.set_result(HOST, "1.2", [["e4"], ["e5"]])
    assert said[1]["text"] == "Player 4 takes Player 5's place in match 2.1, which starts again."
    later = event.match("2.1")
    assert sorted(later.entries) == ["e1", "e4"] and later.replaced == {}
    assert restart_words(event, later) == (
        "match 2.1 started again after the host corrected an earlier result")


def test_a_correction_naming_the_same_winner_moves_nobody() -> None:
    """Allowed even once the bracket went on: who went through does not change."""
    event = knockout_in_round_two()
    event.record_game("2.1", outcome(event.match("2.1"), ["e1", "e4"]))
    said = event.set_result(HOST, "1.2", [["e4"], ["e5"]])
    assert [e["type"] for e in said] == ["ruling", "match_over"]
    assert event.match("1.2").ruling is not None
    assert sorted(event.match("2.1").entries) == ["e1", "e4"]


def test_a_correction_is_refused_once_the_next_match_is_decided() -> None:
    event = knockout_in_round_two()
    event.record_game("2.1", outcome(event.match("2.1"), ["e4", "e1"]))
    before = event.to_json()
    with pytest.raises(IllegalAction) as refusal:
        event.set_result(HOST, "1.2", [["e5"], ["e4"]])
    assert str(refusal.value) == (
        "Match 1.2 can no longer change: Player 4, sent through from it, has finished match "
        "2.1 since, so the bracket has moved on past it. You can still set any match of this "
        "round, or correct an earlier one whose winner has not finished their next match.")
    assert event.to_json() == before
    # A match of round one whose winner has not played on can still be corrected.
    event.set_result(HOST, "1.4", [["e6"], ["e3"]])
    assert sorted(event.match("2.2").entries) == ["e2", "e6"]


def test_a_correction_two_rounds_back_is_refused() -> None:
    event = knockout_in_round_two()
    for match in list(event.rounds[1].matches):
        event.record_game(match.id, outcome(match, better_seed_wins(event)(match)))
    assert len(event.rounds) == 3
    with pytest.raises(IllegalAction, match=r"has finished match 2\.1 since"):
        event.set_result(HOST, "1.1", [["e8"], ["e1"]])


def test_an_entry_that_left_cannot_be_put_through() -> None:
    event = knockout_in_round_two()
    event.drop(5)
    before = event.to_json()
    with pytest.raises(IllegalAction) as refusal:
        event.set_result(HOST, "1.2", [["e5"], ["e4"]])
    assert str(refusal.value) == ("Player 5 has left the event, so cannot take Player 4's "
                                  "place in match 2.1: match 1.2 stands.")
    assert event.to_json() == before


def test_the_right_entry_takes_the_seat_of_one_sent_through_by_mistake_who_left() -> None:
    """Player 4, through from 1.2 by mistake, drops out: 2.1 goes to Player 1 on the
    forfeit. The host corrects 1.2: Player 5 takes the seat, the forfeit is void and 2.1 is
    played; the round waits for it, and every view shows Player 5 in it."""
    event = knockout_in_round_two()
    event.drop(4)
    later = event.match("2.1")
    assert later.finished and later.forfeits == {"e4": "dropped"}
    said = event.set_result(HOST, "1.2", [["e5"], ["e4"]])
    assert [e["text"] for e in said] == [
        "The host set match 1.2: Player 5, then Player 4.",
        "Player 5 takes Player 4's place in match 2.1, which starts again.",
        "Match 1.2: Player 5 wins.",
    ]
    assert sorted(later.entries) == ["e1", "e5"] and later.forfeits == {}
    assert not later.finished and later.replaced == {"e5": "e4"}
    for match in list(event.current.matches):  # type: ignore[union-attr]
        if not match.finished:
            event.record_game(match.id, outcome(match, better_seed_wins(event)(match)))
    assert len(event.rounds) == 3 and "e1" in event.match("3.1").entries
    assert "Player 1 (1) v Player 5 (5): Player 1 wins" in "\n".join(bracket_lines(event))
    assert csv_rows(event)["Player 5"][3:5] == ["1", "1"]


def test_a_left_entry_s_match_is_settled_at_once_when_the_other_left_too() -> None:
    event = knockout_in_round_two()
    event.drop(4)
    event.drop(1)  # Player 1's match 2.1 was over: Player 1 is out of the event
    event.set_result(HOST, "1.2", [["e5"], ["e4"]])
    later = event.match("2.1")
    assert later.finished and later.winner() == "e5" and later.forfeits == {"e1": "dropped"}


def test_a_correction_is_refused_once_the_round_of_the_one_who_left_is_over() -> None:
    event = knockout_in_round_two()
    event.drop(4)
    for match in list(event.rounds[1].matches):
        if not match.finished:
            event.record_game(match.id, outcome(match, better_seed_wins(event)(match)))
    assert len(event.rounds) == 3
    before = event.to_json()
    with pytest.raises(IllegalAction) as refusal:
        event.set_result(HOST, "1.2", [["e5"], ["e4"]])
    assert str(refusal.value) == (
        "Match 1.2 can no longer change: Player 4, sent through from it, left the event, and "
        "the round of match 2.1 is over since, so the bracket has moved on past it.")
    assert event.to_json() == before


def test_a_correction_survives_the_saved_document() -> None:
    event = knockout_in_round_two()
    event.set_result(HOST, "1.2", [["e5"], ["e4"]])
    event.match("2.1").set_aside = 1
    again = Tournament.from_json(event.to_json())
    assert again.match("2.1").replaced == {"e5": "e4"} and again.match("2.1").set_aside == 1
    assert again.to_json() == event.to_json()


def test_a_document_saved_before_corrections_loads() -> None:
    event = knockout_in_round_two()
    text = event.to_json().replace('"replaced": {}, ', "").replace('"set_aside": 0, ', "")
    assert '"set_aside"' not in text
    assert Tournament.from_json(text).match("2.1").set_aside == 0


def fed(event: Tournament, number: int) -> list[str]:
    """The entries round `number` should hold: those the round before sends through."""
    seed = {e.id: e.seed for e in event.entries}
    if number == 2:
        by_pair = {frozenset(m.entries): m for m in event.rounds[0].matches}
        return [first if second is None else knockout_winner(by_pair[frozenset((first, second))],
                                                              seed)
                for first, second in first_round(event.seeded())]
    return [knockout_winner(m, seed) for m in event.rounds[number - 2].matches]


@settings(max_examples=80, deadline=None)
@given(count=st.integers(3, 12), steps=st.lists(st.tuples(st.integers(0, 3),
                                                          st.integers(0, 50)),
                                                min_size=1, max_size=40))
def test_the_bracket_always_holds_who_the_round_before_sent_through(
    count: int, steps: list[tuple[int, int]],
) -> None:
    """Any knockout, results, drop-outs and corrections in any order: each later round's
    matches hold exactly the entries the round before sends through (in bracket order), a
    refused correction changes nothing, no match is played by an entry that left (it
    forfeits), and the event places every entry once."""
    event = signed_up(KNOCKOUT, count)
    event.start(HOST)
    for how, pick in steps:
        if event.status != "running":
            break
        assert event.current is not None
        if how < 2:
            waiting = [m for m in event.current.matches if not m.finished]
            match = waiting[pick % len(waiting)]
            order = match.entries if how == 0 else match.entries[::-1]
            event.record_game(match.id, outcome(match, order))
        elif how == 3:
            entry = event.entries[pick % count]
            if not entry.dropped:
                event.drop(HOST, entry.id)
        else:
            played = [m for r in event.rounds for m in r.matches]
            match = played[pick % len(played)]
            before = event.to_json()
            try:
                event.set_result(HOST, match.id, [match.entries[::-1][:1],
                                                  match.entries[::-1][1:]])
            except IllegalAction:
                assert event.to_json() == before
        for number in range(2, len(event.rounds) + 1):
            held = [e for m in event.rounds[number - 1].matches for e in m.entries]
            assert held == fed(event, number)
        for match in event.current.matches if event.current else []:
            assert match.finished or not any(event.entry(e).dropped for e in match.entries)
    play_out(event, lambda match: match.entries)
    placed = sorted(e for group in event.placings for e in group)
    assert placed == sorted(e.id for e in event.entries)


@pytest.mark.parametrize("format", [SWISS, ROUND_ROBIN])
def test_an_earlier_round_s_correction_counts_and_its_pairings_stand(format: str) -> None:
    settings = {"rounds_planned": 3} if format == SWISS else {}
    event = signed_up(format, 4, **settings)
    event.start(HOST, RATINGS)
    play = better_seed_wins(event)
    for match in list(event.rounds[0].matches):
        event.record_game(match.id, outcome(match, play(match)))
    assert len(event.rounds) == 2
    pairings = [m.entries for m in event.rounds[1].matches]
    first = event.rounds[0].matches[0]
    winner, loser = play(first)
    points = {row["name"]: row["points"] for row in picture_data(event)["rows"]}
    said = event.set_result(HOST, first.id, [[loser], [winner]])
    assert said[0]["earlier"] is True
    assert [m.entries for m in event.rounds[1].matches] == pairings
    rows = {row["name"]: row for row in picture_data(event)["rows"]}
    names = event.entry(winner).name, event.entry(loser).name
    assert rows[names[0]]["points"] == points[names[0]] - 1
    assert rows[names[1]]["points"] == points[names[1]] + 1
    assert csv_rows(event)[names[1]][3] == f"{points[names[1]] + 1:g}"
    lines = standing_lines(event)
    assert any(names[1] in line and f"{points[names[1]] + 1:g} pt" in line for line in lines)


def to_the_final() -> Tournament:
    event = knockout_in_round_two(4)
    assert len(event.current.matches) == 1
    return event


def test_a_final_nobody_showed_up_for_waits_for_the_host() -> None:
    """As any match settled on no-shows may be ruled by the host, the final is left to
    them: the event runs on, says so, and ends when they set its result."""
    event = to_the_final()
    said = event.no_show("2.1", "e1", "e2")
    assert said[-1]["type"] == "final_unplayed"
    assert said[-1]["text"] == (
        "Nobody showed up for the final (match 2.1): the event waits for the host to set its "
        "result or end it with no champion.")
    assert event.status == "running" and event.final_waits()
    assert status_line(event) == ("Final: nobody showed up. Waiting for the host to set its "
                                  "result, or to end the event with no champion.")
    again = Tournament.from_json(event.to_json())  # a restart keeps it waiting
    assert again.status == "running" and again.final_waits()
    said = event.set_result(HOST, "2.1", [["e2"], ["e1"]])
    assert said[-1]["text"] == "The event is over: Player 2 wins."
    assert event.placings[:2] == [["e2"], ["e1"]]


def test_the_host_may_end_a_final_nobody_played_with_no_champion() -> None:
    event = to_the_final()
    event.no_show("2.1", "e1", "e2")
    said = event.end(HOST)
    assert [e["text"] for e in said] == [
        "The host ends the event with its final unplayed.",
        "The event is over. Nobody played the final: no champion. Player 1 and Player 2 "
        "share 2nd place."]
    assert event.placings[:2] == [[], ["e1", "e2"]]


def test_a_knockout_still_may_not_end_while_its_final_is_to_be_played() -> None:
    event = to_the_final()
    with pytest.raises(IllegalAction, match="A knockout ends with its final"):
        event.end(HOST)


def test_a_paused_final_nobody_played_is_said_to_wait_for_the_host_once() -> None:
    event = to_the_final()
    event.pause(HOST)
    said = event.no_show("2.1", "e1", "e2")
    assert [e["type"] for e in said][-1] == "final_unplayed"
    assert "round_held" not in [e["type"] for e in said]
    assert [e["type"] for e in event.resume(HOST)] == ["resumed"]
    assert event.status == "running" and event.final_waits()
