"""Two-player Cribbage's win chances (tools/make_win_table.py,
engine/cribbage/data/win_chances.json) and the Cribbage rollout's lead made from them
(engine/cribbage/rollout.py)."""

from __future__ import annotations

import random
from math import comb

import pytest

from engine.cribbage import rollout as crib_rollout
from engine.cribbage.rollout import DEALER_WINS
from engine.registry import GAMES
from tools.make_win_table import NEEDS, deal_distributions, dealer_chances


def test_a_deal_whose_dealer_always_pegs_one_is_won_by_whoever_needs_no_more() -> None:
    """The dealer of every deal scores 1 and the deal passes: the dealer, scoring first,
    wins exactly when it needs no more than the pone."""
    chances = dealer_chances({(1, 0): 1}, {0: 1}, {0: 1})
    for a in range(1, NEEDS + 1):
        for b in range(1, NEEDS + 1):
            assert chances[a][b] == (1.0 if a <= b else 0.0)


def test_a_coin_for_a_point_gives_the_problem_of_points() -> None:
    """Each deal one point to either side at even odds, whoever deals: the dealer's chance is
    that of a heads before b tails."""
    chances = dealer_chances({(1, 0): 1, (0, 1): 1}, {0: 1}, {0: 1})
    for a, b in [(1, 1), (1, 2), (2, 1), (3, 5), (7, 4), (20, 20), (121, 100)]:
        exact = sum(comb(a - 1 + k, k) / 2 ** (a + k) for k in range(b))
        assert chances[a][b] == pytest.approx(exact, abs=1e-12)


def test_the_show_comes_pone_first_and_a_shared_finish_in_the_play_is_even() -> None:
    chances = dealer_chances({(1, 1): 1}, {5: 1}, {5: 1})
    assert chances[1][1] == 0.5  # both peg out in the play
    assert chances[2][6] == 0.0  # the pone's hand counts before the dealer's
    assert chances[6][7] == 1.0  # the pone is one short; the dealer's show gets there


def test_the_shipped_table_is_a_chance_that_falls_with_what_the_dealer_needs() -> None:
    assert len(DEALER_WINS) == NEEDS and all(len(row) == NEEDS for row in DEALER_WINS)
    for a in range(NEEDS):
        for b in range(NEEDS):
            assert 0 <= DEALER_WINS[a][b] <= 10_000
            if a:
                assert DEALER_WINS[a][b] <= DEALER_WINS[a - 1][b]
            if b:
                assert DEALER_WINS[a][b] >= DEALER_WINS[a][b - 1]
    # The first dealer's well-known edge in a game to 121.
    assert 5_400 <= DEALER_WINS[120][120] <= 5_900


def test_the_shipped_table_is_what_the_generator_makes() -> None:
    """A short run of the generator lands near the shipped table (made from 400,000 deals)."""
    chances = dealer_chances(*deal_distributions(3_000, seed=7))
    for a, b in [(121, 121), (61, 61), (30, 40), (40, 30), (10, 25), (100, 80), (5, 5)]:
        assert chances[a][b] == pytest.approx(DEALER_WINS[a - 1][b - 1] / 10_000, abs=0.03)


@pytest.mark.parametrize("target", [121, 61])
def test_the_two_player_lead_is_the_win_chance_from_the_view(target: int) -> None:
    spec = GAMES["cribbage"]
    checked = 0
    for seed in range(4):
        game = spec.new(2, {"target": target}, seed)
        rng = random.Random(seed)
        while game.outcome is None:
            sim = spec.simulation.from_game(game)
            view = game.view(None)
            dealer, scores = view["dealer"], view["scores"]
            chance = DEALER_WINS[target - scores[dealer] - 1][target - scores[1 - dealer] - 1]
            for seat in (0, 1):
                mine = chance / 10_000 if seat == dealer else 1 - chance / 10_000
                assert crib_rollout.lead(sim, seat) == pytest.approx(
                    crib_rollout.WIN_VALUE * (2 * mine - 1), abs=1e-9)
            checked += 1
            seat = (game.waiting_for() or game.to_act())[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked > 200


def test_a_point_near_the_end_is_worth_more_than_one_at_the_start() -> None:
    """What the table teaches the search: the same one-point gain moves the chance to win far
    more at 91-91 than at 0-0."""
    def gain(dealer_needs: int, pone_needs: int) -> int:
        return DEALER_WINS[dealer_needs - 2][pone_needs - 1] - \
            DEALER_WINS[dealer_needs - 1][pone_needs - 1]

    assert gain(30, 30) > 1.5 * gain(121, 121) > 0
