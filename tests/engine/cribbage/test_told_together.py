"""A score may be said at the end of the line of what made it (the seat's play, its hand's or
crib's count), where that line is just before it: one line where there were two. Over random
whole games of the three cribbage games at every seat count: each score keeps its own line,
the line together names the seat that scored and ends where its score or peg now is, and a
move by several seats in a row carries the words to say them together."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.registry import GAMES

FAMILY = ("cribbage", "pip-cribbage", "crib-race")
SEATINGS = [(game, players) for game in FAMILY for players in GAMES[game].allowed_player_counts()]
#: The end of a line that says where a side's points left it.
PLACES = ("Score ", "Peg ", "Boxed: nothing scored.")


def random_game(game: str, players: int, seed: int, moves: int = 400) -> list[dict[str, Any]]:
    """The events of a game played at random from `seed` (to its end, or `moves` moves), its
    target in the first."""
    spec = GAMES[game]
    table = spec.new(players, {}, seed)
    rng = random.Random(seed)
    events = [{"target": table.view(None).get("target")}, *table.start_events]
    for _ in range(moves):
        acting = table.to_act()
        if not acting:
            break
        seat = rng.choice(acting)
        events += table.apply(seat, rng.choice(table.legal_actions(seat)))
    return events


@pytest.mark.parametrize(("game", "players"), SEATINGS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_every_score_is_told_with_what_made_it_or_on_its_own_line(game, players, seed):
    target, *events = random_game(game, players, seed)
    joined = 0
    for before, event in itertools.pairwise(events):
        if event["type"] not in ("score", "boxed_points"):
            continue
        # Its own line always: who scored, and where that leaves them.
        assert event["text"].startswith(f"{{s{event['seat']}:"), event
        together = event.get("together")
        if together is None:
            continue
        joined += 1
        # With the line before: the same seat's play or count, ending where the side is.
        assert before["seat"] == event["seat"] and "to" not in before, (before, event)
        assert before["type"] in ("play", "show"), before
        assert together.startswith(before["text"].removesuffix(".")), (before, together)
        last = together.rpartition(". ")[2]
        assert last.startswith(PLACES), together
        assert event["type"] != "score" or event["text"].endswith(last), (together, event)
        if before["type"] == "show":
            assert before["kind"] == event["reason"] and before["points"] == event["points"]
        if event["type"] == "score" and game == "cribbage":
            assert last == f"Score {min(event['score'], target['target'])}."
    assert joined or len(events) < 40  # a game long enough to score tells a count or a play so


@pytest.mark.parametrize("game", FAMILY)
def test_a_go_and_a_discard_say_what_several_seats_do_together(game):
    events = random_game(game, GAMES[game].allowed_player_counts()[-1], 7)[1:]
    goes = [e for e in events if e["type"] == "go"]
    discards = [e for e in events if e["type"] == "discard"]
    assert goes and discards
    assert {e["chorus"] for e in goes} == {"say go."}
    for event in discards:
        # The same move as the seat's own line: as many cards, to the same place.
        head, each, where = event["chorus"].partition(" each ")
        assert head == f"discard {event['count']}" and each
        assert event["text"].endswith(f" {where}"), event
