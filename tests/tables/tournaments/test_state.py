"""The tournament state: every bad input refused in words a player can read, changing
nothing; host controls; pairs for team games; JSON round trip."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from tables.tournaments import KNOCKOUT, ROUND_ROBIN, SWISS, TABLES, Tournament, standings
from tests.tables.tournaments.helpers import HOST, outcome, signed_up


def started(format: str = SWISS, count: int = 5, **settings) -> Tournament:
    if format == SWISS:
        settings.setdefault("rounds_planned", 3)
    event = signed_up(format, count, **settings)
    event.start(HOST)
    return event


def first_match(event: Tournament):
    assert event.current is not None
    return event.current.matches[0]


def finish_round_one(event: Tournament):
    match = first_match(event)
    for m in list(event.current.matches):
        if not m.finished:
            event.record_game(m.id, outcome(m, m.entries))
    return match


REFUSED: list[tuple[str, Callable[[], Tournament], Callable[[Tournament], object]]] = [
    ("You have already joined", lambda: signed_up(SWISS, 3, rounds_planned=2),
     lambda e: e.join(1, "Player 1")),
    ("too late to join", lambda: started(KNOCKOUT, 4), lambda e: e.join(99, "Late")),
    ("Late entries to this Swiss closed when round 1 started",
     lambda: started(SWISS, 5, late_until=1), lambda e: e.join(99, "Late")),
    ("too late to leave", started, lambda e: e.leave(1)),
    ("You have not joined", lambda: signed_up(SWISS, 3, rounds_planned=2), lambda e: e.leave(99)),
    ("sign up with a partner", lambda: signed_up(SWISS, 0, rounds_planned=2, team_size=2),
     lambda e: e.join(1, "Ann")),
    ("partner must be someone else", lambda: signed_up(SWISS, 0, rounds_planned=2, team_size=2),
     lambda e: e.join(1, "Ann", (1, "Ann"))),
    ("on their own", lambda: signed_up(SWISS, 0, rounds_planned=2),
     lambda e: e.join(1, "A", (2, "B"))),
    ("Only the host can start", lambda: signed_up(SWISS, 5, rounds_planned=2),
     lambda e: e.start(1)),
    ("at least 3 entries", lambda: signed_up(ROUND_ROBIN, 2), lambda e: e.start(HOST)),
    ("at least 4 entries", lambda: signed_up(SWISS, 3, rounds_planned=3), lambda e: e.start(HOST)),
    ("too late to start", started, lambda e: e.start(HOST)),
    ("There is no match 9.9", started, lambda e: e.record_game("9.9", {})),
    ("does not fit", started, lambda e: e.record_game("1.1", {"ranks": [0], "scores": [1]})),
    ("has not started", lambda: signed_up(SWISS, 5, rounds_planned=2),
     lambda e: e.record_game("1.1", {"ranks": [0, 1], "scores": [1, 0]})),
    ("already over", lambda: _with_result(started()), lambda e: e.record_game(
        "1.1", {"ranks": [0, 1], "scores": [121, 100]})),
    ("from an earlier round", lambda: _round_two(started()), lambda e: e.no_show("1.1", "e1")),
    ("is not in match", started, lambda e: e.no_show("1.1", "e5")),
    ("already forfeited", lambda: _no_show(started(TABLES, 7, game="pip-pip", rounds_planned=1,
                                                   table_size=4), "e1"),
     lambda e: e.no_show("1.1", "e1")),
    ("You are not in this event", started, lambda e: e.drop(99)),
    ("Only the host can drop another", started, lambda e: e.drop(1, "e2")),
    ("already dropped out", lambda: _dropped(started(), "e2"), lambda e: e.drop(HOST, "e2")),
    ("You have already dropped out", lambda: _dropped(started(), "e2"), lambda e: e.drop(2)),
    ("has not started", lambda: signed_up(SWISS, 5, rounds_planned=2), lambda e: e.drop(1)),
    ("Only the host can set a result", started, lambda e: e.set_result(1, "1.1", [["e1"]])),
    ("There is no match 7.1", started, lambda e: e.set_result(HOST, "7.1", [["e1"]])),
    ("Name every entry of match 1.1 once, best first, e.g. @ann @bob", started,
     lambda e: e.set_result(HOST, "1.1", [["e1"], ["e5"]])),
    ("needs a winner", lambda: started(KNOCKOUT, 4),
     lambda e: e.set_result(HOST, "1.1", [first_match(e).entries])),
    ("so the bracket has moved on past it", lambda: _final_played(_round_two(started(
        KNOCKOUT, 8))), lambda e: e.set_result(HOST, "1.1", [["e8"], ["e1"]])),
    ("Only the host can pause", started, lambda e: e.pause(1)),
    ("already paused", lambda: _paused(started()), lambda e: e.pause(HOST)),
    ("not paused", started, lambda e: e.resume(HOST)),
    ("Only the host can cancel", started, lambda e: e.cancel(2)),
    ("already over", lambda: _cancelled(started()), lambda e: e.cancel(HOST)),
    ("been cancelled", lambda: _cancelled(started()), lambda e: e.record_game("1.1", {})),
]


def _with_result(event: Tournament) -> Tournament:
    match = first_match(event)
    event.record_game(match.id, outcome(match, match.entries))
    return event


def _round_two(event: Tournament) -> Tournament:
    finish_round_one(event)
    assert len(event.rounds) == 2
    return event


def _final_played(event: Tournament) -> Tournament:
    """Round two's first match (1.1's winner's next) decided, the round still on."""
    match = first_match(event)
    event.record_game(match.id, outcome(match, match.entries))
    return event


def _no_show(event: Tournament, entry: str) -> Tournament:
    event.no_show("1.1", entry)
    return event


def _dropped(event: Tournament, entry: str) -> Tournament:
    event.drop(HOST, entry)
    return event


def _paused(event: Tournament) -> Tournament:
    event.pause(HOST)
    return event


def _cancelled(event: Tournament) -> Tournament:
    event.cancel(HOST)
    return event


@pytest.mark.parametrize(("words", "make", "act"), REFUSED, ids=[r[0] for r in REFUSED])
def test_bad_input_is_refused_and_changes_nothing(words, make, act) -> None:
    event = make()
    before = event.to_json()
    with pytest.raises(IllegalAction, match=words):
        act(event)
    assert event.to_json() == before


@pytest.mark.parametrize(
    ("words", "game", "format", "settings"),
    [
        ("no game called", "chess", SWISS, {"rounds_planned": 3}),
        ("format is one of Swiss, round robin, knockout or tables", "cribbage", "ladder", {}),
        ("needs a game for two players; Pip Pip", "pip-pip", SWISS, {"rounds_planned": 3}),
        ("Cribbage tables seat 3 players", "cribbage", TABLES, {"rounds_planned": 2,
                                                                "table_size": 4}),
        ("not pairs", "pip-pip", TABLES, {"rounds_planned": 2, "table_size": 4, "team_size": 2}),
        ("PIP Cribbage has no tables", "pip-cribbage", TABLES, {"rounds_planned": 2,
                                                                "table_size": 3}),
        ("two teams of 2; PIP Cribbage", "pip-cribbage", KNOCKOUT, {"team_size": 2}),
        ("one game or the best of three", "cribbage", KNOCKOUT, {"best_of": 2}),
        ("Only a knockout has a final", "cribbage", ROUND_ROBIN, {"final_best_of": 3}),
        ("how many rounds the Swiss event has, e.g. rounds:3", "cribbage", SWISS, {}),
        ("works out its own number of rounds: leave rounds out", "cribbage", KNOCKOUT,
         {"rounds_planned": 3}),
        ("no tables to size", "cribbage", SWISS, {"rounds_planned": 3, "table_size": 3}),
        ("target must be one of", "cribbage", SWISS, {"rounds_planned": 2,
                                                      "options": {"target": 7}}),
    ],
)
def test_creating_an_event_that_cannot_fit_the_game_is_refused(words, game, format, settings):
    with pytest.raises(IllegalAction, match=words):
        Tournament.create("t", HOST, game, format, **settings)


def test_pairs_sign_up_together_and_take_their_side_of_a_team_game() -> None:
    event = Tournament.create("t", HOST, "cribbage", ROUND_ROBIN, team_size=2)
    event.join(1, "Ann", (2, "Bob"))
    with pytest.raises(IllegalAction, match="Bob has already joined"):
        event.join(3, "Cy", (2, "Bob"))
    event.join(3, "Cy", (4, "Di"))
    event.join(5, "Ed", (6, "Flo"))
    event.start(HOST)
    match = first_match(event)
    assert len(match.seats) == 4
    players = event.players_of(match)
    first, second = (event.entry(e).members for e in match.entries)
    assert players == [first[0], second[0], first[1], second[1]]
    event.record_game(match.id, outcome(match, list(reversed(match.entries))))
    assert match.winner() == match.entries[1]


def test_a_player_drops_out_and_forfeits_the_running_match() -> None:
    event = started(SWISS, 4, rounds_planned=2)
    match = first_match(event)
    quitter, other = match.entries
    user = event.entry(quitter).members[0]
    events = event.drop(user)
    assert [e["type"] for e in events] == ["dropped", "match_over"]
    assert match.winner() == other and match.forfeits == {quitter: "dropped"}
    finish_round_one(event)
    assert all(quitter not in m.entries for m in event.current.matches)
    assert len(event.current.byes) == 1 and quitter not in event.current.byes


def test_the_host_removes_an_entry_from_the_sign_up_or_drops_it_once_running() -> None:
    event = signed_up(SWISS, 5, rounds_planned=2)
    with pytest.raises(IllegalAction, match="Only the host can remove an entry"):
        event.remove(1, "e2")
    assert [e["text"] for e in event.remove(HOST, "e5")] == ["The host removed Player 5."]
    assert [e.id for e in event.entries] == ["e1", "e2", "e3", "e4"]
    event.start(HOST)
    assert event.remove(HOST, "e1")[0]["type"] == "dropped" and event.entry("e1").dropped


def test_pause_holds_the_next_round_until_the_host_resumes() -> None:
    event = started(SWISS, 4, rounds_planned=2)
    with pytest.raises(IllegalAction, match="Only the host can resume"):
        event.resume(1)
    event.pause(HOST)
    finish_round_one(event)
    assert len(event.rounds) == 1 and event.current.finished
    events = event.resume(HOST)
    assert [e["type"] for e in events] == ["resumed", "round"]
    assert len(event.rounds) == 2
    event.pause(HOST)
    said = []
    for match in list(event.current.matches):
        said += event.record_game(match.id, outcome(match, match.entries))
    assert said[-1]["text"] == ("Round 2 is over and the event is paused: the event ends when "
                                "the host resumes it.")
    assert event.status == "running"
    assert [e["type"] for e in event.resume(HOST)] == ["resumed", "finished"]


def test_a_host_ruling_settles_a_match_and_says_who_set_it() -> None:
    event = started(KNOCKOUT, 4)
    match = first_match(event)
    first, second = match.entries
    events = event.set_result(HOST, match.id, [[second], [first]])
    assert match.winner() == second and match.ruling is not None and match.ruling.by == HOST
    assert events[0]["text"].startswith(f"The host set match {match.id}: Player")
    assert events[0]["by"] == HOST
    swiss = started(SWISS, 4, rounds_planned=2)
    drawn = first_match(swiss)
    said = swiss.set_result(HOST, drawn.id, [drawn.entries])
    names = " and ".join(swiss.entry(e).name for e in drawn.entries)
    assert said[0]["text"] == f"The host set match {drawn.id}: {names} level."
    assert said[1]["text"] == f"Match {drawn.id}: drawn."


FORMAT_SETTINGS = {
    SWISS: ("cribbage", {"rounds_planned": 3}),
    ROUND_ROBIN: ("cribbage", {}),
    KNOCKOUT: ("cribbage", {"best_of": 3}),
    TABLES: ("pip-pip", {"rounds_planned": 2, "table_size": 4}),
}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(FORMAT_SETTINGS)), st.integers(4, 9), st.data())
def test_json_round_trip_at_every_step(format: str, count: int, data: st.DataObject) -> None:
    game, extra = FORMAT_SETTINGS[format]
    event = signed_up(format, count, game=game, **extra)
    event.start(HOST, {user: 1500 - 10 * user for user in range(1, count + 1)})
    steps = 0
    while event.status == "running" and steps < 40:
        steps += 1
        match = data.draw(st.sampled_from([m for m in event.current.matches if not m.finished]))
        choice = data.draw(st.sampled_from(["play", "play", "no_show", "drop", "rule"]))
        if choice == "play":
            order = data.draw(st.permutations(match.entries))
            event.record_game(match.id, outcome(match, order))
        elif choice in ("no_show", "drop"):
            playing = [e for e in match.entries if e not in match.forfeits]
            entry = data.draw(st.sampled_from(playing))
            if choice == "no_show":
                event.no_show(match.id, entry)
            else:
                event.drop(HOST, entry)
        else:
            order = data.draw(st.permutations(match.entries))
            event.set_result(HOST, match.id, [[e] for e in order])
        copy = Tournament.from_json(event.to_json())
        assert copy == event and copy.to_json() == event.to_json()


def test_the_host_can_correct_an_earlier_swiss_result_and_the_standings_follow() -> None:
    event = started(SWISS, 4, rounds_planned=2)
    match = finish_round_one(event)
    winner, loser = match.entries
    events = event.set_result(HOST, match.id, [[loser], [winner]])
    assert [e["type"] for e in events] == ["ruling", "match_over"]
    points = {row.entry.id: row.points for row in standings(event.entries, event.rounds)}
    assert points[loser] == 1 and points[winner] == 0
    assert len(event.rounds) == 2  # the pairings already made stand


ACTIONS = ["join", "leave", "start", "play", "play", "no_show", "drop", "rule", "pause", "resume"]


def act_at_random(event: Tournament, rng, action: str) -> None:
    """One action by a random member (user 0 is the host here), often one that is refused."""
    user = rng.randrange(0, 12)
    match = rng.choice(event.current.matches) if event.current and event.current.matches else None
    shuffled = rng.sample(match.entries, len(match.entries)) if match else []
    if action == "join":
        event.join(user, f"User {user}", (user + 20, "Partner") if event.team_size == 2 else None)
    elif action == "leave":
        event.leave(user)
    elif action == "start":
        event.start(rng.choice([0, user]), {u: rng.random() for u in range(12)})
    elif action == "drop":
        event.drop(rng.choice([0, user]), rng.choice([None, *(e.id for e in event.entries)]))
    elif action == "pause":
        event.pause(rng.choice([0, user]))
    elif action == "resume":
        event.resume(rng.choice([0, user]))
    elif match is None:
        event.record_game("1.1", {})
    elif action == "play":
        event.record_game(match.id, outcome(match, shuffled))
    elif action == "no_show":
        event.no_show(match.id, rng.choice(match.entries))
    else:
        event.set_result(rng.choice([0, user]), match.id, [[e] for e in shuffled])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(FORMAT_SETTINGS)), st.booleans(), st.randoms(use_true_random=False))
def test_random_actions_either_apply_or_are_refused_changing_nothing(format, pairs, rng) -> None:
    game, extra = FORMAT_SETTINGS[format]
    if pairs and format != TABLES:
        extra = {**extra, "team_size": 2}
    event = Tournament.create("t", 0, game, format, **extra)
    for _ in range(300):
        before = event.to_json()
        try:
            act_at_random(event, rng, rng.choice(ACTIONS))
        except IllegalAction:
            assert event.to_json() == before
        if event.status == "finished":
            placed = sorted(e for group in event.placings for e in group)
            assert placed == sorted(e.id for e in event.entries)
            return


def test_start_checks_the_format_against_the_game_again() -> None:
    # a saved event whose game no longer fits its format (here: edited by hand)
    event = signed_up(SWISS, 5, rounds_planned=2)
    event = Tournament.from_json(event.to_json().replace('"team_size": 1', '"team_size": 3'))
    before = event.to_json()
    with pytest.raises(IllegalAction, match="needs a game for two teams of 3"):
        event.start(HOST)
    assert event.to_json() == before


def test_a_computer_level_the_game_does_not_offer_is_refused() -> None:
    with pytest.raises(IllegalAction, match="computer's level for Cribbage is easy, normal, "
                                            "hard or expert, not grandmaster"):
        Tournament.create("t", HOST, "cribbage", KNOCKOUT, computers="grandmaster")
