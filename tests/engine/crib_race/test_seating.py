"""Every seating of docs/RULES.md CR-1: the deal, a four-card crib, the 52 cards conserved, partners
sitting alternately and sharing one peg."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cards import standard_deck
from engine.crib_race.seating import race_plan, race_sides, seating_words, side_count
from engine.cribbage.deal import seats_from_left
from engine.registry import GAMES
from tests.engine.crib_race.helpers import first_legal, of_type, race

SEATINGS = [(2, False), (3, False), (4, False), (4, True), (6, True), (8, True)]
#: (cards dealt per seat in deal order from the dealer's left, discards per seat, sides)
EXPECTED = {
    (2, False): ([6, 6], [2, 2], 2),
    (3, False): ([5, 5, 5], [1, 1, 1], 3),
    (4, False): ([5, 5, 5, 5], [1, 1, 1, 1], 4),
    (4, True): ([5, 5, 5, 5], [1, 1, 1, 1], 2),
    (6, True): ([5] * 6, [1] * 6, 3),
    (8, True): ([5, 5, 5, 5, 4, 4, 4, 4], [1, 1, 1, 1, 0, 0, 0, 0], 4),
}


@pytest.mark.parametrize(("players", "teams"), SEATINGS)
@pytest.mark.parametrize("dealer_shift", [0, 1, 3])
def test_each_seating_deals_builds_a_four_card_crib_and_conserves_the_deck(
    players: int, teams: bool, dealer_shift: int
) -> None:
    game = race(players, seed=dealer_shift, teams=teams)
    game.restack(standard_deck(), dealer=dealer_shift % players)
    dealer = game.core.dealer
    cards, discards, sides = EXPECTED[(players, teams)]
    order = seats_from_left(players, dealer)
    assert [len(game.hands[seat]) for seat in order] == cards
    assert [game.core.plan.discards[seat] for seat in order] == discards
    assert game.sides.count == sides
    assert sorted(game.to_act()) == sorted(s for s, d in zip(order, discards, strict=True) if d)
    # The deal takes the hands, the crib's cards from the deck and the starter off the top.
    top = standard_deck()[:sum(cards) + game.core.plan.crib_from_deck + 1]
    assert Counter(game.all_cards()) == Counter(top)
    thrown = {}
    for seat in list(game.to_act()):
        thrown[seat] = game.legal_actions(seat)[0]["cards"]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.phase == "play"
    assert len(game.crib) == 4
    assert Counter(game.all_cards()) == Counter(top)
    if players == 6:
        # The dealing team's two discards went under the deck, the others' into the crib.
        dealing_team = game.sides.seats_of(game.sides.side_of[dealer])
        under = [str(c) for s in dealing_team for c in game.discards[s]]
        assert sorted(under) == sorted(thrown[s][0] for s in dealing_team)
        assert sorted(str(c) for c in game.crib) == sorted(
            thrown[s][0] for s in thrown if s not in dealing_team)


@pytest.mark.parametrize(("players", "teams"), SEATINGS)
def test_team_members_sit_alternately_and_share_one_peg(players: int, teams: bool) -> None:
    sides = race_sides(players, teams)
    count = side_count(players, teams)
    assert list(sides.side_of) == [seat % count for seat in range(players)]
    assert GAMES["crib-race"].sides(players, {"teams": teams}) == list(sides.side_of)
    assert ("teams" in seating_words(players, teams)) == (count < players)


def test_partners_points_move_the_same_peg() -> None:
    game = race(4, teams=True)
    assert game.sides.seats_of(0) == [0, 2]
    events = game._score(2, 3, "play")
    assert game.pegs[0].index == 3 and game.pegs[1].index == 0
    game._score(0, 2, "play")
    assert game.pegs[0].index == 5
    view = game.view(None)
    assert view["pegs"][0]["seats"] == [0, 2] and view["pegs"][0]["hole"] == "5"
    assert of_type(events, "score")[0]["side"] == 0


def test_individuals_with_four_players_have_four_pegs() -> None:
    game = race(4, teams=False)
    assert len(game.view(None)["pegs"]) == 4


def test_eight_players_first_four_from_the_dealer_get_five() -> None:
    for dealer in range(8):
        plan = race_plan(8, dealer, race_sides(8, True))
        first_four = seats_from_left(8, dealer)[:4]
        assert {plan.cards[s] for s in first_four} == {5}
        assert sorted({race_sides(8, True).side_of[s] for s in first_four}) == [0, 1, 2, 3]
        assert plan.crib_size() == 4


def test_a_whole_deal_with_eight_players_plays_32_cards() -> None:
    game = race(8, seed=3)
    deal = game.deal_number
    played = 0
    while game.deal_number == deal and game.outcome is None:
        played += len(of_type(first_legal(game), "play"))
    assert played == 32


@pytest.mark.parametrize("players", [5, 7, 9, 1])
def test_other_player_counts_are_refused(players: int) -> None:
    from engine.errors import IllegalAction

    with pytest.raises(IllegalAction):
        GAMES["crib-race"].new(players, {}, seed=1)
