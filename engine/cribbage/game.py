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

Phases (view "phase"): "discard" (simultaneous: every seat that still has to discard acts),
"play", "show" (only waits for players with muggins on, or at a subclass's pause), "over".
After a complete show the next deal starts at once, the deal passing to the left.

Actions: {"type": "discard", "cards": ["5H", "TS"]} (canonical order: rank, then suit S H D C;
any order and "10H" accepted), {"type": "play", "card": "5H"}, {"type": "go"},
{"type": "claim", "points": n}, {"type": "muggins"}, {"type": "keep"}, {"type": "give_back"},
{"type": "pass"} (declining muggins on the deal's last count).

Muggins (option): the counting seat claims its count. A claim above the true count makes a
"recount" event and changes nothing; the seat claims again. A claim at or below the true count
is scored; then, until the next count is claimed, every opponent may press muggins. Muggins may
be pressed after any scored claim, so nobody learns from the buttons whether a claim was short;
pressing on a right count takes nothing. The first to press on a short count takes the missed
points and chooses to keep them or give them back. After the deal's last count the opponents
press muggins or pass before the next deal begins. A count's breakdown is shown once it can no
longer be challenged.

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
import random
from collections.abc import Sequence
from typing import Any

from engine.cards import Card, card_strs, format_cards, parse_card, parse_cards
from engine.contract import MAX_REDEALS, Action, Event, Game, View
from engine.cribbage import words
from engine.cribbage.claims import claim_ranges, possible_counts
from engine.cribbage.deal import cut_for_first_deal
from engine.cribbage.outcome import cribbage_outcome
from engine.cribbage.pieces import (
    CARD_OF,
    CARDS,
    COUNTED,
    CRIB,
    CUT,
    DEALT,
    DISCARDING,
    GO,
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
from engine.cribbage.scoring import Breakdown, FlushRule
from engine.cribbage.show import CRIB as CRIB_WORD
from engine.cribbage.show import HAND as HAND_WORD
from engine.cribbage.show import ShowCount, ShowStep
from engine.cribbage.sides import Sides
from engine.cribbage.sim import CribbageSim
from engine.cribbage.words import card_key, seat_does
from engine.errors import IllegalAction

DISCARD, PLAY, SHOW, OVER = "discard", "play", "show", "over"
SIMPLE_ACTIONS = ("go", "muggins", "keep", "give_back", "pass")
#: The highest claim any earlier release offered (PIP Cribbage with Borrowed PIP).
LEGACY_MAX_CLAIM = 75
KIND_WORDS = (HAND_WORD, CRIB_WORD)
#: How determinize lays the hidden cards out before shuffling them: by rank, then by the
#: suit's letter (as every release has, so a search draws the same deals).
_REDEAL_KEY = tuple((RANK[piece], TEXT[piece][1]) for piece in range(CARDS))
#: card_key of every piece: by rank, then suit S H D C, a die after the cards of its rank.
_CARD_KEY = tuple((RANK[piece], SUIT[piece]) for piece in range(PIECES))

#: How a count lays its pieces out: the cards in order, then the dice as they come.
_LAID_OUT = tuple((0, piece) if piece < CARDS else (1, 0) for piece in range(PIECES))


def in_card_order(pieces: Sequence[int]) -> list[int]:
    return sorted(pieces, key=_CARD_KEY.__getitem__)


class CribbageGame(Game):
    name = "cribbage"
    core_class: type[CribbageSim] = CribbageSim
    #: The view's word for each of the core's phases (the game over: "over").
    phase_words: dict[int, str] = {DISCARDING: DISCARD, PLAYING: PLAY, SHOWING: SHOW}
    #: The core's phases before the starter is cut: the hands are held, nothing is kept yet.
    dealing_phases: tuple[int, ...] = (DISCARDING,)
    core: CribbageSim
    #: This deal's cards: each seat's discards and the cards it laid, the current count's.
    _discards: list[list[int]]
    played: list[list[int]]
    pile: list[int]
    show_counts: list[ShowCount]
    _true_counts: list[Breakdown]
    #: The generator Game.__init__ makes, held until the core is dealt from it.
    _first_rng: random.Random

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        rng = self._first_rng
        del self._first_rng
        self.first_cut = cut_for_first_deal(players, rng)
        self.deal_number = 0
        self._last_show_counts: list[ShowCount] = []
        self._last_show: list[dict[str, Any]] | None = []
        #: Set by a refused claim, which leaves the state as it was (see _forget_choices).
        self._recounting = False
        journal: list[Entry] = []
        self.core = self.core_class.dealt(players, self.options, rng, self.first_cut.dealer,
                                          journal)
        self.sides: Sides = self.core.seating()
        self.back_pegs = [0] * self.sides.count
        self.start_events = [words.first_cut_event(self.first_cut), *self._narrate(journal)]

    # ----- the core's state, as the table and the tests read it ---------------------------------
    @property
    def rng(self) -> random.Random:
        return self.core.rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        if "core" in self.__dict__:
            self.core.rng = rng
        else:  # Game.__init__ makes the generator the core is then dealt from
            self._first_rng = rng

    @property
    def phase(self) -> str:
        core = self.core
        return OVER if core.won is not None else self.phase_words.get(core.phase, OVER)

    @property
    def dealer(self) -> int:
        return self.core.dealer

    @property
    def target(self) -> int:
        return self.core.target

    @property
    def muggins_rule(self) -> bool:
        return self.core.muggins

    @property
    def scores(self) -> list[int]:
        """Each side's score: the core's own list (a test may set it)."""
        return self.core.side_scores

    @scores.setter
    def scores(self, scores: list[int]) -> None:
        self.core.side_scores = list(scores)

    @property
    def plan(self) -> Any:
        return self.core.plan

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's hand while discarding (afterwards: the kept cards)."""
        return [[CARD_OF[piece] for piece in hand] for hand in self.core.hands]

    @property
    def discards(self) -> list[list[Card]]:
        """Each seat's discards this deal."""
        return [[CARD_OF[piece] for piece in pieces] for pieces in self._discards]

    @property
    def kept(self) -> list[list[Card]]:
        return [[CARD_OF[piece] for piece in hand] for hand in self.core.kept]

    @property
    def crib(self) -> list[Card]:
        return sorted((CARD_OF[piece] for piece in self.core.crib), key=card_key)

    @property
    def starter(self) -> Card | None:
        core = self.core
        return None if core.phase in self.dealing_phases else CARD_OF[core.starter]

    @property
    def show_steps(self) -> list[ShowStep]:
        return [ShowStep(KIND_WORDS[kind], seat) for kind, seat in self.core.steps]

    @property
    def show_index(self) -> int:
        return self.core.step_index

    @property
    def last_show(self) -> list[dict[str, Any]]:
        """The previous deal's complete show, as the view publishes it."""
        if self._last_show is None:
            self._last_show = [record.to_json() for record in self._last_show_counts]
        return self._last_show

    def restack(self, deck: Sequence[Card | str], dealer: int | None = None) -> list[Event]:
        """Redo the current deal from `deck` (top card first), for tests and puzzles.

        Only before anyone has discarded. Cards are dealt one at a time from the dealer's left,
        then the crib's cards from the deck, and the starter is the next card after that."""
        core = self.core
        if core.phase not in self.dealing_phases or any(self._discards):
            raise ValueError("restack only at the start of a deal")
        pieces = [PIECE_OF_TEXT[str(parse_card(c) if isinstance(c, str) else c)] for c in deck]
        self.deal_number -= 1
        events = self._narrated(lambda: core.restack(pieces, dealer))
        self.state_changed()
        return events

    def _score(self, seat: int, points: int, reason: str) -> list[Event]:
        """Score points as the rules would (for tests and puzzles): the core's one way."""
        events = self._narrated(lambda: self.core._score(seat, points, reason))
        self.state_changed()
        return events

    def all_cards(self) -> list[Card]:
        """Every card this deal has dealt, wherever it is now (the hands or the kept cards,
        the discards under the deck, the crib, the starter): each card once. The rest of the
        stock is never drawn, so the core does not keep it."""
        core = self.core
        held = core.hands if core.phase in self.dealing_phases else core.kept
        under = [piece for seat in core.plan.to_bottom for piece in self._discards[seat]]
        pieces = [*(piece for hand in held for piece in hand), *core.crib, *under, core.starter]
        return [CARD_OF[piece] for piece in pieces if piece < CARDS]

    # ----- the contract ---------------------------------------------------------------------
    def _to_act(self) -> list[int]:
        return list(self.core.acting)

    def waiting_for(self) -> list[int]:
        core = self.core
        if core.phase == SHOWING and core.chooser is None:
            counter = core._counter()
            if counter is not None:
                return [counter]  # pressing muggins is optional while the next count waits
        return self.to_act()

    def _legal_actions(self, seat: int) -> list[Action]:
        core = self.core
        if core.phase == PLAYING:  # the play's actions, spelled here: most moves are these
            codes = core.legal(seat)
            if codes and codes[0] < GO:
                return [{"type": "play", "card": TEXT[code]} for code in codes]
        action = core.action
        return [action(seat, code) for code in core.legal(seat)]

    def _still_accepts(self, seat: int, action: Action, legal: list[Action]) -> bool:
        # Releases before the claim menus were narrowed offered every count up to the most a
        # hand of dice could make: a saved claim no hand can make is still a claim (too high
        # is a recount, too low is scored).
        return (action["type"] == "claim" and 0 <= action["points"] <= LEGACY_MAX_CLAIM
                and any(offered["type"] == "claim" for offered in legal))

    def _claims(self) -> tuple[int, ...]:
        """The claims offered for the count waiting: every total a hand or crib of its shape
        (so many cards, so many dice) can make, so nobody is offered 19."""
        core = self.core
        return possible_counts(*core._claim_shape(*core.steps[core.step_index]))

    def normalize(self, seat: int, action: Action) -> Action:
        kind = action["type"]
        if kind == "discard":
            cards = action.get("cards")
            if not isinstance(cards, (str, list, tuple)):
                raise IllegalAction('Say which cards to discard, like {"cards": ["5H", "TS"]}.')
            parsed = parse_cards(cards)
            return {"type": "discard", "cards": card_strs(sorted(parsed, key=card_key))}
        if kind == "play":
            return {"type": "play", "card": str(parse_card(action.get("card")))}  # type: ignore[arg-type]
        if kind == "claim":
            points = action.get("points")
            if isinstance(points, str) and points.strip().isdigit():
                points = int(points.strip())
            if isinstance(points, bool) or not isinstance(points, int):
                raise IllegalAction("A claim is a whole number of points, like 12.")
            return {"type": "claim", "points": points}
        if kind in SIMPLE_ACTIONS:
            return {"type": kind}
        raise IllegalAction(f"Cribbage has no move called {kind!r}.")

    def explain_illegal(self, seat: int, action: Action) -> str:
        kind = action["type"]
        core = self.core
        phase = self.phase
        if phase == DISCARD:
            if kind != "discard":
                return "Discard to the crib first."
            need = core.plan.discards[seat]
            cards = [parse_card(c) for c in action["cards"]]
            hand = self.hands[seat]
            if len(cards) != need:
                return f"Discard exactly {need} card{'s' if need > 1 else ''}."
            if len(set(cards)) < len(cards) and all(c in hand for c in cards):
                return "Name each card you discard once."
            missing = [c for c in cards if cards.count(c) > hand.count(c)]
            if missing:
                return f"You do not hold {format_cards(dict.fromkeys(missing))}."
            return "You cannot discard those cards."
        if phase == PLAY:
            if kind == "go":
                return "You can still play a card, so you cannot say go."
            if kind != "play":
                return "Play a card, or say go if you cannot."
            card = parse_card(action["card"])
            piece = PIECE_OF_TEXT.get(str(card))
            if piece not in core.peg_hands[seat]:
                return f"You do not hold {card}."
            if core.count + VALUE[piece] > LIMIT:
                return f"{card} would take the count past 31 (it is {core.count})."
            return "You cannot play that now."
        if phase == SHOW:
            if core.chooser is not None:
                return "Choose to keep the muggins points or give them back."
            if kind == "claim":
                if seat != core._counter():
                    return "It is not your count to claim."
                return f"No hand counts {action['points']}: claim {claim_ranges(self._claims())}."
            if kind in ("muggins", "pass"):
                return "You cannot call muggins now."
        return "That move is not allowed right now."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        core = self.core
        kind = action["type"]
        if kind == "play":
            text = action["card"]  # as legal_actions spells it (or normalize)
            piece = PIECE_OF_TEXT[text]
            count = core.count + VALUE[piece]
            self.pile.append(piece)
            self.played[seat].append(piece)
            head = [self._play_event(seat, text, count)]
        elif kind == "go":
            head = [{"type": "go", "seat": seat, "count": core.count,
                     "text": f"{words.SEATS_SAY[seat]} go."}]
        elif kind == "discard":
            head = self._discard_events(seat, action["cards"])
        elif kind == "claim":
            head = self._claim_events(seat, action["points"])
            if self._recounting:
                return head
        elif kind == "muggins":
            head = self._muggins_events(seat)
        elif kind in ("keep", "give_back"):
            head = self._choice_events(seat, kind == "keep")
        elif kind == "pass":
            if set(core._pressers()) <= {seat}:  # the last to let it stand: the count is shown
                self._close_window(core.window[0])  # type: ignore[index]
            head = [{"type": "pass", "seat": seat,
                     "text": f"{seat_does(seat, 'lets')} the count stand."}]
        else:
            head = self._own_move_events(seat, action)
        code = core.code(seat, action)
        return head + self._narrated(lambda: core.play(seat, code))

    def _own_move_events(self, seat: int, action: Action) -> list[Event]:
        """The events a subclass's own move makes before the core carries it out (its
        journal entries tell the rest)."""
        return []

    # ----- narrating the core's moves ----------------------------------------------------------
    def _narrated(self, move: Any) -> list[Event]:
        """Run `move` (a call of the core) with the journal on, and narrate what it did."""
        core = self.core
        journal: list[Entry] = []
        core.journal = journal
        try:
            move()
        finally:
            core.journal = None
        return self._narrate(journal)

    def _narrate(self, journal: list[Entry]) -> list[Event]:
        events: list[Event] = []
        counted: Breakdown | None = None
        for entry in journal:
            what = entry[0]
            if what == SCORED:
                _, seat, points, reason, before, after = entry
                breakdown = counted if reason in KIND_WORDS else self._breakdown(reason)
                counted = None
                events += self._score_event(seat, points, reason, before, after, breakdown)
            elif what == RESET:
                events.append({"type": "count_reset", "cards": self._texts(self.pile),
                               "text": "The count starts again at 0."})
                self.pile = []
            elif what == COUNTED:
                record = self._counted(*entry[1:])
                counted = record.breakdown
                events.append(words.show_event(record))
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
        return events

    def _own_entry(self, entry: Entry) -> list[Event]:
        """The events of a subclass core's own journal entry."""
        raise ValueError(f"{self.name} has no journal entry {entry!r}")

    def _breakdown(self, reason: str) -> Breakdown | None:
        """What made the points scored for `reason` (None for a claim's or muggins points)."""
        core = self.core
        if reason == "play":
            return words.peg_breakdown([CARD_OF[piece] for piece in self.pile])
        if reason in ("go", "last card"):
            return words.one_point(reason, CARD_OF[self.pile[-1]])
        if reason == "heels":
            return words.heels(CARD_OF[core.starter])
        if reason == "crib bonus":
            return words.CRIB_BONUS
        return None

    def _score_event(self, seat: int, points: int, reason: str, before: int, after: int,
                     breakdown: Breakdown | None) -> list[Event]:
        side = self.sides.side_of[seat]
        self.back_pegs[side] = before
        return [words.score_event(seat, side, points, reason, breakdown, after)]

    def _game_over(self, side: int) -> Event:
        core = self.core
        self.outcome = cribbage_outcome(self.sides, list(core.side_scores), side, core.target)
        return {"type": "game_over", "side": side, "outcome": self.outcome,
                "text": self.outcome["detail"]}

    def _play_event(self, seat: int, text: str, count: int) -> Event:
        return {"type": "play", "seat": seat, "card": text, "count": count,
                "text": f"{words.SEATS_PLAY[seat]} {text}, count {count}."}

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
        return words.discard_events(seat, [parse_card(text) for text in texts],
                                    seat in self.core.plan.to_bottom)

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
        record = ShowCount(step=ShowStep(KIND_WORDS[kind], seat),
                           pieces=[CARD_OF[piece] for piece in in_card_order(pieces)],
                           starter=CARD_OF[starter])
        self.show_counts.append(record)
        laid_out = [CARD_OF[piece] for piece in sorted(pieces, key=_LAID_OUT.__getitem__)]
        self._true_counts.append(words.count_breakdown(laid_out, CARD_OF[starter], rule))
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
        if points > true_total:
            self._recounting = True
            return [words.recount_event(seat, record, points)]
        if core.window is not None:
            self._close_window(core.window[0])
        record.claimed = record.scored = points
        return [words.claim_event(seat, record, points)]

    def _muggins_events(self, seat: int) -> list[Event]:
        index, owner, missed, _ = self.core.window  # type: ignore[misc]
        self._close_window(index)
        breakdown = self._true_counts[index]
        if not missed:
            self.show_counts[index].muggins = {"seat": seat, "points": 0, "kept": None}
        return [words.muggins_event(seat, owner, missed, breakdown)]

    def _choice_events(self, seat: int, keep: bool) -> list[Event]:
        _, owner, points, index = self.core.chooser  # type: ignore[misc]
        self.show_counts[index].muggins = {"seat": seat, "points": points, "kept": keep}
        return [words.keep_event(seat, owner, points, keep)]

    def _forget_choices(self) -> None:
        # A claim above the count is refused and changes nothing: the same seats act with the
        # same actions, and a hurried (or random) counter claims again and again.
        if self._recounting:
            self._recounting = False
            return
        self._acting = None  # Game._forget_choices, inline: it runs after every move
        self._legal = {}

    # ----- views -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        core = self.core
        phase = self.phase
        playing = phase == PLAY
        players = self.players
        texts = self._texts
        plan = core.plan
        counter = core._counter() if phase == SHOW else None
        view: View = {
            "game": self.name,
            "seat": seat,
            "players": players,
            "to_act": list(core.acting),
            "waiting_for": self.waiting_for() if counter is not None else list(core.acting),
            "outcome": self.outcome,
            "phase": phase,
            "deal_number": self.deal_number,
            "dealer": core.dealer,
            "crib_owner": core.dealer,
            "target": core.target,
            "muggins_rule": core.muggins,
            "sides": self.sides.as_lists(),
            "scores": list(core.side_scores),
            "previous_scores": list(self.back_pegs),
            "first_cut": self.first_cut.to_json(),
            "starter": None if core.phase in self.dealing_phases else TEXT[core.starter],
            "count": core.count,
            "pile": texts(self.pile),
            "played": [texts(laid) for laid in self.played],
            "hand_sizes": [len(held) for held in self._held_pieces()],
            "discarded": [s for s in range(players) if core.discarded[s] and plan.discards[s]],
            "crib_size": len(core.crib),
            "turn": core.turn if playing else None,
            "passed": [s for s in range(players) if core.passed[s]] if playing else [],
            "last_player": core.last_player if self.pile else None,
            "show": [record.to_json() for record in self.show_counts
                     if record.claimed is not None or record.breakdown is not None],
            "next_count": self._next_count_view(counter),
            "last_show": self.last_show,
            "muggins": self._muggins_view(),
        }
        if seat is not None and 0 <= seat < players:
            view["hand"] = texts(in_card_order(self._held_pieces()[seat]))
            view["kept"] = texts(core.kept[seat]) if self._kept_shown() else None
            view["discards"] = texts(self._discards[seat])
        return view

    @staticmethod
    def _texts(pieces: Sequence[int]) -> list[str]:
        return [TEXT[piece] for piece in pieces]

    def _kept_shown(self) -> bool:
        return self.core.phase not in self.dealing_phases

    def _held_pieces(self) -> list[list[int]]:
        """What each seat holds now: its hand while discarding, its pegging hand in the play,
        else its kept cards."""
        core = self.core
        if core.won is None:
            if core.phase == PLAYING:
                return core.peg_hands
            if core.phase in self.dealing_phases:
                return core.hands
        return core.kept

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
        return {"claim": {"seat": seat, "kind": record.step.kind, "claimed": record.claimed},
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

    def determinize(self, seat: int, rng: random.Random) -> CribbageGame:
        """Game.determinize on the core: the cards the seat cannot see, walked in a fixed order
        of places (the discards, the pegging hands, the hands, the kept cards, the crib, the
        starter while discarding, then the rest of the deck), laid out by rank and suit,
        shuffled and dealt back to those places; a deal in which a seat that said go in this
        count holds a card that fits is drawn again."""
        core = self.core
        seen = self._pieces_seen_by(seat)
        dealing = core.phase in self.dealing_phases
        crib = core.crib if dealing else sorted(core.crib)
        places = [*self._discards, *core.peg_hands, *core.hands, *core.kept, crib]
        if dealing:  # the starter is still the top of the stock
            places.append([core.starter])
        walked = dict.fromkeys(piece for place in places for piece in place
                               if piece < CARDS and piece not in seen)
        hidden = [*walked, *(piece for piece in range(CARDS)
                             if piece not in seen and piece not in walked)]
        in_order = sorted(hidden, key=_REDEAL_KEY.__getitem__)
        for _ in range(MAX_REDEALS):
            dealt_again = list(in_order)
            rng.shuffle(dealt_again)
            game = self.clone()
            game._deal_again(dict(zip(hidden, dealt_again, strict=True)))
            if game._possible_after_redeal():
                game.core.rng = random.Random(rng.getrandbits(64))
                game.state_changed()
                return game
        raise RuntimeError(f"no deal of the hidden cards fits what seat {seat} has seen")

    def _deal_again(self, cards: dict[int, int]) -> None:
        """Put the cards dealt again in the places of those they replace (hands kept sorted)."""
        core = self.core

        def moved(pieces: list[int]) -> list[int]:
            return [cards.get(piece, piece) for piece in pieces]

        kept_is_hands = core.kept is core.hands
        core.hands = [sorted(moved(hand)) for hand in core.hands]
        core.kept = core.hands if kept_is_hands else [sorted(moved(hand)) for hand in core.kept]
        core.peg_hands = [self._sorted_pegging_hand(moved(hand)) for hand in core.peg_hands]
        core.crib = moved(core.crib)
        core.starter = cards.get(core.starter, core.starter)
        self._discards = [sorted(moved(pieces)) for pieces in self._discards]
        core.low = [min((VALUE[piece] for piece in hand), default=NO_PIECE)
                    for hand in core.peg_hands]

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
