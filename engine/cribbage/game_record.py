"""The first layer of CribbageGame (engine/cribbage/game.py, whose docstring lists the view
keys): the new game and what the table keeps of the past besides the core, the narration of
the core's journal into events, the show's records, the views, and the copies a search makes."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, Self

from engine.cards import card_strs, format_cards
from engine.contract import Action, CoreGame, Event, View
from engine.cribbage import words
from engine.cribbage.breakdown import Breakdown
from engine.cribbage.deal import cut_for_first_deal
from engine.cribbage.outcome import cribbage_outcome
from engine.cribbage.pieces import (
    CARD_OF,
    CARDS,
    COUNTED,
    CUT,
    DEALT,
    DISCARDING,
    KIND_WORDS,
    LIMIT,
    NO_PIECE,
    PIECE_OF_TEXT,
    PIECES,
    PLAYING,
    RANK,
    RESET,
    SCORED,
    SHOWING,
    SHOWN,
    SUIT,
    TEXT,
    VALUE,
    WON,
    Entry,
)
from engine.cribbage.scoring import FlushRule, peg_points, score_hand
from engine.cribbage.show import ShowCount
from engine.cribbage.sides import Sides
from engine.cribbage.sim import CribbageSim
from engine.cribbage.words import seat_does, seat_name, seats
from engine.sim import journaled

DISCARD, PLAY, SHOW, OVER = "discard", "play", "show", "over"
SIMPLE_ACTIONS = ("go", "muggins", "keep", "give_back", "pass")
#: The highest claim any earlier release offered (PIP Cribbage with Borrowed PIP).
LEGACY_MAX_CLAIM = 75
#: How determinize lays the hidden cards out before shuffling them: by rank, then by the
#: suit's letter (as every release has, so a search draws the same deals).
_REDEAL_KEY = tuple((RANK[piece], TEXT[piece][1]) for piece in range(CARDS))
#: card_key of every piece: by rank, then suit S H D C, a die after the cards of its rank.
_CARD_KEY = tuple((RANK[piece], SUIT[piece]) for piece in range(PIECES))

#: How a count lays its pieces out: the cards in order, then the dice as they come.
_LAID_OUT = tuple((0, piece) if piece < CARDS else (1, 0) for piece in range(PIECES))


def in_card_order(pieces: Sequence[int]) -> list[int]:
    return sorted(pieces, key=_CARD_KEY.__getitem__)


class CribbageRecord(CoreGame):
    name = "cribbage"
    #: What players read the game called (its SPEC's title).
    title = "Cribbage"
    core_class: type[CribbageSim] = CribbageSim
    #: The view's word for each of the core's phases (the game over: "over").
    phase_words: dict[int, str] = {DISCARDING: DISCARD, PLAYING: PLAY, SHOWING: SHOW}
    #: The core's phases before the starter is cut: the hands are held, nothing is kept yet.
    dealing_phases: tuple[int, ...] = (DISCARDING,)
    core: CribbageSim
    #: This deal's cards (each new deal's, see _deal_events): each seat's discards and the
    #: cards it laid, the current count's, and the show's records and true counts.
    _discards: list[list[int]]
    played: list[list[int]]
    pile: list[int]
    show_counts: list[ShowCount]
    _true_counts: list[Breakdown]
    #: The seat's play or count just told, whose line the points it makes end (told_with);
    #: None between moves.
    _maker: Event | None = None

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        rng = self._dealing_rng()
        self.first_cut = cut_for_first_deal(players, rng)
        self.deal_number = 0
        #: The last deal's show: its records, and their JSON once a view has asked.
        self._last_show_counts: list[ShowCount] = []
        self._last_show: list[dict[str, Any]] | None = []
        #: The claims refused for the count waiting (its counter reads them: next_count).
        self._refused: tuple[int, ...] = ()
        journal: list[Entry] = []
        self.core = self.core_class.dealt(players, self.options, rng, self.first_cut.dealer,
                                          journal)
        self.sides = Sides(self.core.side_of)
        # What every view repeats and nothing changes, worked out once.
        self._first_cut = self.first_cut.to_json()
        #: The action of playing each card, made once: a game offers each card again and again.
        self._plays: dict[int, Action] = {}
        #: Each side's score before its last points.
        self.back_pegs = [0] * self.sides.count
        self.start_events = [words.first_cut_event(self.first_cut), *self._narrate(journal)]

    # ----- narrating the core's moves ----------------------------------------------------------
    def _narrated(self, move: Callable[[], object]) -> list[Event]:
        """Run `move` (a call of the core) with the journal on, and narrate what it did."""
        return self._narrate(journaled(self.core, move))

    def _narrate(self, journal: list[Entry]) -> list[Event]:
        events: list[Event] = []
        counted: Breakdown | None = None
        for entry in journal:
            what = entry[0]
            told = len(events)
            if what == SCORED:
                _, seat, points, reason, before, after = entry
                breakdown = counted if reason in KIND_WORDS else self._breakdown(reason)
                counted = None
                events += self._score_event(seat, points, reason, before, after, breakdown)
            elif what == RESET:
                events.append({"type": "count_reset", "cards": [TEXT[piece] for piece in self.pile],
                               "text": "The count starts again at 0."})
                self.pile = []
            elif what == COUNTED:
                record = self._counted(*entry[1:])
                counted = record.breakdown
                events.append(words.show_event(record))
                self._maker = events[-1]
                continue
            elif what == DEALT:
                events += self._deal_events()
            elif what == CUT:
                events.append(words.starter_event(self.players, self.core.dealer,
                                                  CARD_OF[self.core.starter]))
            elif what == SHOWN:
                self._last_show_counts, self._last_show = self.show_counts, None
            elif what == WON:
                events.append(self._game_over(entry[1]))
            else:
                events += self._own_entry(entry)
            if len(events) > told:  # a line between a play or a count and its points
                self._maker = None
        self._maker = None
        return events

    def _own_entry(self, entry: Entry) -> list[Event]:
        """The events of a subclass core's own journal entry."""
        raise ValueError(f"{self.name} has no journal entry {entry!r}")

    def _breakdown(self, reason: str) -> Breakdown | None:
        """What made the points scored for `reason` (None for a claim's or muggins points)."""
        if reason == "play":
            return peg_points([CARD_OF[piece] for piece in self.pile])
        if reason in ("go", "last card"):
            return words.one_point(reason, CARD_OF[self.pile[-1]])
        if reason == "heels":
            return words.heels(CARD_OF[self.core.starter])
        if reason == "crib bonus":
            return words.CRIB_BONUS
        return None

    def _score_event(self, seat: int, points: int, reason: str, before: int, after: int,
                     breakdown: Breakdown | None) -> list[Event]:
        side = self.sides.side_of[seat]
        self.back_pegs[side] = before
        # The play's points are spelled out here; a count's words are in its "show" event.
        what = breakdown.words() if breakdown and reason == "play" else ""
        place = self._place(after)
        event = {"type": "score", "seat": seat, "side": side, "points": points, "reason": reason,
                 "breakdown": breakdown.to_json() if breakdown else None, "score": after,
                 "text": f"{words.SEATS_PEG[seat]} {points} for {self._reason_words(reason)}"
                         f"{': ' + what if what else ''}. {place}"}
        maker, self._maker = self._maker, None
        if maker is not None:
            words.told_with(maker, event, what, place)
        return [event]

    def _place(self, after: int) -> str:
        """Where a side's score stands after points, the end of their line."""
        # The winning peg stops in the game hole (C-12), as the board and the outcome say.
        return f"Score {min(after, self.core.target)}."

    def _reason_words(self, reason: str) -> str:
        """What points were scored for: "the go", "muggins"; muggins points handed back to the
        count's owner are not the owner's muggins (they pressed nothing), so they are said so."""
        if reason == "muggins":
            chosen = next((r.muggins for r in reversed(self.show_counts) if r.muggins), None)
            if chosen is not None and chosen["kept"] is False:
                return "the points given back"
        return words.REASON_WORDS.get(reason, reason)

    def _game_over(self, side: int) -> Event:
        core = self.core
        # Nobody may press Muggins! on any count now (C-17): the claims still waiting show
        # what they were worth, the winning claim among them.
        for index, record in enumerate(self.show_counts):
            if record.breakdown is None and record.claimed is not None:
                self._close_window(index)
        self.outcome = cribbage_outcome(self.sides, list(core.side_scores), side, core.target)
        return {"type": "game_over", "side": side, "outcome": self.outcome,
                "text": self.outcome["detail"]}

    def _play_event(self, seat: int, text: str, count: int) -> Event:
        self._maker = {"type": "play", "seat": seat, "card": text, "count": count,
                       "text": f"{words.SEATS_PLAY[seat]} {text}, count {count}."}
        return self._maker

    def _deal_events(self) -> list[Event]:
        """A new deal: forget the last deal's cards and say who deals."""
        self.deal_number += 1
        players = self.players
        self._discards = [[] for _ in range(players)]
        self.played = [[] for _ in range(players)]
        self.pile = []
        self.show_counts = []
        self._true_counts = []
        dealer = self.core.dealer
        return [{"type": "deal", "dealer": dealer, "deal_number": self.deal_number,
                 "text": f"Deal {self.deal_number}: {seat_does(dealer, 'deals')}."}]

    def _discard_events(self, seat: int, texts: list[str]) -> list[Event]:
        self._discards[seat] = [PIECE_OF_TEXT[text] for text in texts]
        where = "under the deck" if seat in self.core.plan.to_bottom else "to the crib"
        n = len(texts)
        return [
            {"type": "discard", "seat": seat, "count": n,
             "text": f"{seat_does(seat, 'discards')} {n} card{'s' if n > 1 else ''} {where}.",
             "chorus": f"discard {n} each {where}."},
            {"type": "discard_cards", "seat": seat, "cards": list(texts), "to": seat,
             "retells": True, "text": f"You discard {' '.join(texts)} {where}."},
        ]

    # ----- the show's records ------------------------------------------------------------------
    def _open_count(self) -> ShowCount:
        """The record of the count waiting for a claim (made when it is first claimed)."""
        core = self.core
        index = core.step_index
        if len(self.show_counts) <= index:
            kind, seat = core.steps[index]
            self._record(kind, seat, core.show_pieces(kind, seat), core.starter,
                         core._claim_shape(kind, seat)[2])
        return self.show_counts[index]

    def _record(self, kind: int, seat: int, pieces: list[int], starter: int,
                rule: FlushRule) -> ShowCount:
        record = ShowCount(KIND_WORDS[kind], seat,
                           pieces=[CARD_OF[piece] for piece in in_card_order(pieces)],
                           starter=CARD_OF[starter])
        self.show_counts.append(record)
        laid_out = [CARD_OF[piece] for piece in sorted(pieces, key=_LAID_OUT.__getitem__)]
        self._true_counts.append(score_hand(laid_out, CARD_OF[starter], flush=rule))
        return record

    def _counted(self, kind: int, seat: int, total: int, pieces: list[int], starter: int,
                 rule: FlushRule) -> ShowCount:
        """A count the show made by itself (a COUNTED entry): its record, complete."""
        record = self._record(kind, seat, pieces, starter, rule)
        breakdown = record.breakdown = self._true_counts[-1]
        record.scored = breakdown.total
        return record

    def _close_window(self, index: int) -> None:
        """Nobody may press muggins on that claim any more: show its breakdown."""
        self.show_counts[index].breakdown = self._true_counts[index]

    def _claim_events(self, seat: int, points: int) -> list[Event]:
        core = self.core
        record = self._open_count()
        true_total = self._true_counts[core.step_index].total
        said = f"{seat_does(seat, 'claims')} {points} for the {record.kind}: "
        if points > true_total:
            self._refused += (points,)
            return [{"type": "recount", "seat": seat, "kind": record.kind, "claimed": points,
                     "cards": card_strs(record.pieces),
                     "text": said + "that is too many. Claim again."}]
        if core.window is not None:
            self._close_window(core.window[0])
        record.claimed = record.scored = points
        self._refused = ()
        return [{"type": "claim", "seat": seat, "kind": record.kind, "points": points,
                 "cards": card_strs(record.pieces), "starter": str(record.starter),
                 "text": f"{said}{format_cards(record.pieces)} with {record.starter}."}]

    def _muggins_events(self, seat: int) -> list[Event]:
        index, owner, missed, _ = self.core.window  # type: ignore[misc]
        self._close_window(index)
        breakdown = self._true_counts[index]
        if missed:
            record, them = self.show_counts[index], "it" if missed == 1 else "them"
            text = (f"Muggins! {seats(owner)} {record.kind} is worth {breakdown.total}, not "
                    f"{record.claimed}: {breakdown.words()}. {seat_does(seat, 'takes')} the "
                    f"{words.points_word(missed)} missed and may keep {them} or give {them} back.")
        else:
            self.show_counts[index].muggins = {"seat": seat, "points": 0, "kept": None}
            # The total as a show line ends, so a right nought reads "nineteen — 0".
            text = (f"{seat_does(seat, 'calls')} muggins, but {seat_name(owner)} counted right: "
                    f"{breakdown.words()} — {breakdown.total}.")
        return [{"type": "muggins", "seat": seat, "owner": owner, "points": missed,
                 "breakdown": breakdown.to_json(), "text": text}]

    def _choice_events(self, seat: int, keep: bool) -> list[Event]:
        _, owner, points, index = self.core.chooser  # type: ignore[misc]
        self.show_counts[index].muggins = {"seat": seat, "points": points, "kept": keep}
        if keep:
            text = f"{seat_does(seat, 'keeps')} the {words.points_word(points)}."
        else:
            text = (f"{seat_does(seat, 'gives')} the {words.points_word(points)} back to "
                    f"{seat_name(owner)}.")
        return [{"type": "keep" if keep else "give_back", "seat": seat, "owner": owner,
                 "points": points, "text": text}]

    # ----- views -----------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        core = self.core
        return OVER if core.won is not None else self.phase_words.get(core.phase, OVER)

    @property
    def last_show(self) -> list[dict[str, Any]]:
        """The previous deal's complete show, as the view publishes it."""
        if self._last_show is None:
            self._last_show = [record.to_json() for record in self._last_show_counts]
        return self._last_show

    def view(self, seat: int | None) -> View:
        core = self.core
        won = core.won is not None
        phase = self.phase
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
            "sides": [list(side) for side in core.side_seats],
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

    def _next_count_view(self, counter: int) -> dict[str, Any]:
        """The count waiting for a claim, with its cards: a hand or crib is laid face up to be
        counted, so everyone sees it (the crib too, from this moment); and the claims already
        refused as too many, if any."""
        core = self.core
        kind, seat = core.steps[core.step_index]
        count = {"kind": KIND_WORDS[kind], "seat": counter,
                 "cards": [TEXT[piece] for piece in in_card_order(core.show_pieces(kind, seat))]}
        if self._refused:  # claims above the true count, so far: the counter claims again
            count["refused"] = list(self._refused)
        return count

    def _muggins_view(self) -> dict[str, Any]:
        """A muggins press open (`window`), or its points waiting for the presser's choice."""
        core = self.core
        if core.chooser is not None:
            chooser, owner, points, _ = core.chooser
            return {"claim": {"seat": owner}, "may_press": [], "chooser": chooser,
                    "points": points}
        index, seat = core.window[0], core.window[1]  # type: ignore[index]
        record = self.show_counts[index]
        return {"claim": {"seat": seat, "kind": record.kind, "claimed": record.claimed},
                "may_press": core._pressers(), "chooser": None, "points": None}

    # ----- for search ------------------------------------------------------------------------
    def clone(self) -> Self:
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

    def _redealt(self, cards: dict[int, int]) -> Self:
        """A clone with the cards dealt again in the places of those they replace (hands kept
        sorted)."""
        game = self.clone()
        core = game.core

        def moved(pieces: list[int]) -> list[int]:
            return [cards.get(piece, piece) for piece in pieces]

        kept_is_hands = core.kept is core.hands
        core.hands = [sorted(moved(hand)) for hand in core.hands]
        core.kept = core.hands if kept_is_hands else [sorted(moved(hand)) for hand in core.kept]
        # Dice sort after the cards: a die's code is above every card's.
        core.peg_hands = [sorted(moved(hand)) for hand in core.peg_hands]
        core.crib = moved(core.crib)
        core.starter = cards.get(core.starter, core.starter)
        game._discards = [sorted(moved(pieces)) for pieces in game._discards]
        core.low = [min((VALUE[piece] for piece in hand), default=NO_PIECE)
                    for hand in core.peg_hands]
        return game

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
