"""The Cribbage family's optional move off turn (GameSpec.off_turn): Muggins! on a claim that
missed points while another count waits, None otherwise; easy catches about half."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cribbage import CribbageGame
from engine.cribbage.ai import EASY_MUGGINS_SHARE
from engine.cribbage.presentation import choice_lines
from engine.registry import GAMES
from engine.spec import AI_LEVELS as LEVELS
from tests.engine.cribbage.stacking import discard_all, stacked_game
from tests.engine.cribbage.test_game_situations import TWO_DISCARDS, TWO_HANDS, TWO_PLAY

MUGGINS = {"type": "muggins"}
#: The dealer's (seat 1's) hand after TWO_PLAY, with the starter: its true count.
DEALERS_HAND = 12
OFF_TURN = [name for name, spec in GAMES.items() if spec.off_turn is not None]


def dealers_hand_claimed(points: int) -> CribbageGame:
    """Seat 0 has claimed its hand exactly and the dealer `points` for its hand: the dealer's
    crib waits for its claim, and seat 0 may press Muggins! off its turn."""
    game = stacked_game(TWO_HANDS, dealer=1, starter="5S", muggins=True)
    discard_all(game, TWO_DISCARDS)
    for seat, card in TWO_PLAY:
        game.apply(seat, {"type": "go"} if card == "go" else {"type": "play", "card": card})
    game.apply(0, {"type": "claim", "points": 29})
    game.apply(1, {"type": "claim", "points": points})
    assert game.to_act() == [0, 1] and game.waiting_for() == [1]
    return game


def off_turn(game: CribbageGame, seat: int, level: str, seed: int = 0) -> dict | None:
    return GAMES["cribbage"].off_turn(  # type: ignore[misc]
        game.view(seat), game.legal_actions(seat), random.Random(seed), level)


def test_the_games_with_muggins_and_only_they_have_optional_moves() -> None:
    with_muggins = {name for name, spec in GAMES.items()
                    if any(option.name == "muggins" for option in spec.options)}
    assert set(OFF_TURN) == with_muggins >= {"cribbage", "pip-cribbage", "crib-race"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_presses_on_a_claim_that_missed_points(level: str) -> None:
    game = dealers_hand_claimed(DEALERS_HAND - 4)
    assert game.legal_actions(0) == [MUGGINS]
    assert off_turn(game, 0, level) == MUGGINS


@pytest.mark.parametrize("level", LEVELS)
def test_lets_a_right_claim_stand(level: str) -> None:
    game = dealers_hand_claimed(DEALERS_HAND)
    assert all(off_turn(game, 0, level, seed) is None for seed in range(20))


@pytest.mark.parametrize("level", LEVELS)
def test_nothing_to_do_without_a_window(level: str) -> None:
    game = stacked_game(TWO_HANDS, dealer=1, starter="5S", muggins=True)
    assert off_turn(game, 0, level) is None  # discarding: no claim made, none to press on
    discard_all(game, TWO_DISCARDS)
    leader, card = TWO_PLAY[0]
    game.apply(leader, {"type": "play", "card": card})
    assert off_turn(game, leader, level) is None  # the play, and not its turn


@settings(max_examples=60, deadline=None)
@given(short=st.integers(0, DEALERS_HAND), level=st.sampled_from(LEVELS),
       seed=st.integers(0, 2**32))
def test_presses_only_on_missed_points_and_always_above_easy(short: int, level: str,
                                                            seed: int) -> None:
    game = dealers_hand_claimed(DEALERS_HAND - short)
    choice = off_turn(game, 0, level, seed)
    assert choice in (None, MUGGINS)
    if short == 0:
        assert choice is None
    elif level != "easy":
        assert choice == MUGGINS


def test_easy_catches_about_half_of_the_missed_points() -> None:
    game = dealers_hand_claimed(DEALERS_HAND - 2)
    presses = sum(off_turn(game, 0, "easy", seed) == MUGGINS for seed in range(400))
    assert abs(presses / 400 - EASY_MUGGINS_SHARE) < 0.1, presses


@pytest.mark.parametrize("name", OFF_TURN)
def test_in_played_games_presses_exactly_when_a_press_would_take_points(name: str) -> None:
    """Random games with muggins and random claims: wherever a seat may act without being
    waited for, the hard choice is Muggins! exactly when pressing takes points (pressing a
    copy of the game says how many)."""
    spec = GAMES[name]
    assert spec.off_turn is not None
    players = min(spec.allowed_player_counts())
    checked = pressed = 0
    for seed in range(8):
        game = spec.new(players, {"muggins": True}, seed)
        rng = random.Random(seed)
        while game.outcome is None and checked < 400:
            for seat in set(game.to_act()) - set(game.waiting_for()):
                choice = spec.off_turn(game.view(seat), game.legal_actions(seat),
                                       random.Random(seed), "hard")
                [press] = [e for e in game.clone().apply(seat, MUGGINS) if e["type"] == "muggins"]
                assert (choice == MUGGINS) == (press["points"] > 0), (name, seed)
                checked += 1
                pressed += choice is not None
            seat = rng.choice(game.waiting_for())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked >= 20 and pressed, (checked, pressed)


@pytest.mark.parametrize(("short", "keep", "line"), [
    (4, True, "Muggins! {s0} caught the 4 points you missed on your hand and kept them."),
    (1, False, "Muggins! {s0} caught the 1 point you missed on your hand and gave it back to "
               "you."),
])
def test_the_seat_caught_reads_it_beside_its_next_claim(short: int, keep: bool,
                                                         line: str) -> None:
    game = dealers_hand_claimed(DEALERS_HAND - short)
    game.apply(0, MUGGINS)
    assert choice_lines(game.view(1))[:1] != [line]  # not until the points are settled
    game.apply(0, {"type": "keep" if keep else "give_back"})
    lines = choice_lines(game.view(1))
    assert lines[0] == line and lines[1].startswith("You count your crib: ")
    assert line not in choice_lines(game.view(0))  # only the seat caught reads it
