"""Crib Race's hard computer player with two players: each piece it may lay played out to
the end of the deal on deals of the cards it cannot see, valued as a chance of winning
(engine/crib_race/ai.py's docstring says why)."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence

from engine.contract import View
from engine.crib_race.board import Board
from engine.crib_race.position import gain, node_costs, peg_of, waiting_cost
from engine.crib_race.sim import STRIDE, _Track, release_boxes, track_of
from engine.cribbage import ai as crib_ai
from engine.cribbage.pieces import LIMIT, PIECE_OF_TEXT, RANK, VALUE, hand_score, peg_score

#: Deals of the cards hard cannot see (the rival's pieces, its crib cards) each piece is tried
#: on; every piece on the same deals, so their difference is measured on paired samples.
#: 48 rather than 24: 97.4% against random instead of 96.3% on the same 2,000 deals, at a play
#: decision's p95 of some 25 ms CPU instead of 14.
PLAY_SAMPLES = 48
#: How much the play heuristic's value (points) counts beside the searched win chance
#: (percent): it breaks near ties.
HEURISTIC_SHARE = 0.05
#: The scores of a two-player race: each seat's peg (a track node), then the seats in each
#: penalty box, first in first.
RaceScores = tuple[tuple[int, int], tuple[tuple[int, ...], ...]]
#: The spread of the race still to run, as the logistic scale of `win_chance`: some points,
#: and more for each point both pegs still need (more deals, more luck).
WIN_SPREAD, WIN_SPREAD_PER_POINT = 2.0, 0.09


def rest_of_deal_chances(view: View, pieces: Sequence[str], board: Board,
                       rng: random.Random) -> dict[str, float]:
    """For each piece (card text) we may lay, our mean chance of winning (percent) once the
    deal is over, over `PLAY_SAMPLES` deals of the rival's pieces and the crib's missing cards;
    both seats then lay the piece gaining most position value (`_RestOfDeal.pick`). The starter
    is known, so the search sees which places the play may leave us put our count on a box."""
    track = track_of(board)
    me = view["seat"]
    rival = 1 - me
    unseen = [PIECE_OF_TEXT[str(card)] for card in crib_ai.unseen_cards(view)]
    rival_holds = int(view["hand_sizes"][rival])
    crib_missing = int(view["crib_size"]) - len(view["discards"])
    my_hand = [PIECE_OF_TEXT[text] for text in view["hand"]]
    my_kept = [PIECE_OF_TEXT[text] for text in view["kept"]]
    scores = ((track.node_of(peg_of(view, 0)), track.node_of(peg_of(view, 1))),
              tuple(tuple(view["penalty_boxes"][name]) for name in track.box_names))
    pile = [RANK[PIECE_OF_TEXT[text]] for text in view["pile"]]
    count = int(view["count"])
    passed = [seat in view["passed"] for seat in (0, 1)]
    # A rival that said go on this count holds nothing that fits it.
    could_hold = [p for p in unseen if not passed[rival] or VALUE[p] > LIMIT - count]
    if len(could_hold) < rival_holds:  # not in a real deal; a test's made-up position
        could_hold = unseen
    rival_played = [PIECE_OF_TEXT[text] for text in view["played"][rival]]
    discards = [PIECE_OF_TEXT[text] for text in view["discards"]]
    dealer, starter = view["dealer"], PIECE_OF_TEXT[view["starter"]]
    totals = dict.fromkeys(pieces, 0.0)
    for _ in range(PLAY_SAMPLES):
        rival_hand = rng.sample(could_hold, rival_holds)
        rest = [p for p in unseen if p not in rival_hand]
        kept = {me: my_kept, rival: rival_played + rival_hand}
        crib = discards + rng.sample(rest, crib_missing)
        show = [(1 - dealer, hand_score(kept[1 - dealer], starter, False)),
                (dealer, hand_score(kept[dealer], starter, False)),
                (dealer, hand_score(crib, starter, True))]
        for text in totals:
            hands = [my_hand[:], rival_hand[:]] if me == 0 else [rival_hand[:], my_hand[:]]
            deal = _RestOfDeal(track, scores, hands, pile[:], count, passed[:],
                               view["last_player"])
            deal.lay(me, PIECE_OF_TEXT[text])
            deal.play_on(rival)
            if deal.won is None:
                totals[text] += chance_after(track, deal.scores, show, me)
            elif deal.won == me:
                totals[text] += 100.0
    return {text: total / PLAY_SAMPLES for text, total in totals.items()}


@dataclasses.dataclass
class _RestOfDeal:
    """One determinized rest of a two-player deal on the simulation's ints (engine/cribbage/
    sim.py's pieces, engine/crib_race/sim.py's track nodes), played as CribRaceSim plays it.
    With two players a seat is a side."""

    track: _Track
    scores: RaceScores
    hands: list[list[int]]  # by seat
    pile: list[int]  # the ranks laid on the current count
    count: int
    passed: list[bool]
    last: int | None
    won: int | None = None  # the seat that reached the finish

    def score(self, seat: int, points: int) -> None:
        if self.won is None:
            self.scores = scored(self.track, self.scores, seat, points)
            if self.scores[0][seat] == self.track.finish:
                self.won = seat

    def lay(self, seat: int, piece: int) -> None:
        self.hands[seat].remove(piece)
        self.pile.append(RANK[piece])
        self.count += VALUE[piece]
        self.last = seat
        if len(self.pile) > 1:
            self.score(seat, peg_score(self.pile, self.count))

    def pick(self, seat: int, playable: list[int]) -> int:
        """The piece whose points gain most position value (as the rollout player weighs it);
        higher pieces first on a tie (low ones make later counts and gos)."""
        node = self.scores[0][seat]
        rival_cost = node_costs(self.track)[self.scores[0][1 - seat]]

        def value(piece: int) -> float:
            points = peg_score([*self.pile, RANK[piece]], self.count + VALUE[piece])
            return gain(self.track, node, points, rival_cost) + 0.01 * VALUE[piece]
        return max(playable, key=value)

    def play_on(self, turn: int) -> None:
        """The play from here to its end, `turn` to move unless it cannot."""
        hands, passed = self.hands, self.passed
        while self.won is None:
            room = LIMIT - self.count
            last = self.last
            if not hands[0] and not hands[1]:  # one for the last card, unless it made 31
                if room:
                    assert last is not None, "every piece is down: someone laid last"
                    self.score(last, 1)
                return
            can = [not passed[seat] and any(VALUE[p] <= room for p in hands[seat])
                   for seat in (0, 1)]
            if not room or not (can[0] or can[1]):  # one for the go; the count starts again
                assert last is not None, "nobody can lay on a count nobody began"
                if room:
                    self.score(last, 1)
                self.pile, self.count, passed[0], passed[1] = [], 0, False, False
                turn = 1 - last if hands[1 - last] else last
                continue
            if passed[turn] or not hands[turn]:
                turn = 1 - turn
                continue
            if not can[turn]:  # go
                passed[turn] = True
                turn = 1 - turn
                continue
            self.lay(turn, self.pick(turn, [p for p in hands[turn] if VALUE[p] <= room]))
            other = 1 - turn
            if hands[other] and not passed[other]:
                turn = other


def scored(track: _Track, scores: RaceScores, seat: int, points: int) -> RaceScores:
    """The scores once `seat` has scored `points` (CribRaceSim._score): a boxed peg scores
    nothing, a peg landing in a box joins its queue."""
    pegs, boxes = scores
    node = pegs[seat]
    if points <= 0 or node >= track.first_box:
        return scores
    node = track.moves[node * STRIDE + points]
    if node >= track.first_box:
        box = node - track.first_box
        boxes = (*boxes[:box], (*boxes[box], seat), *boxes[box + 1:])
    return ((node, pegs[1]) if seat == 0 else (pegs[0], node)), boxes


def chance_after(track: _Track, scores: RaceScores, counts: Sequence[tuple[int, int]],
                 seat: int) -> float:
    """`seat`'s chance of winning (percent) once the show's `counts` (seat, points) are scored
    in order and each penalty box has let out its first peg if every peg outside it is past
    it (`release_boxes`)."""
    for owner, points in counts:
        scores = scored(track, scores, owner, points)
        if scores[0][owner] == track.finish:
            return 100.0 if owner == seat else 0.0
    pegs = list(scores[0])
    release_boxes(track, pegs, [list(queue) for queue in scores[1]])
    return win_chance(track, pegs, seat)


def win_chance(track: _Track, pegs: Sequence[int], side: int) -> float:
    """`side`'s chance of winning a two-sided race not yet won, in percent: a logistic of the
    lead in `waiting_cost`, so points matter little far ahead or far behind and a box that
    throws a big lead away costs nearly all the lead was worth."""
    costs = node_costs(track)
    own = waiting_cost(costs, track, pegs[side], costs[pegs[1 - side]])
    theirs = waiting_cost(costs, track, pegs[1 - side], costs[pegs[side]])
    spread = WIN_SPREAD + WIN_SPREAD_PER_POINT * (own + theirs)
    return 100.0 / (1.0 + math.exp((own - theirs) / spread))
