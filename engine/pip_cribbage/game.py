"""PipCribbageGame: Cribbage for two with PIP dice and the PIP Track, built on CribbageGame.

Everything Cribbage does (the cut for first deal, the play, the go, the show, muggins, winning
at once, skunks) comes from engine/cribbage; this class only fills its hooks:

    _deal_plan         4 cards each, 1 discard each
    _start_deal        places the dice on the first deal, fixes the dealer's effect for the
                       deal and, on Crux, waits for the dealer's choice before the discards
    _pegging_hands     the kept cards and the die (twice for the dealer on Double PIP)
    _show_order        Priority: dealer's hand, crib, non-dealer's hand
    _show_pieces       hand: kept cards + own die (+ the other die on Borrowed PIP);
                       crib: the two discards + both dice
    _flush_rule        the PIP flush rules (hand: WITH_STARTER, crib: NONE)
    _pause_before_count  Turn: stop before the dealer's hand for the flip choice
    _after_count       Crib Bonus: 1 point right after the crib
    _after_show        the dealer's die advances

Rulings (docs/RULES.md PC-5, PC-12, PC-13) carried out here: only the dealer's die acts
during a deal and only it advances; Renew raises the die at once (used in this deal's play
and show); Turn is decided just before the dealer's hand whatever the show order, and the
flipped face stays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import Card
from engine.contract import Action, Event, View
from engine.cribbage.deal import DealPlan
from engine.cribbage.game import DISCARD, PLAY, SHOW, CribbageGame, seat_does, seats
from engine.cribbage.scoring import Breakdown, FlushRule, ScoreItem
from engine.cribbage.show import CRIB, HAND, ShowStep
from engine.errors import IllegalAction
from engine.pip_cribbage.dice import Die, opposite_face, starting_dice
from engine.pip_cribbage.track import (
    BORROWED_PIP,
    CRIB_BONUS,
    CRUX,
    DOUBLE_PIP,
    TRACK,
    TURN,
    Space,
)

CRUX_PHASE = "crux"
RENEW, PRIORITY = "renew", "priority"
RENEW_PIPS = 2
FLIP, KEEP_DIE = "flip", "keep_die"
PLAYERS = 2
#: Claims offered with muggins run 0..this. Five 5s (three cards, a die and the starter, or
#: two cards, two dice and the starter) make 40; six pieces (Borrowed PIP) up to 70; flush and
#: nobs add at most 5. tests/engine/pip_cribbage/test_scoring.py checks these bounds.


class PipCribbageGame(CribbageGame):
    name = "pip-cribbage"

    #: Set on the first deal, when the cut has decided whose die starts on space 1.
    _dice: list[Die] | None = None

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        if players != PLAYERS:
            raise ValueError(f"PIP Cribbage is for 2 players, not {players}")
        super().__init__(players, options, seed)

    @property
    def dice(self) -> list[Die]:
        """Both dice, indexed by owner seat."""
        assert self._dice is not None
        return self._dice

    @property
    def other(self) -> int:
        """The non-dealer."""
        return 1 - self.dealer

    def effect_is(self, key: str) -> bool:
        return self.effect.key == key

    # ===== the deal =============================================================================
    def _deal_plan(self) -> DealPlan:
        return DealPlan(cards=(4, 4), discards=(1, 1))

    def _start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        if self._dice is None:
            self._dice = starting_dice(self.first_cut.dealer)
        # The die does not move during a deal, so its space fixes the effect for the deal.
        self.effect: Space = TRACK[self.dice[self.dealer].space]
        self.crux_choice: str | None = None
        self.turn_choice: str | None = None
        self.turn_from: int | None = None
        events = super()._start_deal(deck)
        die = self.dice[self.dealer]
        events.append(
            {"type": "effect", "seat": self.dealer, "space": die.space, "key": self.effect.key,
             "name": self.effect.name,
             "text": f"{seats(self.dealer)} die is on space {die.space} showing "
             f"{die.face}: {self.effect.name}"
             + ("." if self.effect.acts_during_deal else " (no effect this deal).")}
        )
        if self.effect_is(CRUX):
            self.phase = CRUX_PHASE
        return events

    def restack(
        self,
        deck: Sequence[Card | str],
        dealer: int | None = None,
        dice: dict[int, tuple[int, int]] | None = None,
    ) -> list[Event]:
        """Redo the current deal from `deck` (see CribbageGame.restack), for tests and puzzles;
        `dice` places dice first: {seat: (space, face)}. Only before any choice or discard."""
        if self.crux_choice is not None:
            raise ValueError("restack only at the start of a deal, before the Crux choice")
        if self.phase == CRUX_PHASE:
            self.phase = DISCARD
        for seat, (space, face) in (dice or {}).items():
            if not (1 <= space <= len(TRACK) and 1 <= face <= 6):
                raise ValueError(f"no die on space {space} showing {face}")
            self.dice[seat].space, self.dice[seat].face = space, face
        return super().restack(deck, dealer)

    def _crux(self, choice: str) -> list[Event]:
        self.crux_choice = choice
        self.phase = DISCARD
        die = self.dice[self.dealer]
        if choice == RENEW:
            before = die.face
            die.raise_by(RENEW_PIPS)
            text = (f"{seat_does(self.dealer, 'chooses')} Renew: the die goes from {before} to "
                    f"{die.face}.")
        else:
            text = (f"{seat_does(self.dealer, 'chooses')} Priority: the dealer's hand and crib "
                    "are counted before the other hand.")
        return [{"type": "crux", "seat": self.dealer, "choice": choice, "face": die.face,
                 "text": text}]

    # ===== the play =============================================================================
    def pip_plays(self, seat: int) -> int:
        """How many times `seat` lays its die in this deal's play."""
        return 2 if seat == self.dealer and self.effect_is(DOUBLE_PIP) else 1

    def _pegging_hands(self) -> list[list[Card]]:
        return [list(self.kept[seat]) + [self.dice[seat].piece] * self.pip_plays(seat)
                for seat in range(self.players)]

    # ===== the show =============================================================================
    def _show_order(self) -> list[ShowStep]:
        if self.crux_choice == PRIORITY:
            return [ShowStep(HAND, self.dealer), ShowStep(CRIB, self.dealer),
                    ShowStep(HAND, self.other)]
        return super()._show_order()

    def _show_pieces(self, step: ShowStep) -> list[Card]:
        if step.kind == CRIB:
            return list(self.crib) + [d.piece for d in self.dice]
        pieces = [*self.kept[step.seat], self.dice[step.seat].piece]
        if step.seat == self.dealer and self.effect_is(BORROWED_PIP):
            pieces.append(self.dice[self.other].piece)
        return pieces

    def _flush_rule(self, step: ShowStep) -> FlushRule:
        return FlushRule.NONE if step.kind == CRIB else FlushRule.WITH_STARTER

    def turn_pending(self) -> bool:
        """True while the show waits for the dealer's Turn choice."""
        return (
            self.phase == SHOW and self.outcome is None and self.effect_is(TURN)
            and self.turn_choice is None and self.show_index < len(self.show_steps)
            and self.show_steps[self.show_index] == ShowStep(HAND, self.dealer)
        )

    def _pause_before_count(self, step: ShowStep) -> bool:
        return (self.effect_is(TURN) and self.turn_choice is None
                and step == ShowStep(HAND, self.dealer))

    def _turn(self, flip: bool) -> list[Event]:
        die = self.dice[self.dealer]
        self.turn_from = die.face
        self.turn_choice = FLIP if flip else KEEP_DIE
        if flip:
            die.flip()
            text = f"{seat_does(self.dealer, 'flips')} the die from {self.turn_from} to {die.face}."
        else:
            text = f"{seat_does(self.dealer, 'keeps')} the die on {die.face}."
        events: list[Event] = [{"type": "turn", "seat": self.dealer, "flipped": flip,
                                "face": die.face, "text": text}]
        return events + self._advance_show()

    def _after_count(self, step: ShowStep) -> list[Event]:
        if step.kind == CRIB and self.effect_is(CRIB_BONUS):
            bonus = Breakdown((ScoreItem("crib bonus", 1, ()),))
            return self._score(step.seat, bonus, "crib bonus")
        return []

    def _after_show(self) -> list[Event]:
        die = self.dice[self.dealer]
        space, face = die.space, die.face
        die.advance()
        return [{"type": "die_move", "seat": self.dealer, "from_space": space,
                 "from_face": face, "space": die.space, "face": die.face,
                 "text": f"{seats(self.dealer)} die moves from space {space} to "
                 f"{die.space} ({TRACK[die.space].name}) and now shows {die.face}."}]

    # ===== the contract =========================================================================
    def _to_act(self) -> list[int]:
        if self.outcome is not None:
            return []
        if self.phase == CRUX_PHASE:
            return [self.dealer]
        seats = super()._to_act()
        if self.turn_pending() and self.dealer not in seats:
            seats = sorted([*seats, self.dealer])
        return seats

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == CRUX_PHASE:
            return [{"type": "crux", "choice": RENEW}, {"type": "crux", "choice": PRIORITY}]
        if self.turn_pending() and self.chooser is None:
            if seat != self.dealer:
                return super()._legal_actions(seat)  # muggins on the last claim, if any
            face = self.dice[seat].face
            actions: list[Action] = [{"type": FLIP, "face": opposite_face(face)},
                                     {"type": KEEP_DIE}]
            # The count waits for the choice: no claim (nor a pass that ends the show) yet.
            return actions + [a for a in super()._legal_actions(seat) if a["type"] == "muggins"]
        return super()._legal_actions(seat)

    def normalize(self, seat: int, action: Action) -> Action:
        kind = action["type"]
        if kind == "crux":
            choice = action.get("choice")
            if not isinstance(choice, str) or choice.strip().lower() not in (RENEW, PRIORITY):
                raise IllegalAction('Choose Crux "renew" or "priority".')
            return {"type": "crux", "choice": choice.strip().lower()}
        if kind == FLIP:
            face = action.get("face", opposite_face(self.dice[seat].face))
            if isinstance(face, bool) or not isinstance(face, int):
                raise IllegalAction("A die face is a whole number from 1 to 6.")
            return {"type": FLIP, "face": face}
        if kind == KEEP_DIE:
            return {"type": KEEP_DIE}
        if kind == "play":
            card = action.get("card")
            if isinstance(card, str) and card.strip().upper().startswith("PIP"):
                action = {"type": "play", "card": "P" + card.strip()[3:].strip()}
        try:
            return super().normalize(seat, action)
        except IllegalAction as refused:
            if str(refused).startswith("Cribbage has no move"):
                raise IllegalAction(f"PIP Cribbage has no move called {kind!r}.") from None
            raise

    def explain_illegal(self, seat: int, action: Action) -> str:
        kind = action["type"]
        if self.phase == CRUX_PHASE:
            return "The dealer chooses Crux (Renew or Priority) before anyone discards."
        if kind == "crux":
            return "Crux is chosen by the dealer on space 5, before the discards."
        if kind in (FLIP, KEEP_DIE):
            if not self.turn_pending() or seat != self.dealer:
                return "Only the dealer on space 7 turns the die, just before their hand."
            return f"Your die flips to {opposite_face(self.dice[seat].face)}, its opposite face."
        if self.turn_pending() and seat == self.dealer and kind in ("claim", "pass"):
            return "Flip your die or keep it first."
        if self.phase == PLAY and kind == "play" and self.pegging is not None:
            piece = action["card"]
            held = [str(c) for c in self.pegging.hands[seat]]
            if piece.startswith("P") and piece not in held:
                if not any(c.startswith("P") for c in held):
                    return "You have already played your die."
                return f"Your die shows {self.dice[seat].face}: play it as P{self.dice[seat].face}."
        return super().explain_illegal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "crux":
            return self._crux(action["choice"])
        if kind in (FLIP, KEEP_DIE):
            return self._turn(flip=kind == FLIP)
        events = super()._apply(seat, action)
        if kind == "play" and action["card"].startswith("P"):
            # Say a die play in words: "plays PIP 4", not a bare "P4".
            for event in events:
                if event["type"] == "play" and event["card"] == action["card"]:
                    event["text"] = (f"{seat_does(seat, 'plays')} PIP {action['card'][1:]}, "
                                     f"count {event['count']}.")
        return events

    # ===== views ================================================================================
    def view(self, seat: int | None) -> View:
        view = super().view(seat)
        if self.phase == CRUX_PHASE and "kept" in view:
            view["kept"] = None
        view["dice"] = [die.to_json() for die in self.dice]
        view["effect"] = {"seat": self.dealer, **self.effect.to_json()}
        view["crux_choice"] = self.crux_choice
        view["turn_choice"] = self._turn_view()
        view["pip_plays"] = [self._die_plays_left(s) for s in range(self.players)]
        view["show_order"] = [{"kind": step.kind, "seat": step.seat}
                              for step in (self.show_steps or self._show_order())]
        return view

    def _turn_view(self) -> dict[str, Any] | None:
        if not self.effect_is(TURN):
            return None
        face = self.dice[self.dealer].face
        return {"pending": self.turn_pending(), "choice": self.turn_choice,
                "from_face": self.turn_from if self.turn_choice else face,
                "to_face": face if self.turn_choice else opposite_face(face)}

    def _die_plays_left(self, seat: int) -> int:
        """Die plays `seat` still has to make in this deal's play (public: the die is)."""
        if self.phase in (CRUX_PHASE, DISCARD):
            return self.pip_plays(seat)
        if self.phase != PLAY or self.pegging is None:
            return 0
        return sum(1 for piece in self.pegging.hands[seat] if piece.is_die)

    def _held(self, seat: int) -> list[Card]:
        if self.phase == CRUX_PHASE:
            return list(self.hands[seat])
        return super()._held(seat)

    # ===== for tests and tools ==================================================================
    def all_cards(self) -> list[Card]:
        if self.phase != CRUX_PHASE:
            return super().all_cards()
        cards = list(self.deck) + list(self.crib)
        for seat in range(self.players):
            cards += self.hands[seat]
        return cards
