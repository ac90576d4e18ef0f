"""Lockstep: the hard player's rest of a two-player deal (engine/crib_race/rest_of_deal.py
`_RestOfDeal`) against the rules core (CribRaceSim). From any play position, pegs anywhere
or boxed, after each piece the seat to play may lay, both seats laying the piece `pick`
chooses, the copy and the core end the play on the same scores (pegs and boxes) or the same
winner, and the show counted after it leaves the same chance of winning."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.crib_race.position import gain, node_costs
from engine.crib_race.rest_of_deal import RaceScores, _RestOfDeal, chance_after, win_chance
from engine.crib_race.sim import CribRaceSim
from engine.cribbage.pieces import GO, PLAYING, RANK, VALUE, peg_score
from tests.engine.crib_race.helpers import NODES, a_play_position


def scores_of(sim: CribRaceSim) -> RaceScores:
    return (sim.pegs[0], sim.pegs[1]), tuple(map(tuple, sim.boxes))


def greedy(sim: CribRaceSim, seat: int) -> int:
    """The piece whose points gain `seat` most position value, a high one on a tie of value,
    the first in the hand's order on a tie of both (as `_RestOfDeal.pick` chooses)."""
    track = sim.track
    rival_cost = node_costs(track)[sim.pegs[1 - seat]]

    def value(piece: int) -> float:
        points = peg_score([*sim.pile, RANK[piece]], sim.count + VALUE[piece])
        return gain(track, sim.pegs[seat], points, rival_cost) + 0.01 * VALUE[piece]
    return max(sim.legal(seat), key=value)


def play_out(sim: CribRaceSim) -> None:
    """The play to its end on the core, both seats greedy (a go where nothing fits)."""
    while sim.phase == PLAYING and sim.winners() is None:
        seat = sim.turn
        legal = sim.legal(seat)
        sim.play(seat, GO if legal[0] == GO else greedy(sim, seat))


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 6), nodes=st.tuples(NODES, NODES))
def test_the_rest_of_the_deal_is_played_as_the_core_plays_it(seed, moves, nodes):
    sim = a_play_position(seed, nodes, moves)
    if sim is None:
        return
    mover = sim.turn
    counts = sim.show_counts()
    for piece in sim.legal(mover):
        if piece == GO:
            continue
        deal = _RestOfDeal(sim.track, scores_of(sim), [list(hand) for hand in sim.peg_hands],
                           list(sim.pile), sim.count, list(sim.passed), sim.last_player)
        deal.lay(mover, piece)
        deal.play_on(1 - mover)
        # With muggins the core stops before the show's first count: the play's end.
        at_the_show = sim.clone()
        at_the_show.muggins = True
        at_the_show.play(mover, piece)
        play_out(at_the_show)
        won = at_the_show.winners()
        assert (deal.won, won) == (None, None) or [deal.won] == won
        if won is None:
            assert deal.scores == scores_of(at_the_show)
        # Without muggins the core counts the show and lets the boxes out by itself.
        after_the_show = sim.clone()
        after_the_show.play(mover, piece)
        play_out(after_the_show)
        for seat in (0, 1):
            assert copy_chance(deal, counts, seat) == core_chance(after_the_show, seat)


def copy_chance(deal: _RestOfDeal, counts: list[tuple[int, int]], seat: int) -> float:
    """`seat`'s chance once the copy's deal is over (as rest_of_deal_chances adds it up)."""
    if deal.won is not None:
        return 100.0 if deal.won == seat else 0.0
    return chance_after(deal.track, deal.scores, counts, seat)


def core_chance(sim: CribRaceSim, seat: int) -> float:
    """`seat`'s chance once the core has played the deal out and dealt the next."""
    won = sim.winners()
    if won is not None:
        return 100.0 if seat in won else 0.0
    return win_chance(sim.track, sim.pegs, seat)
