"""Crib Race's hard computer player with two players: each piece it may lay played out to
the end of the deal on deals of the cards it cannot see, valued as a chance of winning
(engine/crib_race/ai.py's docstring says why). The deals are played on the rules core
(sim.py's CribRaceSim), which plays the rest of the play, counts the show and lets the boxes
out; `win_chance` values where the deal leaves the pegs."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.contract import View
from engine.crib_race.board import Board
from engine.crib_race.position import gain, node_costs, peg_of, waiting_cost
from engine.crib_race.sim import CribRaceSim, _Track, track_of
from engine.cribbage import ai as crib_ai
from engine.cribbage.pieces import LIMIT, NO_PIECE, PIECE_OF_TEXT, PLAYING, RANK, VALUE, peg_score

#: Deals of the cards hard cannot see (the rival's pieces, its crib cards) each piece is tried
#: on; every piece on the same deals, so their difference is measured on paired samples.
#: 48 rather than 24: 97.4% against random instead of 96.3% on the same 2,000 deals, at a play
#: decision's p95 of some 25 ms CPU instead of 14.
PLAY_SAMPLES = 48
#: How much the play heuristic's value (points) counts beside the searched win chance
#: (percent): it breaks near ties.
HEURISTIC_SHARE = 0.05
#: The spread of the race still to run, as the logistic scale of `win_chance`: some points,
#: and more for each point both pegs still need (more deals, more luck).
WIN_SPREAD, WIN_SPREAD_PER_POINT = 2.0, 0.09


def rest_of_deal_chances(view: View, pieces: Sequence[str], board: Board,
                         rng: random.Random) -> dict[str, float]:
    """For each piece (card text) we may lay, our mean chance of winning (percent) once the
    deal is over, over `PLAY_SAMPLES` deals of the rival's pieces and the crib's missing cards;
    each is played out on the rules core, both seats laying the piece `greedy_piece` picks,
    and the core counts the show and lets the boxes out. The starter is known, so the search
    sees which places the play may leave us put our count on a box."""
    me = view["seat"]
    rival = 1 - me
    unseen = [PIECE_OF_TEXT[str(card)] for card in crib_ai.unseen_cards(view)]
    rival_holds = int(view["hand_sizes"][rival])
    crib_missing = int(view["crib_size"]) - len(view["discards"])
    count = int(view["count"])
    # A rival that said go on this count holds nothing that fits it.
    could_hold = [p for p in unseen if rival not in view["passed"] or VALUE[p] > LIMIT - count]
    if len(could_hold) < rival_holds:  # not in a real deal; a test's made-up position
        could_hold = unseen
    rival_played = [PIECE_OF_TEXT[text] for text in view["played"][rival]]
    discards = [PIECE_OF_TEXT[text] for text in view["discards"]]
    position = PlayPosition(view, board)
    totals = dict.fromkeys(pieces, 0.0)
    for _ in range(PLAY_SAMPLES):
        rival_hand = rng.sample(could_hold, rival_holds)
        rest = [p for p in unseen if p not in rival_hand]
        crib = discards + rng.sample(rest, crib_missing)
        for text in totals:
            deal = position.dealt(rival_hand, rival_played + rival_hand, crib)
            deal.play(me, PIECE_OF_TEXT[text])
            play_out(deal)
            totals[text] += chance_at_the_end(deal, me)
    return {text: total / PLAY_SAMPLES for text, total in totals.items()}


class DealOut(CribRaceSim):
    """Crib Race's rules core for the rest of one deal: the game stops where the next deal
    would be dealt, its pegs read there (dealing costs, and the search never looks)."""

    __slots__ = ()

    def _start_deal(self, stacked: list[int] | None = None) -> None:
        self.acting = ()


class PlayPosition:
    """The two-player play position a seat's view shows, as `DealOut`s holding the cards the
    seat cannot see as one deal of them has them (`dealt`)."""

    def __init__(self, view: View, board: Board) -> None:
        self.options = {"board": board.name}
        self.seat = seat = int(view["seat"])
        self.dealer, self.starter = int(view["dealer"]), PIECE_OF_TEXT[view["starter"]]
        track = track_of(board)
        self.pegs = [track.node_of(peg_of(view, side)) for side in (0, 1)]
        self.boxes = [list(view["penalty_boxes"][name]) for name in track.box_names]
        self.hand = sorted(PIECE_OF_TEXT[text] for text in view["hand"])
        self.kept = [PIECE_OF_TEXT[text] for text in view["kept"]]
        self.pile = [RANK[PIECE_OF_TEXT[text]] for text in view["pile"]]
        self.count = int(view["count"])
        passed = view["passed"]
        self.passed = [0 in passed, 1 in passed]
        self.last = view["last_player"]
        self.acting = (seat,)

    def dealt(self, rival_hand: Sequence[int], rival_kept: list[int],
              crib: list[int]) -> DealOut:
        """The position with the rival holding `rival_hand` (of `rival_kept`) and the crib
        `crib`, the seat to lay."""
        deal = DealOut.__new__(DealOut)
        deal._setup(2, self.options, _NEVER_DEALS)
        deal.pegs = self.pegs[:]
        deal.boxes = [queue[:] for queue in self.boxes]
        deal.side_scores = [deal.track.position[node] for node in deal.pegs]
        deal.plan = deal._deal_plan_for(self.dealer)
        deal.dealer, deal.starter, deal.crib = self.dealer, self.starter, crib
        rival = sorted(rival_hand)
        deal.kept, deal.peg_hands = [rival_kept, rival_kept], [rival, rival]
        deal.kept[self.seat], deal.peg_hands[self.seat] = self.kept, self.hand[:]
        deal.hands, deal.discarded = deal.kept, [True, True]
        deal.low = [VALUE[hand[0]] if hand else NO_PIECE for hand in deal.peg_hands]
        deal.left = len(self.hand) + len(rival)
        deal.pile, deal.count, deal.passed = self.pile[:], self.count, self.passed[:]
        deal.last_player, deal.turn, deal.acting = self.last, self.seat, self.acting
        deal.phase = PLAYING
        deal.steps, deal.step_index, deal.true_totals = (), 0, []
        deal.window = deal.chooser = None
        return deal


#: A `DealOut` deals nothing, so its generator is never drawn from.
_NEVER_DEALS = random.Random(0)


def greedy_piece(sim: CribRaceSim, seat: int, legal: Sequence[int]) -> int:
    """The piece of `legal` whose points gain `seat` most position value (as the rollout
    player weighs it); a higher piece on a tie (low ones make later counts and gos), then
    the lower rank."""
    track, pile, count, node = sim.track, sim.pile, sim.count, sim.pegs[seat]
    rival_cost = node_costs(track)[sim.pegs[1 - seat]]

    def value(piece: int) -> float:
        points = peg_score([*pile, RANK[piece]], count + VALUE[piece])
        return gain(track, node, points, rival_cost) + 0.01 * VALUE[piece]
    return max(legal, key=value)


def play_out(sim: CribRaceSim) -> None:
    """The two-player play on to its end on the rules core, each seat laying the piece
    `greedy_piece` picks (or saying go); the core then counts the show."""
    while sim.phase == PLAYING and sim.won is None:
        seat = sim.turn
        legal = sim.legal(seat)
        sim.play(seat, legal[0] if len(legal) == 1 else greedy_piece(sim, seat, legal))


def chance_at_the_end(sim: CribRaceSim, seat: int) -> float:
    """`seat`'s chance of winning (percent) where the simulation stopped: won, lost, or the
    race still to run (`win_chance`)."""
    if sim.won is not None:
        return 100.0 if seat in sim.won else 0.0
    return win_chance(sim.track, sim.pegs, sim.side_of[seat])


def win_chance(track: _Track, pegs: Sequence[int], side: int) -> float:
    """`side`'s chance of winning a two-sided race not yet won, in percent: a logistic of the
    lead in `waiting_cost`, so points matter little far ahead or far behind and a box that
    throws a big lead away costs nearly all the lead was worth."""
    costs = node_costs(track)
    own = waiting_cost(costs, track, pegs[side], costs[pegs[1 - side]])
    theirs = waiting_cost(costs, track, pegs[1 - side], costs[pegs[side]])
    spread = WIN_SPREAD + WIN_SPREAD_PER_POINT * (own + theirs)
    return 100.0 / (1.0 + math.exp((own - theirs) / spread))
