"""Cribbage's rules core: the one implementation of the rules of Cribbage, PIP Cribbage and
Crib Race (their cores subclass CribbageSim). The search and random play drive it directly
(engine/sim.py's protocol); the contract games (engine/cribbage/game.py and its subclasses)
hold one and narrate its `journal` (pieces.Entry) into events.

A chain of classes, one job each: core_state.py's CribbageState (the state, the deal, the
hooks, the copy), core_show.py's CribbageShow (the show and muggins), core_play.py's
CribbagePlay (the play and the random play's loops), and here CribbageSim (constructors, the
protocol, the action codes). The pieces, scores and codes as ints are in pieces.py.

The hooks a subclass overrides: _setup, _make_sides, _deal_plan_for(dealer), _begin_game
(after the cut), _start_deal, _pegging_hands, _lowest, _show_order, _count, show_pieces,
_claim_shape, _pause_before_count, _after_count, _after_show, _score (every point goes through
it); a phase of its own through _own_legal, _own_move, _other_action and _other_code;
_copy_into for its own __slots__.

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
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.cribbage.core_play import CribbagePlay
from engine.cribbage.deal import first_dealer
from engine.cribbage.pieces import (
    _GO_ONLY,
    _HIGHEST_WITHIN,
    _NOBODY,
    _PAIR_CODE,
    _SIMPLE,
    _SIMPLE_CODE,
    _SINGLE_CODE,
    CLAIM,
    DISCARD,
    DISCARD_PAIR,
    DISCARDING,
    GO,
    LIMIT,
    PIECE_OF_TEXT,
    PLAYING,
    SHOWING,
    TEXT,
    Entry,
)
from engine.sim import random_move


class CribbageSim(CribbagePlay):
    """Cribbage (2-4 players, muggins on or off) with ints inside: engine/sim.py's protocol.
    The attributes a subclass may read are CribbageState's."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.counts_alone = all(getattr(cls, hook) is getattr(CribbageSim, hook)
                               for hook in ("_count", "_pause_before_count", "_after_count"))

    # ----- constructors ---------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: dict[str, Any], seed: int) -> CribbageSim:
        rng = random.Random(seed)
        return cls.dealt(players, options, rng, first_dealer(players, rng))

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

    @classmethod
    def from_game(cls, game: Any) -> CribbageSim:
        """The contract game's own core, as an independent copy."""
        return game.core.clone()

    # ----- the protocol (to_act, winners and scores are CribbageState's) ----------------------
    def legal(self, seat: int) -> Sequence[int]:
        phase = self.phase
        if phase == PLAYING:
            if seat != self.turn:
                return _NOBODY
            hand = self.peg_hands[seat]
            if self.sorted_hands:  # values rise with the ints: the playable pieces lead
                codes = hand[:bisect_right(hand, _HIGHEST_WITHIN[LIMIT - self.count])]
            else:
                codes = self._playable(hand, LIMIT - self.count)
            return codes or _GO_ONLY
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
        """engine.sim.random_playout, drawing the same numbers: the discards and the play are
        drawn and made without legal()'s lists, the rest (the show, a subclass's own phases)
        through random_move."""
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

    def _own_legal(self, seat: int) -> Sequence[int]:
        """Legal codes in a phase of a subclass's own (PIP Cribbage's Crux)."""
        return _NOBODY

    def play(self, seat: int, code: int) -> None:
        self.points = []
        if code < GO:
            self._lay(seat, code)
        elif code == GO:
            self._go(seat)
        elif code >= DISCARD:
            self._discard(seat, code)
        else:
            self._other(seat, code)

    def clone(self) -> CribbageSim:
        new = object.__new__(type(self))
        self._copy_into(new)
        return new

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
