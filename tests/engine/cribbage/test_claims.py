"""The claims a muggins menu offers: exactly the totals a hand of that shape can make."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, die, standard_deck
from engine.cribbage.claims import claim_ranges, possible_counts, suit_layouts
from engine.cribbage.scoring import FlushRule, hand_total
from engine.errors import IllegalAction
from engine.registry import GAMES

SHAPES = [
    (4, 0, FlushRule.HAND),  # a Cribbage or Crib Race hand
    (4, 0, FlushRule.CRIB),  # a Cribbage crib
    (3, 1, FlushRule.WITH_STARTER),  # a PIP Cribbage hand
    (2, 2, FlushRule.NONE),  # a PIP Cribbage crib
    (3, 2, FlushRule.WITH_STARTER),  # a PIP Cribbage hand on Borrowed PIP
]


def test_no_cribbage_hand_or_crib_counts_19_25_26_or_27() -> None:
    expected = tuple(n for n in range(30) if n not in (19, 25, 26, 27))
    assert possible_counts(4, 0, FlushRule.HAND) == expected
    assert possible_counts(4, 0, FlushRule.CRIB) == expected


def test_pip_dice_raise_the_best_count() -> None:
    assert max(possible_counts(3, 1, FlushRule.WITH_STARTER)) > 29
    assert max(possible_counts(3, 2, FlushRule.WITH_STARTER)) > max(
        possible_counts(3, 1, FlushRule.WITH_STARTER)
    )


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), shape=st.sampled_from(SHAPES))
def test_every_real_count_is_offered(seed: int, shape: tuple[int, int, FlushRule]) -> None:
    cards, dice, rule = shape
    rng = random.Random(seed)
    dealt = rng.sample(standard_deck(), cards + 1)
    pieces = dealt[:cards] + [die(rng.randint(1, 6)) for _ in range(dice)]
    assert hand_total(pieces, dealt[-1], flush=rule) in possible_counts(*shape)


def test_suit_layouts_never_repeat_a_card_and_reach_flushes_and_nobs() -> None:
    layouts = suit_layouts([5, 10, 11, 12], 13)
    for cards, starter in layouts:
        assert len({*cards, starter}) == 5
    totals = {hand_total(cards, starter, flush=FlushRule.HAND) for cards, starter in layouts}
    # 15s: 5+10, 5+J, 5+Q, 5+K (8), run 10-J-Q-K (4); plus nothing, nobs, flush 4, or
    # flush 5 with nobs.
    assert totals == {12, 13, 16, 18}
    assert all(c.suit is not None for cards, _ in layouts for c in cards)
    assert Card(11, "S") in {c for cards, _ in layouts for c in cards}


def test_claims_read_as_ranges() -> None:
    assert claim_ranges((0, 1, 2, 3, 20, 28, 29)) == "0–3, 20, 28 or 29"
    assert claim_ranges((7,)) == "7"
    assert claim_ranges((1, 2)) == "1 or 2"


def test_a_saved_claim_no_hand_can_make_still_replays() -> None:
    """Earlier releases offered every claim up to 29: a log holding 19 must still replay."""
    game = GAMES["cribbage"].new(2, {"muggins": True}, seed=5)
    rng = random.Random(5)

    def claimant() -> int | None:
        return next((s for s in game.to_act()
                     if any(a["type"] == "claim" for a in game.legal_actions(s))), None)

    while claimant() is None:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    seat = claimant()
    assert seat is not None
    claim = {"type": "claim", "points": 19}
    assert claim not in game.legal_actions(seat)
    with pytest.raises(IllegalAction, match="No hand counts 19"):
        game.apply(seat, claim)
    events = game.apply(seat, claim, logged=True)
    assert events[0]["type"] in ("claim", "recount")
    assert events[0].get("points", events[0].get("claimed")) == 19
