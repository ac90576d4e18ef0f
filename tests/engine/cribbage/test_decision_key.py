"""Game.decision_key in the Cribbage family: a seat's key moves exactly when what it decides
moves, read from its view (the claim it may press Muggins! on, the count it claims), so
buttons for one claim never play the next, and no other move stales them (docs/RULES.md C-16).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.contract import Game, View
from engine.registry import GAMES

FAMILY = [(name, players) for name in ("cribbage", "pip-cribbage", "crib-race")
          for players in GAMES[name].allowed_player_counts() if players <= 4]
MOVES = 400


def decided(view: View, seat: int) -> tuple[object, ...]:
    """What the seat decides, as its view tells: in the show, the claim it may press on and
    the count it claims; elsewhere its legal actions alone tell."""
    if view["phase"] != "show":
        return ()
    offer = view.get("muggins") or {}
    pressing = offer["claim"] if seat in offer.get("may_press", []) else None
    upcoming = view.get("next_count")
    claiming = (upcoming["seat"], upcoming["kind"]) if (
        upcoming is not None and upcoming["seat"] == seat) else None
    return view["deal_number"], repr(pressing), claiming


def decisions(game: Game) -> dict[int, tuple[object, object]]:
    return {seat: (game.decision_key(seat), decided(game.view(seat), seat))
            for seat in game.to_act()}


def play_checking_keys(name: str, players: int, seed: int) -> int:
    """Random moves of a muggins game, checking each seat's key against its decision after
    each; how many times a decision moved on while its legal actions read the same."""
    game = GAMES[name].new(players, {"muggins": True}, seed)
    rng = random.Random(seed)
    offers_alike = 0
    before = decisions(game)
    for _ in range(MOVES):
        if game.outcome is not None:
            break
        seat = rng.choice(game.to_act())
        legal_before = {s: game.legal_actions(s) for s in before}
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        after = decisions(game)
        for other in before.keys() & after.keys():
            (key, what), (new_key, new_what) = before[other], after[other]
            assert (key == new_key) == (what == new_what), (name, other, what, new_what)
            if new_what != what and game.legal_actions(other) == legal_before[other]:
                offers_alike += 1  # legal actions alike, the decision new: the key tells
            if game.view(other)["phase"] != "show":
                assert new_key is None  # the discard: another's move never stales it
        before = after
    return offers_alike


@settings(max_examples=40, deadline=None)
@given(setup=st.sampled_from(FAMILY), seed=st.integers(0, 2**32 - 1))
def test_the_key_moves_exactly_when_the_decision_does(setup: tuple[str, int], seed: int) -> None:
    play_checking_keys(*setup, seed)


def test_three_players_meet_an_offer_on_one_hand_then_alike_on_the_next() -> None:
    # The case the key exists for, in a game known to have it: with random counters that
    # claim too many now and then, a whole game may go by without one (C-19 narrows a
    # recounting counter's claims, so its next claim seldom reads as the last did).
    assert play_checking_keys("cribbage", 3, 16) > 0
