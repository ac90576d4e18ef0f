"""Lockstep: the hard player's rest of a two-player deal (engine/crib_race/rest_of_deal.py)
plays on the rules core from the position a seat's view shows. Given the cards the seat cannot
see as they really are, `PlayPosition.dealt` is the game's own core in every part the rest of
the deal reads, and after each piece the seat may lay, played out to the end of the deal, it
leaves the pegs, the boxes and the winner as the game's own core played the same way does
(which goes on to deal again)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.crib_race import CribRaceGame
from engine.crib_race.rest_of_deal import (
    DealOut,
    PlayPosition,
    chance_at_the_end,
    play_out,
    rest_of_deal_chances,
)
from engine.crib_race.sim import CribRaceSim
from engine.cribbage.pieces import DISCARDING, GO, PLAYING, SHOWING
from tests.engine.crib_race.helpers import NODES, race

#: What the rest of a deal reads of the core, beside the pegs and boxes.
PLAY_STATE = ("players", "target", "muggins", "side_of", "side_seats", "plan", "dealer",
              "starter", "crib", "kept", "peg_hands", "low", "left", "pile", "count", "passed",
              "turn", "phase", "acting", "track", "won")


def play_positions(seed: int, nodes: tuple[int, int]) -> Iterator[CribRaceGame]:
    """A two-player game with the pegs on these nodes (a box node: queued in it, in seat
    order), after random discards at each position of the first deal's play (random moves)
    where the seat to move has a piece to lay, while the game lasts."""
    game = race(2, seed=seed)
    core = game.core
    track = core.track
    for side, node in enumerate(nodes):
        core.pegs[side] = node
        core.side_scores[side] = track.position[node]
        if node >= track.first_box:
            core.boxes[node - track.first_box].append(side)
    rng = random.Random(seed)
    played = False
    while game.outcome is None:
        if core.phase == PLAYING:
            played = True
            if core.legal(core.turn)[0] != GO:
                yield game
        elif played or core.phase != DISCARDING:
            return
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def as_dealt(game: CribRaceGame) -> DealOut:
    """The seat to move's PlayPosition, dealt the rival's pieces and the crib the game has."""
    core = game.core
    rival = 1 - core.turn
    position = PlayPosition(game.view(core.turn), game.board)
    return position.dealt(core.peg_hands[rival], core.kept[rival], core.crib)


def race_state(sim: CribRaceSim) -> tuple:
    return sim.pegs, sim.boxes, sim.won


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), nodes=st.tuples(NODES, NODES))
def test_the_rest_of_the_deal_is_the_games_own_core_played_out(seed, nodes):
    for game in play_positions(seed, nodes):
        check_the_rest_of_the_deal(game)


def check_the_rest_of_the_deal(game: CribRaceGame) -> None:
    core = game.core
    dealt = as_dealt(game)
    for name in PLAY_STATE:
        assert getattr(dealt, name) == getattr(core, name), name
    if core.pile:  # the view names the last seat to lay only while the count runs
        assert dealt.last_player == core.last_player
    assert race_state(dealt) == race_state(core)
    for piece in core.legal(core.turn):
        ours, theirs = as_dealt(game), core.clone()
        for sim in (ours, theirs):
            sim.play(core.turn, piece)
            play_out(sim)
        assert race_state(ours) == race_state(theirs)
        assert theirs.won is not None or theirs.phase == DISCARDING  # the core dealt again
        assert ours.won is not None or (ours.phase == SHOWING and not ours.to_act())
        for seat in (0, 1):
            assert chance_at_the_end(ours, seat) == chance_at_the_end(theirs, seat)


def test_the_chances_are_the_same_for_the_same_view_and_generator() -> None:
    game = next(game for game in play_positions(5, (30, 40))
                if len(game.legal_actions(game.core.turn)) > 1)
    view = game.view(game.core.turn)
    pieces = [action["card"] for action in game.legal_actions(game.core.turn)]
    first = rest_of_deal_chances(view, pieces, game.board, random.Random(3))
    assert first == rest_of_deal_chances(view, pieces, game.board, random.Random(3))
    assert set(first) == set(pieces) and all(0.0 <= c <= 100.0 for c in first.values())
    assert game.view(game.core.turn) == view  # the view is read, not changed
