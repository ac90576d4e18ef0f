"""Crib Race's state block: every side's peg and the zones just ahead, in few lines."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.crib_race.seating import PLAYER_COUNTS
from engine.crib_race.text import BOX_WORDS, _zones, choice_lines, status_lines
from tests.engine.crib_race.helpers import race
from tests.engine.status_games import views_along


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from(PLAYER_COUNTS))
def test_every_peg_is_placed_on_one_line_with_the_zones_ahead(seed, players):
    """All the pegs in one line, parted by " · " (the terminal breaks it there), the holes to
    go said only where the hole does not tell them; then the zone ahead of each peg, once."""
    for view in views_along("crib-race", players, seed, moves=250):
        lines = status_lines(view)
        title = f"Pegs (to {view['finish']}): "
        assert lines[0].startswith(title)
        sides = lines[0].removeprefix(title).split(" · ")
        assert len(sides) == len(view["pegs"])
        for peg, side in zip(view["pegs"], sides, strict=True):
            seats = " & ".join(f"{{s{s}}}" for s in peg["seats"])
            assert side.startswith(f"{seats} ")
            to_go = f", {peg['to_finish']} to go"
            if peg["boxed"]:
                assert side.endswith(f" boxed at {peg['position']}")
            elif peg["path"] == "main":
                assert side.endswith(f" at {peg['position']}")
            else:
                assert (f" on the green advance {peg['position']}→" in side
                        or f" on the blue path back to {peg['position']}," in side)
                assert side.endswith(to_go)
            assert side.endswith(to_go) is (peg["to_finish"] != view["finish"] - peg["position"])
        zones = sorted((start, words) for start, words in _zones(view["board"]))
        ahead = [next(words for start, words in zones if start > peg["position"])
                 for peg in view["pegs"] if zones[-1][0] > peg["position"]]
        stated = next((line for line in lines if line.startswith("Next zone")), "")
        if view["phase"] == "over" or not ahead:
            assert not stated
            continue
        named = stated.partition(": ")[2].split(" · ")
        # The first penalty box named says what a box does, once a line; none after it.
        boxes = [n for n, words in enumerate(named) if words.startswith("penalty box")]
        assert [n for n, words in enumerate(named) if words.endswith(BOX_WORDS)] == boxes[:1]
        # Each zone on a row of an 80-column terminal, set under the title where it breaks.
        assert all(len("Next zones: " + words) <= 80 for words in named)
        named = [words.removesuffix(BOX_WORDS) for words in named]
        assert sorted(named) == sorted(set(ahead)) and len(named) == len(set(named))


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
