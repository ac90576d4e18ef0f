"""Zones in real deals: points move the peg in the order they are scored, a 15-2 can land in
a trap, a hand count in a trap sends the crib count down the blue path, penalty boxes hold
their pegs and release them first in first out, the finish wins in the middle of the play."""

from __future__ import annotations

from engine.crib_race.board import ADVANCE, BOX, SLIDE, TRAP
from engine.crib_race.game import CribRaceGame
from engine.crib_race.track import Peg, move
from tests.engine.crib_race.helpers import (
    box_side,
    claim,
    first_legal,
    of_type,
    place,
    play_to_show,
    race,
    stacked_race,
    zone,
)

# Dealer 0 keeps 5H 5S TD JC (10 with the 3H starter); seat 1 leads TH.
DEALER_HAND = "5H 5S 5C TD JC QD"
OTHER_HAND = "TH KS 4C 6S 7H 8C"


def two_player_deal(**options: object) -> CribRaceGame:
    game = stacked_race([DEALER_HAND, OTHER_HAND], dealer=0, starter="3H", **options)
    game.apply(0, {"type": "discard", "cards": ["5C", "QD"]})
    game.apply(1, {"type": "discard", "cards": ["4C", "6S"]})
    return game


def lead_ten_then_fifteen(game: CribRaceGame) -> list[dict]:
    """Seat 1 leads TH; the dealer answers 5H: fifteen two for side 0."""
    events = game.apply(1, {"type": "play", "card": "TH"})
    return events + game.apply(0, {"type": "play", "card": "5H"})


def test_a_fifteen_two_lands_the_peg_in_a_trap() -> None:
    game = two_player_deal()
    trap = zone(game.board, TRAP)
    place(game, 0, trap.triggers[0] - 2)
    events = lead_ten_then_fifteen(game)
    kinds = [e["type"] for e in events]
    assert kinds.index("score") < kinds.index("zone")
    (event,) = of_type(events, "zone")
    assert event["kind"] == TRAP and event["landed"] == str(trap.triggers[0])
    assert game.pegs[0] == Peg(trap.name, 0)
    assert event["hole"] == trap.route[0]
    view = game.view(1)
    assert view["pegs"][0]["path"] == trap.name and view["pegs"][0]["hole"] == trap.route[0]
    assert view["zone_events"] == [event]
    # Told in the order it happened: the peg lands on the trap, then goes down the path.
    assert of_type(events, "score")[0]["text"].endswith(f"Peg lands at {trap.triggers[0]}.")
    assert event["text"].endswith("must follow the blue path back.")


def test_a_fifteen_two_passing_over_a_slide_does_nothing() -> None:
    game = two_player_deal()
    slide = zone(game.board, SLIDE)
    place(game, 0, slide.triggers[0] - 1)
    events = lead_ten_then_fifteen(game)
    assert not of_type(events, "zone")
    assert game.pegs[0] == Peg("main", slide.triggers[0] + 1)


def test_landing_on_a_slide_in_the_play_jumps_to_its_end() -> None:
    game = two_player_deal()
    slide = zone(game.board, SLIDE, 1)
    place(game, 0, slide.triggers[0] - 2)
    events = lead_ten_then_fifteen(game)
    assert of_type(events, "zone")[0]["kind"] == SLIDE
    assert game.pegs[0] == Peg("main", int(slide.target))
    assert game.scores[0] == int(slide.target)
    assert of_type(events, "score")[0]["text"].endswith(f"Peg lands at {slide.triggers[0]}.")
    assert of_type(events, "zone")[0]["text"].endswith(
        f"on the red slide at {slide.triggers[0]} and slid to {slide.target}.")


def test_landing_on_a_green_entry_takes_the_shortcut_and_rejoins() -> None:
    game = two_player_deal()
    advance = zone(game.board, ADVANCE)
    place(game, 0, advance.triggers[0] - 2)
    lead_ten_then_fifteen(game)
    assert game.pegs[0] == Peg(advance.name, 0)
    steps_home = len(advance.route) - 1
    game._score(0, steps_home, "play")
    assert game.pegs[0] == Peg("main", advance.rejoin)


def test_his_heels_can_slide_the_dealer() -> None:
    game = stacked_race([DEALER_HAND, OTHER_HAND], dealer=0, starter="JH")
    slide = zone(game.board, SLIDE)
    place(game, 0, slide.triggers[0] - 2)
    game.apply(0, {"type": "discard", "cards": ["5C", "QD"]})
    events = game.apply(1, {"type": "discard", "cards": ["4C", "6S"]})
    assert [e["reason"] for e in of_type(events, "score")] == ["heels"]
    assert game.pegs[0] == Peg("main", int(slide.target))


def test_the_finish_reached_in_the_middle_of_the_play_wins_at_once() -> None:
    game = two_player_deal()
    place(game, 0, game.board.finish - 2)
    place(game, 1, game.board.finish - 1)
    events = lead_ten_then_fifteen(game)
    assert of_type(events, "game_over")
    assert game.outcome is not None and game.outcome["winners"] == [0]
    assert game.phase == "over" and game.to_act() == []
    assert game.outcome["scores"] == [121, 120]
    assert game.pegs[0].finished(game.board)


def test_a_hand_count_in_a_trap_sends_the_crib_count_down_the_blue_path() -> None:
    game = two_player_deal(muggins=True)
    play_to_show(game)
    trap = zone(game.board, TRAP)
    claim(game, 0)  # seat 1's hand first
    place(game, 0, trap.triggers[1] - 2)
    events = claim(game, 2)  # the dealer's hand lands in the trap
    assert of_type(events, "zone")[0]["kind"] == TRAP
    assert game.pegs[0] == Peg(trap.name, 0)
    events = claim(game, 3)  # the crib count continues along the blue path
    expected = move(game.board, Peg(trap.name, 0), 3).after
    assert expected.path == trap.name
    assert game.pegs[0] == expected
    (score,) = of_type(events, "score")
    assert score["reason"] == "crib" and score["path"] == trap.name


def test_a_boxed_side_plays_and_counts_but_scores_nothing() -> None:
    game = two_player_deal(muggins=True)
    box = zone(game.board, BOX)
    box_side(game, 0, box)
    events = lead_ten_then_fifteen(game)
    assert not of_type(events, "score")
    (missed,) = of_type(events, "boxed_points")
    assert missed["points"] == 2 and missed["side"] == 0
    assert game.pegs[0] == Peg(box.name, 0) and game.view(0)["pegs"][0]["boxed"]
    play_to_show(game)
    claim(game, 0)
    events = claim(game, 4)
    assert of_type(events, "boxed_points") and game.pegs[0] == Peg(box.name, 0)


def test_landing_on_a_box_boxes_the_peg() -> None:
    game = two_player_deal()
    box = zone(game.board, BOX)
    place(game, 0, box.triggers[0] - 2)
    events = lead_ten_then_fifteen(game)
    assert of_type(events, "zone")[0]["kind"] == BOX
    assert game.pegs[0] == Peg(box.name, 0)
    assert game.view(None)["penalty_boxes"][box.name] == [0]
    assert game.view(None)["pegs"][0]["hole"] == box.cells[0]


def finish_deal_with_zero_claims(game: CribRaceGame) -> list[dict]:
    deal = game.deal_number
    events: list[dict] = []
    while game.deal_number == deal and game.outcome is None:
        events += first_legal(game)
    return events


def test_penalty_box_releases_first_in_first_out_once_every_other_peg_is_past() -> None:
    game = race(3, seed=5, muggins=True)
    box = zone(game.board, BOX)
    hole = box.triggers[0]
    box_side(game, 0, box)
    box_side(game, 1, box)
    play_to_show(game)
    place(game, 2, hole)  # on the box's hole is not past it
    events = finish_deal_with_zero_claims(game)
    assert not [e for e in events if e["type"] == "zone" and e["kind"] == "release"]
    assert game.box_queues[box.name] == [0, 1]

    play_to_show(game)
    place(game, 2, hole + 1)
    events = finish_deal_with_zero_claims(game)
    (release,) = [e for e in events if e["type"] == "zone" and e["kind"] == "release"]
    assert release["side"] == 0  # first in, first out
    assert game.pegs[0] == Peg("main", hole)
    assert game.pegs[1] == Peg(box.name, 0)  # moved up to the first cell
    assert release in game.view(None)["last_zone_events"]

    # One per deal, and the released peg sitting on the box's hole is not past it.
    play_to_show(game)
    place(game, 0, hole)
    place(game, 2, hole + 5)
    finish_deal_with_zero_claims(game)
    assert game.box_queues[box.name] == [1]
    play_to_show(game)
    place(game, 0, hole + 1)
    finish_deal_with_zero_claims(game)
    assert game.box_queues[box.name] == []
    assert game.pegs[1] == Peg("main", hole)


def test_pegs_in_another_box_do_not_hold_a_release_back() -> None:
    game = race(3, seed=6, muggins=True)
    first, second = zone(game.board, BOX, 0), zone(game.board, BOX, 1)
    box_side(game, 0, first)
    box_side(game, 1, second)
    play_to_show(game)
    place(game, 2, second.triggers[0] + 1)
    events = finish_deal_with_zero_claims(game)
    released = [e["side"] for e in events if e["type"] == "zone" and e["kind"] == "release"]
    # Side 1 in the second box is past the first box's hole, so side 0 leaves; side 0 (back
    # at the first box's hole) is behind the second box, so side 1 stays.
    assert released == [0]
    assert game.box_queues[second.name] == [1]


def test_muggins_points_given_back_move_the_owner() -> None:
    game = two_player_deal(muggins=True)
    play_to_show(game)
    claim(game, 0)  # seat 1's hand (TH KS 7H 8C with 3H: fifteen two) claimed short
    trap = zone(game.board, TRAP)
    true_total = game._true_counts[0].total
    assert true_total >= 2
    place(game, 1, trap.triggers[0] - true_total)
    game.apply(0, {"type": "muggins"})
    events = game.apply(0, {"type": "give_back"})
    assert of_type(events, "zone")[0]["kind"] == TRAP
    assert game.pegs[1] == Peg(trap.name, 0)
