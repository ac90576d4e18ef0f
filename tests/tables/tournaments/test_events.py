"""Whole events driven by fake outcomes, from sign-up to the final placings."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.registry import GAMES
from tables.tournaments import KNOCKOUT, ROUND_ROBIN, SWISS, TABLES, standings
from tables.tournaments.knockout import bracket_size, rounds_needed
from tables.tournaments.matches import filler_level
from tables.tournaments.text import bracket_lines, placing_lines, standing_lines, status_line
from tests.tables.tournaments.helpers import (
    HOST,
    better_seed_wins,
    open_matches,
    outcome,
    play_out,
    signed_up,
)


def ratings(count: int) -> dict[int, float]:
    """Player n is rated below player n - 1, so seeds follow the player numbers."""
    return {user: 2000.0 - 10 * user for user in range(1, count + 1)}


def test_a_nine_entry_swiss_of_three_rounds_with_byes_a_drop_out_and_a_no_show() -> None:
    event = signed_up(SWISS, 9, rounds_planned=3)
    event.start(HOST, ratings(9))
    assert event.rounds[0].byes == ["e9"]  # the lowest-ranked entry
    favourite = better_seed_wins(event)

    def play_out_round() -> None:
        for match in list(event.current.matches):
            if not match.finished:
                event.record_game(match.id, outcome(match, favourite(match)))

    play_out_round()
    assert len(event.rounds) == 2
    # round two: player 3 drops out mid-round, player 6 does not show up
    event.drop(3)
    six = next(m for m in event.current.matches if "e6" in m.entries and not m.finished)
    event.no_show(six.id, "e6")
    play_out_round()
    assert len(event.rounds) == 3
    assert all("e3" not in m.entries for m in event.current.matches)
    assert "e3" not in event.current.byes
    play_out_round()
    assert event.status == "finished"

    met = Counter(frozenset(m.entries) for r in event.rounds for m in r.matches)
    assert max(met.values()) == 1
    byes = Counter(e for r in event.rounds for e in r.byes)
    assert max(byes.values()) == 1 and sum(byes.values()) == 2  # 9 entries, then 8 after a drop
    rows = {row.entry.id: row for row in standings(event.entries, event.rounds)}
    assert rows["e1"].points == 3 and rows["e3"].dropped and rows["e6"].forfeits == 1
    assert event.placings[0] == ["e1"]
    assert len(event.placings) == 9
    lines = standing_lines(event)
    assert lines[0].startswith("1. Player 1: 3 pts, won 3, Buchholz ")
    assert any("Player 3 (dropped)" in line for line in lines)
    assert status_line(event) == "Finished: Player 1 won."


def test_an_eight_entry_knockout_with_a_best_of_three_final() -> None:
    event = signed_up(KNOCKOUT, 8, final_best_of=3)
    event.start(HOST, ratings(8))
    assert [m.entries for m in event.current.matches] == [
        ["e1", "e8"], ["e4", "e5"], ["e2", "e7"], ["e3", "e6"]]
    favourite = better_seed_wins(event)
    for match in open_matches(event):
        if match.best_of == 3:
            break
        event.record_game(match.id, outcome(match, favourite(match)))
    final = event.current.matches[0]
    assert len(event.rounds) == 3 and final.entries == ["e1", "e2"] and final.best_of == 3
    event.record_game(final.id, outcome(final, ["e1", "e2"]))
    assert not final.finished and bracket_lines(event)[-1] == (
        "  Player 1 (1) v Player 2 (2): Player 1 leads 1–0, best of 3")
    event.record_game(final.id, outcome(final, ["e2", "e1"]))
    assert not final.finished
    event.record_game(final.id, outcome(final, ["e2", "e1"]))
    assert final.winner() == "e2" and event.status == "finished"
    assert event.placings == [["e2"], ["e1"], ["e3", "e4"], ["e5", "e6", "e7", "e8"]]
    assert placing_lines(event)[:4] == [
        "1. Player 2", "2. Player 1", "3=. Player 3", "3=. Player 4"]
    assert bracket_lines(event)[-2:] == [
        "Final", "  Player 1 (1) v Player 2 (2): Player 2 wins 2–1"]


def test_a_six_entry_round_robin() -> None:
    event = signed_up(ROUND_ROBIN, 6)
    event.start(HOST, ratings(6))
    play_out(event, better_seed_wins(event))
    assert event.status == "finished" and len(event.rounds) == 5
    assert event.placings == [[f"e{n}"] for n in range(1, 7)]
    rows = standings(event.entries, event.rounds)
    assert [row.points for row in rows] == [5, 4, 3, 2, 1, 0]
    assert all(row.played == 5 and row.byes == 0 for row in rows)


def test_a_seven_entry_tables_event_in_tables_of_three_and_four() -> None:
    event = signed_up(TABLES, 7, game="pip-pip", rounds_planned=2, table_size=4)
    event.start(HOST, ratings(7))
    first_round = event.current.matches
    assert [m.seats for m in first_round] == [["e1", "e2", "e3", "e4"], ["e5", "e6", "e7"]]
    # the lower table's players all beat the top table's in round one
    for match in first_round:
        event.record_game(match.id, outcome(match, list(reversed(match.entries))))
    second_round = event.current.matches
    # seated by standings: placement points 3,2,1,0 at the four table and 2,1,0 at the three
    assert second_round[0].seats == ["e4", "e3", "e7", "e2"]
    assert second_round[1].seats == ["e6", "e1", "e5"]
    play_out(event, lambda m: m.entries)
    assert event.status == "finished"
    rows = standings(event.entries, event.rounds)
    assert rows[0].entry.id == "e4" and rows[0].points == 6
    assert standing_lines(event)[0].startswith("1. Player 4: 6 pts from placings, Buchholz ")
    assert len(event.placings) == 7


def test_a_short_table_gets_a_computer_seat_that_is_never_ranked() -> None:
    event = signed_up(TABLES, 5, game="cribbage", rounds_planned=1, table_size=3)
    event.start(HOST)
    assert [m.seats for m in event.current.matches] == [["e1", "e2", "e3"], ["e4", "e5", None]]
    assert event.players_of(event.current.matches[1]) == [4, 5, None]
    play_out(event, lambda m: m.entries)
    assert {row.entry.id: row.points for row in standings(event.entries, event.rounds)} == {
        "e1": 2, "e2": 1, "e3": 0, "e4": 2, "e5": 1}
    assert sorted(e for group in event.placings for e in group) == [f"e{n}" for n in range(1, 6)]


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_knockouts_of_any_size_run_to_placings_for_everyone(count: int, rng) -> None:
    event = signed_up(KNOCKOUT, count)
    event.start(HOST, ratings(count))
    assert len(event.current.byes) == bracket_size(count) - count
    play_out(event, lambda match: rng.sample(match.entries, 2))
    assert event.status == "finished" and len(event.rounds) == rounds_needed(count)
    placed = [e for group in event.placings for e in group]
    assert sorted(placed) == sorted(e.id for e in event.entries)
    final = event.rounds[-1].matches
    assert len(final) == 1 and event.placings[0] == [final[0].winner()]


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 64), st.sampled_from([3, 4, 5, 6, 8]), st.data())
def test_tables_events_seat_everyone_still_in_at_tables_the_game_allows(count, size, data):
    event = signed_up(TABLES, count, game="pip-pip", rounds_planned=3, table_size=size)
    event.start(HOST)
    while event.status == "running":
        active = sorted(e.id for e in event.entries if not e.dropped)
        seated = sorted(e for m in event.current.matches for e in m.entries)
        assert seated == active
        for match in event.current.matches:
            assert len(match.seats) in GAMES["pip-pip"].allowed_player_counts()
            assert len(match.entries) <= size
        if data.draw(st.booleans()) and len(active) > 3:
            event.drop(HOST, data.draw(st.sampled_from(active)))
        for match in list(event.current.matches):
            if not match.finished:
                order = data.draw(st.permutations(match.entries))
                event.record_game(match.id, outcome(match, order))
    assert len(event.placings) == count


def test_a_tables_event_everyone_drops_out_of_still_ends_with_no_winner() -> None:
    """Nobody played a game: the standings are the seeds', not a result, so nobody places."""
    event = signed_up(TABLES, 3, game="pip-pip", rounds_planned=3, table_size=3)
    event.start(HOST)
    for user in (1, 2):
        event.drop(user)
    said = event.drop(3)
    assert event.status == "finished"
    assert [len(r.matches) for r in event.rounds] == [1, 0, 0]
    assert event.placings == []
    assert said[-1]["text"] == "The event is over. No match was played: no winner."


def test_two_dropped_entries_paired_together_send_the_better_seed_through_on_paper() -> None:
    event = signed_up(KNOCKOUT, 8)
    event.start(HOST, ratings(8))
    favourite = better_seed_wins(event)
    top, second, third, fourth = event.current.matches
    for match in (top, second):  # 1 beats 8 and 4 beats 5, then both drop out
        event.record_game(match.id, outcome(match, favourite(match)))
    event.drop(1)
    event.drop(4)
    for match in (third, fourth):
        event.record_game(match.id, outcome(match, favourite(match)))
    double, other = event.current.matches
    assert double.entries == ["e1", "e4"] and double.finished and double.winner() is None
    event.record_game(other.id, outcome(other, favourite(other)))
    final = event.rounds[-1].matches[0]  # a walkover: the event ends at once
    assert final.entries == ["e1", "e2"] and final.winner() == "e2"
    assert event.status == "finished"
    assert event.placings == [["e2"], ["e1"], ["e3", "e4"], ["e5", "e6", "e7", "e8"]]


def test_a_final_between_two_dropped_entries_crowns_nobody() -> None:
    """Both finalists dropped out before it: nobody played the final, so nobody is its
    champion on seed; they share 2nd (test_unplayed_final.py)."""
    event = signed_up(KNOCKOUT, 4)
    event.start(HOST, ratings(4))
    event.pause(HOST)  # the final waits while both finalists drop out
    play_out(event, better_seed_wins(event))
    event.drop(2)
    event.drop(1)
    event.resume(HOST)
    assert event.status == "finished"
    assert event.placings == [[], ["e1", "e2"], ["e3", "e4"]]


def test_nobody_showing_up_for_game_two_sends_the_leader_through_not_the_better_seed() -> None:
    """The worse seed won game one of a best of three; neither shows up for game two: the
    match is theirs on games, in the bracket, the standings and the words."""
    event = signed_up(KNOCKOUT, 2, best_of=3)
    event.start(HOST, ratings(2))
    [match] = event.current.matches
    event.record_game(match.id, outcome(match, ["e2", "e1"]))
    said = event.no_show(match.id, "e1", "e2")
    assert said[-2]["text"] == "Match 1.1: Player 2 goes through ahead on games."
    assert event.status == "finished" and event.placings == [["e2"], ["e1"]]
    assert bracket_lines(event)[1] == ("  Player 1 (1) v Player 2 (2): Player 2 goes through "
                                       "ahead on games 1–0 (neither showed up)")


def test_computers_fill_a_short_knockout_instead_of_byes_and_are_seeded_last() -> None:
    event = signed_up(KNOCKOUT, 6, computers="normal")
    said = event.start(HOST, ratings(6))
    assert len(event.entries) == 8 and event.current is not None
    computers = [e for e in event.entries if e.computer]
    assert [(e.name, e.seed, e.members, e.computer) for e in computers] == [
        ("Normal bot 1", 7, [], "normal"), ("Normal bot 2", 8, [], "normal")]
    assert said[1]["text"] == ("2 computers (normal) fill the empty places; games against a "
                               "computer count for no one's rating or stats.")
    first = event.current
    assert first.byes == [] and len(first.matches) == 4
    # Seeds 1 and 2 meet the computers where they would have had byes; a computer's seats
    # have no member.
    against = {frozenset(m.entries) for m in first.matches if set(m.entries) & {"e7", "e8"}}
    assert against == {frozenset({"e1", "e8"}), frozenset({"e2", "e7"})}
    for match in first.matches:
        members = [event.entry(e).members[0] if not event.entry(e).computer else None
                   for e in match.seats]
        assert event.players_of(match) == members
    # A computer entry can go through like anyone, and the event still places everyone.
    play_out(event, lambda m: sorted(m.entries, key=lambda e: -event.entry(e).seed))
    assert event.status == "finished" and len(event.placings[0]) == 1
    assert sorted(e for g in event.placings for e in g) == sorted(e.id for e in event.entries)


def test_computers_even_out_an_odd_swiss_or_round_robin_so_nobody_has_a_bye() -> None:
    for form, extra in ((SWISS, {"rounds_planned": 3}), (ROUND_ROBIN, {})):
        event = signed_up(form, 5, computers="easy", **extra)
        event.start(HOST)
        assert [e.name for e in event.entries if e.computer] == ["Easy bot"]
        play_out(event, better_seed_wins(event))
        assert event.status == "finished" and not any(r.byes for r in event.rounds)
    # An even field, and a tables event (its short tables have computer seats), add none.
    for form, count, extra in ((SWISS, 4, {"rounds_planned": 2}),
                                  (TABLES, 5, {"rounds_planned": 1, "table_size": 3})):
        event = signed_up(form, count, game="pip-pip" if form == TABLES else "cribbage",
                          computers="hard", **extra)
        event.start(HOST)
        assert not any(e.computer for e in event.entries)


def test_a_member_joins_a_running_swiss_late_on_nothing_and_is_paired_from_the_next_round(
) -> None:
    event = signed_up(SWISS, 4, rounds_planned=3)
    event.start(HOST, ratings(4))
    assert event.late_entry_round() == 2
    said = event.join(50, "Zed")
    assert said[0]["text"] == "Zed joined late, on 0 points: paired from round 2."
    zed = event.entry_of(50)
    assert zed is not None and (zed.joined_round, zed.seed) == (2, 5)
    assert all(zed.id not in m.entries for m in event.current.matches)
    assert standing_lines(event)[-1].startswith("5. Zed (joined round 2): 0 pts")
    for match in list(event.current.matches):
        event.record_game(match.id, outcome(match, better_seed_wins(event)(match)))
    second = event.rounds[1]
    assert zed.id in [e for m in second.matches for e in m.entries] + second.byes
    event.join(51, "Yan")  # during round 2: from round 3, the last
    assert event.entry_of(51).joined_round == 3
    for match in list(event.current.matches):
        event.record_game(match.id, outcome(match, better_seed_wins(event)(match)))
    assert event.late_entry_round() is None  # the last round has started
    with pytest.raises(IllegalAction, match="closed when round 3 started: too late to join"):
        event.join(52, "Xi")
    play_out(event, better_seed_wins(event))
    assert event.status == "finished" and len(event.placings) == 6
    assert event.entry_of(50).id not in [e for m in event.rounds[0].matches for e in m.entries]


def test_the_host_sets_when_late_entries_close_and_only_a_swiss_takes_them() -> None:
    event = signed_up(SWISS, 4, rounds_planned=3, late_until=2)
    event.start(HOST)
    event.join(50, "Zed")
    for match in list(event.current.matches):
        event.record_game(match.id, outcome(match, match.entries))
    with pytest.raises(IllegalAction, match="closed when round 2 started"):
        event.join(51, "Yan")
    for match in list(event.current.matches):
        event.record_game(match.id, outcome(match, match.entries))
    assert len(event.rounds) == 3  # still the round they closed at, not the one running
    with pytest.raises(IllegalAction, match="closed when round 2 started"):
        event.join(51, "Yan")
    closed = signed_up(SWISS, 4, rounds_planned=3, late_until=1)
    closed.start(HOST)
    with pytest.raises(IllegalAction, match="closed when round 1 started"):
        closed.join(50, "Zed")
    with pytest.raises(IllegalAction, match="Only a Swiss takes late entries"):
        signed_up(KNOCKOUT, 4, late_until=2)
    with pytest.raises(IllegalAction, match="from 1 \\(none\\) to 3 starts, not round 4"):
        signed_up(SWISS, 4, rounds_planned=3, late_until=4)
    knockout = signed_up(KNOCKOUT, 4)
    knockout.start(HOST)
    with pytest.raises(IllegalAction, match="already started: too late to join"):
        knockout.join(50, "Zed")


@pytest.mark.parametrize(("levels", "filler"), [
    (("easy", "normal", "hard", "expert"), "hard"),
    (("easy", "normal", "hard"), "hard"),
    (("easy", "normal"), "normal"),
    (("easy", "expert"), "easy"),
    (("expert",), "expert"),
])
def test_a_short_table_is_filled_at_a_level_its_game_offers(
    levels: tuple[str, ...], filler: str
) -> None:
    assert filler_level(levels) == filler
