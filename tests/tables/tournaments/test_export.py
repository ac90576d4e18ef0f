"""/tournament standings's file: every entry's row, as a spreadsheet reads it."""

from __future__ import annotations

import csv
import io

import pytest

from engine.errors import IllegalAction
from tables.tournaments import KNOCKOUT, SWISS, TABLES, Tournament
from tables.tournaments.export import export_words, standings_csv
from tables.tournaments.standings import standings
from tests.tables.tournaments.helpers import HOST, better_seed_wins, play_out, signed_up


def rows(event: Tournament) -> list[list[str]]:
    data = standings_csv(event)
    assert data.startswith(b"\xef\xbb\xbf")  # a spreadsheet then reads the names as UTF-8
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_a_swiss_of_forty_lists_every_entry_in_standings_order() -> None:
    event = signed_up(SWISS, 40, rounds_planned=5)
    event.start(HOST)
    play_out(event, better_seed_wins(event))
    table = rows(event)
    assert table[0] == ["Place", "Name", "Seed", "Points", "Won", "Drawn", "Lost", "Byes",
                        "Forfeits", "Buchholz", "Spread", "Notes"]
    order = standings(event.entries, event.rounds, event.target)
    assert len(table) == 41
    for line, row in zip(table[1:], order, strict=True):
        assert line[:4] == [str(row.place), row.entry.name, str(row.entry.seed),
                            f"{row.points:g}"]
        assert line[9:11] == [f"{row.buchholz:g}", f"{round(row.spread, 1):g}"]
    assert export_words(event, 7) == (
        "Tournament #7 (Cribbage Swiss): final standings, all 40 entries, in the file (it "
        "opens in any spreadsheet).")


def test_names_stay_names_and_marks_are_noted() -> None:
    """A name a spreadsheet would run as a formula is kept as text; a comma or a quote in a
    name stays in its cell; a drop-out and a late entry are noted."""
    event = Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=2)
    for user, name in enumerate(('=HYPERLINK("x")', 'Ann, "the ace"', "Bob", "Cy"), start=1):
        event.join(user, name)
    event.start(HOST)
    event.drop(3)
    event.join(9, "Late")
    table = rows(event)
    names = {line[1]: line for line in table[1:]}
    assert set(names) == {"'=HYPERLINK(\"x\")", 'Ann, "the ace"', "Bob", "Cy", "Late"}
    assert names["Bob"][-1] == "dropped out" and names["Late"][-1] == "joined round 2"
    assert export_words(event, 1).startswith(
        "Tournament #1 (Cribbage Swiss): standings during round 1 of 2, all 5 entries")


def test_a_knockout_lists_its_placings_and_a_tables_event_its_points() -> None:
    knockout = signed_up(KNOCKOUT, 5, computers="easy")
    knockout.start(HOST)
    play_out(knockout, better_seed_wins(knockout))
    table = rows(knockout)
    assert table[0] == ["Place", "Name", "Seed", "Won", "Lost", "Byes", "Forfeits", "Notes"]
    assert [line[0] for line in table[1:]] == ["1", "2", "3=", "3=", "5=", "5=", "5=", "5="]
    assert [line[-1] for line in table[1:]].count("computer (easy)") == 3
    tables = signed_up(TABLES, 6, game="pip-pip", rounds_planned=1, table_size=3)
    tables.start(HOST)
    assert rows(tables)[0] == ["Place", "Name", "Seed", "Points", "Byes", "Forfeits",
                               "Buchholz", "Spread", "Notes"]


def test_an_event_not_started_has_no_file() -> None:
    event = signed_up(SWISS, 4, rounds_planned=2)
    with pytest.raises(IllegalAction, match="has not started: it has no standings yet"):
        standings_csv(event)
