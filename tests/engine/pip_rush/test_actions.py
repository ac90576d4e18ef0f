"""Suit actions, once-per-trick, choices and Movement, played through whole tricks.

Two-player tricks below are led by seat 0, so cards are played s0, s1, s0, s1 (indices 0-3).
"""

import pytest

from engine.pip_rush.sim import DECAY, FLIP, GAIN, SWAP, take_action

from .helpers import choose, new_game, play_cards, positions, racer, resolved, rig, texts

START = (0, None)


def affected(game):
    return [r["affected"] for r in game.view(None)["racers"]]


@pytest.mark.parametrize(("face", "opposite"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)])
def test_flip_turns_the_die_to_its_opposite_face(face, opposite):
    pips = [face, 4, 4, 4]
    take_action([0, 0, 0, 0], pips, 0, FLIP)
    assert pips == [opposite, 4, 4, 4]


def test_gain_stops_at_6_and_decay_at_1():
    pips = [6, 1, 4, 4]
    take_action([0, 0, 0, 0], pips, 0, GAIN)
    take_action([0, 0, 0, 0], pips, 1, DECAY)
    assert pips == [6, 1, 4, 4]


def test_heart_at_six_spade_flip_and_once_per_trick_then_movement_from_start():
    game = rig(
        new_game(2), leader=0, hands={0: "5H 2H", 1: "AS 3S"},
        racers=[(0, None, 6), (0, None, 5), (0, None, 4), (0, None, 4)],
    )
    play_cards(game, "5H AS 2H 3S")  # AS (index 1) wins: resolve 2H, 3S, 5H, then AS
    view = game.view(0)
    resolving = {"index": 2, "seat": 0, "card": "2H", "action": "gain"}
    assert view["resolution"]["resolving"] == resolving
    assert view["resolution"]["pending"] == {"seat": 0, "choice": "racer"}
    assert game.legal_actions(0) == [racer(0), racer(1)]
    assert game.legal_actions(1) == []

    events = choose(game, 0, racer(0))
    assert texts(events)[0] == "Hearts: {s0's} racer A stays at 6 pips (no change possible)."
    events = choose(game, 1, racer(0))
    assert texts(events)[0] == "Spades: {s1's} racer A flips its die (4→3)."
    # 5H could only go to racer B: racer A was already affected this trick.
    assert "Hearts: {s0's} racer B gains a pip (5→6)." in texts(events)
    assert affected(game) == [True, True, True, False]
    # The Movement: racer A is affected, so racer B moves, from Start into any lane of space 1.
    assert game.legal_actions(1) == [
        {"type": "move", "racer": 1, "space": 1, "lane": lane} for lane in (1, 2, 3)
    ]
    events = choose(game, 1, {"type": "move", "racer": 1, "space": 1, "lane": 2})
    assert "{s1's} racer B moves to space 1, lane 2 (pips 4→3)." in texts(events)
    assert positions(game) == [(0, None, 6), (0, None, 6), (0, None, 3), (1, 2, 3)]
    assert affected(game) == [False] * 4  # everyone is available again for the next trick


def test_diamond_at_one_still_counts_as_affecting_the_racer():
    game = rig(
        new_game(2), leader=0, hands={0: "2D 3D", 1: "AS 4S"},
        racers=[(0, None, 1), (0, None, 4), (2, 1, 4), (2, 3, 4)],
    )
    play_cards(game, "2D AS 3D 4S")
    events = choose(game, 0, racer(0))
    assert texts(events)[0] == "Diamonds: {s0's} racer A stays at 1 pip (no change possible)."
    events = choose(game, 1, racer(1))
    # 2D went to racer B, the only one left.
    assert "Diamonds: {s0's} racer B loses a pip (4→3)." in texts(events)
    assert positions(game)[:2] == [(0, None, 1), (0, None, 3)]


def test_club_swaps_with_a_racer_at_start_and_a_second_club_swaps_back():
    game = rig(
        new_game(2), leader=0, hands={0: "2C 3C", 1: "AS 4H"},
        racers=[(3, 2, 4), (0, None, 4), (1, 1, 4), (1, 3, 4)],
    )
    play_cards(game, "2C AS 3C 4H")  # resolve 3C, 4H, 2C, AS
    events = choose(game, 0, racer(0))
    assert texts(events)[0] == (
        "Clubs: {s0's} racer A swaps places with racer B (A now at Start, B at space 3, lane 2)."
    )
    assert positions(game)[:2] == [(0, None, 4), (3, 2, 4)]
    assert affected(game)[:2] == [True, False]  # only the chosen racer is affected
    events = choose(game, 1, racer(1))
    # 2C must take racer B, swapping the pair straight back.
    assert "Clubs: {s0's} racer B swaps places with racer A" in texts(events)[1]
    assert positions(game)[:2] == [(3, 2, 4), (0, None, 4)]


def test_a_club_between_two_racers_at_start_says_nothing_moved():
    game = rig(new_game(2), leader=0, hands={0: "2C 3H", 1: "AS 4H"},
               racers=[(0, None, 4), (0, None, 3), (1, 1, 4), (1, 3, 4)])
    play_cards(game, "2C AS 3H 4H")  # resolve 3H, 4H, 2C, AS
    choose(game, 0, racer(0))
    events = game.apply(game.to_act()[0], game.legal_actions(game.to_act()[0])[0])
    assert "Clubs: {s0's} racer B swaps places with racer A (both at Start)." in texts(events)
    assert positions(game)[:2] == [(0, None, 5), (0, None, 3)]


def test_one_club_moves_both_racers_space_and_lane():
    game = rig(
        new_game(2), leader=0, hands={0: "2C 3H", 1: "AS 4H"},
        racers=[(3, 2, 4), (5, 1, 2), (1, 1, 4), (1, 3, 4)],
    )
    play_cards(game, "3H AS 2C 4H")  # resolve 2C, 4H, 3H, AS
    choose(game, 0, racer(1))
    # Positions change hands; each die keeps its own pips.
    assert positions(game)[:2] == [(5, 1, 4), (3, 2, 2)]


def test_suit_actions_resolve_in_order_for_the_card_players_team_only():
    game = rig(
        new_game(4), leader=0, hands={0: "2H", 1: "3D", 2: "6S", 3: "4C"},
        racers=[(0, None, 4), (0, None, 2), (0, None, 3), (0, None, 5)],
    )
    play_cards(game, "2H 3D 6S 4C")  # 6S (seat 2) wins: resolve 4C, 2H, 3D, then the Movement
    choose(game, 3, racer(0))  # 4C: seat 3 chooses for team 1
    choose(game, 0, racer(1))  # 2H: seat 0 for team 0 (seat 2's partner)
    # 3D: team 1's racer A is affected, so B takes it without asking.
    assert positions(game)[3] == (0, None, 4)
    assert positions(game)[1] == (0, None, 3)
    assert game.to_act() == [2]  # the Movement belongs to the winning card's player


def test_movement_is_lost_when_the_only_available_racer_cannot_move():
    game = rig(
        new_game(2), leader=0, hands={0: "2H 3H", 1: "AS 5H"},
        racers=[(1, 1, 4), (1, 2, 4), (2, 1, 4), (2, 3, 1)],
    )
    play_cards(game, "2H AS 3H 5H")  # resolve 3H, 5H, 2H, AS
    choose(game, 0, racer(0))
    events = choose(game, 1, racer(0))  # team 1's racer A is spent: only B (1 pip) is left
    lost = [e for e in events if e["type"] == "action_lost"]
    assert [e["text"] for e in lost] == ["Movement lost: no racer of {s1's} team can move."]
    last = game.view(None)["last_trick"]
    assert last["cards"][1]["result"]["lost"] is True
    assert positions(game)[2:] == [(2, 1, 5), (2, 3, 1)]


def test_single_legal_cell_is_taken_automatically_diagonally():
    game = rig(
        new_game(2), leader=0, hands={0: "2H 3H", 1: "AS 5H"},
        racers=[(5, 1, 4), (6, 2, 4), (4, 1, 4), (4, 3, 1)],
    )
    play_cards(game, "2H AS 3H 5H")
    choose(game, 0, racer(0))
    events = choose(game, 1, racer(1))  # B gains; A (4, lane 1) takes the Movement
    # Straight ahead (5, 1) is occupied, lane 0 does not exist: only the diagonal (5, 2) is left.
    assert "{s1's} racer A moves to space 5, lane 2 (pips 4→3)." in texts(events)
    assert game.view(None)["phase"] == "play"


def test_movement_options_leave_out_obstacles():
    game = rig(
        new_game(2, track="obstacles"), leader=0, hands={0: "2H 3H", 1: "AS 5H"},
        racers=[(1, 1, 4), (1, 2, 4), (4, 2, 4), (0, None, 4)],
    )
    play_cards(game, "2H AS 3H 5H")
    choose(game, 0, racer(0))
    choose(game, 1, racer(1))
    # (5, 3) carries a printed rock on this track.
    assert game.legal_actions(1) == [
        {"type": "move", "racer": 0, "space": 5, "lane": 1},
        {"type": "move", "racer": 0, "space": 5, "lane": 2},
    ]


def test_resolution_order_reaches_every_card_once():
    game = rig(
        new_game(2), leader=0, hands={0: "2S 3S", 1: "4S 5S"},
        racers=[(0, None, 4)] * 4,
    )
    events = play_cards(game, "2S 4S 3S 5S")  # 5S (index 3) wins: resolve 0, 1, 2, 3
    events += choose(game, 0, racer(0))
    events += choose(game, 1, racer(0))
    events += choose(game, 1, {"type": "move", "racer": 1, "space": 1, "lane": 3})
    assert resolved(events) == [(0, "2S"), (1, "4S"), (0, "3S"), (1, "5S")]


def lanes_open_to_racer_a(racers, track="open"):
    """The lanes team 0's racer A may move into when it alone is free for the Movement (AS
    wins; racer B takes 3H first), as the game offers them or takes the only one."""
    game = rig(new_game(2, track=track), leader=0, hands={0: "AS 3H", 1: "2H 4H"},
               racers=racers)
    play_cards(game, "AS 2H 3H 4H")
    choose(game, 1, racer(0))
    events = choose(game, 0, racer(1))
    if game.view(None)["phase"] == "resolve":
        return [action["lane"] for action in game.legal_actions(0)]
    return [event["lane"] for event in events if event["type"] == "move"]


OTHERS = [(1, 1, 4), (1, 2, 4), (2, 3, 4)]  # racer B of team 0, then team 1's racers


def test_from_start_any_open_lane_and_start_never_blocks():
    assert lanes_open_to_racer_a([(0, None, 4), (0, None, 4), (0, None, 4), (0, None, 4)]) == [
        1, 2, 3]
    assert lanes_open_to_racer_a([(0, None, 4), (0, None, 4), (1, 1, 4), (1, 3, 4)]) == [2]


@pytest.mark.parametrize(("lane", "lanes"), [(1, [1, 2]), (2, [1, 2, 3]), (3, [2, 3])])
def test_straight_or_diagonal_never_off_the_track(lane, lanes):
    assert lanes_open_to_racer_a([(3, lane, 4), *OTHERS]) == lanes


def test_occupied_cells_block_including_a_teammate():
    assert lanes_open_to_racer_a([(3, 2, 4), (4, 2, 4), (4, 1, 4), (1, 1, 4)]) == [3]
    assert lanes_open_to_racer_a([(3, 2, 4), (4, 2, 4), (4, 1, 4), (4, 3, 4)]) == []


def test_a_racer_needs_two_pips_and_cannot_pass_the_finish():
    assert lanes_open_to_racer_a([(3, 2, 1), *OTHERS]) == []
    assert lanes_open_to_racer_a([(10, 2, 6), *OTHERS]) == []


def test_finish_lanes_block_like_any_other():
    assert lanes_open_to_racer_a([(9, 1, 4), (1, 1, 4), (10, 1, 4), (1, 2, 4)]) == [2]


def test_printed_obstacles_block():
    assert lanes_open_to_racer_a([(3, 1, 4), *OTHERS], "obstacles") == [2]  # (4, 1) rock
    assert lanes_open_to_racer_a([(1, 2, 4), (1, 1, 4), (1, 3, 4), (0, None, 4)],
                                 "obstacles") == [1, 3]  # (2, 2) rock


def test_swap_exchanges_space_and_lane():
    cells = [4 * 4 + 3, 0, 8, 9]
    take_action(cells, [4, 4, 4, 4], 0, SWAP)
    assert cells == [0, 4 * 4 + 3, 8, 9]
