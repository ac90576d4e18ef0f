"""PipCribbageGame: CribbageGame (engine/cribbage/game.py) over PIP Cribbage's rules core
(engine/pip_cribbage/sim.py), which plays every rule; this class adds PIP's words, events and
view keys (listed in engine/pip_cribbage/__init__.py).

Rulings (docs/RULES.md PC-5, PC-12, PC-13), carried out by the core: only the dealer's die
acts during a deal and only it advances; Renew raises the die at once (used in this deal's
play and show); Turn is decided just before the dealer's hand whatever the show order, and the
flipped face stays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import Card, die
from engine.contract import Action, Event, View
from engine.cribbage.game import CribbageGame
from engine.cribbage.game_record import PLAY
from engine.cribbage.pieces import CARDS, DISCARDING, KIND_WORDS, PLAYING, TEXT, Entry
from engine.cribbage.words import seat_does, seats
from engine.errors import IllegalAction
from engine.pip_cribbage.sim import (
    CHOOSING_CRUX,
    CRUX_CHOSEN,
    CRUX_PHASE,
    CRUX_PRIORITY,
    CRUX_RENEW,
    DIE_MOVED,
    FLIP,
    KEEP_DIE,
    PRIORITY,
    RENEW,
    TURNED,
    PipCribbageSim,
)
from engine.pip_cribbage.track import TRACK, TURN_SPACE

FLIP_WORD, KEEP_WORD = "flip", "keep_die"
PLAYERS = 2
_CHOICE_WORDS = {None: None, CRUX_RENEW: RENEW, CRUX_PRIORITY: PRIORITY, FLIP: FLIP_WORD,
                 KEEP_DIE: KEEP_WORD}


class PipCribbageGame(CribbageGame):
    name = "pip-cribbage"
    title = "PIP Cribbage"
    core_class = PipCribbageSim
    core: PipCribbageSim
    phase_words = {**CribbageGame.phase_words, CHOOSING_CRUX: CRUX_PHASE}
    dealing_phases = (DISCARDING, CHOOSING_CRUX)

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        if players != PLAYERS:
            raise ValueError(f"{self.title} is for 2 players, not {players}")
        super().__init__(players, options, seed)

    def restack(self, deck: Sequence[Card | str], dealer: int | None = None,
                dice: dict[int, tuple[int, int]] | None = None) -> list[Event]:
        """Redo the current deal from `deck` (see CribbageGame.restack), for tests and puzzles;
        `dice` places dice first: {seat: (space, face)}. Only before any choice or discard."""
        core = self.core
        if core.crux_choice is not None:
            raise ValueError("restack only at the start of a deal, before the Crux choice")
        for seat, (space, face) in (dice or {}).items():
            if not (1 <= space <= len(TRACK) and 1 <= face <= 6):
                raise ValueError(f"no die on space {space} showing {face}")
            core.die_space[seat], core.die_face[seat] = space, face
        return super().restack(deck, dealer)

    # ----- the contract ---------------------------------------------------------------------
    def normalize(self, seat: int, action: Action) -> Action:
        kind = action["type"]
        if kind == "crux":
            choice = action.get("choice")
            if not isinstance(choice, str) or choice.strip().lower() not in (RENEW, PRIORITY):
                raise IllegalAction('Choose Crux "renew" or "priority".')
            return {"type": "crux", "choice": choice.strip().lower()}
        if kind == FLIP_WORD:
            face = action.get("face", 7 - self.core.die_face[seat])
            if isinstance(face, bool) or not isinstance(face, int):
                raise IllegalAction("A die face is a whole number from 1 to 6.")
            return {"type": FLIP_WORD, "face": face}
        if kind == KEEP_WORD:
            return {"type": KEEP_WORD}
        if kind == "play":
            card = action.get("card")
            if isinstance(card, str) and card.strip().upper().startswith("PIP"):
                action = {"type": "play", "card": "P" + card.strip()[3:].strip()}
        return super().normalize(seat, action)

    def explain_illegal(self, seat: int, action: Action) -> str:
        kind = action["type"]
        core = self.core
        face = core.die_face[seat]
        if core.phase == CHOOSING_CRUX and core.won is None:
            return "The dealer chooses Crux (Renew or Priority) before anyone discards."
        if kind == "crux":
            return "Crux is chosen by the dealer on space 5, before the discards."
        if kind in (FLIP_WORD, KEEP_WORD):
            if not core.turn_pending() or seat != core.dealer:
                return "Only the dealer on space 7 turns the die, just before their hand."
            return f"Your die flips to {7 - face}, its opposite face."
        if core.turn_pending() and seat == core.dealer and kind in ("claim", "pass"):
            return "Flip your die or keep it first."
        if self.phase == PLAY and kind == "play":
            dice = [TEXT[piece] for piece in core.peg_hands[seat] if piece >= CARDS]
            if action["card"].startswith("P") and action["card"] not in dice:
                if not dice:
                    return "You have already played your die."
                return f"Your die shows {face}: play it as P{face}."
        return super().explain_illegal(seat, action)

    # ----- the words ---------------------------------------------------------------------------
    def _play_event(self, seat: int, text: str, count: int) -> Event:
        event = super()._play_event(seat, text, count)
        if text.startswith("P"):  # a die play in words: "plays PIP 4", not a bare "P4"
            event["text"] = f"{seat_does(seat, 'plays')} PIP {text[1:]}, count {count}."
        return event

    def _deal_events(self) -> list[Event]:
        events = super()._deal_events()
        core = self.core
        dealer = core.dealer
        effect = TRACK[core.effect]
        events.append(
            {"type": "effect", "seat": dealer, "space": effect.number, "key": effect.key,
             "name": effect.name,
             "text": f"{seats(dealer)} die is on space {effect.number} showing "
                     f"{core.die_face[dealer]}: {effect.name}"
                     + ("." if effect.acts_during_deal else " (no effect this deal).")})
        return events

    def _own_entry(self, entry: Entry) -> list[Event]:
        what, dealer = entry[0], self.core.dealer
        if what == CRUX_CHOSEN:
            _, code, before, face = entry
            if code == CRUX_RENEW:
                text = (f"{seat_does(dealer, 'chooses')} Renew: the die goes from {before} to "
                        f"{face}.")
            else:
                text = (f"{seat_does(dealer, 'chooses')} Priority: the dealer's hand and crib "
                        "are counted before the other hand.")
            return [{"type": "crux", "seat": dealer, "choice": _CHOICE_WORDS[code],
                     "face": face, "text": text}]
        if what == TURNED:
            _, code, before, face, dealer = entry
            flipped = code == FLIP
            if flipped:
                text = f"{seat_does(dealer, 'flips')} the die from {before} to {face}."
            else:
                text = f"{seat_does(dealer, 'keeps')} the die on {face}."
            return [{"type": "turn", "seat": dealer, "flipped": flipped, "face": face,
                     "text": text}]
        if what == DIE_MOVED:
            _, seat, space, face = entry
            core = self.core
            now, showing = core.die_space[seat], core.die_face[seat]
            return [{"type": "die_move", "seat": seat, "from_space": space, "from_face": face,
                     "space": now, "face": showing,
                     "text": f"{seats(seat)} die moves from space {space} to {now} "
                             f"({TRACK[now].name}) and now shows {showing}."}]
        return super()._own_entry(entry)

    # ----- views -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        view = super().view(seat)
        core = self.core
        view["dice"] = [{"owner": owner, "space": core.die_space[owner], "face": face,
                         "direction": core.die_direction[owner], "piece": str(die(face))}
                        for owner, face in enumerate(core.die_face)]
        view["effect"] = {"seat": core.dealer, **TRACK[core.effect].to_json()}
        view["crux_choice"] = _CHOICE_WORDS[core.crux_choice]
        view["turn_choice"] = self._turn_view()
        view["pip_plays"] = [self._die_plays_left(s) for s in range(PLAYERS)]
        view["show_order"] = [{"kind": KIND_WORDS[kind], "seat": owner}
                              for kind, owner in (core.steps or core._show_order())]
        return view

    def _turn_view(self) -> dict[str, Any] | None:
        core = self.core
        if core.effect != TURN_SPACE:
            return None
        face, choice = core.die_face[core.dealer], core.turn_choice
        return {"pending": core.turn_pending(), "choice": _CHOICE_WORDS[choice],
                "from_face": (7 - face if choice == FLIP else face) if choice else face,
                "to_face": face if choice else 7 - face}

    def _die_plays_left(self, seat: int) -> int:
        """Die plays `seat` still has to make in this deal's play (public: the die is)."""
        core = self.core
        if core.won is None and core.phase in self.dealing_phases:
            return core.die_plays(seat)
        if core.won is not None or core.phase != PLAYING:
            return 0
        return sum(1 for piece in core.peg_hands[seat] if piece >= CARDS)

