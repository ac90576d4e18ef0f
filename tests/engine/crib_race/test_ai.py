"""The Crib Race computer players: legal in every seating and level, deterministic, and aware
of the track (ground gained, traps avoided, muggins points given back to trap a rival)."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card
from engine.crib_race import CribRaceGame
from engine.crib_race.ai import _go_correction, choose_action, crib_sign
from engine.crib_race.board import ADVANCE, BOARDS, BOX, SLIDE, TRAP
from engine.crib_race.position import BOX_COST, gain, place_cost
from engine.crib_race.sim import track_of
from engine.crib_race.track import Peg, move, to_finish
from engine.cribbage import ai as cribbage_ai
from engine.registry import GAMES
from tests.engine.crib_race.helpers import (
    claim,
    place,
    play_to_show,
    race,
    stacked_race,
    zone,
)
from tests.engine.crib_race.test_zones_in_play import two_player_deal

BOARD = BOARDS["default"]
TRACK = track_of(BOARD)
LEVELS = ("easy", "normal", "hard")
SEATINGS = [(2, False), (3, False), (4, False), (4, True), (6, True), (8, True)]


def holes_gained(at: Peg, points: int) -> float:
    return gain(TRACK, TRACK.node_of(at), points)


def position_gained(at: Peg, points: int, rival_cost: float) -> float:
    return gain(TRACK, TRACK.node_of(at), points, rival_cost)


def test_gain_is_the_ground_a_move_makes_on_the_track() -> None:
    plain = 40
    assert holes_gained(Peg("main", plain), 3) == 3
    slide = zone(BOARD, SLIDE)
    jump = int(slide.target) - slide.triggers[0]
    assert holes_gained(Peg("main", slide.triggers[0] - 2), 2) == 2 + jump
    trap = zone(BOARD, TRAP)
    start = trap.triggers[0] - 2
    trapped = to_finish(BOARD, Peg("main", start)) - to_finish(BOARD, Peg(trap.name, 0))
    assert holes_gained(Peg("main", start), 2) == trapped < 0
    box = zone(BOARD, BOX)
    assert holes_gained(Peg("main", box.triggers[0] - 4), 4) == 4 - BOX_COST
    assert holes_gained(Peg(box.name, 0), 5) == 0  # a boxed peg scores nothing
    assert holes_gained(Peg("main", BOARD.finish - 2), 3) > 1000  # the finish wins


@pytest.mark.parametrize(
    ("kind", "hole", "level"),
    # At normal the track weighs half: the first trap hole (the smallest loss) is too close.
    # Not the third trap hole at hard: with the rival far behind, the hand count from that
    # side of the trap risks the box at 68, which its search of the deal weighs more.
    [(TRAP, 0, "hard"), (TRAP, 2, "normal"), (BOX, 0, "normal"), (BOX, 0, "hard")],
)
def test_the_play_avoids_points_that_land_in_a_trap_or_a_box(kind: str, hole: int,
                                                              level: str) -> None:
    game = two_player_deal()
    game.apply(1, {"type": "play", "card": "TH"})  # count 10: 5H, 5S or TD score 2, JC nothing
    legal = game.legal_actions(0)
    place(game, 0, 40)
    assert choose_action(game.view(0), legal, random.Random(1), level)["card"] != "JC"
    place(game, 0, zone(game.board, kind).triggers[hole] - 2)
    view = game.view(0)
    assert cribbage_ai.choose_action(view, legal, random.Random(1), level)["card"] != "JC"
    assert choose_action(view, legal, random.Random(1), level) == {"type": "play",
                                                                   "card": "JC"}


def muggins_choice_for(near_trap: bool) -> dict:
    """Seat 1 claims 0 for a hand worth more; seat 0 presses muggins and must choose, with
    seat 1's peg just the missed points short of a trap, or far from any zone."""
    game = two_player_deal(muggins=True)
    play_to_show(game)
    claim(game, 0)
    missed = game._true_counts[0].total
    assert missed >= 2
    trap = zone(game.board, TRAP)
    place(game, 0, 40)
    place(game, 1, trap.triggers[0] - missed if near_trap else 41)
    game.apply(0, {"type": "muggins"})
    legal = game.legal_actions(0)
    assert legal == [{"type": "keep"}, {"type": "give_back"}]
    return choose_action(game.view(0), legal, random.Random(2), "hard")


def test_muggins_points_are_given_back_when_they_push_the_owner_into_a_trap() -> None:
    assert muggins_choice_for(near_trap=True) == {"type": "give_back"}
    assert muggins_choice_for(near_trap=False) == {"type": "keep"}


def test_the_dealing_team_with_six_players_weighs_no_crib() -> None:
    game = race(6, seed=3)
    dealer = game.core.dealer
    partner = (dealer + 3) % 6
    assert crib_sign(game.view(dealer)) == 0.0 and crib_sign(game.view(partner)) == 0.0
    assert crib_sign(game.view((dealer + 1) % 6)) == -1.0


@pytest.mark.parametrize(("players", "teams"), SEATINGS)
def test_every_level_plays_legal_moves_through_whole_games(players: int, teams: bool) -> None:
    spec = GAMES["crib-race"]
    game = spec.new(players, {"teams": teams, "muggins": players % 2 == 0}, seed=players)
    rng = random.Random(players)
    while game.outcome is None:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        action = spec.ai(game.view(seat), legal, rng, LEVELS[seat % 3])
        assert action in legal
        game.apply(seat, action)


def test_the_same_view_and_seed_give_the_same_choice() -> None:
    game = race(2, seed=9)
    for _ in range(40):
        if game.outcome is not None:
            break
        seat = game.waiting_for()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        first = choose_action(view, legal, random.Random(5), "hard")
        assert choose_action(view, legal, random.Random(5), "hard") == first
        game.apply(seat, first)


def test_an_unknown_level_is_refused() -> None:
    game = race(2, seed=1)
    with pytest.raises(ValueError, match="Unknown level"):
        choose_action(game.view(0), game.legal_actions(0), random.Random(1), "expert")


def test_hard_beats_a_random_player() -> None:
    """Ten deals, hard in each seat: a random player wins half against its like, hard some
    95% (benchmarks.expert race); 15 of 20 is far from either, whatever the luck of the cards."""
    spec = GAMES["crib-race"]
    wins = 0
    for seed in range(10):
        for hard in (0, 1):
            game = spec.new(2, {}, seed)
            # Each player its own generator: the random player's moves do not depend on how
            # many numbers hard draws.
            rng, random_rng = random.Random(seed), random.Random(-seed)
            while game.outcome is None:
                seat = game.waiting_for()[0]
                legal = game.legal_actions(seat)
                action = (choose_action(game.view(seat), legal, rng, "hard") if seat == hard
                          else random_rng.choice(legal))
                game.apply(seat, action)
            wins += hard in game.outcome["winners"]
    assert wins >= 15


# ----- hard: the position value, the box's real cost, go points on the track ----------------
def test_the_position_value_counts_the_zones_ahead() -> None:
    """Points still needed from a place: more than its holes to go just before a trap (which
    catches a peg again and again), fewer just before a green shortcut."""
    def cost(peg: Peg) -> float:
        return place_cost(BOARD, peg)

    trap = zone(BOARD, TRAP, 1)
    before_trap = Peg("main", trap.triggers[0] - 1)
    past_trap = Peg("main", trap.triggers[-1] + 1)
    assert (cost(before_trap) - to_finish(BOARD, before_trap)
            > cost(past_trap) - to_finish(BOARD, past_trap) + 3)
    advance = zone(BOARD, ADVANCE, 1)
    before_advance = Peg("main", advance.triggers[0] - 4)
    assert cost(before_advance) < to_finish(BOARD, before_advance)
    assert cost(Peg("main", BOARD.finish)) == 0.0


def test_a_box_costs_the_lead_it_throws_away() -> None:
    """Boxed, a peg waits until every rival is past the box: far ahead it loses its lead;
    with the rival already past, only the rest of the deal."""
    box = zone(BOARD, BOX, 1)
    start = Peg("main", box.triggers[0] - 4)
    far_behind = place_cost(BOARD, Peg("main", 30))
    already_past = place_cost(BOARD, Peg("main", box.triggers[0] + 20))
    boxed_far_ahead = position_gained(start, 4, far_behind)
    boxed_rival_past = position_gained(start, 4, already_past)
    lead = far_behind - place_cost(BOARD, Peg("main", box.triggers[0]))
    assert boxed_far_ahead == pytest.approx(boxed_rival_past - lead)
    assert boxed_far_ahead < -20 < boxed_rival_past
    assert position_gained(start, 3, far_behind) > 0


def test_hard_keeps_out_of_the_box_while_far_ahead() -> None:
    game = two_player_deal()
    game.apply(1, {"type": "play", "card": "TH"})  # count 10: 5H, 5S or TD score 2, JC nothing
    legal = game.legal_actions(0)
    place(game, 0, zone(game.board, BOX, 1).triggers[0] - 2)
    place(game, 1, 40)
    assert choose_action(game.view(0), legal, random.Random(1), "hard") == {"type": "play",
                                                                           "card": "JC"}


def test_a_go_point_that_would_land_in_the_box_counts_against_the_piece() -> None:
    box = zone(BOARD, BOX, 1)
    peg = Peg("main", box.triggers[0] - 1)
    far_behind = place_cost(BOARD, Peg("main", 30))

    def ground(at: Peg, points: int) -> float:
        return position_gained(at, points, far_behind)

    ten, two = Card(10, "S"), Card(2, "H")
    alone = cribbage_ai.PlaySituation(seat=0, pile=[Card(13, "D")], count=10, mine=[ten],
                                      unseen=[], next_seat=None)
    assert _go_correction(alone, ten, BOARD, peg, 0, ground) < -20  # the last card: boxed
    playing_on = cribbage_ai.PlaySituation(seat=0, pile=[Card(13, "D")], count=10,
                                           mine=[ten, two], unseen=[], next_seat=None)
    assert _go_correction(playing_on, ten, BOARD, peg, 0, ground) == 0.0  # 2 still fits


# ----- hard, two players: the play searched to the end of the deal --------------------------
def show_trap_deal(hard_at: int) -> CribRaceGame:
    """Seat 0 deals and holds AC 4C at count 23 after 7D 8C 5D 3C, seat 1 having said go
    (its 9C JD do not fit), with its peg at `hard_at` and seat 1's at 35. Laying 4C makes a
    run of three and the go (4 points), AC first then 4C only the go (1); seat 0's hand
    (AC 3C 4C 8C with the 2C starter) then counts 13, its crib 4."""
    game = stacked_race(["AD AC 3C 4C 5H 8C", "7D 5D 9C JD 7H TH"], dealer=0, starter="2C")
    game.apply(0, {"type": "discard", "cards": ["AD", "5H"]})
    game.apply(1, {"type": "discard", "cards": ["7H", "TH"]})
    for seat, card in ((1, "7D"), (0, "8C"), (1, "5D"), (0, "3C")):
        game.apply(seat, {"type": "play", "card": card})
    assert game.legal_actions(1) == [{"type": "go"}]
    game.apply(1, {"type": "go"})
    place(game, 0, hard_at)
    place(game, 1, 35)
    return game


def test_hard_holds_back_play_points_that_would_put_its_hand_count_on_the_box() -> None:
    box = zone(BOARD, BOX, 1)
    hand_points = 13
    run_and_go, go_only = 4, 1
    near = box.triggers[0] - hand_points - run_and_go
    game = show_trap_deal(near)
    legal = game.legal_actions(0)
    assert {a["card"] for a in legal} == {"AC", "4C"}
    # The run and the go would leave the peg where the hand count lands on the box.
    assert move(BOARD, Peg("main", near + run_and_go), hand_points).after.is_boxed(BOARD)
    assert not move(BOARD, Peg("main", near + go_only), hand_points).after.is_boxed(BOARD)
    assert choose_action(game.view(0), legal, random.Random(1), "hard") == {
        "type": "play", "card": "AC"}
    # Far from the box (both landings on plain holes), the run is worth taking.
    far = 25
    game = show_trap_deal(far)
    assert choose_action(game.view(0), legal, random.Random(1), "hard") == {
        "type": "play", "card": "4C"}
