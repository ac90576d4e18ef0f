"""Which of a server's events a /tournament command naming none acts on."""

from __future__ import annotations

from cogs.tournament_choice import HOST, JOIN, PLAYER, READ, pick_event
from tables.tournaments import KNOCKOUT, SWISS, Tournament
from tables.tournaments.service import HeldTournament

ANN, BOB, CY = 1, 2, 3


def held(number: int, host: int, format: str, *players: int) -> HeldTournament:
    event = Tournament.create(str(number), host, "cribbage", format,
                              rounds_planned=2 if format == SWISS else None)
    for user in players:
        event.join(user, f"P{user}")
    return HeldTournament(number, 9, 9, None, host, event, 1)


def test_one_event_is_the_one_and_one_of_several_is_found_by_the_member_s_part() -> None:
    first, second = held(1, ANN, SWISS, ANN, BOB), held(2, BOB, KNOCKOUT, CY)
    assert pick_event([first], CY, PLAYER) is first  # its own refusal says CY is not in it
    assert pick_event([first, second], CY, PLAYER) is second
    assert pick_event([first, second], BOB, HOST) is second
    assert pick_event([first, second], CY, JOIN) is first
    assert pick_event([first, second], CY, READ) is second
    assert pick_event([first, second], 99, READ) is first


def test_a_host_of_two_events_is_asked_which_and_nothing_is_picked() -> None:
    first, second = held(1, ANN, SWISS), held(2, ANN, KNOCKOUT)
    assert pick_event([first, second], ANN, HOST) == (
        "This server has 2 tournaments open. You host 2 of them: #1 Cribbage Swiss, sign-up "
        "open; #2 Cribbage knockout, sign-up open. Say which with the tournament option, e.g. "
        "tournament:1.")
    assert pick_event([first, second], BOB, HOST) == (
        "This server has 2 tournaments open: #1 Cribbage Swiss, sign-up open; #2 Cribbage "
        "knockout, sign-up open. Say which with the tournament option, e.g. tournament:1.")
