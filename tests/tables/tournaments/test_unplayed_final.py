"""A knockout whose final nobody played (both finalists forfeited before a game of it ended,
and the host set no result) crowns nobody: no champion, the finalists share 2nd, and every
word and picture says so, as an event with no match played has no winner."""

from __future__ import annotations

import csv
import io

from hypothesis import given, settings
from hypothesis import strategies as st

from render.tournament import describe_bracket, describe_standings
from tables.tournaments import KNOCKOUT, Tournament
from tables.tournaments.export import standings_csv
from tables.tournaments.model import numbered
from tables.tournaments.picture import picture_data
from tables.tournaments.service import _placings
from tables.tournaments.text import bracket_lines, standing_lines, status_line
from tests.tables.tournaments.helpers import HOST, better_seed_wins, outcome

RATINGS = {1: 1600.0, 2: 1500.0, 3: 1400.0, 4: 1300.0}


def to_the_final() -> Tournament:
    """Ann (1), Bob (2), Cy (3), Di (4): the better seeds win their semi-finals."""
    event = Tournament.create("t", HOST, "cribbage", KNOCKOUT)
    for user, name in enumerate(("Ann", "Bob", "Cy", "Di"), start=1):
        event.join(user, name)
    event.start(HOST, RATINGS)
    for match in list(event.current.matches):
        event.record_game(match.id, outcome(match, better_seed_wins(event)(match)))
    assert event.current is not None and len(event.current.matches) == 1
    return event


def test_a_final_nobody_showed_up_for_has_no_champion() -> None:
    """The event waits for the host (test_corrections.py), who ends it with no champion."""
    event = to_the_final()
    said = [e["text"] for e in event.no_show("2.1", "e1", "e2")]
    assert said[2] == "Match 2.1: nobody wins."
    said = [e["text"] for e in event.end(HOST)]
    assert said[1:] == ["The event is over. Nobody played the final: no champion. Ann and Bob "
                        "share 2nd place."]
    assert event.placings == [[], ["e1", "e2"], ["e3", "e4"]]
    assert status_line(event) == "Finished. Nobody played the final: no champion."
    assert standing_lines(event) == ["Nobody played the final: no champion.", "2=. Ann",
                                     "2=. Bob", "4=. Cy", "4=. Di"]
    assert bracket_lines(event)[-1] == "  Ann (1) v Bob (2): nobody wins (neither showed up)"
    assert event.best_members() is None
    # No member is recorded 1st, so no one earns Champion.
    assert sorted((p.user_id, p.place) for p in _placings(event)) == [
        (1, 2), (2, 2), (3, 4), (4, 4)]
    data = picture_data(event)
    assert data["bracket"]["played"][-1]["slots"][0]["winner"] is None
    assert {row["name"]: row["place"] for row in data["rows"]} == {
        "Ann": "2=", "Bob": "2=", "Cy": "4=", "Di": "4="}
    assert [(row["won"], row["lost"]) for row in data["rows"][:2]] == [(1, 1), (1, 1)]
    assert "Final: Ann (1) no-show, Bob (2) no-show: nobody won." in describe_bracket(data)


def test_while_the_final_waits_for_the_host_neither_finalist_is_ranked() -> None:
    """Nobody won the final yet and the host may crown either: the message's standings, the
    picture (its rows, its status, its alt text) and the CSV give the finalists no place."""
    event = to_the_final()
    event.no_show("2.1", "e1", "e2")
    assert event.final_waits()
    assert standing_lines(event) == ["– Ann: won 1, lost 1", "– Bob: won 1, lost 1",
                                     "3. Cy: won 0, lost 1", "4. Di: won 0, lost 1"]
    data = picture_data(event)
    assert data["status"] == "Final · waits for the host"
    assert [(row["name"], row["place"]) for row in data["rows"]] == [
        ("Ann", "–"), ("Bob", "–"), ("Cy", "3"), ("Di", "4")]
    assert "1. Ann" not in describe_standings(data) and "– Ann" in describe_standings(data)
    rows = list(csv.reader(io.StringIO(standings_csv(event).decode("utf-8-sig"))))
    assert [row[:2] for row in rows[1:3]] == [["–", "Ann"], ["–", "Bob"]]
    event.set_result(HOST, "2.1", [["e2"], ["e1"]])  # the host rules: ranked as placed
    assert standing_lines(event)[:2] == ["1. Bob", "2. Ann"]


def test_a_final_the_host_settled_has_its_champion() -> None:
    event = to_the_final()
    event.set_result(HOST, "2.1", [["e2"], ["e1"]])
    assert event.placings[:2] == [["e2"], ["e1"]]
    assert status_line(event) == "Finished: Bob won."


def test_a_final_one_finalist_showed_up_for_is_won_by_them() -> None:
    event = to_the_final()
    said = [e["text"] for e in event.no_show("2.1", "e1")]
    assert said[-1] == "The event is over: Bob wins."
    assert event.placings[:2] == [["e2"], ["e1"]]


@settings(max_examples=60, deadline=None)
@given(count=st.integers(2, 12), plan=st.lists(st.integers(0, 3), min_size=16, max_size=16))
def test_only_a_played_final_crowns_a_champion(count: int, plan: list[int]) -> None:
    """Any knockout, any mix of matches won, single and double no-shows: the event places
    every entry once, 1st goes to whoever won a final that was played and to nobody else,
    and a final nobody played (the host ending the event then) leaves its finalists sharing
    2nd."""
    event = Tournament.create("t", HOST, "cribbage", KNOCKOUT)
    for user in range(1, count + 1):
        event.join(user, f"P{user}")
    event.start(HOST)
    turn = 0
    while event.status == "running":
        assert event.current is not None
        match = next(m for m in event.current.matches if not m.finished)
        first, second = match.entries
        how = plan[turn % len(plan)]
        turn += 1
        if how == 0:
            event.record_game(match.id, outcome(match, [first, second]))
        elif how == 1:
            event.record_game(match.id, outcome(match, [second, first]))
        elif how == 2:
            event.no_show(match.id, first)
        else:
            event.no_show(match.id, first, second)
        if event.final_waits():  # nobody played the final: the host ends the event
            event.end(HOST)
    final = event.rounds[-1].matches[0]
    placed = [e for _, group in numbered(event.placings) for e in group]
    if not any(m.played for r in event.rounds for m in r.matches):
        assert event.placings == []
        return
    assert sorted(placed) == sorted(e.id for e in event.entries)
    places = dict(numbered(event.placings))
    if final.played:
        assert places[1] == [final.winner()]
    else:
        assert 1 not in places and sorted(places[2]) == sorted(final.entries)
