"""Cribbage's rules core: the one implementation of the rules of Cribbage, PIP Cribbage and
Crib Race (their cores subclass CribbageSim). The search and random play drive it directly
(engine/sim.py's protocol); the contract games (engine/cribbage/game.py and its subclasses)
hold one and narrate its `journal` (pieces.Entry) into events.

The pieces, the scores and the action codes as integers are in engine/cribbage/pieces.py.

CribbageSim carries the deal (DealPlan from engine/cribbage/deal.py), the discard, the pegging,
the show and muggins, with hooks a subclass overrides: _make_sides, _deal_plan_for(dealer),
_begin_game (after the cut), _start_deal, _pegging_hands, _lowest, _show_order, _count,
show_pieces, _claim_shape, _pause_before_count, _after_count, _after_show, _score (every point
goes through it; Crib Race's pegs and penalty box override it), _finish; a phase of its own
through _own_legal, _own_move, _other_action, _other_code and _refresh_acting; _copy_into
(clone) extended for the subclass's own state (its __slots__); restack (a stacked deal, for
tests).

Action codes (ints; the same code means the same dict in every cribbage game):
    0..63         lay that piece ({"type": "play", "card": TEXT[code]})
    GO, MUGGINS, KEEP, GIVE_BACK, PASS          the simple actions
    CLAIM + n     {"type": "claim", "points": n}
    DISCARD + c   discard one card; DISCARD_PAIR + (a << 6) + b: discard a and b (a < b)
Subclasses add their own codes between PASS and CLAIM (PIP Cribbage: Crux and Turn).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from engine.cards import Card
from engine.cribbage.claims import possible_counts
from engine.cribbage.deal import DealPlan, cribbage_plan
from engine.cribbage.pieces import (
    _BITS,
    _GO_ONLY,
    _HIGHEST_WITHIN,
    _KEEP_OR_GIVE,
    _NEXT_SEAT,
    _NOBODY,
    _PAIR_CODE,
    _PIECE_OF_CARD,
    _PLACE_PAIRS,
    _POINTS_OF_KEY,
    _SEAT,
    _SIMPLE,
    _SIMPLE_CODE,
    _SINGLE_CODE,
    CLAIM,
    COUNTED,
    CRIB,
    CUT,
    DEALT,
    DISCARD,
    DISCARD_PAIR,
    DISCARDING,
    GIVE_BACK,
    GO,
    HAND,
    JACK,
    KEEP,
    LIMIT,
    MUGGINS,
    NO_PIECE,
    OVER,
    PASS,
    PIECE_OF_TEXT,
    PLAYING,
    RANK,
    REASON_OF_KIND,
    RESET,
    SCORED,
    SHOWING,
    SHOWN,
    TAIL_MASK,
    TEXT,
    VALUE,
    WHOLE_PILE,
    WON,
    Entry,
    _pack_ranks,
    _points_of_key,
    _unpack_ranks,
    cut_dealer,
    hand_score,
    pairs_and_runs,
    peg_score,
    shuffled_deck,
)
from engine.cribbage.scoring import FlushRule
from engine.cribbage.sides import Sides
from engine.sim import random_move


class CribbageSim:
    """Cribbage (2-4 players, muggins on or off) with ints inside: engine/sim.py's protocol.

    Attributes a subclass may read: players, side_of, side_scores, dealer, phase, hands
    (each seat's sorted cards while discarding), crib, starter, kept, peg_hands, pile (ranks),
    count, passed, last_player, turn, steps, step_index, window, chooser, won."""

    __slots__ = (
        "acting", "chooser", "count", "crib", "dealer", "discarded", "hands", "journal", "kept",
        "last_player", "left", "low", "muggins", "opponents", "passed", "peg_hands", "phase",
        "pile", "plan", "players", "points", "rng", "side_of", "side_scores", "side_seats",
        "starter", "step_index", "steps", "target", "true_totals", "turn", "window", "won"
    )
    players: int
    target: int
    muggins: bool
    side_of: tuple[int, ...]
    side_seats: tuple[tuple[int, ...], ...]
    opponents: tuple[tuple[int, ...], ...]
    side_scores: list[int]
    rng: random.Random
    plan: DealPlan
    dealer: int
    phase: int
    acting: tuple[int, ...]
    hands: list[list[int]]
    discarded: list[bool]
    crib: list[int]
    starter: int
    kept: list[list[int]]
    peg_hands: list[list[int]]
    low: list[int]
    pile: list[int]
    count: int
    left: int
    passed: list[bool]
    # The seats of the play: ints during it (None before it and once it is over); the play's
    # code reads them only while they are ints.
    last_player: Any
    turn: Any
    steps: Sequence[tuple[int, int]]
    step_index: int
    true_totals: list[int]
    #: With muggins: [index, claiming seat, missed points, seats that passed], or None.
    window: list[Any] | None
    #: With muggins: (chooser, owner, points, index) while the missed points are chosen.
    chooser: tuple[int, int, int, int] | None
    name = "cribbage"
    #: Whether the show's counts are Cribbage's with no hook around them (_count,
    #: _pause_before_count and _after_count not overridden): then the show counts them in
    #: one loop. __init_subclass__ works it out for each subclass.
    counts_alone = True
    #: Whether a seat's pegging hand may hold two equal pieces (PIP's doubled die).
    repeated_pieces = False
    #: Whether the pegging hands hold cards only, in ascending order (PIP's die comes last):
    #: then a hand's lowest value is its first card's, and its playable cards lead it.
    sorted_hands = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.counts_alone = all(getattr(cls, hook) is getattr(CribbageSim, hook)
                               for hook in ("_count", "_pause_before_count", "_after_count"))

    # ----- constructors ---------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: dict[str, Any], seed: int) -> CribbageSim:
        rng = random.Random(seed)
        return cls.dealt(players, options, rng, cut_dealer(players, rng))

    @classmethod
    def dealt(cls, players: int, options: dict[str, Any], rng: random.Random, dealer: int,
              journal: list[Entry] | None = None) -> CribbageSim:
        """A new game after the cut for first deal (`dealer` won it), its first deal drawn
        from `rng`; `journal` records the first deal (see Entry)."""
        sim = cls.__new__(cls)
        sim._setup(players, options, rng)
        sim.dealer = dealer
        sim.journal = journal
        sim._begin_game()
        sim._start_deal()
        sim.journal = None
        return sim

    def _setup(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        self.players = players
        self.target = int(options.get("target", 121))
        self.muggins = bool(options.get("muggins", False))
        self.side_of, self.side_seats, self.opponents = _seating(self._make_sides())
        self.side_scores = [0] * len(self.side_seats)
        self.rng = rng
        self.won: list[int] | None = None
        self.points: list[tuple[int, int]] = []
        self.journal: list[Entry] | None = None
        self.plan = self._deal_plan_for(0)

    def _begin_game(self) -> None:
        """After the cut for first deal, before the first deal (PIP: place the dice)."""

    @classmethod
    def from_game(cls, game: Any) -> CribbageSim:
        """The contract game's own core, as an independent copy."""
        core: CribbageSim = game.core
        return core.clone()

    # ----- hooks ----------------------------------------------------------------------------
    def _make_sides(self) -> Sides:
        return _SIDES[self.players]

    def _deal_plan_for(self, dealer: int) -> DealPlan:
        """The deal plan (Crib Race's depends on the dealer)."""
        return _PLANS[self.players]

    def _pegging_hands(self) -> list[list[int]]:
        return list(map(list, self.kept))

    def _show_order(self) -> Sequence[tuple[int, int]]:
        return _SHOW_ORDERS[self.players][self.dealer]

    def _count(self, kind: int, seat: int) -> int:
        """The true total of one count of the show."""
        if kind == CRIB:
            return hand_score(self.crib, self.starter, True)
        return hand_score(self.kept[seat], self.starter, False)

    def _claim_shape(self, kind: int, seat: int) -> tuple[int, int, FlushRule]:
        """(cards, dice, flush rule) of a count: what its claim menu offers."""
        return (4, 0, FlushRule.CRIB if kind == CRIB else FlushRule.HAND)

    def _pause_before_count(self, kind: int, seat: int) -> bool:
        return False

    def _after_count(self, kind: int, seat: int) -> None:
        """Right after a count is scored (the game may have ended: check `won`)."""

    def _after_show(self) -> None:
        """After a complete show, before the deal passes on."""

    def _score(self, seat: int, points: int, reason: str) -> None:
        """The one way points are scored (points > 0): ends the game when the side wins.
        `reason` is REASONS' word for what scored them."""
        self.points.append((seat, points))
        side = self.side_of[seat]
        before = self.side_scores[side]
        score = self.side_scores[side] = before + points
        if self.journal is not None:
            self.journal.append((SCORED, seat, points, reason, before, score))
        if score >= self.target:
            self._finish(side)

    def _finish(self, side: int) -> None:
        if self.journal is not None:
            self.journal.append((WON, side))
        self.won = list(self.side_seats[side])
        self.phase = OVER
        self.acting = _NOBODY

    # ----- the protocol ---------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return self.acting

    def winners(self) -> list[int] | None:
        return self.won

    def scores(self) -> list[int]:
        """Each seat's score (its side's)."""
        scores, side_of = self.side_scores, self.side_of
        return [scores[side_of[seat]] for seat in range(self.players)]

    def legal(self, seat: int) -> Sequence[int]:
        phase = self.phase
        if phase == PLAYING:
            if seat != self.turn:
                return _NOBODY
            hand = self.peg_hands[seat]
            if self.sorted_hands:  # values rise with the ints: the playable pieces lead
                codes = hand[:bisect_right(hand, _HIGHEST_WITHIN[LIMIT - self.count])]
            else:
                room = LIMIT - self.count
                codes = [piece for piece in hand if VALUE[piece] <= room]
            if not codes:
                return _GO_ONLY
            return list(dict.fromkeys(codes)) if self.repeated_pieces else codes
        if phase == DISCARDING:
            if self.discarded[seat]:
                return _NOBODY
            hand = self.hands[seat]
            if self.plan.discards[seat] == 2:
                return list(map(_PAIR_CODE.__getitem__, combinations(hand, 2)))
            return list(map(_SINGLE_CODE.__getitem__, hand))
        if phase == SHOWING:
            return self._show_legal(seat)
        return self._own_legal(seat)

    # ----- random play ----------------------------------------------------------------------
    def random_playout(self, rng: random.Random) -> list[int]:
        """engine.sim.random_playout, drawing the same numbers: the discards and the play,
        nearly every move of a game, are drawn and made here without legal()'s lists and the
        protocol's calls; the rest (the show, a subclass's own phases) through random_move."""
        getrandbits = rng.getrandbits
        while (won := self.won) is None:
            phase = self.phase
            if phase == PLAYING:
                self._random_pegging(getrandbits)
            elif phase == DISCARDING:
                self._random_discards(getrandbits)
            else:
                random_move(self, getrandbits)
        return won

    def _random_discards(self, getrandbits: Callable[[int], int]) -> None:
        """The discards still to come, each drawn as random_playout draws it (a seat from
        acting, then a code by its place in legal(seat)) and made as _discard makes it."""
        hands, discarded, crib = self.hands, self.discarded, self.crib
        plan = self.plan
        discards, to_bottom = plan.discards, plan.to_bottom
        seats = self.acting
        while seats:
            n = len(seats)
            bits = _BITS[n]
            i = getrandbits(bits)
            while i >= n:
                i = getrandbits(bits)
            seat = seats[i]
            seats = seats[:i] + seats[i + 1:]
            hand = hands[seat]
            if discards[seat] == 2:
                places = _PLACE_PAIRS[len(hand)]
                n = len(places)
                bits = _BITS[n]
                j = getrandbits(bits)
                while j >= n:
                    j = getrandbits(bits)
                first, second = places[j]
                cards: tuple[int, ...] = (hand[first], hand[second])
                del hand[second], hand[first]
            else:
                n = len(hand)
                bits = _BITS[n]
                j = getrandbits(bits)
                while j >= n:
                    j = getrandbits(bits)
                cards = (hand.pop(j),)
            if seat not in to_bottom:
                crib += cards
            discarded[seat] = True
        self.acting = seats
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
        laid = _pack_ranks(self.pile)
        sorted_hands, score = self.sorted_hands, self._score
        next_of = _NEXT_SEAT[players]
        points_of_key, bits_of, highest, value_of, rank_of = (
            _POINTS_OF_KEY, _BITS, _HIGHEST_WITHIN, VALUE, RANK)
        while True:
            while getrandbits(1):  # rng.choice((seat,)): one bit at a time until a 0
                pass
            hand = hands[seat]
            if sorted_hands:  # the playable pieces lead the hand
                playable = hand
                n = bisect_right(hand, highest[room])
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
                rank = rank_of[piece]
                room -= value_of[piece]
                last = seat
                laid = laid << 4 | rank
                points = points_of_key[laid & TAIL_MASK]
                if points < 0:
                    points = _points_of_key(laid & TAIL_MASK)
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
        """legal(seat)'s pieces from a hand that is not sorted_hands (none: empty)."""
        playable = [piece for piece in hand if VALUE[piece] <= room]
        return list(dict.fromkeys(playable)) if self.repeated_pieces else playable

    def _leave_pegging(self, laid: int, room: int, passed: list[bool], last: int,
                       turn: int | None) -> None:
        """Write _random_pegging's locals back (the game goes on in the show, or is over)."""
        self.pile, self.count = _unpack_ranks(laid), LIMIT - room
        self.passed, self.last_player, self.turn = passed, last, turn
        self.left = sum(map(len, self.peg_hands))
        if turn is not None and self.won is None:
            self.acting = _SEAT[turn]

    def _own_legal(self, seat: int) -> Sequence[int]:
        """Legal codes in a phase of a subclass's own (PIP Cribbage's Crux)."""
        return _NOBODY

    def play(self, seat: int, code: int) -> None:
        self.points = []
        if code < GO:
            self._lay(seat, code)
            return
        if code == GO:
            self._go(seat)
        elif code >= DISCARD:
            self._discard(seat, code)
        else:
            self._other(seat, code)

    def clone(self) -> CribbageSim:
        new = object.__new__(type(self))
        self._copy_into(new)
        return new

    def _copy_into(self, new: CribbageSim) -> None:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        new.rng = rng
        new.players, new.target, new.muggins = self.players, self.target, self.muggins
        new.side_of, new.side_seats, new.opponents = self.side_of, self.side_seats, self.opponents
        new.side_scores = list(self.side_scores)
        new.dealer, new.phase, new.acting = self.dealer, self.phase, self.acting
        new.won = None if self.won is None else list(self.won)
        new.points = list(self.points)
        new.plan, new.starter = self.plan, self.starter
        new.hands = [list(hand) for hand in self.hands]
        new.discarded = list(self.discarded)
        new.crib = list(self.crib)
        new.kept = [list(hand) for hand in self.kept]
        new.peg_hands = [list(hand) for hand in self.peg_hands]
        new.pile = list(self.pile)
        new.count, new.passed = self.count, list(self.passed)
        new.last_player, new.turn, new.left = self.last_player, self.turn, self.left
        new.low = list(self.low)
        new.steps = list(self.steps)  # tuples: shared
        new.step_index, new.true_totals = self.step_index, list(self.true_totals)
        window = self.window
        new.window = None if window is None else [*window[:3], list(window[3])]
        new.chooser = self.chooser
        new.journal = None

    def action(self, seat: int, code: int) -> dict[str, Any]:
        if code < GO:
            return {"type": "play", "card": TEXT[code]}
        if code in _SIMPLE:
            return {"type": _SIMPLE[code]}
        if code >= DISCARD_PAIR:
            pair = code - DISCARD_PAIR
            return {"type": "discard", "cards": [TEXT[pair >> 6], TEXT[pair & 63]]}
        if code >= DISCARD:
            return {"type": "discard", "cards": [TEXT[code - DISCARD]]}
        if code >= CLAIM:
            return {"type": "claim", "points": code - CLAIM}
        return self._other_action(seat, code)

    def code(self, seat: int, action: dict[str, Any]) -> int:
        kind = action["type"]
        if kind == "play":
            return PIECE_OF_TEXT[action["card"]]
        if kind in _SIMPLE_CODE:
            return _SIMPLE_CODE[kind]
        if kind == "discard":
            cards = [PIECE_OF_TEXT[text] for text in action["cards"]]
            if len(cards) == 2:
                return DISCARD_PAIR + (min(cards) << 6) + max(cards)
            return DISCARD + cards[0]
        if kind == "claim":
            return CLAIM + action["points"]
        return self._other_code(seat, action)

    def _other_action(self, seat: int, code: int) -> dict[str, Any]:
        raise ValueError(f"{self.name} has no action code {code}")

    def _other_code(self, seat: int, action: dict[str, Any]) -> int:
        raise ValueError(f"{self.name} has no action {action!r}")

    def _refresh_acting(self) -> None:
        """Work out the seats to act from the state (after a take-over or a show move)."""
        if self.won is not None or self.phase == OVER:
            self.acting = _NOBODY
        elif self.phase == DISCARDING:
            self.acting = tuple(s for s in range(self.players) if not self.discarded[s])
        elif self.phase == PLAYING:
            self.acting = (self.turn,)
        elif self.phase == SHOWING:
            self.acting = self._show_acting()
        else:
            self.acting = _NOBODY

    # ----- the deal -------------------------------------------------------------------------
    def _no_pegging(self) -> None:
        self.peg_hands = [[] for _ in range(self.players)]
        self.pile = []
        self.count = 0
        self.passed = [False] * self.players
        self.last_player = None
        self.turn = None
        self.left = 0
        self.low = [NO_PIECE] * self.players

    def restack(self, deck: Sequence[int], dealer: int | None = None) -> None:
        """Deal the current deal again from `deck` (top card first), drawing nothing: for
        tests and puzzles, before anyone has discarded."""
        if dealer is not None:
            self.dealer = dealer
        self._start_deal(list(deck))

    def _start_deal(self, stacked: list[int] | None = None) -> None:
        players, dealer = self.players, self.dealer
        plan = self.plan = self._deal_plan_for(dealer)
        each, discarded, acting, top = _layout(plan)
        deck = shuffled_deck(self.rng, top) if stacked is None else stacked
        if each:  # one card at a time from the dealer's left: every players-th card
            dealt = each * players
            hands: list[list[int]] = [[]] * players
            for i in range(players):
                hands[(dealer + 1 + i) % players] = sorted(deck[i:dealt:players])
        else:
            hands, dealt = _deal_unevenly(deck, plan.cards, dealer)
        extra = plan.crib_from_deck
        self.crib = deck[dealt:dealt + extra]
        self.starter = deck[dealt + extra]
        self.hands = hands
        self.discarded = list(discarded)
        # The kept cards and the play's hands are made when every discard is in.
        self.kept, self.peg_hands, self.low = [], [], []
        self.pile = []
        self.count = self.left = 0
        self.passed = [False] * players
        self.last_player = self.turn = None
        self.steps = []
        self.step_index = 0
        self.true_totals = []
        self.window = self.chooser = None
        self.phase = DISCARDING
        self.acting = acting
        if self.journal is not None:
            self.journal.append((DEALT,))
        if not acting:
            self._finish_discards()

    def _discard(self, seat: int, code: int) -> None:
        hand = self.hands[seat]
        if code >= DISCARD_PAIR:
            pair = code - DISCARD_PAIR
            cards: tuple[int, ...] = (pair >> 6, pair & 63)
        else:
            cards = (code - DISCARD,)
        for card in cards:
            hand.remove(card)
        if seat not in self.plan.to_bottom:
            self.crib.extend(cards)
        self.discarded[seat] = True
        acting = self.acting
        at = acting.index(seat)
        acting = self.acting = acting[:at] + acting[at + 1:]
        if not acting:
            self._finish_discards()

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
        self.left = sum(map(len, peg_hands))
        if self.sorted_hands:
            self.low = [VALUE[hand[0]] if hand else NO_PIECE for hand in peg_hands]
        else:
            self.low = list(map(self._lowest, peg_hands))
        if not self.left:
            self._begin_show()
            return
        turn = self.turn = self._first_holder_from(self.dealer + 1)
        self.acting = _SEAT[turn]

    # ----- the play -------------------------------------------------------------------------
    def _lowest(self, hand: list[int]) -> int:
        """The lowest count value in a pegging hand (NO_PIECE if empty): Cribbage's hands
        are sorted, so it is the first piece's."""
        return VALUE[hand[0]] if hand else NO_PIECE

    def _lay(self, seat: int, piece: int) -> None:
        hand = self.peg_hands[seat]
        hand.remove(piece)
        low = self.low
        low[seat] = self._lowest(hand)
        pile = self.pile
        pile.append(RANK[piece])
        count = self.count = self.count + VALUE[piece]
        self.last_player = seat
        left = self.left = self.left - 1
        if len(pile) > 1:
            points = peg_score(pile, count)
            if points:
                self._score(seat, points, "play")
                if self.won is not None:
                    return
        if left and count != LIMIT and min(low) <= LIMIT - count:
            # The usual case, _after_move's last branch: the next seat round that can go on.
            players, passed = self.players, self.passed
            turn = seat + 1 if seat + 1 < players else 0
            while passed[turn] or low[turn] == NO_PIECE:
                turn = turn + 1 if turn + 1 < players else 0
            self.turn = turn
            self.acting = _SEAT[turn]
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
        seat = start % players
        if hands[seat]:
            return seat
        for i in range(1, players):
            seat = (start + i) % players
            if hands[seat]:
                return seat
        raise AssertionError("nobody holds a piece")

    # ----- the show -------------------------------------------------------------------------
    def _begin_show(self) -> None:
        self.phase = SHOWING
        self.turn = None
        self.steps = self._show_order()
        self.step_index = 0
        self._advance_show()

    def _advance_show(self) -> None:
        """Count until the show waits for a player, ends, or the game ends."""
        steps = self.steps
        if self.counts_alone and not self.muggins:  # nothing stops or follows a count
            kept, crib, starter, true_totals = self.kept, self.crib, self.starter, self.true_totals
            for index in range(self.step_index, len(steps)):
                kind, seat = steps[index]
                total = hand_score(crib, starter, True) if kind == CRIB else hand_score(
                    kept[seat], starter, False)
                true_totals.append(total)
                if self.journal is not None:
                    self._journal_count(kind, seat, total)
                if total:
                    self._score(seat, total, REASON_OF_KIND[kind])
                    if self.won is not None:
                        self.step_index = index
                        return
            self.step_index = len(steps)
        while self.step_index < len(steps):
            kind, seat = steps[self.step_index]
            if self.muggins or self._pause_before_count(kind, seat):
                self.acting = self._show_acting()
                return
            total = self._count(kind, seat)
            self.true_totals.append(total)
            if self.journal is not None:
                self._journal_count(kind, seat, total)
            if total:
                self._score(seat, total, REASON_OF_KIND[kind])
                if self.won is not None:
                    return
            self._after_count(kind, seat)
            if self.won is not None:
                return
            self.step_index += 1
        if self.window is not None or self.chooser is not None:
            self.acting = self._show_acting()
            return
        self._end_show()

    def _journal_count(self, kind: int, seat: int, total: int) -> None:
        self.journal.append((COUNTED, kind, seat, total, self.show_pieces(kind, seat),  # type: ignore[union-attr]
                             self.starter, self._claim_shape(kind, seat)[2]))

    def show_pieces(self, kind: int, seat: int) -> list[int]:
        """The pieces a count of the show counts (without the starter)."""
        return list(self.crib) if kind == CRIB else list(self.kept[seat])

    def seating(self) -> Sides:
        """Who plays with whom."""
        return self._make_sides()

    def _end_show(self) -> None:
        if self.journal is not None:
            self.journal.append((SHOWN,))
        self._after_show()
        if self.won is not None:
            return
        self.dealer = (self.dealer + 1) % self.players
        self._start_deal()

    def show_counts(self) -> list[tuple[int, int]]:
        """This deal's show as it will be scored once the play is over: (owner, true points)
        of each count, in the show's order (the expert's search of the play adds them up)."""
        return [(seat, self._count(kind, seat)) for kind, seat in self._show_order()]

    def count_now(self) -> int:
        """The true total of the count the show is at."""
        kind, seat = self.steps[self.step_index]
        return self._count(kind, seat)

    # ----- muggins --------------------------------------------------------------------------
    def _counter(self) -> int | None:
        if self.phase != SHOWING or not self.muggins or self.chooser is not None:
            return None
        if self.step_index < len(self.steps):
            return self.steps[self.step_index][1]
        return None

    def _pressers(self) -> list[int]:
        window = self.window
        if window is None or self.chooser is not None:
            return []
        passed = window[3]
        return [s for s in self.opponents[window[1]] if s not in passed]

    def _show_acting(self) -> tuple[int, ...]:
        if self.chooser is not None:
            return (self.chooser[0],)
        seats = set(self._pressers())
        counter = self._counter()
        if counter is not None:
            seats.add(counter)
        return tuple(sorted(seats))

    def _show_legal(self, seat: int) -> Sequence[int]:
        if seat not in self.acting:
            return _NOBODY
        if self.chooser is not None:
            return _KEEP_OR_GIVE
        codes: list[int] = []
        counter = self._counter()
        if seat == counter:
            codes += _claim_codes(*self._claim_shape(*self.steps[self.step_index]))
        if seat in self._pressers():
            codes.append(MUGGINS)
            if counter is None:
                codes.append(PASS)
        return codes

    def _other(self, seat: int, code: int) -> None:
        """A show move (claim, muggins, keep, give back, pass) or a subclass's own code."""
        if code >= CLAIM:
            self._claim(seat, code - CLAIM)
        elif code == MUGGINS:
            self._press_muggins(seat)
        elif code in (KEEP, GIVE_BACK):
            self._choose(seat, code == KEEP)
        elif code == PASS:
            self._pass(seat)
        else:
            self._own_move(seat, code)
        if self.won is None and self.phase == SHOWING:
            self.acting = self._show_acting()

    def _own_move(self, seat: int, code: int) -> None:
        raise ValueError(f"{self.name} has no action code {code}")

    def _claim(self, seat: int, points: int) -> None:
        index = self.step_index
        kind, owner = self.steps[index]
        if len(self.true_totals) <= index:
            self.true_totals.append(self._count(kind, owner))
        true_total = self.true_totals[index]
        if points > true_total:
            return  # a recount: the seat claims again
        self.window = None
        if points:
            self._score(seat, points, REASON_OF_KIND[kind])
            if self.won is not None:
                return
        self._after_count(kind, owner)
        if self.won is not None:
            return
        self.window = [index, seat, true_total - points, []]
        self.step_index += 1
        self._advance_show()

    def _press_muggins(self, seat: int) -> None:
        index, owner, missed, _ = self.window  # type: ignore[misc]
        self.window = None
        if missed:
            self.chooser = (seat, owner, missed, index)
        else:
            self._continue_after_muggins()

    def _choose(self, seat: int, keep: bool) -> None:
        _, owner, points, _ = self.chooser  # type: ignore[misc]
        self.chooser = None
        self._score(seat if keep else owner, points, "muggins")
        if self.won is None:
            self._continue_after_muggins()

    def _continue_after_muggins(self) -> None:
        if self.step_index >= len(self.steps):
            self._end_show()

    def _pass(self, seat: int) -> None:
        self.window[3].append(seat)  # type: ignore[index]
        if not self._pressers():
            self.window = None
            self._end_show()


def _deal_unevenly(deck: list[int], cards: tuple[int, ...], dealer: int
                   ) -> tuple[list[list[int]], int]:
    """deal.deal for plans where seats get different numbers of cards: the sorted hands and
    how many cards they took from the top of the deck."""
    players = len(cards)
    hands: list[list[int]] = [[] for _ in range(players)]
    dealt = 0
    for round_no in range(max(cards)):
        for i in range(players):
            seat = (dealer + 1 + i) % players
            if cards[seat] > round_no:
                hands[seat].append(deck[dealt])
                dealt += 1
    for hand in hands:
        hand.sort()
    return hands, dealt


#: A plan's layout: cards per seat if every seat gets as many, else 0; who has nothing to
#: discard; the seats that discard; how many cards from the top of the deck the deal takes
#: (the hands, the crib's from the deck, the starter).
Layout = tuple[int, tuple[bool, ...], tuple[int, ...], int]
#: id(plan) -> (plan, its layout): plans are shared, frozen objects, so looking one up by its
#: identity (the plan kept in the entry, so its id stays its own) spares hashing its fields.
_LAYOUTS: dict[int, tuple[DealPlan, Layout]] = {}


def _layout(plan: DealPlan) -> Layout:
    """The plan's Layout, worked out once per plan."""
    entry = _LAYOUTS.get(id(plan))
    if entry is None or entry[0] is not plan:
        cards = plan.cards
        each = cards[0] if all(n == cards[0] for n in cards) else 0
        discarded = tuple(n == 0 for n in plan.discards)
        acting = tuple(seat for seat, done in enumerate(discarded) if not done)
        top = sum(cards) + plan.crib_from_deck + 1
        entry = _LAYOUTS[id(plan)] = (plan, (each, discarded, acting, top))
    return entry[1]


_SEATINGS: dict[Sides, tuple[tuple[int, ...], tuple[tuple[int, ...], ...],
                             tuple[tuple[int, ...], ...]]] = {}


def _seating(sides: Sides) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...],
                                    tuple[tuple[int, ...], ...]]:
    """(side of each seat, seats of each side, opponents of each seat), once per Sides."""
    seating = _SEATINGS.get(sides)
    if seating is None:
        seating = _SEATINGS[sides] = (
            sides.side_of,
            tuple(tuple(sides.seats_of(side)) for side in range(sides.count)),
            tuple(tuple(sides.opponents_of(seat)) for seat in range(sides.players)))
    return seating


_PLANS = {players: cribbage_plan(players) for players in (2, 3, 4)}
_SIDES = {players: Sides.cribbage(players) for players in (2, 3, 4)}
#: Each seating's show steps for each dealer: the hands from the dealer's left, then the crib.
_SHOW_ORDERS = {
    players: tuple(tuple([*((HAND, (dealer + 1 + i) % players) for i in range(players)),
                          (CRIB, dealer)]) for dealer in range(players))
    for players in range(2, 9)}


def _pieces(cards: Sequence[Card]) -> list[int]:
    return [_PIECE_OF_CARD[card] for card in cards]


_CLAIM_CODES: dict[tuple[int, int, FlushRule], tuple[int, ...]] = {}


def _claim_codes(cards: int, dice: int, rule: FlushRule) -> tuple[int, ...]:
    """The claim codes a count of that shape offers (claims.possible_counts, as codes)."""
    shape = (cards, dice, rule)
    codes = _CLAIM_CODES.get(shape)
    if codes is None:
        codes = _CLAIM_CODES[shape] = tuple(CLAIM + n for n in possible_counts(*shape))
    return codes
