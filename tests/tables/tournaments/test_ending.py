"""The host ends an event early: after the round in play, its standings then final."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from tables.tournaments import KNOCKOUT, ROUND_ROBIN, SWISS, TABLES, Tournament
from tables.tournaments.picture import picture_data
from tables.tournaments.text import next_round_words, status_line
from tests.tables.tournaments.helpers import HOST, better_seed_wins, outcome, signed_up


def play_round(event: Tournament) -> None:
    favourite = better_seed_wins(event)
    for match in list(event.current.matches):
        if not match.finished:
            event.record_game(match.id, outcome(match, favourite(match)))


@settings(max_examples=30, deadline=None)
@given(format=st.sampled_from([SWISS, ROUND_ROBIN, TABLES]), count=st.integers(5, 9),
       ended_in=st.integers(1, 3), between_rounds=st.booleans())
def test_an_event_ended_early_finishes_with_the_round_in_play_and_places_everyone(
    format: str, count: int, ended_in: int, between_rounds: bool,
) -> None:
    settings_ = {"rounds_planned": 4} if format != ROUND_ROBIN else {}
    if format == TABLES:
        settings_["table_size"] = 3
    event = signed_up(format, count, **settings_)
    event.start(HOST)
    for _ in range(ended_in - 1):
        play_round(event)
    if between_rounds:  # paused with the round over: the event ends at once
        event.pause(HOST)
        play_round(event)
    said = event.end(HOST)
    assert said[0]["type"] == "ending"
    if not between_rounds:
        assert event.status == "running" and not event.paused
        assert next_round_words(event) == \
            "The event ends by itself when this round's last match does."
        with pytest.raises(IllegalAction, match="ends after this round already"):
            event.end(HOST)
        play_round(event)
    assert event.status == "finished" and len(event.rounds) == ended_in
    assert sorted(e for group in event.placings for e in group) == \
        sorted(e.id for e in event.entries)
    assert status_line(event).startswith(f"Finished early, after round {ended_in}: ")
    # The picture's one line keeps its room for the winner's name.
    assert picture_data(event)["status"].startswith("Finished: ")


def test_a_swiss_ended_early_takes_no_more_late_entries() -> None:
    event = signed_up(SWISS, 4, rounds_planned=3)
    event.start(HOST)
    assert event.late_entry_round() == 2
    event.end(HOST)
    assert event.late_entry_round() is None
    with pytest.raises(IllegalAction, match="closed"):
        event.join(99, "Late")


def test_only_the_host_ends_a_running_event_and_a_knockout_plays_to_its_final() -> None:
    event = signed_up(SWISS, 4, rounds_planned=3)
    with pytest.raises(IllegalAction, match="not started yet"):
        event.end(HOST)
    event.start(HOST)
    with pytest.raises(IllegalAction, match="Only the host"):
        event.end(1)
    knockout = signed_up(KNOCKOUT, 4)
    knockout.start(HOST)
    with pytest.raises(IllegalAction, match="/tournament cancel"):
        knockout.end(HOST)
    assert knockout.status == "running"


def test_the_last_round_already_in_play_is_the_end_and_says_so() -> None:
    event = signed_up(SWISS, 4, rounds_planned=1)
    event.start(HOST)
    with pytest.raises(IllegalAction, match="Round 1 is the last"):
        event.end(HOST)
