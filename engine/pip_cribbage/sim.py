"""PIP Cribbage's rules core: CribbageSim (engine/cribbage/sim.py) with the two PIP dice and
the track, through its hooks; rulings in engine/pip_cribbage/game.py.

State added to Cribbage's: each die's space, face and direction (indexed by owner seat), the
dealer's space for this deal (`effect`, a track space number), and this deal's Crux and Turn
choices. Action codes added: CRUX_RENEW, CRUX_PRIORITY, FLIP, KEEP_DIE.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cribbage.deal import DealPlan
from engine.cribbage.pieces import (
    _NOBODY,
    CRIB,
    DIE_BASE,
    DISCARDING,
    HAND,
    MUGGINS,
    NO_PIECE,
    PASS,
    SHOWING,
    VALUE,
    show_score,
)
from engine.cribbage.scoring import FlushRule
from engine.cribbage.sim import CribbageSim
from engine.pip_cribbage.track import (
    BORROWED_PIP_SPACE,
    CRIB_BONUS_SPACE,
    CRUX_SPACE,
    DOUBLE_PIP_SPACE,
    SPACES,
    TRACK,
    TURN_SPACE,
)

CRUX_PHASE = "crux"
RENEW, PRIORITY = "renew", "priority"
RENEW_PIPS = 2
#: The journal's own entries (engine/cribbage/sim.py's Entry):
#:   (CRUX_CHOSEN, choice code, face before, face after)   the dealer on Crux chose
#:   (TURNED, choice code, face before, face after, dealer)  the dealer on Turn chose
#:   (DIE_MOVED, seat, space before, face before)          the dealer's die moved on
CRUX_CHOSEN, TURNED, DIE_MOVED = 100, 101, 102
CRUX_RENEW = PASS + 1
CRUX_PRIORITY = PASS + 2
FLIP = PASS + 3
KEEP_DIE = PASS + 4
#: The phase while the dealer on Crux chooses, before the discards.
CHOOSING_CRUX = 4
#: Pips a die gains or loses on entering each space (index 0 unused).
ENTRY_CHANGE = (0, *(TRACK[number].entry_change for number in range(1, SPACES + 1)))
_PLAN = DealPlan(cards=(4, 4), discards=(1, 1))
_CRUX_CHOICES = (CRUX_RENEW, CRUX_PRIORITY)
_TURN_CHOICES = (FLIP, KEEP_DIE)


def _clamp(face: int) -> int:
    return 1 if face < 1 else 6 if face > 6 else face


class PipCribbageSim(CribbageSim):
    __slots__ = ("crux_choice", "die_direction", "die_face", "die_space", "effect",
                 "turn_choice")
    name = "pip-cribbage"
    #: This deal's Crux and Turn choices (action codes), None until made.
    crux_choice: int | None
    turn_choice: int | None
    sorted_hands = False  # the die comes after the cards

    # ----- constructors ---------------------------------------------------------------------
    def _begin_game(self) -> None:
        """The first dealer's die starts on space 1 showing 6 and moves up the track; the
        other's on space 9 showing 5, moving down."""
        first, other = self.dealer, 1 - self.dealer
        self.die_space, self.die_face, self.die_direction = [0, 0], [0, 0], [0, 0]
        self.die_space[first], self.die_face[first], self.die_direction[first] = 1, 6, +1
        self.die_space[other], self.die_face[other], self.die_direction[other] = SPACES, 5, -1

    def _copy_into(self, new: CribbageSim) -> None:
        super()._copy_into(new)
        assert isinstance(new, PipCribbageSim)
        new.die_space, new.die_face = list(self.die_space), list(self.die_face)
        new.die_direction = list(self.die_direction)
        new.effect, new.crux_choice, new.turn_choice = (
            self.effect, self.crux_choice, self.turn_choice)

    # ----- the deal -------------------------------------------------------------------------
    def _deal_plan_for(self, dealer: int) -> DealPlan:
        return _PLAN

    def _start_deal(self, stacked: list[int] | None = None) -> None:
        # The dealer's die does not move during a deal: its space is the deal's effect.
        self.effect = self.die_space[self.dealer]
        self.crux_choice = None
        self.turn_choice = None
        super()._start_deal(stacked)
        if self.effect == CRUX_SPACE:
            self.phase = CHOOSING_CRUX
            self.acting = (self.dealer,)

    def _own_legal(self, seat: int) -> Sequence[int]:
        if self.phase == CHOOSING_CRUX and seat == self.dealer:
            return _CRUX_CHOICES
        return _NOBODY

    def _own_move(self, seat: int, code: int) -> None:
        dealer = self.dealer
        before = self.die_face[dealer]
        if code in _CRUX_CHOICES:
            self.crux_choice = code
            if code == CRUX_RENEW:
                self.die_face[dealer] = _clamp(before + RENEW_PIPS)
            self.phase = DISCARDING
            self.acting = tuple(s for s in range(self.players) if not self.discarded[s])
            if self.journal is not None:
                self.journal.append((CRUX_CHOSEN, code, before, self.die_face[dealer]))
            return
        self.turn_choice = code
        if code == FLIP:
            self.die_face[dealer] = 7 - before
        if self.journal is not None:
            self.journal.append((TURNED, code, before, self.die_face[dealer], dealer))
        self._advance_show()

    # ----- the play -------------------------------------------------------------------------
    def die_plays(self, seat: int) -> int:
        """How many times `seat` lays its die in this deal's play."""
        return 2 if seat == self.dealer and self.effect == DOUBLE_PIP_SPACE else 1

    def _pegging_hands(self) -> list[list[int]]:
        return [[*kept, *[DIE_BASE + self.die_face[seat]] * self.die_plays(seat)]
                for seat, kept in enumerate(self.kept)]

    def _lowest(self, hand: list[int]) -> int:
        return min([VALUE[piece] for piece in hand]) if hand else NO_PIECE

    # ----- the show -------------------------------------------------------------------------
    def _show_order(self) -> Sequence[tuple[int, int]]:
        if self.crux_choice == CRUX_PRIORITY:
            dealer = self.dealer
            return [(HAND, dealer), (CRIB, dealer), (HAND, 1 - dealer)]
        return super()._show_order()

    def show_pieces(self, kind: int, seat: int) -> list[int]:
        """A hand counts its kept cards and its owner's die (the dealer on Borrowed PIP the
        other die too); the crib its two discards and both dice."""
        faces = self.die_face
        if kind == CRIB:
            return [*self.crib, DIE_BASE + faces[0], DIE_BASE + faces[1]]
        pieces = [*self.kept[seat], DIE_BASE + faces[seat]]
        if seat == self.dealer and self.effect == BORROWED_PIP_SPACE:
            pieces.append(DIE_BASE + faces[1 - seat])
        return pieces

    def _count(self, kind: int, seat: int) -> int:
        rule = FlushRule.NONE if kind == CRIB else FlushRule.WITH_STARTER
        return show_score(self.show_pieces(kind, seat), self.starter, rule)

    def _claim_shape(self, kind: int, seat: int) -> tuple[int, int, FlushRule]:
        if kind == CRIB:
            return (2, 2, FlushRule.NONE)
        borrowed = seat == self.dealer and self.effect == BORROWED_PIP_SPACE
        return (3, 2 if borrowed else 1, FlushRule.WITH_STARTER)

    def _pause_before_count(self, kind: int, seat: int) -> bool:
        return (self.effect == TURN_SPACE and self.turn_choice is None and kind == HAND
                and seat == self.dealer)

    def turn_pending(self) -> bool:
        """The show waits for the dealer's Turn choice before the dealer's hand."""
        return (self.phase == SHOWING and self.won is None and self.step_index < len(self.steps)
                and self._pause_before_count(*self.steps[self.step_index]))

    def _show_acting(self) -> tuple[int, ...]:
        seats = super()._show_acting()
        if self.dealer not in seats and self.turn_pending():
            return tuple(sorted((*seats, self.dealer)))
        return seats

    def _show_legal(self, seat: int) -> Sequence[int]:
        if self.chooser is None and seat == self.dealer and self.turn_pending():
            if seat not in self.acting:
                return _NOBODY
            # The count waits for the choice: no claim (nor a pass) yet, muggins on the last.
            return [*_TURN_CHOICES, *[code for code in super()._show_legal(seat)
                                      if code == MUGGINS]]
        return super()._show_legal(seat)

    def _after_count(self, kind: int, seat: int) -> None:
        if kind == CRIB and self.effect == CRIB_BONUS_SPACE:
            self._score(seat, 1, "crib bonus")

    def _after_show(self) -> None:
        """The dealer's die moves on a space (wrapping round), loses a pip, then takes the
        new space's entry change."""
        dealer = self.dealer
        if self.journal is not None:
            self.journal.append((DIE_MOVED, dealer, self.die_space[dealer],
                                 self.die_face[dealer]))
        space = self.die_space[dealer] = (
            (self.die_space[dealer] - 1 + self.die_direction[dealer]) % SPACES + 1)
        self.die_face[dealer] = _clamp(_clamp(self.die_face[dealer] - 1) + ENTRY_CHANGE[space])

    # ----- actions --------------------------------------------------------------------------
    def _other_action(self, seat: int, code: int) -> dict[str, Any]:
        if code == FLIP:
            return {"type": "flip", "face": 7 - self.die_face[seat]}
        if code == KEEP_DIE:
            return {"type": "keep_die"}
        if code in _CRUX_CHOICES:
            return {"type": "crux", "choice": RENEW if code == CRUX_RENEW else PRIORITY}
        return super()._other_action(seat, code)

    def _other_code(self, seat: int, action: dict[str, Any]) -> int:
        kind = action["type"]
        if kind == "crux":
            return CRUX_RENEW if action["choice"] == RENEW else CRUX_PRIORITY
        if kind in ("flip", "keep_die"):
            return FLIP if kind == "flip" else KEEP_DIE
        return super()._other_code(seat, action)
