"""The play (pegging) as a component the three cribbage games share.

`Pegging` holds each seat's pieces still to lay (a piece is a Card; a PIP die is Card(rank,
None) and may appear twice in a hand for Double PIP), the count, the pile of the current
count, the pieces each seat has laid this deal, who has said go, and whose turn it is.

Rules it carries out (docs/RULES.md C-5, C-7, C-8):
- the seat left of the dealer leads; seats with nothing left to lay are skipped;
- a seat must lay a piece when it can without passing 31; otherwise its only move is go;
- after a go the others keep playing in turn while they can; when nobody can, the last seat
  to lay a piece scores 1 for the go (nothing extra when the count is 31) and the count
  restarts with the first seat left of that seat that still holds pieces;
- the last piece of the play scores 1 unless it made 31.

It does not touch scores: each move returns `Award`s in the order they are scored (the points
a piece makes first, then a go or last-card point separately) and the game passes every one
through its single scoring method, stopping the moment someone wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from engine.cards import VALUE_OF_RANK, Card
from engine.cribbage.scoring import Breakdown, ScoreItem, peg_points

LIMIT = 31


@dataclass(frozen=True)
class Award:
    """Points for a seat, with what made them ("play", "go" or "last card")."""

    seat: int
    breakdown: Breakdown
    reason: str


class MoveResult:
    """What one play or go led to (a plain class: one is made for every piece laid)."""

    __slots__ = ("awards", "count", "finished_count", "play_over")

    def __init__(self, count: int = 0) -> None:
        self.awards: list[Award] = []
        #: The count right after the move (before any restart): what the player calls out.
        self.count = count
        #: The count that just ended (its pile), when the count restarted after this move.
        self.finished_count: list[Card] | None = None
        #: True when every piece has been laid: the play is over.
        self.play_over = False


class Pegging:
    def __init__(self, hands: Sequence[Sequence[Card]], dealer: int) -> None:
        self.players = len(hands)
        self.hands: list[list[Card]] = [list(hand) for hand in hands]
        self.played: list[list[Card]] = [[] for _ in hands]
        self.pile: list[Card] = []
        self._count = 0  # kept with the pile: the AI and legality checks ask for it constantly
        self.passed: set[int] = set()
        self.last_player: int | None = None
        self.over = not any(self.hands)
        self.turn: int | None = None if self.over else self._first_holder_from(dealer + 1)

    # --- what may happen -------------------------------------------------------------------
    @property
    def count(self) -> int:
        return self._count

    def fits(self, piece: Card) -> bool:
        return self._count + VALUE_OF_RANK[piece.rank] <= LIMIT

    def can_play(self, seat: int) -> bool:
        room = LIMIT - self._count
        return any(VALUE_OF_RANK[piece.rank] <= room for piece in self.hands[seat])

    def playable(self, seat: int) -> list[Card]:
        """Distinct pieces `seat` may lay now (none unless it is that seat's turn)."""
        if seat != self.turn:
            return []
        room = LIMIT - self._count
        seen: list[Card] = []
        for piece in self.hands[seat]:
            if VALUE_OF_RANK[piece.rank] <= room and piece not in seen:
                seen.append(piece)
        return seen

    def must_go(self, seat: int) -> bool:
        return seat == self.turn and not self.can_play(seat)

    # --- moves -----------------------------------------------------------------------------
    def play(self, seat: int, piece: Card) -> MoveResult:
        hand = self.hands[seat]
        count = self._count + VALUE_OF_RANK[piece.rank]
        if seat != self.turn or count > LIMIT or piece not in hand:
            raise ValueError(f"seat {seat} cannot lay {piece} now")
        hand.remove(piece)  # removes one copy: a doubled die stays once
        self.played[seat].append(piece)
        pile = self.pile
        pile.append(piece)
        self._count = count
        self.last_player = seat
        result = MoveResult(count=count)
        made = peg_points(pile, count)
        if made.total:
            result.awards.append(Award(seat, made, "play"))
        self._after_move(seat, result)
        return result

    def go(self, seat: int) -> MoveResult:
        if not self.must_go(seat):
            raise ValueError(f"seat {seat} cannot say go now")
        self.passed.add(seat)
        result = MoveResult(count=self._count)
        self._after_move(seat, result)
        return result

    # --- the go and the count restart ------------------------------------------------------
    def _after_move(self, mover: int, result: MoveResult) -> None:
        last = self.last_player
        hands = self.hands
        if not any(hands):
            # Every piece is down: the last one scores 1 unless it made 31 (already paid 2).
            assert last is not None
            if self._count != LIMIT:
                last_card = _one_point("last card", self.pile[-1])
                result.awards.append(Award(last, last_card, "last card"))
            result.finished_count = list(self.pile)
            result.play_over = True
            self.over = True
            self.turn = None
            return
        if self._count == LIMIT or not self._anyone_can_play():
            assert last is not None
            if self._count != LIMIT:
                result.awards.append(Award(last, _one_point("go", self.pile[-1]), "go"))
            result.finished_count = list(self.pile)
            self.pile = []
            self._count = 0
            self.passed = set()
            self.turn = self._first_holder_from(last + 1)
            return
        self.turn = self._next_in_turn(mover)

    def _anyone_can_play(self) -> bool:
        room = LIMIT - self._count
        for hand in self.hands:  # loops, not any() over a generator: asked after every move
            for piece in hand:
                if VALUE_OF_RANK[piece.rank] <= room:
                    return True
        return False

    def _first_holder_from(self, start: int) -> int:
        for i in range(self.players):
            seat = (start + i) % self.players
            if self.hands[seat]:
                return seat
        raise AssertionError("nobody holds a piece")

    def _next_in_turn(self, mover: int) -> int:
        """The next seat round from the mover (the mover itself last) still in this count."""
        for i in range(1, self.players + 1):
            seat = (mover + i) % self.players
            if self.hands[seat] and seat not in self.passed:
                return seat
        raise AssertionError("somebody can play, so somebody is still in the count")


@cache  # a go or last card scores the same for the same card: its words are spelled once
def _one_point(kind: str, card: Card) -> Breakdown:
    return Breakdown((ScoreItem(kind, 1, (card,)),))
