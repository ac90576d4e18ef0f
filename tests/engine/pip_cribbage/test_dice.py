"""The dice and the track: starting places, faces, directions, wrapping, limits, opposite
faces, and the advance sequence of a real game's first ten deals."""

from __future__ import annotations

import pytest

from engine.cards import die
from engine.pip_cribbage import PipCribbageGame
from engine.pip_cribbage.sim import CHOOSING_CRUX, CRUX_RENEW, FLIP, PipCribbageSim
from engine.pip_cribbage.track import TRACK
from engine.registry import GAMES


@pytest.mark.parametrize("first_dealer", [0, 1])
def test_first_dealers_die_starts_on_1_showing_6_and_the_other_on_9_showing_5(
    first_dealer: int,
) -> None:
    game = PipCribbageGame(2, {}, seed=0)
    game.core.dealer = first_dealer
    game.core._begin_game()
    dice = game.view(None)["dice"]
    assert dice[first_dealer] == {
        "owner": first_dealer, "space": 1, "face": 6, "direction": 1, "piece": "P6"}
    assert dice[1 - first_dealer] == {
        "owner": 1 - first_dealer, "space": 9, "face": 5, "direction": -1, "piece": "P5"}


def test_a_new_game_places_the_dice_by_the_cut_for_first_deal() -> None:
    for seed in range(6):
        game = GAMES["pip-cribbage"].new(2, {}, seed=seed)
        dealer = game.view(None)["first_cut"]["dealer"]
        dice = game.view(None)["dice"]
        assert (dice[dealer]["space"], dice[dealer]["face"], dice[dealer]["direction"]) == (1, 6, 1)
        other = dice[1 - dealer]
        assert (other["space"], other["face"], other["direction"]) == (9, 5, -1)


def dealt_core(space: int, face: int, direction: int = 1) -> PipCribbageSim:
    """A core whose dealer (seat 0) has its die on `space` showing `face`."""
    sim = PipCribbageSim.new(2, {}, seed=0)
    sim.dealer = 0
    sim.die_space[0], sim.die_face[0], sim.die_direction[0] = space, face, direction
    return sim


class _Turned(PipCribbageSim):
    """A core that turns its die out of a show (the show would count on after the turn)."""

    def _advance_show(self) -> None:
        return None


@pytest.mark.parametrize("face", range(1, 7))
def test_turning_flips_the_die_to_its_opposite_face(face: int) -> None:
    sim = _Turned.new(2, {}, seed=0)
    sim.dealer, sim.die_space[0], sim.die_face[0] = 0, 7, face
    sim._own_move(0, FLIP)
    assert sim.die_face[0] == 7 - face


def test_a_die_is_a_rank_only_piece_and_one_is_an_ace() -> None:
    assert str(die(1)) == "P1" and die(1).rank == 1 and die(1).value == 1
    assert die(6).suit is None


@pytest.mark.parametrize(
    ("space", "face", "direction", "expected"),
    [
        (1, 6, +1, (2, 4)),  # move, lose 1, Extra Decay on entry: 1 more
        (2, 4, +1, (3, 3)),  # Double PIP does nothing on entry
        (3, 6, +1, (4, 6)),  # Rise gives back the pip: never above 6
        (5, 1, +1, (6, 2)),  # lose 1 stops at 1, then Rise adds 1
        (7, 1, +1, (8, 1)),  # Extra Decay never goes below 1
        (7, 2, +1, (8, 1)),
        (9, 5, +1, (1, 4)),  # wraps from 9 to 1
        (9, 5, -1, (8, 3)),
        (1, 3, -1, (9, 2)),  # wraps from 1 to 9
        (5, 6, -1, (4, 6)),
        (7, 4, -1, (6, 4)),
        (3, 1, -1, (2, 1)),
    ],
)
def test_advancing_moves_one_space_loses_a_pip_then_takes_the_entry_change(
    space: int, face: int, direction: int, expected: tuple[int, int]
) -> None:
    sim = dealt_core(space, face, direction)
    sim._after_show()
    assert (sim.die_space[0], sim.die_face[0]) == expected


@pytest.mark.parametrize(("face", "renewed"), [(1, 3), (4, 6), (5, 6), (6, 6)])
def test_renew_raises_two_pips_never_past_six(face: int, renewed: int) -> None:
    sim = dealt_core(5, face)
    sim.phase = CHOOSING_CRUX
    sim.play(0, CRUX_RENEW)
    assert sim.die_face[0] == renewed


def test_only_even_spaces_change_a_die_on_entry() -> None:
    changes = {space: TRACK[space].entry_change for space in TRACK}
    assert changes == {1: 0, 2: -1, 3: 0, 4: 1, 5: 0, 6: 1, 7: 0, 8: -1, 9: 0}
    assert [s for s in TRACK if TRACK[s].acts_during_deal] == [1, 3, 5, 7, 9]


# After each of the first ten deals, from the real start: (space, face) of the first dealer's
# die, then the other's. Only the dealer's die moves; Crux is answered Priority and Turn is
# kept, so no choice changes a face.
FIRST_TEN = [
    ((2, 4), (9, 5)),  # deal 1: first dealer on 1 -> 2 (6 - 1 - 1)
    ((2, 4), (8, 3)),  # deal 2: other on 9 -> 8 (5 - 1 - 1)
    ((3, 3), (8, 3)),
    ((3, 3), (7, 2)),
    ((4, 3), (7, 2)),  # 3 -> 4: 3 - 1 + 1
    ((4, 3), (6, 2)),  # 7 -> 6: 2 - 1 + 1
    ((5, 2), (6, 2)),
    ((5, 2), (5, 1)),
    ((6, 2), (5, 1)),  # 5 -> 6: 2 - 1 + 1
    ((6, 2), (4, 2)),  # 5 -> 4: 1 stays 1, + 1
]


def plain_choice(game: PipCribbageGame, seat: int) -> dict:
    legal = game.legal_actions(seat)
    for wanted in ({"type": "crux", "choice": "priority"}, {"type": "keep_die"}):
        if wanted in legal:
            return wanted
    return legal[0]


def test_the_dice_after_each_of_the_first_ten_deals_of_a_game() -> None:
    game = GAMES["pip-cribbage"].new(2, {"target": 121}, seed=11)
    assert isinstance(game, PipCribbageGame)
    first = game.core.dealer
    seen = []
    while len(seen) < 10:
        # Scores play no part in how dice move; clearing them keeps the game going ten deals.
        game.scores = [0, 0]
        deal = game.deal_number
        dealer = game.core.dealer
        assert game.view(None)["effect"]["space"] == game.core.die_space[dealer]
        while game.deal_number == deal:
            assert game.outcome is None
            seat = game.to_act()[0]
            game.apply(seat, plain_choice(game, seat))
        dice = game.view(None)["dice"]
        seen.append(((dice[first]["space"], dice[first]["face"]),
                     (dice[1 - first]["space"], dice[1 - first]["face"])))
    assert seen == FIRST_TEN
