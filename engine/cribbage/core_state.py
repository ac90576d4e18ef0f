"""Cribbage's rules core, its first layer (engine/cribbage/sim.py's docstring lists the chain
and the hooks): the state, the deal and the discard, the hooks' defaults, the scoring of points
and the copy a clone makes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.cribbage.deal import DealPlan, cribbage_plan, seats_from_left
from engine.cribbage.pieces import (
    _NOBODY,
    CRIB,
    DEALT,
    DISCARD,
    DISCARD_PAIR,
    DISCARDING,
    HAND,
    OVER,
    SCORED,
    WON,
    Entry,
    hand_score,
    shuffled_deck,
)
from engine.cribbage.scoring import FlushRule
from engine.cribbage.sides import Sides
from engine.sim import copy_of

if TYPE_CHECKING:
    from engine.cribbage.sim import CribbageSim


class CribbageState:
    """The state of a game of Cribbage, PIP Cribbage or Crib Race, with its deal. A subclass
    may read the attributes declared here; `hands` are sorted, `pile` holds ranks."""

    __slots__ = (
        "acting", "chooser", "count", "crib", "dealer", "discarded", "hands", "journal", "kept",
        "last_player", "left", "low", "lowest_refused", "muggins", "opponents", "passed",
        "peg_hands", "phase", "pile", "plan", "players", "points", "rng", "side_of",
        "side_scores", "side_seats", "starter", "step_index", "steps", "target", "true_totals",
        "turn", "window", "won"
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
    #: With muggins: the lowest claim refused as too many for the count waiting, or None.
    #: Every claim from it up is known to be wrong, so none is offered again (docs/RULES.md C-19).
    lowest_refused: int | None
    name = "cribbage"
    #: Whether _count, _pause_before_count and _after_count are Cribbage's: then without
    #: muggins the show calls only _count. CribbageSim.__init_subclass__ works it out.
    counts_alone = True
    #: Whether the pegging hands hold cards only, in ascending order (PIP's die comes last,
    #: and may come twice): then a hand's lowest value is its first card's, and its playable
    #: cards lead it.
    sorted_hands = True

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
        crib = kind == CRIB
        return hand_score(self.crib if crib else self.kept[seat], self.starter, crib)

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
        `reason` says what scored them (pieces.Entry's SCORED lists the words)."""
        self.points.append((seat, points))
        side = self.side_of[seat]
        scores = self.side_scores
        score = scores[side] = scores[side] + points
        if self.journal is not None:
            self.journal.append((SCORED, seat, points, reason, score - points, score))
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

    def _copy_into(self, new: CribbageSim) -> None:
        new.rng = copy_of(self.rng)
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
        new.chooser, new.lowest_refused = self.chooser, self.lowest_refused
        new.journal = None

    # ----- the deal -------------------------------------------------------------------------

    def restack(self, deck: Sequence[int], dealer: int | None = None) -> None:
        """Deal the current deal again from `deck` (top card first), drawing nothing: for
        tests and puzzles, before anyone has discarded."""
        if dealer is not None:
            self.dealer = dealer
        self._start_deal(list(deck))

    def _start_deal(self, stacked: list[int] | None = None) -> None:
        dealer = self.dealer
        plan = self.plan = self._deal_plan_for(dealer)
        cuts, discarded, acting, dealt, top = plan.layout
        # Only the cards the deal takes are shuffled into place.
        deck = shuffled_deck(self.rng, top) if stacked is None else stacked
        if cuts:  # one card at a time from the dealer's left: every players-th card
            hands = [sorted(deck[cut]) for cut in cuts[dealer]]
        else:
            hands = _deal_unevenly(deck, plan.cards, dealer)
        self.crib = deck[dealt:top - 1]
        self.starter = deck[top - 1]
        self.hands = hands
        self.discarded = list(discarded)
        # The kept cards and the play's hands are made when every discard is in.
        self.kept, self.peg_hands, self.low = [], [], []
        self.pile = []
        self.count = self.left = 0
        self.passed = [False] * self.players
        self.last_player = self.turn = None
        self.steps = []
        self.step_index = 0
        self.true_totals = []
        self.window = self.chooser = self.lowest_refused = None
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

    if TYPE_CHECKING:  # the play's (core_play.py): the discards are in
        def _finish_discards(self) -> None: ...


def _deal_unevenly(deck: list[int], cards: tuple[int, ...], dealer: int) -> list[list[int]]:
    """The sorted hands of plans where seats get different numbers of cards (one card at a time
    round the table from the dealer's left, while a seat still takes cards)."""
    players = len(cards)
    hands: list[list[int]] = [[] for _ in range(players)]
    dealt = 0
    for round_no in range(max(cards)):
        for seat in seats_from_left(players, dealer):
            if cards[seat] > round_no:
                hands[seat].append(deck[dealt])
                dealt += 1
    for hand in hands:
        hand.sort()
    return hands


@cache
def _seating(sides: Sides) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...],
                                    tuple[tuple[int, ...], ...]]:
    """(side of each seat, seats of each side, opponents of each seat), once per Sides."""
    return (sides.side_of,
            tuple(tuple(sides.seats_of(side)) for side in range(sides.count)),
            tuple(tuple(sides.opponents_of(seat)) for seat in range(sides.players)))


_PLANS = {players: cribbage_plan(players) for players in (2, 3, 4)}
_SIDES = {players: Sides.cribbage(players) for players in (2, 3, 4)}
#: Each seating's show steps for each dealer: the hands from the dealer's left, then the crib.
_SHOW_ORDERS = {
    players: tuple(tuple([*((HAND, seat) for seat in seats_from_left(players, dealer)),
                          (CRIB, dealer)]) for dealer in range(players))
    for players in range(2, 9)}
