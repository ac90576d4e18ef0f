"""CribbageGame: the deal, the play and the show, for 2-4 players, built for subclassing.

PIP Cribbage and Crib Race subclass this game and change only its hooks:

    _deal_plan()            cards per seat, discards, crib cards from the deck, discards to bottom
    _new_deck()             the cards shuffled for a deal
    _show_order()           the list of ShowSteps counted in the show
    _show_pieces(step)      the pieces a hand or the crib counts (PIP: dice added)
    _count(step)            the Breakdown of one count (PIP: other flush rules)
    _pegging_hands()        the pieces each seat lays in the play (PIP: the kept cards and
                            the die, twice on Double PIP)
    _pause_before_count(step)  True to stop the show for a choice (PIP: Turn before the
                            dealer's hand); the subclass resumes with `_advance_show()`
    _after_count(step)      events right after a count is scored (PIP: the Crib Bonus point)
    _after_show()           events after a complete show, before the next deal (PIP: die moves)
    _peg(side, points)      how points move a side (Crib Race: a peg on a track, nothing while
                            boxed); returns extra events
    _has_won(side)          the win test (Crib Race: the peg reached the finish)
    _finish(side)           sets the outcome

A subclass adds a phase of its own (PIP Cribbage's choices) by setting `self.phase` to its
name after `_start_deal()` or in `_pause_before_count`, and handling that phase in to_act,
legal_actions and _apply before deferring to super() for every other phase.

Every point any side scores goes through `_score(seat, points_or_breakdown, reason)`, which
calls `_peg`, checks `_has_won` and ends the game at once, in the middle of the play or the
show. Callers stop as soon as `self.outcome` is set.

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

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from engine.cards import (
    SUITS,
    Card,
    card_strs,
    format_cards,
    parse_card,
    parse_cards,
    shuffled,
    standard_deck,
)
from engine.contract import Action, Event, Game, View
from engine.cribbage.claims import claim_ranges, possible_counts
from engine.cribbage.deal import (
    DealPlan,
    cribbage_plan,
    cut_for_first_deal,
    deal,
    is_heels,
    starter_cutter,
)
from engine.cribbage.outcome import cribbage_outcome
from engine.cribbage.pegging import MoveResult, Pegging
from engine.cribbage.scoring import Breakdown, FlushRule, ScoreItem, score_hand
from engine.cribbage.show import CRIB, ShowCount, ShowStep, standard_show_order
from engine.cribbage.sides import Sides
from engine.errors import IllegalAction

DISCARD, PLAY, SHOW, OVER = "discard", "play", "show", "over"
SIMPLE_ACTIONS = ("go", "muggins", "keep", "give_back", "pass")
#: The highest claim any earlier release offered (PIP Cribbage with Borrowed PIP).
LEGACY_MAX_CLAIM = 75
REASON_WORDS = {"play": "the play", "go": "the go", "heels": "his heels", "hand": "the hand",
                "crib": "the crib"}


def card_key(card: Card) -> tuple[int, int]:
    """Canonical order: rank, then suit S H D C, dice (no suit) after suited cards."""
    key = _CARD_KEYS.get(card)
    if key is None:
        return card.rank, SUITS.index(card.suit) if card.suit else len(SUITS)
    return key


#: card_key of every card and die, looked up: hands are sorted at every deal and count.
_CARD_KEYS = {card: (card.rank, SUITS.index(card.suit) if card.suit else len(SUITS))
              for card in (*standard_deck(), *(Card(face, None) for face in range(1, 7)))}


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """The cards in canonical order (card_key), each card's key looked up."""
    cards = list(cards)
    try:
        return sorted(cards, key=_CARD_KEYS.__getitem__)
    except KeyError:  # not a real card or die
        return sorted(cards, key=card_key)


def seat_name(seat: int) -> str:
    """How event text names a seat: "{s0}", which each reader replaces with a name (or "you",
    see engine.seat_words)."""
    return f"{{s{seat}}}"


def seat_does(seat: int, verb: str) -> str:
    """The seat doing something: "{s0:plays}", read "Ann plays" or "You play"."""
    return f"{{s{seat}:{verb}}}"


def seats(seat: int) -> str:
    """The seat's: "{s0's}", read "Ann's" or "your"."""
    return f"{{s{seat}'s}}"


#: seat_does of every seat a game can have (up to 8), for the moves made most often.
SEATS_PLAY = tuple(seat_does(seat, "plays") for seat in range(8))
SEATS_SAY = tuple(seat_does(seat, "says") for seat in range(8))
SEATS_PEG = tuple(seat_does(seat, "pegs") for seat in range(8))


class CribbageGame(Game):
    name = "cribbage"
    # The previous deal's show: its records are never changed after the deal, and their JSON
    # is made only when a view reads it.
    shared_on_clone = (*Game.shared_on_clone, "_last_show_counts", "_last_show", "first_cut")

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.sides = self._make_sides()
        self.target: int = int(self.options.get("target", 121))
        self.muggins_rule: bool = bool(self.options.get("muggins", False))
        self.scores = [0] * self.sides.count
        self.back_pegs = [0] * self.sides.count
        self.first_cut = cut_for_first_deal(players, self.rng)
        self.dealer = self.first_cut.dealer
        self.deal_number = 0
        self._last_show_counts: list[ShowCount] = []
        self._last_show: list[dict[str, Any]] | None = []
        #: Set by a refused claim, which leaves the state as it was (see _forget_choices).
        self._recounting = False
        self.start_events = [self._first_cut_event(), *self._start_deal()]

    @property
    def last_show(self) -> list[dict[str, Any]]:
        """The previous deal's complete show, as the view publishes it."""
        if self._last_show is None:
            self._last_show = [record.to_json() for record in self._last_show_counts]
        return self._last_show

    def _first_cut_event(self) -> Event:
        rounds = "; then ".join(
            ", ".join(f"{seat_does(seat, 'cuts')} {card}" for seat, card in cuts)
            for cuts in self.first_cut.rounds
        )
        return {
            "type": "first_cut",
            **self.first_cut.to_json(),
            "text": f"Cut for deal: {rounds}. Lowest card deals: {seat_name(self.dealer)}.",
        }

    # ===== hooks ===============================================================================
    def _make_sides(self) -> Sides:
        return Sides.cribbage(self.players)

    def _deal_plan(self) -> DealPlan:
        return cribbage_plan(self.players)

    def _new_deck(self) -> list[Card]:
        return shuffled(standard_deck(), self.rng)

    def _pegging_hands(self) -> list[list[Card]]:
        return [list(kept) for kept in self.kept]

    def _show_order(self) -> list[ShowStep]:
        return standard_show_order(self.players, self.dealer)

    def _show_pieces(self, step: ShowStep) -> list[Card]:
        return list(self.crib) if step.kind == CRIB else list(self.kept[step.seat])

    def _flush_rule(self, step: ShowStep) -> FlushRule:
        return FlushRule.CRIB if step.kind == CRIB else FlushRule.HAND

    def _count(self, step: ShowStep) -> Breakdown:
        return score_hand(self._show_pieces(step), self.starter, flush=self._flush_rule(step))

    def _pause_before_count(self, step: ShowStep) -> bool:
        return False

    def _after_count(self, step: ShowStep) -> list[Event]:
        return []

    def _after_show(self) -> list[Event]:
        return []

    def _still_accepts(self, seat: int, action: Action, legal: list[Action]) -> bool:
        # Releases before the claim menus were narrowed offered every count up to the most a
        # hand of dice could make: a saved claim no hand can make is still a claim (too high
        # is a recount, too low is scored).
        return (action["type"] == "claim" and 0 <= action["points"] <= LEGACY_MAX_CLAIM
                and any(offered["type"] == "claim" for offered in legal))

    def _claims(self) -> tuple[int, ...]:
        """The claims offered for the count waiting: every total a hand or crib of its shape
        (so many cards, so many dice) can make, so nobody is offered 19."""
        step = self.show_steps[self.show_index]
        pieces = self._show_pieces(step)
        dice = sum(1 for piece in pieces if piece.is_die)
        return possible_counts(len(pieces) - dice, dice, self._flush_rule(step))

    def _peg(self, side: int, points: int) -> list[Event]:
        """Move the side's pegs: the back peg jumps to the old front position."""
        self.back_pegs[side] = self.scores[side]
        self.scores[side] += points
        return []

    def _has_won(self, side: int) -> bool:
        return self.scores[side] >= self.target

    def _finish(self, side: int) -> None:
        self.outcome = cribbage_outcome(self.sides, self.scores, side, self.target)

    # ===== the one way points are scored ========================================================
    def _score(self, seat: int, scored: Breakdown | int, reason: str) -> list[Event]:
        """Score points for `seat`'s side; ends the game at once when the side wins.

        reason: "play", "go", "last card", "heels", "hand", "crib", "muggins"."""
        if self.outcome is not None:
            return []
        if isinstance(scored, Breakdown):
            breakdown: Breakdown | None = scored
            points = scored.total
        else:
            breakdown, points = None, scored
        if points <= 0:
            return []
        side = self.sides.side_of[seat]
        extra = self._peg(side, points)
        score = self.scores[side]
        # The play's points are spelled out here; a count's words are in its "show" event.
        what = f": {breakdown.words()}" if breakdown and reason == "play" else ""
        events: list[Event] = [
            {
                "type": "score",
                "seat": seat,
                "side": side,
                "points": points,
                "reason": reason,
                "breakdown": breakdown.to_json() if breakdown else None,
                "score": score,
                "text": f"{SEATS_PEG[seat]} {points} for {REASON_WORDS.get(reason, reason)}"
                f"{what}. Score {score}.",
            },
        ]
        if extra:
            events += extra
        if self._has_won(side):
            self._finish(side)
            self.phase = OVER
            assert self.outcome is not None
            events.append(
                {"type": "game_over", "side": side, "outcome": self.outcome,
                 "text": self.outcome["detail"]}
            )
        return events

    # ===== the deal =============================================================================
    def _start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        self.deal_number += 1
        self.phase = DISCARD
        self.plan = self._deal_plan()
        dealt = deal(self._new_deck() if deck is None else list(deck), self.plan, self.dealer)
        self.hands = [sorted_cards(hand) for hand in dealt.hands]
        self.crib: list[Card] = dealt.crib
        self.deck = dealt.deck
        self.discards: list[list[Card]] = [[] for _ in range(self.players)]
        self.discarded = [self.plan.discards[s] == 0 for s in range(self.players)]
        self.kept: list[list[Card]] = [[] for _ in range(self.players)]
        self.starter: Card | None = None
        self.pegging: Pegging | None = None
        self.show_steps: list[ShowStep] = []
        self.show_index = 0
        self.show_counts: list[ShowCount] = []
        self._true_counts: list[Breakdown] = []
        self.window: dict[str, Any] | None = None
        self.chooser: dict[str, Any] | None = None
        events: list[Event] = [
            {"type": "deal", "dealer": self.dealer, "deal_number": self.deal_number,
             "text": f"Deal {self.deal_number}: {seat_does(self.dealer, 'deals')}."}
        ]
        if all(self.discarded):
            events += self._finish_discards()
        return events

    def restack(self, deck: Sequence[Card | str], dealer: int | None = None) -> list[Event]:
        """Redo the current deal from `deck` (top card first), for tests and puzzles.

        Only before anyone has discarded. Cards are dealt one at a time from the dealer's left,
        then the crib's cards from the deck, and the starter is the next card after that."""
        if self.phase != DISCARD or any(self.discards):
            raise ValueError("restack only at the start of a deal")
        cards = [parse_card(c) if isinstance(c, str) else c for c in deck]
        if dealer is not None:
            self.dealer = dealer
        self.deal_number -= 1
        events = self._start_deal(cards)
        self.state_changed()
        return events

    def _finish_discards(self) -> list[Event]:
        """Every discard is in: build the crib, cut the starter, then the play begins."""
        for seat in range(self.players):
            if seat in self.plan.to_bottom:
                self.deck.extend(self.discards[seat])
            else:
                self.crib.extend(self.discards[seat])
            self.kept[seat] = list(self.hands[seat])
        self.crib = sorted_cards(self.crib)
        self.starter = self.deck.pop(0)
        cutter = starter_cutter(self.players, self.dealer)
        events: list[Event] = [
            {"type": "starter", "card": str(self.starter), "seat": cutter,
             "text": f"{seat_does(cutter, 'cuts')}; the starter is {self.starter}."}
        ]
        if is_heels(self.starter):
            heels = Breakdown((ScoreItem("heels", 2, (self.starter,)),))
            events += self._score(self.dealer, heels, "heels")
            if self.outcome is not None:
                return events
        self.phase = PLAY
        self.pegging = Pegging(self._pegging_hands(), self.dealer)
        if self.pegging.over:
            events += self._begin_show()
        return events

    # ===== the play =============================================================================
    def _after_peg_move(self, result: MoveResult) -> list[Event]:
        events: list[Event] = []
        for award in result.awards:
            events += self._score(award.seat, award.breakdown, award.reason)
            if self.outcome is not None:
                return events
        if result.play_over:
            return events + self._begin_show()
        if result.finished_count is not None:
            events.append({"type": "count_reset", "cards": card_strs(result.finished_count),
                           "text": "The count starts again at 0."})
        return events

    # ===== the show =============================================================================
    def _begin_show(self) -> list[Event]:
        self.phase = SHOW
        self.show_steps = self._show_order()
        self.show_index = 0
        return self._advance_show()

    def _open_count(self, step: ShowStep) -> ShowCount:
        record = ShowCount(step=step, pieces=sorted_cards(self._show_pieces(step)),
                           starter=self.starter)
        self.show_counts.append(record)
        self._true_counts.append(self._count(step))
        return record

    def _advance_show(self) -> list[Event]:
        """Count automatically until the show waits for a player, ends, or the game ends."""
        events: list[Event] = []
        while self.show_index < len(self.show_steps):
            step = self.show_steps[self.show_index]
            if self._pause_before_count(step) or self.muggins_rule:
                return events
            record = self._open_count(step)
            breakdown = self._true_counts[-1]
            record.breakdown = breakdown
            record.scored = breakdown.total
            events.append(self._show_event(record))
            events += self._score(step.seat, breakdown, step.kind)
            if self.outcome is None:
                events += self._after_count(step)
            if self.outcome is not None:
                return events
            self.show_index += 1
        if self.window is not None or self.chooser is not None:
            return events  # opponents may still press muggins on the last count
        return events + self._end_show()

    def _show_event(self, record: ShowCount) -> Event:
        step, breakdown = record.step, record.breakdown
        whose = "crib" if step.kind == CRIB else "hand"
        words = breakdown.words() if breakdown else ""
        total = breakdown.total if breakdown else record.scored
        cards = card_strs(record.pieces)
        starter = str(self.starter)
        return {
            "type": "show", "seat": step.seat, "kind": step.kind,
            "cards": cards, "starter": starter,
            "breakdown": breakdown.to_json() if breakdown else None,
            "points": total,
            "text": f"{seats(step.seat)} {whose} {' '.join(cards)} "
            f"with {starter}: {words} — {total}.",
        }

    def _end_show(self) -> list[Event]:
        self._last_show_counts, self._last_show = self.show_counts, None
        events = self._after_show()
        if self.outcome is not None:
            return events
        self.dealer = (self.dealer + 1) % self.players
        return events + self._start_deal()

    # ===== muggins ==============================================================================
    def _counter(self) -> int | None:
        """The seat whose count waits for a claim (muggins on), or None."""
        if self.phase != SHOW or not self.muggins_rule or self.chooser is not None:
            return None
        if self.show_index < len(self.show_steps):
            return self.show_steps[self.show_index].seat
        return None

    def _pressers(self) -> list[int]:
        if self.window is None or self.chooser is not None:
            return []
        return [s for s in self.sides.opponents_of(self.window["seat"])
                if s not in self.window["passed"]]

    def _close_window(self) -> None:
        """Nobody may press muggins on the last claim any more: show its breakdown."""
        if self.window is not None:
            index = self.window["index"]
            self.show_counts[index].breakdown = self._true_counts[index]
            self.window = None

    def _claim(self, seat: int, points: int) -> list[Event]:
        step = self.show_steps[self.show_index]
        if len(self.show_counts) <= self.show_index:
            self._open_count(step)
        record = self.show_counts[self.show_index]
        true_total = self._true_counts[self.show_index].total
        whose = "crib" if step.kind == CRIB else "hand"
        if points > true_total:
            self._recounting = True
            return [{"type": "recount", "seat": seat, "kind": step.kind, "claimed": points,
                     "cards": card_strs(record.pieces),
                     "text": f"{seat_does(seat, 'claims')} {points} for the {whose}: "
                     "that is too many. Count again."}]
        self._close_window()
        record.claimed = points
        record.scored = points
        events: list[Event] = [
            {"type": "claim", "seat": seat, "kind": step.kind, "points": points,
             "cards": card_strs(record.pieces), "starter": str(self.starter),
             "text": f"{seat_does(seat, 'claims')} {points} for the {whose}: "
             f"{format_cards(record.pieces)} with {self.starter}."}
        ]
        events += self._score(seat, points, step.kind)
        if self.outcome is None:
            events += self._after_count(step)
        if self.outcome is not None:
            return events
        self.window = {"index": self.show_index, "seat": seat, "missed": true_total - points,
                       "passed": []}
        self.show_index += 1
        return events + self._advance_show()

    def _press_muggins(self, seat: int) -> list[Event]:
        assert self.window is not None
        window = self.window
        index = window["index"]
        owner = window["seat"]
        self._close_window()
        breakdown = self._true_counts[index]
        if window["missed"] == 0:
            self.show_counts[index].muggins = {"seat": seat, "points": 0, "kept": None}
            events: list[Event] = [
                {"type": "muggins", "seat": seat, "owner": owner, "points": 0,
                 "breakdown": breakdown.to_json(),
                 "text": f"{seat_does(seat, 'calls')} muggins, but {seat_name(owner)} counted "
                 f"right: {breakdown.words()}."}
            ]
            return events + self._continue_after_muggins()
        self.chooser = {"seat": seat, "owner": owner, "points": window["missed"], "index": index}
        return [
            {"type": "muggins", "seat": seat, "owner": owner, "points": window["missed"],
             "breakdown": breakdown.to_json(),
             "text": f"Muggins! {seat_does(seat, 'finds')} {window['missed']} more in "
             f"{seats(owner)} count ({breakdown.words()}) and may keep them or give "
             "them back."}
        ]

    def _choose(self, seat: int, keep: bool) -> list[Event]:
        assert self.chooser is not None
        chooser, self.chooser = self.chooser, None
        points, owner = chooser["points"], chooser["owner"]
        self.show_counts[chooser["index"]].muggins = {"seat": seat, "points": points,
                                                      "kept": keep}
        if keep:
            text = f"{seat_does(seat, 'keeps')} the {points} muggins points."
        else:
            text = f"{seat_does(seat, 'gives')} the {points} points back to {seat_name(owner)}."
        events: list[Event] = [{"type": "keep" if keep else "give_back", "seat": seat,
                                "owner": owner, "points": points, "text": text}]
        events += self._score(seat if keep else owner, points, "muggins")
        if self.outcome is not None:
            return events
        return events + self._continue_after_muggins()

    def _forget_choices(self) -> None:
        # A claim above the count is refused and changes nothing: the same seats act with the
        # same actions, and a hurried (or random) counter claims again and again.
        if self._recounting:
            self._recounting = False
            return
        self._acting = None  # Game._forget_choices, inline: it runs after every move
        self._legal = {}

    def _continue_after_muggins(self) -> list[Event]:
        if self.show_index >= len(self.show_steps):
            return self._end_show()
        return []

    def _pass(self, seat: int) -> list[Event]:
        assert self.window is not None
        self.window["passed"].append(seat)
        events: list[Event] = [{"type": "pass", "seat": seat,
                                "text": f"{seat_does(seat, 'lets')} the count stand."}]
        if not self._pressers():
            self._close_window()
            events += self._end_show()
        return events

    # ===== the contract =========================================================================
    def _to_act(self) -> list[int]:
        if self.outcome is not None:
            return []
        if self.phase == PLAY:
            assert self.pegging is not None and self.pegging.turn is not None
            return [self.pegging.turn]
        if self.phase == DISCARD:
            return [s for s in range(self.players) if not self.discarded[s]]
        if self.phase == SHOW:
            if self.chooser is not None:
                return [self.chooser["seat"]]
            counter = self._counter()
            seats = set(self._pressers())
            if counter is not None:
                seats.add(counter)
            return sorted(seats)
        return []

    def waiting_for(self) -> list[int]:
        if self.phase == SHOW and self.chooser is None:
            counter = self._counter()
            if counter is not None:
                return [counter]  # pressing muggins is optional while the next count waits
        return self.to_act()

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PLAY:  # asked after almost every move: the turn is all that is needed
            pegging = self.pegging
            assert pegging is not None
            if seat != pegging.turn:
                return []
            # It is this seat's turn: with nothing that fits, its only move is go.
            texts = card_strs(pegging.playable(seat))
            if not texts:
                return [{"type": "go"}]
            return [{"type": "play", "card": text} for text in texts]
        if seat not in self._acting_now():
            return []
        if phase == DISCARD:
            return [{"type": "discard", "cards": list(texts)}
                    for texts in self._discard_choices(seat)]
        actions: list[Action] = []
        if self.chooser is not None:
            return [{"type": "keep"}, {"type": "give_back"}]
        if seat == self._counter():
            actions += [{"type": "claim", "points": n} for n in self._claims()]
        if seat in self._pressers():
            actions.append({"type": "muggins"})
            if self._counter() is None:
                actions.append({"type": "pass"})
        return actions

    def _discard_choices(self, seat: int) -> list[tuple[str, ...]]:
        """Every distinct set of cards the seat may discard, as card texts."""
        hand = card_strs(self.hands[seat])
        choices = list(combinations(hand, self.plan.discards[seat]))
        if len(set(hand)) < len(hand):  # a hand may hold two equal pieces (dice)
            choices = list(dict.fromkeys(choices))
        return choices

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
        if self.phase == DISCARD:
            if kind != "discard":
                return "Discard to the crib first."
            need = self.plan.discards[seat]
            cards = [parse_card(c) for c in action["cards"]]
            if len(cards) != need:
                return f"Discard exactly {need} card{'s' if need > 1 else ''}."
            if len(set(cards)) < len(cards) and all(c in self.hands[seat] for c in cards):
                return "Name each card you discard once."
            missing = [c for c in cards if cards.count(c) > self.hands[seat].count(c)]
            if missing:
                return f"You do not hold {format_cards(dict.fromkeys(missing))}."
            return "You cannot discard those cards."
        if self.phase == PLAY:
            assert self.pegging is not None
            if kind == "go":
                return "You can still play a card, so you cannot say go."
            if kind != "play":
                return "Play a card, or say go if you cannot."
            card = parse_card(action["card"])
            if card not in self.pegging.hands[seat]:
                return f"You do not hold {card}."
            if not self.pegging.fits(card):
                return f"{card} would take the count past 31 (it is {self.pegging.count})."
            return "You cannot play that now."
        if self.phase == SHOW:
            if self.chooser is not None:
                return "Choose to keep the muggins points or give them back."
            if kind == "claim":
                if seat != self._counter():
                    return "It is not your count to claim."
                return f"No hand counts {action['points']}: claim {claim_ranges(self._claims())}."
            if kind in ("muggins", "pass"):
                return "You cannot call muggins now."
        return "That move is not allowed right now."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action["type"]
        if kind in ("play", "go"):
            assert self.pegging is not None
            if kind == "play":
                text = action["card"]  # as legal_actions spells it (or normalize)
                result = self.pegging.play(seat, parse_card(text))
                event: Event = {"type": "play", "seat": seat, "card": text,
                                "count": result.count,
                                "text": f"{SEATS_PLAY[seat]} {text}, count {result.count}."}
            else:
                result = self.pegging.go(seat)
                event = {"type": "go", "seat": seat, "count": result.count,
                         "text": f"{SEATS_SAY[seat]} go."}
            if result.awards or result.finished_count is not None:  # most moves: neither
                return [event, *self._after_peg_move(result)]
            return [event]
        if kind == "discard":
            return self._discard(seat, [parse_card(c) for c in action["cards"]])
        if kind == "claim":
            return self._claim(seat, action["points"])
        if kind == "muggins":
            return self._press_muggins(seat)
        if kind in ("keep", "give_back"):
            return self._choose(seat, keep=kind == "keep")
        return self._pass(seat)

    def _discard(self, seat: int, cards: list[Card]) -> list[Event]:
        for card in cards:
            self.hands[seat].remove(card)
        self.discards[seat] = cards
        self.discarded[seat] = True
        where = "under the deck" if seat in self.plan.to_bottom else "to the crib"
        n = len(cards)
        events: list[Event] = [
            {"type": "discard", "seat": seat, "count": n,
             "text": f"{seat_does(seat, 'discards')} {n} card{'s' if n > 1 else ''} {where}."},
            {"type": "discard_cards", "seat": seat, "cards": card_strs(cards), "to": seat,
             "retells": True, "text": f"You discard {format_cards(cards)} {where}."},
        ]
        if all(self.discarded):
            events += self._finish_discards()
        return events

    # ===== views ================================================================================
    def view(self, seat: int | None) -> View:
        pegging = self.pegging
        counter = self._counter()
        view: View = {
            "game": self.name,
            "seat": seat,
            "players": self.players,
            "to_act": self.to_act(),
            "waiting_for": self.waiting_for(),
            "outcome": self.outcome,
            "phase": self.phase,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "crib_owner": self.dealer,
            "target": self.target,
            "muggins_rule": self.muggins_rule,
            "sides": self.sides.as_lists(),
            "scores": list(self.scores),
            "previous_scores": list(self.back_pegs),
            "first_cut": self.first_cut.to_json(),
            "starter": str(self.starter) if self.starter else None,
            "count": pegging.count if pegging else 0,
            "pile": card_strs(pegging.pile) if pegging else [],
            "played": [card_strs(p) for p in pegging.played] if pegging
            else [[] for _ in range(self.players)],
            "hand_sizes": self._hand_sizes(),
            "discarded": [s for s in range(self.players)
                          if self.discarded[s] and self.plan.discards[s]],
            "crib_size": self._crib_size(),
            "turn": pegging.turn if pegging and self.phase == PLAY else None,
            "passed": sorted(pegging.passed) if pegging and self.phase == PLAY else [],
            "last_player": pegging.last_player if pegging and pegging.pile else None,
            "show": [record.to_json() for record in self.show_counts
                     if record.claimed is not None or record.breakdown is not None],
            "next_count": self._next_count_view(counter),
            "last_show": self.last_show,
            "muggins": self._muggins_view(),
        }
        if seat is not None and 0 <= seat < self.players:
            view["hand"] = card_strs(self._held(seat))
            view["kept"] = card_strs(self.kept[seat]) if self.phase != DISCARD else None
            view["discards"] = card_strs(self.discards[seat])
        return view

    def _next_count_view(self, counter: int | None) -> dict[str, Any] | None:
        """The count waiting for a claim, with its cards: a hand or crib is laid face up to be
        counted, so everyone sees it (the crib too, from this moment)."""
        if counter is None:
            return None
        step = self.show_steps[self.show_index]
        pieces = sorted_cards(self._show_pieces(step))
        return {"kind": step.kind, "seat": counter, "cards": card_strs(pieces)}

    def _held(self, seat: int) -> list[Card]:
        if self.phase == PLAY and self.pegging is not None:
            return sorted_cards(self.pegging.hands[seat])
        if self.phase == DISCARD:
            return list(self.hands[seat])
        return list(self.kept[seat])

    def _hand_sizes(self) -> list[int]:
        return [len(self._held(s)) for s in range(self.players)]

    def _crib_size(self) -> int:
        if self.phase != DISCARD:
            return len(self.crib)
        return len(self.crib) + sum(len(d) for s, d in enumerate(self.discards)
                                    if s not in self.plan.to_bottom)

    def _muggins_view(self) -> dict[str, Any] | None:
        if self.chooser is not None:
            return {"claim": {"seat": self.chooser["owner"]}, "may_press": [],
                    "chooser": self.chooser["seat"], "points": self.chooser["points"]}
        if self.window is None:
            return None
        record = self.show_counts[self.window["index"]]
        return {"claim": {"seat": self.window["seat"], "kind": record.step.kind,
                          "claimed": record.claimed},
                "may_press": self._pressers(), "chooser": None, "points": None}

    # ===== for search ===========================================================================
    def _hidden_cards(self, seat: int) -> list[Card]:
        seen = self._cards_seen_by(seat)
        # Walked in a fixed order of places (hands sorted, the stock in its order), so a card's
        # position in this list depends only on what the seat sees: see Game.determinize.
        # A discard is also in the crib (or under the stock): its own place comes first.
        places = [*self.discards, *(self.pegging.hands if self.pegging else []), *self.hands,
                  *self.kept, self.crib, self.deck]
        hidden = dict.fromkeys(card for place in places for card in place
                               if not card.is_die and card not in seen)
        return list(hidden)

    def _cards_seen_by(self, seat: int) -> set[Card]:
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
        return {parse_card(text) for text in texts}

    def _tidy_after_redeal(self) -> None:
        for place in (*self.hands, *self.discards, *self.kept, self.crib):
            place.sort(key=card_key)
        if self.pegging is not None:
            for hand in self.pegging.hands:  # the kept cards in order, then any PIP die
                hand.sort(key=lambda piece: (piece.is_die, card_key(piece)))

    def _possible_after_redeal(self) -> bool:
        # A seat that said go in this count cannot hold a card that fits.
        pegging = self.pegging
        return (pegging is None or self.phase != PLAY
                or not any(pegging.can_play(seat) for seat in pegging.passed))

    # ===== for tests and tools ==================================================================
    def all_cards(self) -> list[Card]:
        """Every card of the deal wherever it is now (hands, discards, crib, deck, starter)."""
        cards = list(self.deck) + list(self.crib)
        if self.phase == DISCARD:
            for seat in range(self.players):
                cards += self.hands[seat] + self.discards[seat]
        else:
            for seat in range(self.players):
                cards += self.kept[seat]
        if self.starter is not None:
            cards.append(self.starter)
        return cards
