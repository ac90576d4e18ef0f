"""The rest of a two-player play, searched to its end on one determinized deal.

A determinized deal shows both hands, and what is left of the play is small (at most eight
pieces, and pieces of one rank play alike), so it can be searched exactly rather than
rolled out: each seat lays the piece best for it, the searching seat maximising its value and
the other seat minimising it. Where the play ends the game's `leaf` values the scores (the
show and the deals after it); pegging out ends the game at once.

`PlaySearchBase` searches whatever a game keeps as its scores, through `scores_of`, `score`
and `won`; `PlaySearch` keeps Cribbage's points by seat, and a game with other scores
(Crib Race's pegs on the track: engine/crib_race/rollout.py) subclasses the base.

The rules are the core's (engine/cribbage/core_play.py `_lay`, `_go`, `_after_move`) for two
seats, one seat a side: tests/engine/cribbage/test_play_search.py plays them against it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from engine.cribbage.pieces import LIMIT, NO_PIECE, PLAYING, RANK, VALUE, peg_score
from engine.cribbage.sim import CribbageSim

Scores = TypeVar("Scores")
#: Cribbage's scores: (seat 0's points, seat 1's points).
Points = tuple[int, int]
Hands = tuple[tuple[int, ...], tuple[int, ...]]
_INFINITY = float("inf")
_UNKNOWN = (-_INFINITY, _INFINITY)


class PlaySearchBase(Generic[Scores]):
    """The value for `seat` of positions in the play, on the hands of one deal; `leaf` values
    the scores where the play ends."""

    def __init__(self, seat: int, target: int, win_value: float,
                 leaf: Callable[[Scores], float]) -> None:
        self.seat, self.target, self.win_value, self.leaf = seat, target, win_value, leaf
        self._memo: dict[tuple, tuple[float, float]] = {}

    def value_of(self, sim: CribbageSim) -> float:
        """The value of the simulation's position (over, or in the play) for the seat."""
        won = sim.winners()
        if won is not None:
            return self.win_value if self.seat in won else -self.win_value
        if sim.phase != PLAYING:
            return self.leaf(self.scores_of(sim))
        first, second = sim.peg_hands
        assert sim.sorted_hands, "the search takes each hand's pieces in ascending order"
        passed = sim.passed
        return self._turn((tuple(first), tuple(second)), tuple(sim.pile), sim.count,
                          (passed[0], passed[1]), sim.last_player, sim.turn,
                          self.scores_of(sim), -_INFINITY, _INFINITY)

    def scores_of(self, sim: CribbageSim) -> Scores:
        """The simulation's scores, as `score` keeps them."""
        raise NotImplementedError

    def score(self, scores: Scores, seat: int, points: int) -> Scores:
        """The scores once `seat` has scored `points`."""
        raise NotImplementedError

    def won(self, scores: Scores, seat: int) -> bool:
        """Whether `seat`, having just scored, has won."""
        raise NotImplementedError

    def _turn(self, hands: Hands, pile: tuple[int, ...], count: int,
              passed: tuple[bool, bool], last: int | None, turn: int,
              scores: Scores, alpha: float, beta: float) -> float:
        """Alpha-beta: the value if it lies inside (alpha, beta), else a bound past the side
        it fell out of. The memo keeps each position's known bounds."""
        key = (hands, pile, count, passed, last, turn, scores)
        lower, upper = self._memo.get(key, _UNKNOWN)
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        window_alpha, window_beta = alpha, beta
        alpha, beta = max(alpha, lower), min(beta, upper)
        room = LIMIT - count
        hand = hands[turn]
        laid_rank = 0  # pieces of one rank play alike, and a sorted hand holds them together
        maximise = turn == self.seat
        best = -_INFINITY if maximise else _INFINITY
        for index, piece in enumerate(hand):
            if VALUE[piece] > room:
                break  # sorted: the rest are higher
            rank = RANK[piece]
            if rank == laid_rank:
                continue
            laid_rank = rank
            rest = hand[:index] + hand[index + 1:]
            value = self._lay(turn, piece, (rest, hands[1]) if turn == 0 else (hands[0], rest),
                              pile, count, passed, scores, alpha, beta)
            if maximise:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        if not laid_rank:  # nothing fits: go
            assert last is not None, "the first piece of a count always fits"
            said = (True, passed[1]) if turn == 0 else (passed[0], True)
            best = self._after_move(turn, hands, pile, count, said, last, scores, alpha, beta)
        if best <= window_alpha:
            self._memo[key] = (lower, best)
        elif best >= window_beta:
            self._memo[key] = (best, upper)
        else:
            self._memo[key] = (best, best)
        return best

    def _lay(self, mover: int, piece: int, after: Hands, pile: tuple[int, ...], count: int,
             passed: tuple[bool, bool], scores: Scores, alpha: float,
             beta: float) -> float:
        """`mover` lays `piece`, leaving the hands `after`."""
        pile = (*pile, RANK[piece])
        count += VALUE[piece]
        if len(pile) > 1:
            points = peg_score(pile, count)
            if points:
                scores = self.score(scores, mover, points)
                if self.won(scores, mover):
                    return self._game_won_by(mover)
        return self._after_move(mover, after, pile, count, passed, mover, scores, alpha, beta)

    def _after_move(self, mover: int, hands: Hands, pile: tuple[int, ...], count: int,
                    passed: tuple[bool, bool], last: int,
                    scores: Scores, alpha: float, beta: float) -> float:
        all_down = not (hands[0] or hands[1])
        if all_down or count == LIMIT or _lowest(hands) > LIMIT - count:
            if count != LIMIT:  # one for the last card, or for the go
                scores = self.score(scores, last, 1)
                if self.won(scores, last):
                    return self._game_won_by(last)
            if all_down:
                return self.leaf(scores)
            after_last = 1 - last
            turn = after_last if hands[after_last] else last
            return self._turn(hands, (), 0, (False, False), last, turn, scores, alpha, beta)
        other = 1 - mover
        turn = other if not passed[other] and hands[other] else mover
        return self._turn(hands, pile, count, passed, last, turn, scores, alpha, beta)

    def _game_won_by(self, seat: int) -> float:
        return self.win_value if seat == self.seat else -self.win_value


class PlaySearch(PlaySearchBase[Points]):
    """The play searched on Cribbage's points by seat."""

    def scores_of(self, sim: CribbageSim) -> Points:
        return (sim.side_scores[0], sim.side_scores[1])

    def score(self, scores: Points, seat: int, points: int) -> Points:
        return (scores[0] + points, scores[1]) if seat == 0 else (scores[0], scores[1] + points)

    def won(self, scores: Points, seat: int) -> bool:
        return scores[seat] >= self.target


def _lowest(hands: Hands) -> int:
    """The lowest value either seat holds (hands sorted: each one's first)."""
    first, second = hands
    low = VALUE[first[0]] if first else NO_PIECE
    return min(low, VALUE[second[0]]) if second else low
