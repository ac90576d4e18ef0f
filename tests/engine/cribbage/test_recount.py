"""After a claim refused as too many, the claims offered for that count are only those below the
lowest refused one (docs/RULES.md C-19), in Cribbage, PIP Cribbage and Crib Race alike: the
menus, the terminal's list, the computers and the hints all read the legal actions."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cribbage import CribbageGame
from engine.cribbage.claims import possible_counts
from engine.registry import GAMES

#: (game, players, options): every game that shares the show, with muggins on.
SHOWS = [
    ("cribbage", 2, {"target": 61, "muggins": True}),
    ("cribbage", 3, {"target": 61, "muggins": True}),
    ("cribbage", 4, {"target": 61, "muggins": True}),
    ("pip-cribbage", 2, {"target": 61, "muggins": True}),
    ("crib-race", 4, {"muggins": True}),
]
#: Counts claimed in each game: enough to reach a crib, and a later deal's show.
COUNTS = 8


def claims(game: CribbageGame, seat: int) -> list[int]:
    return [a["points"] for a in game.legal_actions(seat) if a["type"] == "claim"]


@settings(max_examples=60, deadline=None)
@given(show=st.sampled_from(SHOWS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_after_a_refused_claim_only_lower_claims_are_offered_and_the_true_count_is(
        show: tuple[str, int, dict], seed: int, data: st.DataObject) -> None:
    name, players, options = show
    game = GAMES[name].new(players, options, seed)
    assert isinstance(game, CribbageGame)
    rng = random.Random(seed)
    counted = 0
    while game.outcome is None and counted < COUNTS:
        seat = game.waiting_for()[0]
        offered = claims(game, seat)
        if not offered:
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            continue
        core = game.core
        shape = core._claim_shape(*core.steps[core.step_index])
        true_count = core.count_now()
        assert offered == list(possible_counts(*shape))  # a count starts with every claim
        refused: list[int] = []
        while True:
            points = data.draw(st.sampled_from(offered), label="claim")
            [event] = [e for e in game.apply(seat, {"type": "claim", "points": points})
                       if e["type"] in ("claim", "recount")]
            if event["type"] == "claim":
                assert points <= true_count
                break
            assert points > true_count
            refused.append(points)
            offered = claims(game, seat)
            assert not [n for n in offered if n >= min(refused)]
            assert true_count in offered
            # Exactly the shape's counts below the lowest refused: nothing else goes.
            assert offered == [n for n in possible_counts(*shape) if n < min(refused)]
            assert game.view(seat)["next_count"]["refused"] == refused
            # The rules core the search and random play drive offers the same, as do copies.
            codes = [game.core.action(seat, code) for code in game.core.legal(seat)]
            assert codes == game.legal_actions(seat)
            assert claims(game.clone(), seat) == offered
            assert claims(game.determinize(seat, random.Random(seed)), seat) == offered
        counted += 1
        # The next count starts afresh, with every claim its shape can make.
        if game.outcome is None and game.core._counter() is not None:
            assert "refused" not in game.view(None)["next_count"]
