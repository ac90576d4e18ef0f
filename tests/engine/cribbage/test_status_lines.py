"""Cribbage's state block: scores to the target, the deal, the count and its cards, whose
turn, the count being claimed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import card_symbol
from engine.cribbage.presentation import status_lines
from tests.engine.status_games import views_along


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), muggins=st.booleans())
def test_the_block_states_scores_count_pile_and_turn(seed, players, muggins):
    options = {"target": 61, "muggins": muggins}
    for view in views_along("cribbage", players, seed, options):
        lines = status_lines(view)
        sides = " · ".join(" & ".join(f"{{s{s}}}" for s in side) + f" {min(score, 61)}"
                           for side, score in zip(view["sides"], view["scores"], strict=True))
        assert lines[0] == f"Scores (to 61): {sides}"
        if view["phase"] == "over":
            continue
        assert lines[1].startswith(f"Deal {view['deal_number']} · dealer and crib: "
                                   f"{{s{view['dealer']}}}")
        if view["phase"] == "play":
            pile = " ".join(card_symbol(c) for c in view["pile"])
            assert lines[2].startswith(f"The play · count {view['count']}" +
                                       (f": {pile}" if pile else ""))
            assert f"turn: {{s{view['turn']}}}" in lines[2]
        if view["next_count"] is not None:
            upcoming = view["next_count"]
            assert lines[2] == (f"The show · counting: {upcoming['kind']} "
                                f"({{s{upcoming['seat']}}})")


def test_a_winner_past_the_target_reads_the_target():
    """Pegging stops at the game hole (C-12): a last count of 7 from 119 ends the game at 121,
    so the final block says 121, as the picture does, not 126."""
    overshoots = 0
    for seed in range(40):
        *_, final = views_along("cribbage", 2, seed)
        if max(final["scores"]) > final["target"]:
            overshoots += 1
            assert f" {final['target']}" in status_lines(final)[0]
            assert all(f" {score}" not in status_lines(final)[0]
                       for score in final["scores"] if score > final["target"])
    assert overshoots, "no game in these deals went past the target: choose others"
