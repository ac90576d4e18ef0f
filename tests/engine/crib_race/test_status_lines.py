"""Crib Race's state block: every side's peg, holes to go and the next zone ahead."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.crib_race.seating import PLAYER_COUNTS
from engine.crib_race.text import choice_lines, status_lines
from tests.engine.crib_race.helpers import race
from tests.engine.status_games import views_along


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from(PLAYER_COUNTS))
def test_every_peg_is_placed_with_what_lies_ahead(seed, players):
    for view in views_along("crib-race", players, seed, moves=250):
        lines = status_lines(view)
        assert lines[0] == f"Pegs (finish {view['finish']}):"
        for peg, line in zip(view["pegs"], lines[1:], strict=False):
            seats = " & ".join(f"{{s{s}}}" for s in peg["seats"])
            assert line.startswith(f"  {seats} ")
            assert f", {peg['to_finish']} to go" in line
            if peg["boxed"]:
                assert f"boxed at {peg['position']}" in line
            elif peg["path"] == "main":
                assert f" at {peg['position']}," in line
            else:
                assert (" on the green advance from " in line
                        or f" on the blue path back to {peg['position']}," in line)


UNDER = "Your team deals: your discard goes under the deck, not into the crib."


def test_the_dealing_team_of_six_is_told_its_discards_go_under_the_deck() -> None:
    game = race(6)
    dealing = set(game.sides.seats_of(game.sides.side_of[game.core.dealer]))
    assert len(dealing) == 2
    for seat in range(6):
        assert (UNDER in choice_lines(game.view(seat))) == (seat in dealing), seat
    game.apply(game.core.dealer, game.legal_actions(game.core.dealer)[0])
    assert UNDER not in choice_lines(game.view(game.core.dealer))  # discarded: nothing to warn of
    four = race(4)
    assert all(UNDER not in choice_lines(four.view(seat)) for seat in range(4))
