"""Winning, the end-of-race tiebreak, overtime, drawing and cycles."""

import random

import pytest

from engine.errors import IllegalAction
from engine.pip_rush.sim import has_won

from .helpers import choose, finish_choices, new_game, play_cards, racer, rig


def test_win_needs_one_racer_at_finish_and_the_other_in_the_last_mile():
    def place(a, b):
        return has_won([a * 4 + 1, b * 4 + 2, 0, 0], 0)

    assert place(10, 7)
    assert place(8, 10)
    assert not place(10, 6)
    assert not place(9, 9)
    assert not has_won([40, 30, 0, 0], 2)


def winning_trick(players=2, trailing=(7, 1, 2)):
    """Team 0 wins the trick with AS; its racer A at space 9 takes the Movement."""
    if players == 2:
        game = rig(new_game(2), leader=0, hands={0: "AS 3H", 1: "2H 4H"})
        cards = "AS 2H 3H 4H"
    else:
        game = rig(new_game(4), leader=0, hands={0: "AS", 1: "2H", 2: "3H", 3: "4H"})
        cards = "AS 2H 3H 4H"
    rig(game, racers=[(9, 2, 3), trailing, (5, 1, 4), (5, 3, 4)])
    play_cards(game, cards)  # resolve 2H, 3H, 4H, then AS's Movement
    choose(game, 1, racer(0))
    choose(game, 0 if players == 2 else 2, racer(1))  # 3H to racer B, so racer A moves
    return game


def test_reaching_the_finish_with_the_partner_in_the_last_mile_wins_at_once():
    game = winning_trick()
    choose(game, 0, {"type": "move", "racer": 0, "space": 10, "lane": 2})
    outcome = game.outcome
    assert outcome["winners"] == [0]
    assert outcome["ranks"] == [0, 1]
    assert outcome["shared"] is False
    assert outcome["win_points"] == 1
    assert "Finish" in outcome["detail"]
    assert outcome["scores"] == [17, 10]  # combined spaces of each seat's team
    assert game.to_act() == []
    assert game.legal_actions(0) == []
    assert game.view(0)["phase"] == "over"
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, {"type": "play", "card": "AS"})


def test_four_player_partners_win_together():
    game = winning_trick(players=4)
    choose(game, 0, {"type": "move", "racer": 0, "space": 10, "lane": 1})
    assert game.outcome["winners"] == [0, 2]
    assert game.outcome["ranks"] == [0, 1, 0, 1]


def test_finish_without_the_partner_in_the_last_mile_is_not_a_win():
    game = winning_trick(trailing=(6, 1, 2))
    choose(game, 0, {"type": "move", "racer": 0, "space": 10, "lane": 2})
    assert game.outcome is None
    assert game.to_act() == [0]  # the trick winner leads on


def test_partner_arriving_in_the_last_mile_completes_the_win():
    game = rig(new_game(2), leader=0, hands={0: "AS 3H", 1: "2H 4H"})
    rig(game, racers=[(10, 2, 3), (6, 1, 3), (5, 1, 4), (5, 3, 4)])
    play_cards(game, "AS 2H 3H 4H")
    choose(game, 1, racer(0))
    choose(game, 0, racer(0))  # 3H to racer A at the Finish: racer B takes the Movement
    choose(game, 0, {"type": "move", "racer": 1, "space": 7, "lane": 2})
    assert game.outcome["winners"] == [0]


def last_trick(racers, overtime=False):
    """Play trick 30 with Clubs only (they never change a standing) and team 1 winning a
    Movement it cannot use (its racers have 1 pip), so the standing is exactly `racers`."""
    game = rig(new_game(2, overtime=overtime), leader=0, hands={0: "2C 4C", 1: "3C 5C"},
               racers=racers, pile="")
    game.core.tricks_played, game.cycle = 29, 5
    play_cards(game, "2C 3C 4C 5C")
    finish_choices(game)
    return game


@pytest.mark.parametrize(
    ("racers", "winners", "reason"),
    [
        # Lead racer decides, whatever the trailing racers and pips.
        ([(6, 1, 4), (2, 1, 4), (5, 2, 1), (5, 3, 1)], [0],
         "lead racer on space 6 against space 5"),
        # Leads level: the trailing racer decides, even against more pips.
        ([(6, 1, 5), (2, 1, 5), (6, 2, 1), (3, 3, 1)], [1],
         "lead racers level, trailing racer on space 3 against space 2"),
        # A lead racer on the Finish, its partner short of the Last Mile: the tiebreak says so.
        ([(10, 1, 2), (2, 1, 2), (8, 2, 1), (3, 3, 1)], [0],
         "lead racer at the Finish against space 8"),
        # Positions level: combined pips decide.
        ([(6, 1, 2), (3, 1, 2), (6, 2, 1), (3, 3, 1)], [0],
         "racers level, combined pips 4 against 2"),
    ],
)
def test_tiebreak_after_five_cycles(racers, winners, reason):
    game = last_trick(racers)
    assert game.view(None)["tricks_played"] == 30
    assert game.outcome["winners"] == winners
    assert game.outcome["shared"] is False
    assert reason in game.outcome["detail"]
    assert "after 5 cycles" in game.outcome["detail"]


def test_dead_level_race_is_a_shared_victory():
    game = last_trick([(6, 1, 1), (3, 1, 1), (6, 2, 1), (3, 3, 1)])
    assert game.outcome["winners"] == [0, 1]
    assert game.outcome["ranks"] == [0, 0]
    assert game.outcome["shared"] is True


def test_overtime_plays_a_sixth_cycle_before_the_tiebreak():
    game = last_trick([(6, 1, 4), (2, 1, 4), (5, 2, 1), (5, 3, 1)], overtime=True)
    view = game.view(0)
    assert game.outcome is None
    assert (view["cycle"], view["trick_number"], view["max_tricks"]) == (6, 1, 36)
    assert view["hand_sizes"] == [4, 4]
    assert view["draw_pile"] == 16
    rng = random.Random(5)
    while game.outcome is None:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    # Nobody reaches the Finish from here in six tricks, so the tiebreak decides after trick 36.
    assert game.view(None)["tricks_played"] == 36
    assert "after 6 cycles" in game.outcome["detail"]


def test_two_player_draw_winner_first_then_in_play_order():
    game = rig(new_game(2), leader=0, hands={0: "2H 3H", 1: "AS 4H"},
               pile="2C 3C 4C 5C 6C AC 2D 3D")  # drawn from the end
    play_cards(game, "2H AS 3H 4H")
    events = finish_choices(game)
    draws = [(e["to"], e["cards"]) for e in events if e["type"] == "draw"]
    assert draws == [(1, ["3D", "2D", "AC", "6C"]), (0, ["5C", "4C", "3C", "2C"])]
    assert game.view(0)["hand"] == ["2C", "3C", "4C", "5C"]
    assert game.view(1)["hand"] == ["2D", "3D", "6C", "AC"]  # suit by suit, rank ascending
    assert game.view(None)["draw_pile"] == 0


def test_four_player_draw_goes_round_from_the_winner():
    hands = {0: "2H 5S 5D 5H", 1: "3H 6S 6D 6H", 2: "AS 4S 4D 3D", 3: "4H 2S 2D 3S"}
    game = rig(new_game(4), leader=0, hands=hands, pile="2C 3C 4C 5C")
    play_cards(game, "2H 3H AS 4H")
    events = finish_choices(game)
    draws = [(e["to"], e["cards"]) for e in events if e["type"] == "draw"]
    assert draws == [(2, ["5C"]), (3, ["4C"]), (0, ["3C"]), (1, ["2C"])]
    assert game.to_act() == [2]


def test_draw_events_are_private():
    game = new_game(2, seed=3)
    rng = random.Random(3)
    events = []
    while game.view(None)["tricks_played"] < 1:
        seat = game.to_act()[0]
        events += game.apply(seat, rng.choice(game.legal_actions(seat)))
    draws = [e for e in events if e["type"] == "draw"]
    assert draws and all(e["to"] == e["seat"] for e in draws)


@pytest.mark.parametrize("players", [2, 4])
def test_a_cycle_is_six_tricks_then_all_cards_are_dealt_again(players):
    game = new_game(players, seed=11)
    rng = random.Random(11)
    cycle_events = []
    while game.view(None)["tricks_played"] < 6:
        view = game.view(None)
        expected_pile = {2: [16, 12, 8, 4, 0, 0], 4: [8, 4, 0, 0, 0, 0]}[players]
        if view["phase"] == "play" and not view["trick"]:
            assert view["draw_pile"] == expected_pile[view["tricks_played"]]
            assert view["cycle"] == 1
            assert view["trick_number"] == view["tricks_played"] + 1
        seat = game.to_act()[0]
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))
        cycle_events += [e for e in events if e["type"] == "cycle"]
    view = game.view(None)
    assert (view["cycle"], view["trick_number"]) == (2, 1)
    assert view["hand_sizes"] == [4] * players
    assert view["draw_pile"] == 24 - 4 * players
    last_winner = view["last_trick"]["winner_seat"]
    assert [e["leader"] for e in cycle_events] == [last_winner]
    assert view["leader"] == last_winner
    assert game.to_act() == [last_winner]
    cards = [c for hand in game.core.hands for c in hand] + game.core.pile
    assert len(set(cards)) == 24


def test_first_leader_comes_from_the_seed():
    leaders = {new_game(4, seed=seed).core.leader for seed in range(40)}
    assert leaders == {0, 1, 2, 3}
    assert new_game(2, seed=9).to_act() == new_game(2, seed=9).to_act()
    assert {new_game(2, seed=seed).to_act()[0] for seed in range(20)} == {0, 1}


def test_the_other_team_cannot_complete_a_win_during_a_trick_it_loses():
    # Team 1 has a racer at the Finish and one at space 6; its Clubs only exchange the two
    # cells, so it cannot reach the Last Mile in a trick team 0 wins: only team 0 can win here.
    game = rig(new_game(2), leader=0, hands={0: "AS 3H", 1: "2C 4C"},
               racers=[(9, 2, 3), (7, 1, 3), (10, 1, 3), (6, 3, 3)])
    play_cards(game, "AS 2C 3H 4C")  # resolve 2C, 3H, 4C, then AS
    choose(game, 1, racer(0))
    choose(game, 0, racer(1))
    cells = sorted((r["space"], r["lane"]) for r in game.view(None)["racers"][2:])
    assert cells == [(6, 3), (10, 1)]
    choose(game, 0, {"type": "move", "racer": 0, "space": 10, "lane": 2})
    assert game.outcome["winners"] == [0]


@pytest.mark.parametrize("players", [2, 4])
def test_the_first_deal_is_four_cards_each_told_privately(players):
    game = new_game(players, seed=8)
    deals = [e for e in game.start_events if e["type"] == "deal"]
    assert [e["to"] for e in deals] == list(range(players))
    for event in deals:
        assert event["cards"] == game.view(event["to"])["hand"]
        assert len(event["cards"]) == 4
    cycle = next(e for e in game.start_events if e["type"] == "cycle")
    assert cycle["leader"] == game.to_act()[0]
    assert game.view(None)["draw_pile"] == 24 - 4 * players
