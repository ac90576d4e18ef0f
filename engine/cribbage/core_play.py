"""Cribbage's rules core, its play (engine/cribbage/sim.py lists the chain): the moves, and the
random play's own fast loops over the discards and the play."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable

from engine.cribbage.core_show import CribbageShow
from engine.cribbage.pieces import (
    _BITS,
    _HIGHEST_WITHIN,
    _NEXT_SEAT,
    _NOBODY,
    _PLACE_PAIRS,
    _POINTS_OF_KEY,
    _SEAT,
    CUT,
    JACK,
    LIMIT,
    NO_PIECE,
    PLAYING,
    RANK,
    RESET,
    TAIL_MASK,
    VALUE,
    WHOLE_PILE,
    _pack_ranks,
    _points_of_key,
    _unpack_ranks,
    pairs_and_runs,
    peg_score,
)
from engine.sim import below


class CribbagePlay(CribbageShow):
    """The play, from the cut to the show."""

    __slots__ = ()

    def _finish_discards(self) -> None:
        self.kept = self.hands  # never changed again: the play lays copies
        if self.journal is not None:
            self.journal.append((CUT,))
        if RANK[self.starter] == JACK:  # his heels
            self._score(self.dealer, 2, "heels")
            if self.won is not None:
                return
        self.phase = PLAYING
        peg_hands = self.peg_hands = self._pegging_hands()
        left = self.left = sum(map(len, peg_hands))
        self.low = list(map(self._lowest, peg_hands))
        if not left:
            self._begin_show()
            return
        turn = _NEXT_SEAT[self.players][self.dealer]
        if not peg_hands[turn]:
            turn = self._first_holder_from(turn)
        self.turn = turn
        self.acting = _SEAT[turn]

    # ----- the play -------------------------------------------------------------------------
    def _lowest(self, hand: list[int]) -> int:
        """The lowest count value in a pegging hand (NO_PIECE if empty): Cribbage's hands
        are sorted, so it is the first piece's."""
        return VALUE[hand[0]] if hand else NO_PIECE

    def _lay(self, seat: int, piece: int) -> None:
        hand = self.peg_hands[seat]
        hand.remove(piece)
        self.low[seat] = self._lowest(hand)
        pile = self.pile
        pile.append(RANK[piece])
        count = self.count = self.count + VALUE[piece]
        self.last_player = seat
        self.left -= 1
        if len(pile) > 1:
            points = peg_score(pile, count)
            if points:
                self._score(seat, points, "play")
                if self.won is not None:
                    return
        self._after_move(seat)

    def _go(self, seat: int) -> None:
        self.passed[seat] = True
        self._after_move(seat)

    def _after_move(self, mover: int) -> None:
        count = self.count
        if not self.left:  # every piece is down: one for the last card, unless it made 31
            if count != LIMIT:
                self._score(self.last_player, 1, "last card")
                if self.won is not None:
                    return
            self._begin_show()
            return
        if count == LIMIT or min(self.low) > LIMIT - count:
            if count != LIMIT:  # nobody can lay a piece: one for the go
                self._score(self.last_player, 1, "go")
                if self.won is not None:
                    return
            if self.journal is not None:
                self.journal.append((RESET,))
            # The count starts again left of the last seat to lay a piece.
            self.pile = []
            self.count = 0
            self.passed = [False] * self.players
            turn = self._first_holder_from(self.last_player + 1)
        else:  # the next seat round that holds pieces and has not said go
            players, passed, low = self.players, self.passed, self.low
            turn = (mover + 1) % players
            while passed[turn] or low[turn] == NO_PIECE:
                turn = (turn + 1) % players
        self.turn = turn
        self.acting = _SEAT[turn]

    def _first_holder_from(self, start: int) -> int:
        players, hands = self.players, self.peg_hands
        for i in range(players):
            seat = (start + i) % players
            if hands[seat]:
                return seat
        raise AssertionError("nobody holds a piece")

    def _random_discards(self, getrandbits: Callable[[int], int]) -> None:
        """The discards still to come, each drawn as random_playout draws it (a seat from
        acting, then a code by its place in legal(seat)) and made as _discard makes it."""
        hands, discarded, crib, plan = self.hands, self.discarded, self.crib, self.plan
        discards, to_bottom = plan.discards, plan.to_bottom
        seats = list(self.acting)
        while seats:
            seat = seats.pop(below(getrandbits, len(seats)))
            hand = hands[seat]
            if discards[seat] == 2:  # legal()'s pairs, by their places in the sorted hand
                places = _PLACE_PAIRS[len(hand)]
                first, second = places[below(getrandbits, len(places))]
                cards: tuple[int, ...] = (hand[first], hand[second])
                del hand[second], hand[first]
            else:
                cards = (hand.pop(below(getrandbits, len(hand))),)
            if seat not in to_bottom:
                crib += cards
            discarded[seat] = True
        self.acting = _NOBODY
        self.points = []  # the last discard's move: his heels may score in it
        self._finish_discards()

    def _random_pegging(self, getrandbits: Callable[[int], int]) -> None:
        """The rest of the play, each move drawn as random_playout draws it (the seat from
        acting, which is the one seat to play; a code from legal(seat)) and made as play()
        makes it, until the show begins (_begin_show) or the game ends. The count is kept as
        the room left under 31, and the pile's ranks packed into an int (_pack_ranks: its low
        16 bits are the last four ranks, a key of the scores table), in locals written back
        as the play ends."""
        hands, low, players, passed = self.peg_hands, self.low, self.players, self.passed
        seat, last = self.turn, self.last_player
        room = LIMIT - self.count
        pile = self.pile
        laid = _pack_ranks(pile) if pile else 0
        sorted_hands, score = self.sorted_hands, self._score
        next_of = _NEXT_SEAT[players]
        points_of_key, tail_mask, bits_of, highest, value_of, rank_of = (
            _POINTS_OF_KEY, TAIL_MASK, _BITS, _HIGHEST_WITHIN, VALUE, RANK)
        while True:
            while getrandbits(1):  # rng.choice((seat,)): one bit at a time until a 0
                pass
            hand = hands[seat]
            if sorted_hands:  # the playable pieces lead the hand (all of it in a room of 10)
                n = len(hand) if room >= 10 else bisect_right(hand, highest[room])
            else:
                playable = self._playable(hand, room)
                n = len(playable)
            if n:
                bits = bits_of[n]
                i = getrandbits(bits)
                while i >= n:
                    i = getrandbits(bits)
                if sorted_hands:
                    piece = hand.pop(i)
                    low[seat] = value_of[hand[0]] if hand else NO_PIECE
                else:
                    piece = playable[i]
                    hand.remove(piece)
                    low[seat] = self._lowest(hand)
                room -= value_of[piece]
                last = seat
                laid = laid << 4 | rank_of[piece]
                points = points_of_key[laid & tail_mask]
                if points < 0:
                    points = _points_of_key(laid & tail_mask)
                    if points == WHOLE_PILE:
                        points = pairs_and_runs(_unpack_ranks(laid))
                if room == 16 or not room:  # a count of 15 or 31
                    points += 2
                if points:
                    self.points = []
                    score(seat, points, "play")
                    if self.won is not None:
                        self._leave_pegging(laid, room, passed, last, seat)
                        return
                following = next_of[seat]
                if low[following] <= room:  # the usual case: the next seat lays on
                    seat = following
                    continue
            else:
                while getrandbits(1):  # rng.choice((GO,))
                    pass
                passed[seat] = True
                points = 0
                following = next_of[seat]
            if min(low) <= room:  # someone can lay: the next seat round that may go on
                seat = following
                while passed[seat] or low[seat] == NO_PIECE:
                    seat = next_of[seat]
                continue
            # Nobody can lay: one for the last card or the go, unless it made 31.
            if not points:  # this move has scored nothing yet
                self.points = []
            done = not any(hands)  # every piece is down
            if room:
                score(last, 1, "last card" if done else "go")
                if self.won is not None:
                    self._leave_pegging(laid, room, passed, last, seat)
                    return
            if done:
                self._leave_pegging(laid, room, passed, last, None)
                self._begin_show()
                return
            # The count starts again left of the last seat to lay a piece.
            laid = 0
            room = LIMIT
            passed = [False] * players
            seat = next_of[last]
            while low[seat] == NO_PIECE:
                seat = next_of[seat]

    def _playable(self, hand: list[int], room: int) -> list[int]:
        """legal(seat)'s pieces from a hand that is not sorted_hands (none: empty), each once:
        such a hand may hold a piece twice (PIP's doubled die)."""
        return list(dict.fromkeys([piece for piece in hand if VALUE[piece] <= room]))

    def _leave_pegging(self, laid: int, room: int, passed: list[bool], last: int,
                       turn: int | None) -> None:
        """Write _random_pegging's locals back (the game goes on in the show, or is over);
        turn None: every piece is down."""
        self.pile, self.count = _unpack_ranks(laid), LIMIT - room
        self.passed, self.last_player, self.turn = passed, last, turn
        self.left = 0 if turn is None else sum(map(len, self.peg_hands))
        if turn is not None and self.won is None:
            self.acting = _SEAT[turn]

