"""The words a tournament message shows, line by line."""

from __future__ import annotations

from render.kit.text import recording
from render.tournament import (
    describe_bracket,
    describe_standings,
    draw_bracket,
    draw_standings,
)
from tables.tournaments import KNOCKOUT, ROUND_ROBIN, SWISS, TABLES, Match, Tournament
from tables.tournaments.picture import picture_data
from tables.tournaments.text import (
    bracket_lines,
    closed_words,
    holding_up_lines,
    next_game_words,
    next_round_words,
    round_lines,
    signup_lines,
    standing_lines,
    status_line,
    tie_break_line,
)
from tests.tables.tournaments.helpers import HOST, outcome, play_out


def names(event: Tournament, *people: str) -> Tournament:
    for user, name in enumerate(people, start=1):
        event.join(user, name)
    return event


def test_sign_up_lines_name_the_game_format_and_entries() -> None:
    event = Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=3,
                              options={"target": 61})
    assert signup_lines(event) == ["Cribbage Swiss", "Sign-up open: 0 entries so far."]
    names(event, "Ann")
    event.join(9, "Bob")
    assert signup_lines(event)[1:] == ["Sign-up open: 2 entries so far.", "1. Ann", "2. Bob"]
    event.cancel(HOST)
    assert status_line(event) == "Cancelled by the host."


def test_standings_and_round_lines_of_a_tables_event() -> None:
    event = names(Tournament.create("t", HOST, "cribbage", TABLES, rounds_planned=2, table_size=3),
                  "Ann", "Bob", "Cy", "Di", "Ed")
    event.start(HOST)
    first, second = event.current.matches
    event.no_show(second.id, "e5")
    assert round_lines(event, event.current) == [
        "Round 1",
        "  1.1 Ann, Bob, Cy: playing",
        "  1.2 Di, Ed + 1 computer: Ed did not show up; playing",
    ]
    event.record_game(first.id, outcome(first, ["e3", "e1", "e2"]))
    event.pause(HOST)
    assert status_line(event) == "Round 1 of 2. Paused by the host."
    said = event.record_game(second.id, outcome(second, ["e4", "e5"]))
    # The round is over while paused: the host is told nothing starts without them.
    assert said[-1]["text"] == ("Round 1 is over and the event is paused: the next round "
                                "starts when the host resumes it.")
    assert status_line(event) == ("Round 1 of 2 is over. Paused by the host: nothing more "
                                  "starts until they resume.")
    assert round_lines(event, event.rounds[0])[1:] == [
        "  1.1 Ann, Bob, Cy: Cy 2 pts, Ann 1 pt, Bob 0 pts",
        "  1.2 Di, Ed + 1 computer: Di 2 pts, Ed 0 pts (Ed did not show up)",
    ]
    assert standing_lines(event) == [
        "1. Cy: 2 pts from placings, Buchholz 1, spread +15",
        "2. Di: 2 pts from placings, Buchholz 0, spread +15",
        "3. Ann: 1 pt from placings, Buchholz 2, spread +0",
        "4. Bob: 0 pts from placings, Buchholz 3, spread −15",
        "5. Ed: 0 pts from placings, Buchholz 2, spread +0",
    ]
    assert tie_break_line(event).endswith(  # no byes at tables
        "then head-to-head, then seed (rating, then sign-up order).")


def test_a_knockout_bracket_shows_seeds_byes_and_what_is_left() -> None:
    event = names(Tournament.create("t", HOST, "cribbage", KNOCKOUT), "Ann", "Bob", "Cy")
    event.start(HOST, {1: 1600.0, 2: 1500.0, 3: 1400.0})
    # The standings name the bye as the picture does.
    assert standing_lines(event)[0] == "1. Ann: won 0, lost 0, 1 bye"
    assert tie_break_line(event) is None
    assert bracket_lines(event) == [
        "Round 1",
        "  Ann (1): bye",
        "  Bob (2) v Cy (3): playing",
        "Then 1 round to the final.",
    ]
    match = event.current.matches[0]
    event.drop(2)
    assert bracket_lines(event)[2] == "  Bob (2) v Cy (3): Cy wins (Bob dropped out)"
    assert bracket_lines(event)[-2:] == ["Final", "  Ann (1) v Cy (3): playing"]
    assert match.winner() == "e3"


def test_a_running_knockout_stands_on_wins_and_losses_as_its_picture_does() -> None:
    event = names(Tournament.create("t", HOST, "cribbage", KNOCKOUT), "Ann", "Bob", "Cy", "Di")
    event.start(HOST, {1: 1600.0, 2: 1500.0, 3: 1400.0, 4: 1300.0})
    assert standing_lines(event) == ["1. Ann: won 0, lost 0", "2. Bob: won 0, lost 0",
                                     "3. Cy: won 0, lost 0", "4. Di: won 0, lost 0"]
    event.drop(4)
    lines = standing_lines(event)
    # Whoever is still in stands above whoever is out, a drop-out last.
    assert lines == ["1. Ann: won 1, lost 0", "2. Bob: won 0, lost 0", "3. Cy: won 0, lost 0",
                     "4. Di (dropped): won 0, lost 1"]
    assert not any("Buchholz" in line or "pts" in line for line in lines)
    shown = picture_data(event)["rows"]
    assert [(row["place"], row["name"]) for row in shown] == [
        ("1", "Ann"), ("2", "Bob"), ("3", "Cy"), ("4", "Di")]


def test_when_nobody_shows_up_nobody_wins_and_a_knockout_sends_the_better_seed_through() -> None:
    swiss = names(Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=2),
                  "Ann", "Bob", "Cy")
    swiss.start(HOST)
    said = swiss.no_show("1.1", *swiss.current.matches[0].entries)
    texts = [e["text"] for e in said]
    assert texts[:3] == ["Ann did not show up and forfeits match 1.1.",
                         "Bob did not show up and forfeits match 1.1.", "Match 1.1: nobody wins."]
    assert round_lines(swiss, swiss.rounds[0])[1] == (
        "  1.1 Ann v Bob: nobody wins (neither showed up)")
    assert tie_break_line(swiss).endswith(
        "A bye counts as a win. It goes to the lowest-placed entry that has not had one; a "
        "late entry is passed over in its first round while anyone else can take it.")
    knockout = names(Tournament.create("t", HOST, "cribbage", KNOCKOUT), "Ann", "Bob", "Cy", "Di")
    knockout.start(HOST, {1: 1600.0, 2: 1500.0, 3: 1400.0, 4: 1300.0})
    knockout.no_show("1.1", "e4", "e1")
    assert bracket_lines(knockout)[1] == (
        "  Ann (1) v Di (4): Ann goes through as the better seed (neither showed up)")


def test_the_better_seed_sent_through_when_nobody_showed_up_stands_as_through() -> None:
    """Nobody won the match, yet the better seed is in the next round: the standings and
    their picture count that round as won, and place it among the entries still in."""
    event = names(Tournament.create("t", HOST, "cribbage", KNOCKOUT), "Ann", "Bob", "Cy", "Di")
    event.start(HOST, {1: 1600.0, 2: 1500.0, 3: 1400.0, 4: 1300.0})
    event.no_show("1.1", "e4", "e1")
    lines = standing_lines(event)
    assert lines[0] == "1. Ann: won 1, lost 0" and lines[-1] == "4. Di: won 0, lost 1"
    rows = {row["name"]: row for row in picture_data(event)["rows"]}
    assert (rows["Ann"]["won"], rows["Ann"]["lost"], rows["Ann"]["place"]) == (1, 0, "1")
    assert (rows["Di"]["won"], rows["Di"]["lost"]) == (0, 1)


def test_a_host_setting_a_match_nobody_showed_up_for_names_their_winner() -> None:
    """The host sends the worse seed through: it is not said to be the better seed."""
    event = names(Tournament.create("t", HOST, "cribbage", KNOCKOUT), "Ann", "Bob", "Cy", "Di")
    event.start(HOST, {1: 1600.0, 2: 1500.0, 3: 1400.0, 4: 1300.0})
    event.no_show("1.1", "e4", "e1")
    said = event.set_result(HOST, "1.1", [["e4"], ["e1"]])
    assert said[1]["text"] == "Match 1.1: Di wins."
    assert bracket_lines(event)[1] == (
        "  Ann (1) v Di (4): Di wins (neither showed up; set by the host)")
    assert standing_lines(event)[0] == "1. Di: won 1, lost 0"


def test_an_entry_the_host_removes_is_said_to_be_removed_not_to_have_dropped_out() -> None:
    """Who took an entry out tells its opponent (and the member) what happened: the host's
    removal is not the member's own drop-out, now or in the walkovers it leaves."""
    event = names(Tournament.create("t", HOST, "cribbage", ROUND_ROBIN), "Ann", "Bob", "Cy", "Di")
    event.start(HOST)
    match = event.current.matches[0]
    gone = event.entry(match.entries[1])
    said = [e["text"] for e in event.remove(HOST, gone.id)]
    assert said[0] == f"The host removed {gone.name}."
    assert round_lines(event, event.rounds[0])[1].endswith(f"({gone.name} removed by the host)")
    own = event.entry(event.current.matches[1].entries[0])
    event.drop(own.members[0])
    assert round_lines(event, event.rounds[0])[2].endswith(f"({own.name} dropped out)")
    play_out(event, lambda m: m.entries)
    later = [m for played in event.rounds[1:] for m in played.matches if gone.id in m.entries]
    assert later and all(m.forfeits[gone.id] == "removed" for m in later)


def test_everyone_is_told_what_the_event_does_by_itself_when_the_round_is_over() -> None:
    knockout = names(Tournament.create("t", HOST, "cribbage", KNOCKOUT), "Ann", "Bob", "Cy", "Di")
    knockout.start(HOST)
    assert next_round_words(knockout) == (
        "The final starts by itself when this round's last match ends.")
    swiss = names(Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=1),
                  "Ann", "Bob", "Cy")
    swiss.start(HOST)
    assert next_round_words(swiss) == (
        "The event ends by itself when this round's last match does.")
    swiss = names(Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=3),
                  "Ann", "Bob", "Cy", "Di")
    swiss.start(HOST)
    assert next_round_words(swiss) == "Round 2 starts by itself when this round's last match ends."


def test_the_call_to_a_match_game_says_which_game_of_the_match_it_is() -> None:
    event = names(Tournament.create("t", HOST, "cribbage", KNOCKOUT, final_best_of=3),
                  "Ann", "Bob", "Cy", "Di")
    event.start(HOST)
    first = event.current.matches[0]
    assert next_game_words(first) == ""
    event.record_game(first.id, {"ranks": [0, 0], "scores": [61, 61]})  # a tie
    assert not first.finished
    assert next_game_words(first) == (
        "a replay: the match is level and a knockout match needs a winner")
    for match in list(event.current.matches):
        event.record_game(match.id, outcome(match, match.entries))
    final = event.current.matches[0]
    assert next_game_words(final) == "game 1 of a best of 3"
    event.record_game(final.id, outcome(final, final.entries))
    assert next_game_words(final) == "game 2 of a best of 3"


def test_the_host_sees_what_the_round_still_waits_for() -> None:
    event = names(Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=1),
                  "Ann", "Bob", "Cy", "Di")
    event.start(HOST)
    first, second = event.current.matches
    waiting = {first.id: (7, ["Cy"]), second.id: (8, [])}
    assert holding_up_lines(event, waiting) == ["1.1 Ann v Cy: game #7, waiting for Cy",
                                                "1.2 Bob v Di: game #8, the computer is moving"]
    event.record_game(first.id, outcome(first, first.entries))
    assert holding_up_lines(event, waiting) == ["1.2 Bob v Di: game #8, the computer is moving"]


#: A Swiss to 61 as the store kept it before spreads counted to the target: match 1.1 was
#: won 65–36 (the winner pegged out past 61).
STORED_PAST_THE_TARGET = (
    '{"best_of": 1, "entries": [{"dropped": false, "id": "e1", "members": [1], "names": '
    '["Ann"], "rating": null, "seed": 1}, {"dropped": false, "id": "e2", "members": [2], '
    '"names": ["Bob"], "rating": null, "seed": 2}, {"dropped": false, "id": "e3", "members": '
    '[3], "names": ["Cy"], "rating": null, "seed": 3}], "final_best_of": null, "format": '
    '"swiss", "game": "cribbage", "host_id": 1000, "id": "4", "log": [], "next_entry": 4, '
    '"options": {"muggins": false, "target": 61, "teams": true}, "paused": false, '
    '"placings": [], "round_minutes": null, "rounds": [{"byes": ["e3"], "matches": '
    '[{"best_of": 1, "forfeits": {}, "games": [{"ranks": [0, 1], "scores": [65, 36]}], '
    '"id": "1.1", "needs_winner": false, "opened_at": null, "round": 1, "ruling": null, '
    '"seats": ["e1", "e2"], "table": false}], "number": 1}, {"byes": ["e2"], "matches": '
    '[{"best_of": 1, "forfeits": {}, "games": [], "id": "2.1", "needs_winner": false, '
    '"opened_at": null, "round": 2, "ruling": null, "seats": ["e1", "e3"], "table": false}], '
    '"number": 2}], "rounds_planned": 2, "starts_at": null, "status": "running", '
    '"table_size": null, "team_size": 1}'
)


def test_a_stored_game_won_past_the_target_counts_to_the_target_everywhere() -> None:
    event = Tournament.from_json(STORED_PAST_THE_TARGET)
    assert event.target == 61
    assert standing_lines(event)[:3] == [
        "1. Ann: 1 pt, won 1, Buchholz 1, spread +25",
        "2. Bob: 1 pt, lost 1, 1 bye, Buchholz 1, spread −25",
        "3. Cy: 1 pt, 1 bye, Buchholz 0, spread +0",
    ]
    assert round_lines(event, event.rounds[0])[1] == "  1.1 Ann v Bob: Ann wins 61–36"
    rows = {row["name"]: row for row in picture_data(event)["rows"]}
    assert (rows["Ann"]["spread"], rows["Bob"]["spread"]) == (25, -25)
    assert "Spread +25" in describe_standings(picture_data(event))
    assert "spread (game points for minus against, none past 61)" in tie_break_line(event)
    with recording() as drawn:
        draw_standings(picture_data(event))
    assert "Spread: game points for minus against, none past 61" in [d.text for d in drawn]


def test_the_tie_break_line_says_a_match_the_host_set_adds_nothing_to_the_spread() -> None:
    event = names(Tournament.create("t", HOST, "cribbage", ROUND_ROBIN, {"target": 61}),
                  "Ann", "Bob", "Cy")
    event.start(HOST)
    assert "host" not in (tie_break_line(event) or "")
    first = event.current.matches[0]
    event.record_game(first.id, outcome(first, first.entries, win_score=61))
    winner, loser = first.entries
    event.set_result(HOST, first.id, [[loser], [winner]])
    assert "spread (game points for minus against, none past 61; a match the host set counts "\
        "none of its games' points)" in (tie_break_line(event) or "")
    spread = {line.split(":")[0][3:]: line.rsplit("spread ", 1)[1]
              for line in standing_lines(event)}
    assert set(spread.values()) == {"+0"}  # the one game played was overturned


def test_a_tables_event_says_its_spread_is_against_the_table_s_average() -> None:
    """At a table nobody is "against": the words and the picture's key say what is counted."""
    event = names(Tournament.create("t", HOST, "pip-pip", TABLES, rounds_planned=1,
                                    table_size=3), "Ann", "Bob", "Cy")
    event.start(HOST)
    said = "spread (game points less the average of the others at the table)"
    assert said in (tie_break_line(event) or "")
    with recording() as drawn:
        draw_standings(picture_data(event))
    texts = [d.text for d in drawn]
    assert "Spread: game points less the others' average" in texts
    assert not any("minus against" in t for t in texts)


def test_a_knockout_bracket_gives_a_game_won_past_the_target_as_counted_to_it() -> None:
    event = names(Tournament.create("t", HOST, "cribbage", KNOCKOUT, options={"target": 61}),
                  "Ann", "Bob", "Cy", "Di")
    event.start(HOST)
    first = event.current.matches[0]
    event.record_game(first.id, {"ranks": [0, 1], "scores": [65, 36]})
    assert bracket_lines(event)[1] == "  Ann (1) v Di (4): Ann wins 61–36"
    data = picture_data(event)
    assert "Round 1: Ann (1) beat Di (4) 61–36;" in describe_bracket(data)
    with recording() as drawn:
        draw_bracket(data)
    texts = [d.text for d in drawn]
    assert "61" in texts and "36" in texts and "65" not in texts
    assert bracket_lines(event)[2] == "  Bob (2) v Cy (3): playing"


def test_a_pair_wins_and_goes_through_in_the_plural() -> None:
    event = Tournament.create("t", HOST, "cribbage", KNOCKOUT, team_size=2,
                              options={"target": 61})
    for first in (1, 3, 5, 7):
        event.join(first, f"P{first}", (first + 1, f"P{first + 1}"))
    event.start(HOST)
    won, walkover = event.current.matches
    event.record_game(won.id, outcome(won, won.entries, win_score=61))
    assert bracket_lines(event)[1] == "  P1 & P2 (1) v P7 & P8 (4): P1 & P2 win 61–51"
    event.no_show(walkover.id, *walkover.entries)  # neither pair shows up
    assert ": P3 & P4 go through as the better seed (" in bracket_lines(event)[2]


def test_those_who_forfeit_for_one_reason_are_named_together() -> None:
    event = names(Tournament.create("t", HOST, "cribbage", TABLES, rounds_planned=1,
                                    table_size=3), "Ann", "Bob", "Cy")
    event.start(HOST)
    [table] = event.current.matches
    event.no_show(table.id, "e1", "e3")
    assert round_lines(event, event.current)[1] == (
        "  1.1 Ann, Bob, Cy: Ann and Cy did not show up; playing")


def test_a_cancelled_event_shows_its_unfinished_matches_as_not_played() -> None:
    """The host cancels a knockout in its first round: its message, its bracket picture and
    the picture's words show the round it stopped in, its matches not played (not "playing"
    forever, nor the empty rounds it will never have)."""
    event = names(Tournament.create("t", HOST, "cribbage", KNOCKOUT, options={"target": 61}),
                  "Ann", "Bob", "Cy", "Di", "Ed", "Flo")
    event.start(HOST)
    played = event.current.matches[0]
    event.record_game(played.id, outcome(played, better_seed_first(event, played), 61))
    event.cancel(HOST)
    assert bracket_lines(event) == ["Round 1", "  Ann (1): bye", "  Di (4) v Ed (5): Di wins 61–51",
                                    "  Bob (2): bye", "  Cy (3) v Flo (6): not played"]
    assert "  1.2 Cy v Flo: not played" in round_lines(event, event.rounds[0])
    data = picture_data(event)
    assert [p["name"] for p in data["bracket"]["played"]] == ["Round 1"]
    words = describe_bracket(data)
    assert "Cy (3) v Flo (6), not played" in words, words
    assert "to come" not in words and "still in" not in words and "Then" not in words
    with recording() as drawn:
        draw_bracket(data)
    texts = [d.text for d in drawn]
    assert "Round 1" in texts and "to come" not in texts and "Final" not in texts


def better_seed_first(event: Tournament, match: Match) -> list[str]:
    return sorted(match.entries, key=lambda e: event.entry(e).seed)


def test_a_closed_game_says_why_its_match_was_settled_without_it() -> None:
    event = names(Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=2,
                                    options={"target": 61}), "Ann", "Bob", "Cy", "Di")
    event.start(HOST)
    first, second = event.current.matches
    event.no_show(first.id, *first.entries)
    both = " and ".join(event.entry(e).name for e in first.entries)
    assert closed_words(event, first) == (
        f"Closed: {both} did not show up for the tournament match.")
    leaving = event.entry(second.entries[0])
    event.drop(leaving.members[0])
    assert closed_words(event, second) == f"Closed: {leaving.name} dropped out of the event."
    ruled = names(Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=2),
                  "Ann", "Bob", "Cy", "Di")
    ruled.start(HOST)
    first, second = ruled.current.matches
    ruled.drop(HOST, second.entries[0])
    assert closed_words(ruled, second) == (
        f"Closed: the host removed {ruled.entry(second.entries[0]).name} from the event.")
    ruled.set_result(HOST, first.id, [[first.entries[0]], [first.entries[1]]])
    assert closed_words(ruled, first) == "Closed: the host set the match's result."
    cancelled = names(Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=2),
                      "Ann", "Bob", "Cy", "Di")
    cancelled.start(HOST)
    cancelled.cancel(HOST)
    assert closed_words(cancelled, cancelled.rounds[0].matches[0]) == (
        "Closed: the host cancelled the tournament.")


def test_an_event_nobody_played_a_match_of_has_no_winner() -> None:
    """Every match a double no-show: everyone is level on nothing, so the first listed would
    have won. The end, the standings and the picture say nobody did; nobody places."""
    event = names(Tournament.create("t", HOST, "cribbage", ROUND_ROBIN), "Ann", "Bob", "Cy")
    event.start(HOST)
    said = []
    while event.status == "running":
        for match in [m for m in event.current.matches if not m.finished]:
            said += event.no_show(match.id, *match.entries)
    assert said[-1]["text"] == "The event is over. No match was played: no winner."
    assert event.placings == []
    assert status_line(event) == "Finished. No match was played: no winner."
    lines = standing_lines(event)
    assert lines[0] == "No match was played: no winner."
    assert all(line.startswith("– ") for line in lines[1:]) and len(lines) == 4
    assert tie_break_line(event) is None
    data = picture_data(event)
    assert data["status"] == "Finished. No match was played: no winner"
    assert {row["place"] for row in data["rows"]} == {"–"}
    assert "No match was played: no winner." in describe_standings(data)
    assert "– Ann" in describe_standings(data) and "–." not in describe_standings(data)
    # One match played by a member who turned up is a result: that event has a winner.
    played = names(Tournament.create("t", HOST, "cribbage", ROUND_ROBIN), "Ann", "Bob", "Cy")
    played.start(HOST)
    first = played.current.matches[0]
    played.no_show(first.id, first.entries[1])
    while played.status == "running":
        for match in [m for m in played.current.matches if not m.finished]:
            played.no_show(match.id, *match.entries)
    assert played.placings[0] == [first.entries[0]]


def test_when_computers_win_the_best_placed_members_are_named_the_best_members() -> None:
    """Two computer entries reach the final: a computer wins, and the members knocked out in
    the semi-finals, 3rd equal, are the best members; the picture's line keeps to the
    winner."""
    event = Tournament.create("t", HOST, "cribbage", KNOCKOUT, computers="normal")
    names(event, "Ann", "Bob", "Cy", "Di", "Ed", "Flo")
    event.start(HOST, {user: 1600.0 - user for user in range(1, 7)})
    play_out(event, lambda match: sorted(match.entries,
                                         key=lambda e: (not event.entry(e).computer, e)))
    assert event.entry(event.placings[0][0]).computer
    place, best = event.best_members()
    # Ann and Bob met the computers in round 1 (where their byes would have been).
    assert place == "3rd=" and [event.entry(e).name for e in best] == ["Cy", "Di"]
    line = f"{event.entry(event.placings[0][0]).name} won. Cy and Di were the best members, 3rd=."
    assert status_line(event) == f"Finished: {line}"
    assert event.log[-1]["text"] == "The event is over: " + line.replace("won.", "wins.")
    assert picture_data(event)["status"] == (
        f"Finished: {event.entry(event.placings[0][0]).name} won")
    members_won = names(Tournament.create("t", HOST, "cribbage", KNOCKOUT), "Ann", "Bob")
    members_won.start(HOST)
    play_out(members_won, lambda match: match.entries)
    assert members_won.best_members() is None and status_line(members_won) == (
        "Finished: Ann won.")


def test_a_winner_placed_first_by_seed_alone_is_told_so() -> None:
    """Every match drawn: the four stand level on points and every tie-break, and only the
    seed puts Ann first. The end and the tie-break line say so rather than a plain win."""
    event = names(Tournament.create("t", HOST, "cribbage", ROUND_ROBIN), "Ann", "Bob", "Cy",
                  "Di")
    event.start(HOST)
    while event.status == "running":
        for match in [m for m in event.current.matches if not m.finished]:
            event.set_result(HOST, match.id, [match.entries])
    assert event.log[-1]["text"] == (
        "The event is over: Ann wins, level with Bob on points and every tie-break, ahead on "
        "seed.")
    assert (tie_break_line(event) or "").endswith(
        "then seed (rating, then sign-up order). Ann won level with Bob on points and every "
        "tie-break, ahead on seed.")
    won = names(Tournament.create("t", HOST, "cribbage", ROUND_ROBIN), "Ann", "Bob", "Cy")
    won.start(HOST)
    play_out(won, lambda match: sorted(match.entries, reverse=True))
    assert won.seed_words() is None and won.log[-1]["text"] == "The event is over: Cy wins."
