"""Cribbage's rules core, its show and muggins (engine/cribbage/sim.py lists the chain)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import cache

from engine.cribbage.claims import possible_counts
from engine.cribbage.core_state import CribbageState
from engine.cribbage.pieces import (
    _KEEP_OR_GIVE,
    _NOBODY,
    CLAIM,
    COUNTED,
    CRIB,
    GIVE_BACK,
    KEEP,
    KIND_WORDS,
    MUGGINS,
    PASS,
    SHOWING,
    SHOWN,
)
from engine.cribbage.scoring import FlushRule


class CribbageShow(CribbageState):
    """The show: the counts in order, with muggins the claims, the presses and the choices."""

    __slots__ = ()

    # ----- the show -------------------------------------------------------------------------
    def _begin_show(self) -> None:
        self.phase = SHOWING
        self.turn = None
        self.steps = self._show_order()
        self.step_index = 0
        self._advance_show()

    def _advance_show(self) -> None:
        """Count until the show waits for a player, ends, or the game ends."""
        steps, true_totals, journal = self.steps, self.true_totals, self.journal
        hooked = self.muggins or not self.counts_alone  # else nothing stops or follows a count
        for index in range(self.step_index, len(steps)):
            kind, seat = steps[index]
            if hooked:
                self.step_index = index
                if self.muggins or self._pause_before_count(kind, seat):
                    self.acting = self._show_acting()
                    return
            total = self._count(kind, seat)
            true_totals.append(total)
            if journal is not None:
                journal.append((COUNTED, kind, seat, total, self.show_pieces(kind, seat),
                                self.starter, self._claim_shape(kind, seat)[2]))
            if total:
                self._score(seat, total, KIND_WORDS[kind])
                if self.won is not None:
                    self.step_index = index
                    return
            if hooked:
                self._after_count(kind, seat)
                if self.won is not None:
                    return
        self.step_index = len(steps)
        if self.window is not None or self.chooser is not None:
            self.acting = self._show_acting()
            return
        self._end_show()

    def show_pieces(self, kind: int, seat: int) -> list[int]:
        """The pieces a count of the show counts (without the starter)."""
        return list(self.crib) if kind == CRIB else list(self.kept[seat])

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
        return self._count(*self.steps[self.step_index])

    # ----- muggins --------------------------------------------------------------------------
    def _counter(self) -> int | None:
        """The seat whose count waits for its claim, if any."""
        if (self.phase == SHOWING and self.muggins and self.chooser is None
                and self.step_index < len(self.steps)):
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
            claims = _claim_codes(*self._claim_shape(*self.steps[self.step_index]))
            refused = self.lowest_refused
            if refused is not None:  # C-19: only the claims below the lowest refused one
                claims = claims[:bisect_left(claims, CLAIM + refused)]
            codes += claims
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
        if points > true_total:  # a recount: the seat claims again, lower
            lowest = self.lowest_refused
            self.lowest_refused = points if lowest is None else min(lowest, points)
            return
        self.window = self.lowest_refused = None
        if points:
            self._score(seat, points, KIND_WORDS[kind])
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


@cache
def _claim_codes(cards: int, dice: int, rule: FlushRule) -> tuple[int, ...]:
    """The claim codes a count of that shape offers (claims.possible_counts, as codes)."""
    return tuple(CLAIM + n for n in possible_counts(cards, dice, rule))
