"""The hard level's pegging (engine/ai/cribbage.py `choose_play`), for a two-player Cribbage play
searched on a determinized deal (engine/ai/rollout/pegging.py).

The search knows both hands, but the real hard player does not: it weighs each piece by the
points it takes less the reply the other seat can be expected to hold, a draw from the cards
it has not seen. `HardPegger` makes that same choice from what the modelled seat saw at the
table (its own six cards, the starter, the pieces laid), so a search that lets the rival lay
what hard would lay measures our plays against the player we face, traps it cannot see
included, rather than against a rival who reads our hand.

tests/engine/ai/rollout/test_hard_pegging.py checks it lays what choose_play lays.
"""

from __future__ import annotations

from math import comb

from engine.ai import cribbage as crib_ai
from engine.cribbage.sim import CARDS, LIMIT, RANK, VALUE, CribbageSim, hand_score, peg_score

_RANKS = range(1, 14)
_RANK_VALUE = [0] + [min(rank, 10) for rank in _RANKS]


class HardPegger:
    """Which piece the hard level lays for `seat` in the play of `sim`'s deal.

    `unseen` holds, by rank, the cards the seat could not place when the search began; our
    pieces laid after that are taken off as the search lays them."""

    def __init__(self, sim: CribbageSim, seat: int) -> None:
        self.seat = seat
        self.rival = 1 - seat
        self.target = sim.target
        seen = [*sim.thrown[seat], *sim.kept[seat], sim.starter]
        unseen = [0] * 14
        for card in range(CARDS):
            unseen[RANK[card]] += 1
        for card in seen:
            unseen[RANK[card]] -= 1
        self.rival_start = tuple(sim.peg_hands[self.rival])
        laid_by_rival = list(sim.kept[self.rival])
        for piece in self.rival_start:
            laid_by_rival.remove(piece)
        for piece in laid_by_rival:
            unseen[RANK[piece]] -= 1
        self.unseen = unseen
        self.counts_first = seat != sim.dealer
        self.show = hand_score(sim.kept[seat], sim.starter, False)

    def choose(self, hand: tuple[int, ...], pile: tuple[int, ...], count: int,
               rival_hand: tuple[int, ...], rival_in: bool, scores: tuple[int, int]) -> int:
        """The piece laid from `hand` (sorted; at least one fits the count); `rival_hand`:
        the rival's pieces left, `rival_in`: whether it may still lay on this count."""
        unseen = list(self.unseen)
        remaining = list(rival_hand)
        for piece in self.rival_start:
            if piece in remaining:
                remaining.remove(piece)
            else:
                unseen[RANK[piece]] -= 1
        my_need = self.target - scores[self.seat]
        their_need = self.target - scores[self.rival]
        mine, theirs = self._weights(my_need, their_need)
        drawn = len(rival_hand) if rival_in else 0
        pool = sum(unseen[1:])
        best_piece, best_value, tried = hand[0], -1e18, 0
        for index, piece in enumerate(hand):
            value = VALUE[piece]
            rank = RANK[piece]
            if count + value > LIMIT:
                break  # sorted: the rest are higher
            if rank == tried:
                continue
            tried = rank
            after = count + value
            laid = (*pile, rank)
            points = peg_score(laid, after)
            if points >= my_need:
                worth = 1000.0 + points
            else:  # the sums in choose_play's order, so that ties fall the same way
                worth = mine * points + 0.01 * value
                if after != LIMIT:
                    rest = hand[:index] + hand[index + 1:]
                    if drawn:
                        reply, none = _expected_reply(laid, after, rest, unseen, pool, drawn)
                        worth = worth - theirs * reply + none * (crib_ai.GO_WORTH * mine)
                    else:
                        worth += mine * _solo(laid, after, rest)
            if worth > best_value:
                best_piece, best_value = piece, worth
        return best_piece

    def _weights(self, my_need: int, their_need: int) -> tuple[float, float]:
        """crib_ai.race_weights for two players."""
        close = crib_ai.CLOSE_TO_WIN
        they_are_close = their_need <= close
        if they_are_close:
            if self.counts_first and self.show >= my_need:
                return crib_ai.HOLD_ON
            if (not self.counts_first and my_need <= close
                    and their_need <= crib_ai.USUAL_HAND):
                return crib_ai.PEG_OUT
        return 1.0, crib_ai.DEFENCE_WEIGHT if they_are_close else 1.0


def _expected_reply(pile: tuple[int, ...], count: int, rest: tuple[int, ...],
                    unseen: list[int], pool: int, drawn: int) -> tuple[float, float]:
    """crib_ai.expected_best_reply with the counter weighed: the rival's expected best reply
    less our counter to it, and the chance it holds nothing that fits."""
    groups: dict[int, list[tuple[int, int]]] = {}  # its points -> (copies, our counter)
    for rank in _RANKS:
        copies = unseen[rank]
        if not copies:
            continue
        after = count + _RANK_VALUE[rank]
        if after > LIMIT:
            break
        laid = (*pile, rank)
        counter = 0
        if after < LIMIT:
            tried = 0
            for piece in rest:
                if after + VALUE[piece] > LIMIT:
                    break
                if RANK[piece] != tried:
                    tried = RANK[piece]
                    counter = max(counter, peg_score((*laid, tried), after + VALUE[piece]))
        groups.setdefault(peg_score(laid, after), []).append((copies, counter))
    expected = 0.0
    covered = 0
    none_before = 1.0
    for points in sorted(groups, reverse=True):
        group = groups[points]
        covered += sum(copies for copies, _ in group)
        none_after = 0.0 if covered > pool - drawn else comb(pool - covered, drawn) / comb(
            pool, drawn)
        chance = none_before - none_after
        if chance > 0:
            counters = sum(copies * counter for copies, counter in group)
            weights = sum(copies for copies, _ in group)
            expected += chance * (points - crib_ai.COUNTER_WEIGHT * counters / weights)
        none_before = none_after
        if none_before == 0.0:
            break
    return expected, none_before


def _solo(pile: tuple[int, ...], count: int, pieces: tuple[int, ...]) -> int:
    """crib_ai.solo_points: the most we peg laying our pieces one after another."""
    best = 0
    tried = 0
    for index, piece in enumerate(pieces):
        value = VALUE[piece]
        if count + value > LIMIT:
            break
        if RANK[piece] == tried:
            continue
        tried = RANK[piece]
        laid = (*pile, tried)
        rest = pieces[:index] + pieces[index + 1:]
        best = max(best, peg_score(laid, count + value) + _solo(laid, count + value, rest))
    return best
