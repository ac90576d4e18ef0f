"""The PIP Cribbage computer players: always legal, never peeking, and the dice weighed."""

from __future__ import annotations

import copy
import random

import pytest

from engine.cards import parse_card, parse_cards
from engine.cribbage.scoring import FlushRule, hand_total, score_hand
from engine.pip_cribbage import PipCribbageGame
from engine.pip_cribbage.ai import choose_action
from engine.registry import GAMES
from engine.spec import AI_LEVELS as LEVELS
from tests.engine.cribbage.test_ai import decision_states, hide_differently
from tests.engine.pip_cribbage.helpers import discard, pip_game, play_all, play_first_legal


def ai(game: PipCribbageGame, seat: int = 0, level: str = "hard", seed: int = 0) -> dict:
    return choose_action(game.view(seat), game.legal_actions(seat), random.Random(seed), level)


@pytest.mark.parametrize("muggins", [False, True])
def test_always_legal_and_leaves_the_view_untouched(muggins: bool) -> None:
    checked = 0
    kinds = set()
    for n, (game, seat) in enumerate(decision_states("pip-cribbage", 2, {"muggins": muggins},
                                                     games=8)):
        view, legal = game.view(seat), game.legal_actions(seat)
        untouched = copy.deepcopy(view)
        action = choose_action(view, legal, random.Random(n), LEVELS[n % 3])
        assert action in legal
        assert view == untouched
        kinds.add(action["type"])
        checked += 1
    assert checked > 800
    assert {"discard", "play", "go"} <= kinds


def test_same_view_and_seed_same_choice_whatever_the_hidden_cards() -> None:
    compared = 0
    for n, (game, seat) in enumerate(decision_states("pip-cribbage", 2, {}, games=4)):
        if game.phase not in ("crux", "discard", "play") or len(game.legal_actions(seat)) < 2:
            continue
        view, legal = game.view(seat), game.legal_actions(seat)
        for level in LEVELS:
            expected = choose_action(view, legal, random.Random(n), level)
            for variant in range(2):
                other = hide_differently(game, seat, seed=n * 5 + variant)
                assert other.view(seat) == view
                assert choose_action(other.view(seat), other.legal_actions(seat),
                                     random.Random(n), level) == expected
        compared += 1
    assert compared > 60


def test_the_computer_player_is_the_games_ai() -> None:
    game = GAMES["pip-cribbage"].new(2, {}, seed=3)
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    assert GAMES["pip-cribbage"].ai(game.view(seat), legal, random.Random(1)) in legal


# ===== the discard ============================================================================

OTHER = "AH 3D 7C 8D"


@pytest.mark.parametrize(("face", "thrown"), [(5, "9C"), (4, "KS")])
def test_the_discard_counts_its_own_die(face: int, thrown: str) -> None:
    # A P5 pairs the 5 and makes fifteen with the king: throw the 9. A P4 runs 4-5-6 and
    # makes 4-5-6 fifteen and 6-9 fifteen: throw the king.
    game = pip_game(("5H 6D KS 9C", OTHER), dealer=1, starter="2S",
                    dice={0: (2, face), 1: (8, 4)})
    assert ai(game, 0)["cards"] == [thrown]


def test_throws_a_five_to_its_own_crib_but_not_to_the_opponents() -> None:
    hand = "5S 9H TD KC"
    as_dealer = pip_game((hand, OTHER), dealer=0, starter="2S", dice={0: (2, 3), 1: (8, 4)})
    as_pone = pip_game((hand, OTHER), dealer=1, starter="2S", dice={0: (2, 3), 1: (8, 4)})
    assert ai(as_dealer, 0)["cards"] == ["5S"]
    assert ai(as_pone, 0)["cards"] == ["9H"]
    assert ai(as_dealer, 0, "normal")["cards"] == ["9H"]  # normal leaves the crib out


# ===== Crux and Turn ==========================================================================


def crux_game(face: int, hand: str = "TS JH QD KC") -> PipCribbageGame:
    game = pip_game((hand, OTHER), dealer=0, starter="2S", dice={0: (5, face), 1: (4, 4)})
    assert game.phase == "crux"
    return game


def test_crux_renews_a_three_to_a_five_beside_four_tens() -> None:
    assert ai(crux_game(3)) == {"type": "crux", "choice": "renew"}


def test_crux_takes_priority_when_renew_cannot_raise_the_die() -> None:
    assert ai(crux_game(6)) == {"type": "crux", "choice": "priority"}


def test_crux_takes_priority_when_counting_first_may_win_the_game() -> None:
    game = crux_game(3)
    game.scores = [112, 115]
    assert ai(game) == {"type": "crux", "choice": "priority"}
    assert ai(game, level="normal") == {"type": "crux", "choice": "renew"}


def turn_game(face: int) -> PipCribbageGame:
    """Dealer seat 0 on Turn with the die on `face`, kept TS KH QD, starter JC; the show
    waits for its choice."""
    game = pip_game(("TS KH QD 2C", "AH 3D 7C 8D"), dealer=0, starter="JC",
                    dice={0: (7, face), 1: (4, 4)})
    discard(game, {0: "2C", 1: "AH"})
    play_first_legal(game, "play")
    assert game.core.turn_pending()
    return game


def test_turn_flips_a_two_to_a_five_among_tens() -> None:
    assert ai(turn_game(2)) == {"type": "flip", "face": 5}


def test_turn_keeps_a_five_among_tens() -> None:
    assert ai(turn_game(5)) == {"type": "keep_die"}


# ===== the play and the show ==================================================================


def test_lays_the_die_for_thirty_one() -> None:
    game = pip_game(("KS 9C 4D 2H", "7C 3D 8D AH"), dealer=1, starter="6S",
                    dice={0: (2, 4), 1: (8, 5)})
    discard(game, {0: "2H", 1: "AH"})
    play_all(game, [(0, "KS"), (1, "7C"), (0, "9C")])
    assert game.view(1)["count"] == 26
    assert ai(game, 1) == {"type": "play", "card": "P5"}


def test_claims_a_pip_hand_flush_that_cribbage_would_not_count() -> None:
    game = pip_game(("2H 6H 9H AC", "KS 3D 7C 8D"), dealer=1, starter="KH",
                    dice={0: (2, 4), 1: (8, 5)}, muggins=True)
    discard(game, {0: "AC", 1: "KS"})
    play_first_legal(game, "play")
    assert game.view(0)["next_count"]["seat"] == 0
    pieces = [*parse_cards("2H 6H 9H"), parse_card("P4")]
    exact = score_hand(pieces, parse_card("KH"), flush=FlushRule.WITH_STARTER).total
    assert exact == hand_total(pieces, parse_card("KH")) + 4  # the flush of four
    assert ai(game, 0) == {"type": "claim", "points": exact}
