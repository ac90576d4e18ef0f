"""Pip Pip computer players: always legal, blind to hidden cards, and a few sensible choices."""

from __future__ import annotations

import random

import pytest

from engine.pip_pip import SPEC, PipPipGame
from engine.pip_pip.ai import choose_action
from engine.registry import AI_LEVELS as LEVELS
from tests.engine.pip_pip.helpers import play, rigged


def test_spec_ai_is_the_computer_player():
    game = rigged(["5C 6C", "KH QH 7C", "8C 9C"], trump="S", leader=1)
    legal = game.legal_actions(1)
    assert SPEC.ai(game.view(1), legal, random.Random(0)) in legal


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_always_a_legal_action_in_thousands_of_states(players):
    rng = random.Random(players)
    game = PipPipGame(players, {"rounds": 2}, seed=players * 101)
    asked = 0
    while game.outcome is None:
        for seat in game.to_act():  # on turn, and callers off turn
            legal = game.legal_actions(seat)
            for level in LEVELS:
                assert choose_action(game.view(seat), legal, random.Random(asked), level) in legal
                asked += 1
        seat = game.waiting_for()[0]
        level = LEVELS[rng.randrange(3)]
        game.apply(seat, choose_action(game.view(seat), game.legal_actions(seat), rng, level))
    assert asked >= 600  # states x levels: thousands over the player counts


def hide_differently(game: PipPipGame, rng: random.Random, seat: int) -> PipPipGame:
    """The same game with every card `seat` cannot see dealt out again: other hands keep their
    sizes and face-up cards, the pile its size."""
    other = game.clone()
    core = other.core
    face_up = core.face_up
    hidden = [c for s, held in enumerate(core.hands) if s != seat for c in held]
    for s in range(game.players):
        if s != seat:
            for card in face_up[s]:
                hidden.remove(card)
    hidden += core.pile
    rng.shuffle(hidden)
    for s in range(game.players):
        if s != seat:
            size = len(core.hands[s]) - len(face_up[s])
            core.hands[s] = face_up[s] + hidden[:size]
            hidden = hidden[size:]
    core.pile = hidden
    core.recount()
    other.state_changed()
    return other


def test_choice_does_not_depend_on_hidden_cards():
    rng = random.Random(4)
    compared = 0
    for seed in range(3):
        game = PipPipGame(4, {"rounds": 1}, seed=seed)
        while game.outcome is None:
            seat = game.waiting_for()[0]
            if rng.random() < 0.3:
                other = hide_differently(game, rng, seat)
                if other.core.hands == game.core.hands and other.core.pile == game.core.pile:
                    continue  # nothing hidden left to move (the end of the round)
                assert other.view(seat) == game.view(seat)
                for level in LEVELS:
                    mine = choose_action(game.view(seat), game.legal_actions(seat),
                                         random.Random(seed), level)
                    theirs = choose_action(other.view(seat), other.legal_actions(seat),
                                           random.Random(seed), level)
                    assert mine == theirs
                compared += 1
            game.apply(seat, choose_action(game.view(seat), game.legal_actions(seat), rng))
    assert compared > 50


def test_takes_a_trick_full_of_honours_with_its_cheapest_trump():
    # Seat 3 is last, void in hearts, and any of its spades wins.
    game = rigged(["AH 6D 7D 8D 9D 3C 4C", "KH 3D 4D 5D 6C 7C 8C", "2H 9C TC 5C 4S 5S 6S",
                   "3S 2S AS 4C 5C 6D JD"], trump="S", leader=0)
    play(game, "AH", "KH", "2H")
    choice = choose_action(game.view(3), game.legal_actions(3), random.Random(1), "hard")
    assert choice == {"type": "play", "card": "3S"}


def test_takes_honours_cheaply_in_the_led_suit_too():
    game = rigged(["KD 6C 7C 8C 9C 3H 4H", "QD 7H 8H 9H 3C 4C 5C", "5D 9D AD 2D TD 6H 5H"],
                  trump="S", leader=0)
    play(game, "KD", "QD")
    choice = choose_action(game.view(2), game.legal_actions(2), random.Random(1), "hard")
    assert choice == {"type": "play", "card": "AD"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_does_not_waste_a_two_on_a_trick_it_cannot_win(level):
    # Clubs led and trumped: seat 2 must follow clubs and its 2 cannot win.
    game = rigged(["5C 6D 7D 8D 9D 3H 4H", "9S 3D 4D 5D 6S 7S 8S", "2C 4C 8H 9H TH 3S 4S",
                   "6H 7H 5H 6C 7C 8C 9C"], trump="S", leader=0)
    play(game, "5C", "9S")
    choice = choose_action(game.view(2), game.legal_actions(2), random.Random(2), level)
    assert choice == {"type": "play", "card": "4C"}


def test_discards_nothing_of_value_when_void_and_losing():
    game = rigged(["5C 6D 7D 8D 9D 3H 5H", "2C 3C 4C 6C 7C 8C 9C", "2D AH 4H 3D 4D 5D 6H",
                   "6H 7H 8H 9H TH 7S 8S"], trump="S", leader=0)
    play(game, "5C", "2C")
    choice = choose_action(game.view(2), game.legal_actions(2), random.Random(3), "hard")
    assert choice["card"] in ("4H", "3D")


@pytest.mark.parametrize("level", LEVELS)
def test_calls_pip_pip(level):
    game = rigged(["5C 6C", "KH QH 7C", "8C 9C"], trump="S", leader=1)
    choice = choose_action(game.view(1), game.legal_actions(1), random.Random(0), level)
    assert choice == {"type": "call", "suit": "H"}


def test_hard_prefers_the_double_call():
    game = rigged(["5C 6C", "KH QH KH QH KD QD", "8C 9C"], trump="S", leader=1)
    choice = choose_action(game.view(1), game.legal_actions(1), random.Random(0), "hard")
    assert choice == {"type": "call", "suit": "H", "double": True}


def test_hard_keeps_a_king_whose_queen_may_still_be_drawn():
    # Leading with drawing still on: the king of clubs is worth keeping for a call.
    pile = "9D " * 40
    game = rigged(["KC 4D 6H", "7C 8C 9C", "TC JC 3C"], trump="S", leader=0, pile=pile)
    choice = choose_action(game.view(0), game.legal_actions(0), random.Random(0), "hard")
    assert choice["card"] != "KC"
