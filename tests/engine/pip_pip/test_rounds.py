import random

import pytest

from engine import IllegalAction
from engine.cards import parse_card
from engine.pip_pip import SPEC, PipPipGame
from engine.pip_pip.game import final_outcome
from engine.pip_pip.sim import CARD_POINTS, PACK, POINTS, strength

from .helpers import FULL_PACK, all_cards, random_step, seen

DECK_POINTS = sum(POINTS[card] for card in PACK)
#: What is left of the pile when drawing stops, by player count, as the event says it.
PILE_LEFT = {3: "has only 2 cards", 4: "is empty", 5: "has only 4 cards", 6: "has only 2 cards",
             7: "has only 6 cards", 8: "is empty"}


def expected_tricks(players: int) -> tuple[int, int, int]:
    """(tricks with drawing, cards set aside, tricks after) from the rules: each trick with
    drawing takes one card per player from the pile, and drawing stops at the start of the
    first trick when the pile holds fewer cards than players."""
    pile = 104 - 7 * players
    with_drawing = 0
    while pile >= players:
        pile -= players
        with_drawing += 1
    return with_drawing, pile, 7


def test_deck_points_total():
    # 2s, aces, kings, queens and jacks: 8 of each in two decks.
    assert DECK_POINTS == 8 * sum(CARD_POINTS.values()) == 264


def test_three_players_draw_for_27_tricks_and_set_two_cards_aside():
    assert expected_tricks(3) == (27, 2, 7)


@pytest.mark.parametrize("players", range(3, 9))
def test_one_round_trick_count_conservation_and_points(players):
    rng = random.Random(players)
    game = PipPipGame(players, {"rounds": 1}, seed=players * 31)
    with_drawing, set_aside, after = expected_tricks(players)
    tricks = 0
    tricks_before_stop = None
    call_points = [0] * players
    while game.outcome is None:
        assert all_cards(game) == FULL_PACK  # cards conserved at every step
        table = seen(game)
        assert all(size == 7 for size in table["hand_sizes"]) or table["drawing_stopped"]
        seat, action = random_step(game, rng)
        for event in game.apply(seat, action):
            if event["type"] == "trick":
                tricks += 1
            elif event["type"] == "drawing_stops":
                tricks_before_stop = tricks
                assert event["set_aside"] == set_aside
                assert event["text"] == (f"The draw pile {PILE_LEFT[players]}: drawing stops, "
                                         "and everyone plays out their last seven cards.")
            elif event["type"] == "call":
                call_points[event["seat"]] += event["points"]
            elif event["type"] == "round_end":
                # Every point is captured once, except the cards set aside unplayed.
                unplayed = sum(POINTS[card] for card in game.core.set_aside)
                assert sum(event["round_points"]) + unplayed == DECK_POINTS
                # Points, not a count of cards (which could be the same size of number).
                tally = ", ".join(f"{{s{s}}} {p}" for s, p in enumerate(event["round_points"]))
                assert f"Card points: {tally}. Totals: " in event["text"]
    assert tricks_before_stop == with_drawing
    assert tricks == with_drawing + after
    assert seen(game)["set_aside_count"] == set_aside
    assert sum(seen(game)["hand_sizes"]) == 0
    table = seen(game)
    assert [table["scores"][s] - call_points[s] for s in range(players)] == table["round_points"]


def test_cut_for_first_deal_lowest_card_deals_and_ties_cut_again():
    recuts = 0
    for seed in range(40):
        game = PipPipGame(4, {}, seed)
        cuts = [e for e in game.start_events if e["type"] == "cut"]
        recuts += len(cuts) - 1
        final = {int(s): c for s, c in cuts[-1]["cuts"].items()}
        low = min(strength(parse_card(c)) for c in final.values())
        lowest = [s for s, c in final.items() if strength(parse_card(c)) == low]
        assert lowest == [seen(game)["dealer"]]
        for earlier in cuts[:-1]:  # a tie for lowest led to another cut among the tied
            assert "cut again" in earlier["text"]
        table = seen(game)
        assert table["turn"] == table["leader"] == (table["dealer"] + 1) % 4
        if len(cuts) > 1:  # only the seats tied for lowest cut again
            before = {int(s): parse_card(c) for s, c in cuts[-2]["cuts"].items()}
            tied_low = min(strength(c) for c in before.values())
            assert set(final) == {s for s, c in before.items() if strength(c) == tied_low}
    assert recuts > 0  # the seeds do exercise a tie


def test_deal_and_lead_pass_left_each_round():
    rng = random.Random(5)
    game = PipPipGame(3, {}, seed=9)
    dealers = [seen(game)["dealer"]]
    trumps_from_cut = [seen(game)["trump"] == seen(game)["cut_card"][1]]
    while game.outcome is None:
        seat, action = random_step(game, rng)
        for event in game.apply(seat, action):
            if event["type"] == "hand":  # private, and not mistaken for the hand held later
                assert event["text"] == f"You are dealt {' '.join(event['cards'])}."
            if event["type"] == "deal":
                dealers.append(event["dealer"])
                assert event["trump"] == event["cut_card"][1]
                assert seen(game)["leader"] == (event["dealer"] + 1) % 3
    assert all(trumps_from_cut)
    assert dealers == [(dealers[0] + k) % 3 for k in range(3)]


def test_rounds_option_default_is_one_round_per_player_and_fewer_can_be_chosen():
    assert SPEC.new(5, {}, seed=1).core.rounds_total == 5
    assert SPEC.new(5, {"rounds": 2}, seed=1).core.rounds_total == 2
    with pytest.raises(IllegalAction, match="at most 4 rounds") as refused:
        SPEC.new(4, {"rounds": 6}, seed=1)
    assert str(refused.value).endswith("seat 6 players or more, or choose fewer rounds.")
    with pytest.raises(IllegalAction):
        SPEC.new(4, {"rounds": 0}, seed=1)
    with pytest.raises(IllegalAction):
        SPEC.new(2, {}, seed=1)
    with pytest.raises(IllegalAction):
        SPEC.new(9, {}, seed=1)


def test_tied_top_scores_share_the_win():
    outcome = final_outcome([100, 120, 120])
    assert outcome["winners"] == [1, 2] and outcome["shared"] is True
    assert outcome["ranks"] == [2, 0, 0]
    assert outcome["detail"] == "{s1} and {s2} share the win with 120 points each."
    three = final_outcome([120, 120, 90, 120])
    assert three["detail"] == "{s0}, {s1} and {s3} share the win with 120 points each."


def test_single_winner_outcome():
    outcome = final_outcome([10, 300, 120, 120])
    assert outcome["winners"] == [1] and outcome["shared"] is False
    assert outcome["ranks"] == [3, 0, 1, 1] and outcome["scores"] == [10, 300, 120, 120]


def test_game_over_refuses_moves():
    rng = random.Random(1)
    game = PipPipGame(3, {"rounds": 1}, seed=4)
    while game.outcome is None:
        game.apply(*random_step(game, rng))
    assert game.to_act() == [] and game.waiting_for() == []
    assert game.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, {"type": "play", "card": "3H"})
