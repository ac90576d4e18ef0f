"""Every one of the 12,994,800 deals of four cards and a starter, counted by score
(testkit/hand_scores.py, checked against the game's own scorer as it counts), gives the
well-known distributions of hand and crib scores."""

from __future__ import annotations

from collections import Counter

import pytest

from testkit.hand_scores import ALL_DEALS, HAND_DISTRIBUTION, distributions, rank_part_table


@pytest.fixture(scope="module")
def both_distributions() -> tuple[Counter[int], Counter[int]]:
    return distributions(rank_part_table())


def test_hand_score_distribution_over_every_deal(
    both_distributions: tuple[Counter[int], Counter[int]],
) -> None:
    scores, _ = both_distributions
    assert sum(scores.values()) == ALL_DEALS
    assert {score: scores.get(score, 0) for score in range(30)} == HAND_DISTRIBUTION
    assert max(scores) == 29


def test_crib_score_distribution_over_every_deal(
    both_distributions: tuple[Counter[int], Counter[int]],
) -> None:
    hand, crib = both_distributions
    assert sum(crib.values()) == ALL_DEALS
    assert crib[0] == 1_022_208
    assert crib[18] == 2_264
    assert max(crib) == 29
    for impossible in (19, 25, 26, 27):
        assert crib[impossible] == 0
    # The 28 and 29 hands hold three or four fives: never a four-card flush.
    assert (crib[28], crib[29]) == (hand[28], hand[29])
    # The only difference: a four-card flush with an off-suit starter loses its 4 points.
    # That is 4 suits x C(13, 4) hands x 39 off-suit starters.
    points_lost = sum(score * (hand[score] - crib[score]) for score in hand)
    assert points_lost == 4 * (4 * 715 * 39)
