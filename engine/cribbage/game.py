"""CribbageGame: the contract (engine/contract.py) over Cribbage's rules core, for 2-4 players.

The core (engine/cribbage/sim.py `CribbageSim`, or a subclass's: `core_class`) plays every
rule; this class turns its action codes into dict actions and back. Its base, game_record.py's
CribbageRecord, narrates the core's journal into events and keeps what the table shows of the
past. PIP Cribbage and Crib Race subclass it for their own events and view keys
(`_deal_events`, `_own_entry`, `_score_event`, `_play_event`, `view`).

Phases (view "phase"): "discard" (simultaneous: every seat that still has to discard acts),
"play", "show" (only waits for players with muggins on, or at a subclass's pause), "over".
After a complete show the next deal starts at once, the deal passing to the left.

Actions: {"type": "discard", "cards": ["5H", "TS"]} (canonical order: rank, then suit S H D C;
any order and "10H" accepted), {"type": "play", "card": "5H"}, {"type": "go"},
{"type": "claim", "points": n}, {"type": "muggins"}, {"type": "keep"}, {"type": "give_back"},
{"type": "pass"} (declining muggins on the deal's last count).

Muggins (option; docs/RULES.md C-14 to C-19): the counting seat claims its count; a claim
above the true count makes a "recount" event, scores nothing, and from then on the count's
claims offered are those below the lowest refused one.

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
                     None; its cards are face up (the crib is shown from this moment); and
                     "refused": the claims refused as too many so far, once there is one
    last_show        the previous deal's complete show (same shape), for reading after a deal
    muggins          None, or {"claim": {"seat", "kind", "claimed"}, "may_press": [seats],
                     "chooser": seat or None, "points": missed points while a chooser decides}
For the seat itself only: hand (cards still held, sorted), kept (the cards kept after the
discard, or None before), discards (its own discards). The crib's cards appear only in `show`,
once counted; the deck order and other seats' hands never appear.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, card_strs, format_cards, parse_card, parse_cards
from engine.contract import Action, Event
from engine.cribbage import words
from engine.cribbage.claims import claim_ranges
from engine.cribbage.game_record import (
    DISCARD,
    LEGACY_MAX_CLAIM,
    PLAY,
    SHOW,
    SIMPLE_ACTIONS,
    CribbageRecord,
)
from engine.cribbage.pieces import (
    CARD_OF,
    CARDS,
    GO,
    KIND_WORDS,
    LIMIT,
    PIECE_OF_TEXT,
    SHOWING,
    TEXT,
    VALUE,
)
from engine.cribbage.words import card_key, seat_does, too_many
from engine.errors import IllegalAction


class CribbageGame(CribbageRecord):
    # ----- the core's state, as the table and the tests read it ---------------------------------
    @property
    def scores(self) -> list[int]:
        """Each side's score: the core's own list (a test may set it)."""
        return self.core.side_scores

    @scores.setter
    def scores(self, scores: list[int]) -> None:
        self.core.side_scores = list(scores)

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's hand while discarding (afterwards: the kept cards)."""
        return [[CARD_OF[piece] for piece in hand] for hand in self.core.hands]

    @property
    def discards(self) -> list[list[Card]]:
        """Each seat's discards this deal."""
        return [[CARD_OF[piece] for piece in pieces] for pieces in self._discards]

    @property
    def crib(self) -> list[Card]:
        return sorted((CARD_OF[piece] for piece in self.core.crib), key=card_key)

    @property
    def starter(self) -> Card | None:
        core = self.core
        return None if core.phase in self.dealing_phases else CARD_OF[core.starter]

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

    def decision_key(self, seat: int) -> object:
        # A claim and a Muggins! press are each about one count (docs/RULES.md C-16): the
        # offer on one claim reads the same as the offer on the next, the count tells them
        # apart. The count a seat claims and the one it may press on, not the show's place:
        # a press that closes a window leaves the next count's claim the decision it was.
        core = self.core
        if core.phase != SHOWING:
            return None
        window = core.window
        pressing = window[0] if window is not None and seat in core._pressers() else None
        claiming = core.step_index if seat == core._counter() else None
        return (self.deal_number, claiming, pressing)

    def _legal_actions(self, seat: int) -> list[Action]:
        core = self.core
        codes = core.legal(seat)
        if codes and codes[0] < GO:  # the play: most moves, each card's action made once
            plays = self._plays
            return [plays.get(code) or plays.setdefault(code, {"type": "play", "card": TEXT[code]})
                    for code in codes]
        action = core.action
        return [action(seat, code) for code in codes]

    def _still_accepts(self, seat: int, action: Action, legal: list[Action]) -> bool:
        # Releases before the claim menus were narrowed offered every count up to the most a
        # hand of dice could make, and before C-19 a claim refused as too many again: a saved
        # claim no hand can make, or one refused already, is still a claim (too high is a
        # recount, too low is scored).
        return (action["type"] == "claim" and 0 <= action["points"] <= LEGACY_MAX_CLAIM
                and any(offered["type"] == "claim" for offered in legal))

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
        raise IllegalAction(f"{self.title} has no move called {kind!r}.")

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
                # Every total a count of this shape (so many cards, so many dice) can make,
                # below the lowest claim refused (C-19).
                offered = [a["points"] for a in self._legal_now(seat) if a["type"] == "claim"]
                points, refused = action["points"], core.lowest_refused
                if refused is not None and points >= refused:
                    kind_word = KIND_WORDS[core.steps[core.step_index][0]]
                    return f"{too_many(kind_word, refused)} Claim {claim_ranges(offered)}."
                return f"No hand counts {points}: claim {claim_ranges(offered)}."
            if kind in ("muggins", "pass"):
                return "You cannot call muggins now."
        return "That move is not allowed right now."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        core = self.core
        kind = action["type"]
        if kind == "play":  # most moves: the card is its own code
            text = action["card"]  # as legal_actions spells it (or normalize)
            piece = PIECE_OF_TEXT[text]
            self.pile.append(piece)
            self.played[seat].append(piece)
            head = [self._play_event(seat, text, core.count + VALUE[piece])]
            return head + self._narrated(lambda: core.play(seat, piece))
        if kind == "go":
            head = [{"type": "go", "seat": seat, "count": core.count,
                     "text": f"{words.SEATS_SAY[seat]} go.", "chorus": "say go."}]
        elif kind == "discard":
            head = self._discard_events(seat, action["cards"])
        elif kind == "claim":
            head = self._claim_events(seat, action["points"])
        elif kind == "muggins":
            head = self._muggins_events(seat)
        elif kind in ("keep", "give_back"):
            head = self._choice_events(seat, kind == "keep")
        elif kind == "pass":
            if set(core._pressers()) <= {seat}:  # the last to let it stand: the count is shown
                self._close_window(core.window[0])  # type: ignore[index]
            head = [{"type": "pass", "seat": seat,
                     "text": f"{seat_does(seat, 'lets')} the count stand."}]
        else:  # a subclass's own move: its journal entries tell it
            head = []
        code = core.code(seat, action)
        return head + self._narrated(lambda: core.play(seat, code))
