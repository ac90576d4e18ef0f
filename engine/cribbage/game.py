"""CribbageGame: the contract (engine/contract.py) over Cribbage's rules core, for 2-4 players.

The core (engine/cribbage/sim.py, `CribbageSim`, or a subclass's core: `core_class`) plays
every rule: the deal, the discards, the play, the go, the show, muggins, winning at once. This
class turns its action codes into dict actions and back, reads what each move did from the
core's journal to write the events, and builds views from the core's state when asked. Besides
the core it keeps only what the table shows of the past: the cut for first deal, the deal's
number, each side's back peg, each seat's discards, the cards laid this deal and in the current
count, and the records of this deal's and the previous deal's show. engine/cribbage/words.py
writes the events' words; PIP Cribbage and Crib Race subclass this class for their own events
and view keys (`_deal_events`, `_own_entry`, `_score_event`, `_play_event`, `view`).
The class is built in layers: game_record.py's CribbageRecord (the narration and the show's
records), game_moves.py's CribbageMoves (the new game, the state, the moves), and here the
views and the copies a search makes.

Phases (view "phase"): "discard" (simultaneous: every seat that still has to discard acts),
"play", "show" (only waits for players with muggins on, or at a subclass's pause), "over".
After a complete show the next deal starts at once, the deal passing to the left.

Actions: {"type": "discard", "cards": ["5H", "TS"]} (canonical order: rank, then suit S H D C;
any order and "10H" accepted), {"type": "play", "card": "5H"}, {"type": "go"},
{"type": "claim", "points": n}, {"type": "muggins"}, {"type": "keep"}, {"type": "give_back"},
{"type": "pass"} (declining muggins on the deal's last count).

Muggins (option; docs/RULES.md C-14 to C-17): the counting seat claims its count; a claim
above the true count makes a "recount" event and changes nothing.

View keys (every view; `seat` None is the channel's view):
    game, seat, players, to_act, waiting_for, outcome   (the contract's common keys)
    phase            "discard" | "play" | "show" | "over"
    deal_number      1 for the first deal
    dealer, crib_owner   seats (the crib is the dealer's)
    target           121 or 61
    muggins_rule     whether muggins is played
    sides            list of seat lists sharing one score
    scores           score per side; previous_scores: the back peg per side (score before the
                     side's last points)
    first_cut        the cut for first deal: {"dealer", "rounds": [[{"seat", "card"}...]...]}
    starter          the starter card, or None before the cut
    count, pile      the running count and the cards laid in it, in order
    played           cards each seat has laid this deal (list per seat)
    hand_sizes       cards each seat still holds
    discarded        seats that have discarded this deal
    crib_size        cards in the crib so far
    turn             whose turn it is in the play (None outside the play)
    passed           seats that have said go in the current count
    last_player      the seat that laid the last card of the current count (or None)
    show             the current deal's counts so far: [{"kind": "hand"|"crib", "seat", "cards",
                     "starter", "breakdown", "words", "claimed", "scored", "muggins"}]
    next_count       {"kind", "seat", "cards"} of the count waiting for a claim (muggins), or
                     None; its cards are face up (the crib is shown from this moment)
    last_show        the previous deal's complete show (same shape), for reading after a deal
    muggins          None, or {"claim": {"seat", "kind", "claimed"}, "may_press": [seats],
                     "chooser": seat or None, "points": missed points while a chooser decides}
For the seat itself only: hand (cards still held, sorted), kept (the cards kept after the
discard, or None before), discards (its own discards). The crib's cards appear only in `show`,
once counted; the deck order and other seats' hands never appear.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.contract import View
from engine.cribbage.game_moves import CribbageMoves
from engine.cribbage.game_record import (
    _REDEAL_KEY,
    DISCARD,
    KIND_WORDS,
    OVER,
    PLAY,
    SHOW,
    in_card_order,
)
from engine.cribbage.pieces import (
    CARDS,
    CRIB,
    LIMIT,
    NO_PIECE,
    PIECE_OF_TEXT,
    PLAYING,
    TEXT,
    VALUE,
)


class CribbageGame(CribbageMoves):
    # ----- views -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        core = self.core
        won = core.won is not None
        phase = OVER if won else self.phase_words.get(core.phase, OVER)
        playing = phase == PLAY
        cut = core.phase not in self.dealing_phases
        held = core.peg_hands if playing else core.hands if not (won or cut) else core.kept
        players = self.players
        pile = self.pile
        counter = core._counter() if phase == SHOW else None
        acting = list(core.acting)
        view: View = {
            "game": self.name,
            "seat": seat,
            "players": players,
            "to_act": acting,
            "waiting_for": self.waiting_for() if counter is not None else list(acting),
            "outcome": self.outcome,
            "phase": phase,
            "deal_number": self.deal_number,
            "dealer": core.dealer,
            "crib_owner": core.dealer,
            "target": core.target,
            "muggins_rule": core.muggins,
            "sides": [list(side) for side in self._sides],
            "scores": list(core.side_scores),
            "previous_scores": list(self.back_pegs),
            "first_cut": self._first_cut,
            "starter": TEXT[core.starter] if cut else None,
            "count": core.count,
            "pile": [TEXT[piece] for piece in pile],
            "played": [[TEXT[piece] for piece in laid] for laid in self.played],
            "hand_sizes": [len(pieces) for pieces in held],
            "discarded": [s for s in range(players) if core.discarded[s]
                          and core.plan.discards[s]],
            "crib_size": len(core.crib),
            "turn": core.turn if playing else None,
            "passed": [s for s in range(players) if core.passed[s]] if playing else [],
            "last_player": core.last_player if pile else None,
            "show": [record.to_json() for record in self.show_counts
                     if record.claimed is not None or record.breakdown is not None],
            "next_count": None if counter is None else self._next_count_view(counter),
            "last_show": self.last_show,
            "muggins": None if core.chooser is None and core.window is None
            else self._muggins_view(),
        }
        if seat is not None and 0 <= seat < players:
            view["hand"] = [TEXT[piece] for piece in in_card_order(held[seat])]
            view["kept"] = [TEXT[piece] for piece in core.kept[seat]] if cut else None
            view["discards"] = [TEXT[piece] for piece in self._discards[seat]]
        return view

    def _next_count_view(self, counter: int | None) -> dict[str, Any] | None:
        """The count waiting for a claim, with its cards: a hand or crib is laid face up to be
        counted, so everyone sees it (the crib too, from this moment)."""
        if counter is None:
            return None
        core = self.core
        kind, seat = core.steps[core.step_index]
        return {"kind": KIND_WORDS[kind], "seat": counter,
                "cards": self._texts(in_card_order(core.show_pieces(kind, seat)))}

    def _muggins_view(self) -> dict[str, Any] | None:
        core = self.core
        if core.chooser is not None:
            chooser, owner, points, _ = core.chooser
            return {"claim": {"seat": owner}, "may_press": [], "chooser": chooser,
                    "points": points}
        if core.window is None:
            return None
        index, seat = core.window[0], core.window[1]
        record = self.show_counts[index]
        return {"claim": {"seat": seat, "kind": record.kind, "claimed": record.claimed},
                "may_press": core._pressers(), "chooser": None, "points": None}

    # ----- for search ------------------------------------------------------------------------
    def clone(self) -> CribbageGame:
        twin = copy.copy(self)  # the cut, the options and the last deal's show never change
        twin.core = self.core.clone()
        twin.back_pegs = list(self.back_pegs)
        twin._discards = [list(pieces) for pieces in self._discards]
        twin.played = [list(pieces) for pieces in self.played]
        twin.pile = list(self.pile)
        twin.show_counts = [copy.copy(record) for record in self.show_counts]
        twin._true_counts = list(self._true_counts)
        twin.state_changed()
        return twin

    def _hidden_cards(self, seat: int) -> list[int]:
        """The cards the seat cannot see, walked in a fixed order of places: the discards, the
        pegging hands, the hands, the kept cards, the crib, the starter while discarding, then
        the rest of the deck."""
        core = self.core
        seen = self._pieces_seen_by(seat)
        dealing = core.phase in self.dealing_phases
        crib = core.crib if dealing else sorted(core.crib)
        places = [*self._discards, *core.peg_hands, *core.hands, *core.kept, crib]
        if dealing:  # the starter is still the top of the stock
            places.append([core.starter])
        walked = dict.fromkeys(piece for place in places for piece in place
                               if piece < CARDS and piece not in seen)
        return [*walked, *(piece for piece in range(CARDS)
                           if piece not in seen and piece not in walked)]

    @staticmethod
    def _redeal_order(piece: int) -> tuple[int, str]:
        return _REDEAL_KEY[piece]

    def _redealt(self, cards: dict[int, int]) -> CribbageGame:
        """A clone with the cards dealt again in the places of those they replace (hands kept
        sorted)."""
        game = self.clone()
        core = game.core

        def moved(pieces: list[int]) -> list[int]:
            return [cards.get(piece, piece) for piece in pieces]

        kept_is_hands = core.kept is core.hands
        core.hands = [sorted(moved(hand)) for hand in core.hands]
        core.kept = core.hands if kept_is_hands else [sorted(moved(hand)) for hand in core.kept]
        core.peg_hands = [game._sorted_pegging_hand(moved(hand)) for hand in core.peg_hands]
        core.crib = moved(core.crib)
        core.starter = cards.get(core.starter, core.starter)
        game._discards = [sorted(moved(pieces)) for pieces in game._discards]
        core.low = [min((VALUE[piece] for piece in hand), default=NO_PIECE)
                    for hand in core.peg_hands]
        return game

    @staticmethod
    def _sorted_pegging_hand(hand: list[int]) -> list[int]:
        return sorted(hand)

    def _possible_after_redeal(self) -> bool:
        # A seat that said go in this count cannot hold a card that fits.
        core = self.core
        if core.phase != PLAYING or core.won is not None:
            return True
        room = LIMIT - core.count
        return not any(passed and core.low[seat] <= room
                       for seat, passed in enumerate(core.passed))

    def _pieces_seen_by(self, seat: int) -> set[int]:
        """The cards of this deal the seat's view shows it (dice are never hidden)."""
        view = self.view(seat)
        texts = [*view["hand"], *(view["kept"] or []), *view["discards"], *view["pile"]]
        for cards in view["played"]:
            texts += cards
        for record in view["show"]:
            texts += record["cards"]
        if view["next_count"] is not None:
            texts += view["next_count"]["cards"]
        if view["starter"] is not None:
            texts.append(view["starter"])
        return {PIECE_OF_TEXT[text] for text in texts}


__all__ = ["CRIB", "DISCARD", "OVER", "PLAY", "SHOW", "CribbageGame"]
