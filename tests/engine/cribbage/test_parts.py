"""The reusable parts: sides, deal plans and the deal, cuts, show order, skunks, the SPEC."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import Card
from engine.cribbage import SPEC, CribbageGame
from engine.cribbage.deal import (
    DealPlan,
    cribbage_plan,
    cut_for_first_deal,
    first_dealer,
    starter_cutter,
)
from engine.cribbage.outcome import cribbage_outcome, skunk_level
from engine.cribbage.pieces import CARDS, CRIB, HAND
from engine.cribbage.sides import Sides
from engine.cribbage.sim import CribbageSim
from engine.errors import IllegalAction
from engine.registry import GAMES


def test_sides_for_two_three_and_four_players() -> None:
    assert Sides.cribbage(2).side_of == (0, 1)
    assert Sides.cribbage(3).side_of == (0, 1, 2)
    four = Sides.cribbage(4)
    assert [four.seats_of(0), four.seats_of(1)] == [[0, 2], [1, 3]]
    assert four.count == 2 and four.opponents_of(2) == [1, 3]
    assert Sides.alternating(6, 3).seats_of(2) == [2, 5]
    with pytest.raises(ValueError):
        Sides.alternating(5, 2)


def test_cribbage_deal_plans() -> None:
    assert cribbage_plan(2) == DealPlan(cards=(6, 6), discards=(2, 2))
    three = cribbage_plan(3)
    assert three.crib_from_deck == 1 and three.crib_size() == 4
    assert cribbage_plan(4).crib_size() == 4
    with pytest.raises(ValueError):
        cribbage_plan(5)


def test_deal_goes_one_card_at_a_time_from_the_dealers_left() -> None:
    sim = CribbageSim.new(3, {}, seed=1)
    deck = list(reversed(range(CARDS)))  # hands are sorted: a falling deck shows the order
    sim.restack(deck, dealer=1)
    # Seat 2 (dealer's left) gets the 1st, 4th... card; the crib's card follows the hands.
    assert sim.hands[2] == sorted(deck[i] for i in (0, 3, 6, 9, 12))
    assert sim.hands[1] == sorted(deck[i] for i in (2, 5, 8, 11, 14))
    assert sim.crib == [deck[15]] and sim.starter == deck[16]


def test_uneven_plan_and_discards_to_the_bottom() -> None:
    # Crib Race's 8-seat shape: the four seats left of dealer 7 get 5, the others 4.
    plan = DealPlan(cards=(5, 5, 5, 5, 4, 4, 4, 4), discards=(1, 1, 1, 1, 0, 0, 0, 0))

    class EightSeatsCore(CribbageSim):
        def _make_sides(self) -> Sides:
            return Sides.alternating(self.players, 4)

        def _deal_plan_for(self, dealer: int) -> DealPlan:
            return plan

    sim = EightSeatsCore.new(8, {}, seed=1)
    deck = list(range(CARDS))
    sim.restack(deck, dealer=7)
    assert [len(hand) for hand in sim.hands] == [5, 5, 5, 5, 4, 4, 4, 4]
    # Round by round from seat 0: the first round's eight cards, then the next ones.
    assert sim.hands[0] == [0, 8, 16, 24, 32] and sim.hands[4] == [4, 12, 20, 28]
    assert sim.to_act() == (0, 1, 2, 3)
    assert sim.starter == deck[36]
    six = DealPlan(cards=(5,) * 6, discards=(1,) * 6, to_bottom=frozenset({0, 3}))
    assert six.crib_size() == 4


def test_a_game_with_a_custom_plan_sends_the_dealing_teams_discards_under_the_deck() -> None:
    class SixSeatsCore(CribbageSim):
        def _make_sides(self) -> Sides:
            return Sides.alternating(self.players, 3)

        def _deal_plan_for(self, dealer: int) -> DealPlan:
            team = self.side_seats[self.side_of[dealer]]
            return DealPlan(cards=(5,) * 6, discards=(1,) * 6, to_bottom=frozenset(team))

    class SixSeats(CribbageGame):
        core_class = SixSeatsCore

    game = SixSeats(6, {"target": 121, "muggins": False}, seed=3)
    for seat in range(6):
        game.apply(seat, game.legal_actions(seat)[0])
    team = game.sides.seats_of(game.sides.side_of[game.core.dealer])
    under = {game.discards[s][0] for s in team}
    assert len(game.crib) == 4 and not under & set(game.crib)
    assert under <= set(game.all_cards())
    assert game.phase == "play"


def test_cut_for_first_deal_lowest_deals_and_ties_cut_again() -> None:
    seen_tie = False
    for seed in range(200):
        cut = cut_for_first_deal(4, random.Random(seed))
        last = dict(cut.rounds[-1])
        low = min(card.rank for card in last.values())
        assert [s for s, c in last.items() if c.rank == low] == [cut.dealer]
        for earlier in cut.rounds[:-1]:
            ranks = sorted(card.rank for _, card in earlier)
            assert ranks[0] == ranks[1]  # a round is only followed by another on a tie
        seen_tie = seen_tie or len(cut.rounds) > 1
    assert seen_tie


@given(players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_first_dealer_is_the_tables_cut_drawing_the_same_numbers(players: int, seed: int) -> None:
    """The search's cut (no cards recorded) names the table's dealer and leaves the generator
    where the table's leaves it, so the first deal that follows is the same."""
    table, search = random.Random(seed), random.Random(seed)
    cut = cut_for_first_deal(players, table)
    assert first_dealer(players, search) == cut.dealer
    assert table.getstate() == search.getstate()
    rounds: list[tuple[tuple[int, Card], ...]] = []
    first_dealer(players, random.Random(seed), rounds)
    assert tuple(rounds) == cut.rounds


def test_a_plans_layout_is_worked_out_with_it() -> None:
    cuts = ((slice(1, 12, 2), slice(0, 12, 2)), (slice(0, 12, 2), slice(1, 12, 2)))
    assert cribbage_plan(2).layout == (cuts, (False, False), (0, 1), 12, 13)
    uneven = DealPlan(cards=(5, 5, 4), discards=(1, 1, 0), crib_from_deck=1)
    assert uneven.layout == ((), (False, False, True), (0, 1), 14, 16)
    assert uneven == DealPlan(cards=(5, 5, 4), discards=(1, 1, 0), crib_from_deck=1)


def test_the_starter_is_cut_by_the_dealers_right() -> None:
    assert starter_cutter(3, dealer=0) == 2


def test_show_order_runs_from_the_dealers_left_and_ends_with_the_crib() -> None:
    sim = CribbageSim.new(4, {}, seed=1)
    sim.dealer = 2
    assert list(sim._show_order()) == [(HAND, 3), (HAND, 0), (HAND, 1), (HAND, 2), (CRIB, 2)]


@pytest.mark.parametrize(
    ("score", "target", "level"),
    [(91, 121, 1), (90, 121, 2), (61, 121, 2), (60, 121, 3), (0, 121, 3),
     (31, 61, 1), (30, 61, 2), (0, 61, 2)],
)
def test_skunk_lines(score: int, target: int, level: int) -> None:
    assert skunk_level(score, target) == level


def test_three_player_outcome_takes_the_worst_skunk() -> None:
    outcome = cribbage_outcome(Sides.cribbage(3), [95, 121, 55], winner=1, target=121)
    assert outcome["winners"] == [1] and outcome["ranks"] == [1, 0, 2]
    assert outcome["win_points"] == 3 and outcome["scores"] == [95, 121, 55]
    assert "double skunk" in outcome["detail"]


def test_partnership_outcome_gives_both_partners_the_win() -> None:
    outcome = cribbage_outcome(Sides.cribbage(4), [121, 100], winner=0, target=121)
    assert outcome["winners"] == [0, 2] and outcome["ranks"] == [0, 1, 0, 1]
    assert outcome["scores"] == [121, 100, 121, 100] and outcome["win_points"] == 1


def test_the_muggins_option_says_what_on_and_off_each_do() -> None:
    # The lobby shows the description beside the value chosen, "off" as often as "on".
    (muggins,) = [option for option in SPEC.options if option.name == "muggins"]
    assert muggins.description == ("On: players count their own hands, and opponents may take "
                                   "points they miss. Off: the bot counts every hand.")


def test_registry_spec_and_options() -> None:
    spec = GAMES["cribbage"]
    assert spec is SPEC and spec.title == "Cribbage" and spec.order == 10
    assert spec.allowed_player_counts() == (2, 3, 4)
    assert spec.check_options(None) == {"target": 121, "muggins": False, "teams": True}
    game = spec.new(2, {"target": 61, "muggins": True}, seed=5)
    assert game.view(None)["target"] == 61 and game.view(None)["muggins_rule"] is True
    with pytest.raises(IllegalAction):
        spec.new(4, {"teams": False})
    with pytest.raises(IllegalAction):
        spec.new(5)
    assert spec.sides(4, {}) == [0, 1, 0, 1] and spec.sides(3, {}) == [0, 1, 2]
    labels = [spec.action_label(a) for a in (
        {"type": "play", "card": "5H"}, {"type": "go"}, {"type": "discard", "cards": ["5H", "TS"]},
        {"type": "claim", "points": 12}, {"type": "muggins"}, {"type": "give_back"},
    )]
    assert labels == ["Play 5♥", "Go", "Discard 5♥ 10♠", "Claim 12", "Muggins!", "Give them back"]
    assert {title for title, _ in spec.rules} == {
        "Card values", "The deal", "The play", "The show", "Winning", "Muggins"
    }


def test_same_seed_same_game() -> None:
    a = GAMES["cribbage"].new(3, {}, seed=42)
    b = GAMES["cribbage"].new(3, {}, seed=42)
    assert [a.view(s) for s in range(3)] == [b.view(s) for s in range(3)]
    assert a.view(None)["first_cut"]["dealer"] == a.core.dealer


def test_normalize_accepts_any_order_and_ten_spelled_out() -> None:
    game = GAMES["cribbage"].new(2, {}, seed=9)
    seat = game.to_act()[0]
    hand = game.view(seat)["hand"]
    wanted = game.legal_actions(seat)[-1]["cards"]
    spelled = [c.replace("T", "10").lower() for c in reversed(wanted)]
    game.apply(seat, {"type": "discard", "cards": spelled})
    assert game.view(seat)["discards"] == wanted
    assert sorted(game.view(seat)["hand"] + wanted) == sorted(hand)
