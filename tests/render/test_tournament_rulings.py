"""A match whose result the host set (/tournament result) is marked where the tournament
pictures show it, the mark is in the picture's key, and the alt text says it: the bracket's
box reads "by host" beside the winner, and the standings' spread, which leaves out such a
match's games, says so under the rows."""

from __future__ import annotations

import pytest

from render import tournament
from render.tournament import RULED_SPREAD
from render.tournament.bracket import RULED, RULED_KEY
from tables.tournaments import SWISS, Tournament
from tables.tournaments.picture import picture_data
from tests.render.test_tournament import _by_seed, _check_picture, knockout, swiss
from tests.tables.tournaments.helpers import HOST, outcome


def ruled_knockout(count: int) -> Tournament:
    """A knockout's first match set by the host for the lower seed, the second played."""
    event = knockout(count, 0)
    first, second = event.current.matches[:2]
    better, worse = _by_seed(event, first.entries)
    event.set_result(HOST, first.id, [[worse], [better]])
    event.record_game(second.id, outcome(second, _by_seed(event, second.entries)))
    return event


@pytest.mark.parametrize("count", [4, 8, 64])
def test_a_box_the_host_set_says_so_and_the_key_says_what_that_means(count: int) -> None:
    event = ruled_knockout(count)
    data = picture_data(event)
    drawn = _check_picture(tournament.draw_bracket, data)
    assert drawn.count(RULED) == 1 and RULED_KEY in drawn
    first = event.rounds[0].matches[0]
    assert first.ruling is not None
    winner, loser = (event.entry(e) for e in sorted(
        first.entries, key=lambda e: e != first.ruling.order[0][0]))
    mark = drawn.index(RULED)  # on the winner's line: then its tick and its name
    assert drawn[mark + 1:mark + 3] == [tournament.TICK, winner.name]
    alt = tournament.describe_bracket(data)
    assert f"{winner.name} ({winner.seed}) beat {loser.name} ({loser.seed}), set by the host;" \
        in alt
    assert alt.count("set by the host") == 1  # the match that was played is not


def test_a_bracket_with_no_ruling_has_no_mark_and_no_key_for_it() -> None:
    data = picture_data(knockout(8, 1))
    drawn = _check_picture(tournament.draw_bracket, data)
    assert RULED not in drawn and RULED_KEY not in drawn
    assert "host" not in tournament.describe_bracket(data)


def test_a_ruling_out_of_the_rounds_shown_leaves_the_key_out() -> None:
    event = ruled_knockout(8)
    for _ in range(2):  # on to the final: the first round is no longer drawn
        for match in list(event.current.matches):
            order = _by_seed(event, match.entries)
            for finish in (order, order[::-1], order):
                if not match.finished:
                    event.record_game(match.id, outcome(match, finish))
    data = picture_data(event)
    assert [c.name for c in tournament.bracket_plan(data).columns] == ["Round 2", "Final"]
    drawn = _check_picture(tournament.draw_bracket, data)
    assert RULED not in drawn and RULED_KEY not in drawn


def test_standings_whose_spread_leaves_out_a_ruled_match_say_so_in_key_and_words() -> None:
    event = swiss(6, 1)
    match = event.current.matches[0]
    event.set_result(HOST, match.id, [[match.entries[0]], [match.entries[1]]])
    data = picture_data(event)
    drawn = _check_picture(tournament.draw_standings, data)
    assert RULED_SPREAD in drawn
    assert tournament.describe_standings(data).endswith(f" {RULED_SPREAD}.")
    plain = picture_data(swiss(6, 1))
    assert RULED_SPREAD not in _check_picture(tournament.draw_standings, plain)
    assert "host" not in tournament.describe_standings(plain)


def test_a_knockouts_standings_have_no_spread_to_explain() -> None:
    data = picture_data(ruled_knockout(8))
    assert data["ruled"] and data["columns"] == ["won", "lost"]
    assert RULED_SPREAD not in _check_picture(tournament.draw_standings, data)


def test_a_long_swiss_keeps_its_rows_and_the_key_to_the_phone() -> None:
    event = Tournament.create("t", HOST, "cribbage", SWISS, rounds_planned=3)
    for user in range(1, 65):
        event.join(user, f"Player {user}")
    event.start(HOST)
    for match in list(event.current.matches):
        event.set_result(HOST, match.id, [[match.entries[1]], [match.entries[0]]])
    data = picture_data(event)
    drawn = _check_picture(tournament.draw_standings, data)
    assert RULED_SPREAD in drawn
    assert "more not shown: /tournament standings lists all" in " ".join(drawn)
