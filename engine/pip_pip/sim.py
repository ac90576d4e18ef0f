"""Pip Pip's rules core: the only implementation of its rules, on small integers.

The contract game (game.py) narrates it; the expert's search plays it directly (engine/sim.py's
protocol). `journal` is a list only while the contract game narrates a step: the core records
there what the step did (see Entry below); in search it is None and nothing is recorded.

A card is ``suit << 4 | strength`` (suit by its place in SUITS, strength 0 for a 3 up to 12 for
a 2), so two cards of one suit compare by strength and ``card >> 4`` is its suit. An action code
is the card played, or CALL + suit for a Pip Pip, DOUBLE + suit for a double one.

Calls are the costly part of to_act(): any seat may call, on or off turn. Each seat keeps its
free kings and queens (in hand, not yet used in a call) as one base-3 number, KQ state, one
digit per card (two packs: at most two of each). A play, draw or call moves it by a table
entry, and the seat's calls are a table lookup by KQ state and trump; `mask` holds a bit for
every seat that can call, so to_act() is one lookup too.

For legal plays each seat also keeps its cards by suit (in hand order: following suit is a
copy of one list, sorted) and how many cards it holds twice (only then are copies left out).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from engine.cards import SUITS, Card, parse_card, standard_deck
from engine.contract import Action
from engine.errors import IllegalAction
from engine.sim import copy_of, shuffle

CALL, DOUBLE = 64, 68
HAND_SIZE = 7
#: Points for a captured card, by rank (2 = 11, A = 10, K = 5, Q = 4, J = 3; others 0: PP-13).
CARD_POINTS = {2: 11, 1: 10, 13: 5, 12: 4, 11: 3}
#: Points for each king-queen pair a call lays down.
CALL_POINTS = 50

#: What the journal records, one tuple per thing a step did, in the order it happened:
#:   (CUT, [(seat, card), ...])        a cut for the deal (the last one decides it)
#:   (DEALT, cut card)                 a round dealt: its trump from the cut card
#:   (STOPPED, cards set aside)        drawing stops at a trick's start
#:   (DREW, seat, card)                the seat that played draws a card
#:   (WON, winner, points, trick, leader, trump)   a trick taken, with the trump it was
#:                                     played in
#:   (ROUND_END, round)                a round's last trick taken
#:   (CALLED, seat, code, points, effect)   a call; effect: TRUMP_NOW (trump from this
#:                                     trick), TRUMP_NEXT (from the next) or TRUMP_KEPT
CUT, DEALT, STOPPED, DREW, WON, ROUND_END, CALLED = range(7)
TRUMP_NOW, TRUMP_NEXT, TRUMP_KEPT = range(3)
Entry = tuple[Any, ...]


def rounds_for(players: int, option: Any) -> int:
    """The number of rounds to play (`option` one of the option's choices): "all" is one deal
    per player; a number above the player count is refused here because Option choices cannot
    depend on the player count."""
    if option == "all":
        return players
    if option > players:
        raise IllegalAction(
            f"With {players} players Pip Pip plays at most {players} rounds (one deal each), "
            f"not {option}: seat {option} players or more, or choose fewer rounds."
        )
    return option


def strength(card: Card) -> int:
    """0 for a 3 up to 12 for a 2: Pip Pip ranks 3 4 5 6 7 8 9 T J Q K A 2 (PP-1)."""
    return (card.rank - 3) % 13


def encode(card: Card) -> int:
    return SUITS.index(card.suit or "S") << 4 | strength(card)


#: The two decks in a fixed order (104 cards, every card twice), and as codes: shuffled with
#: the same calls, both deal the same cards.
CARDS = tuple(standard_deck()) * 2
PACK = [encode(card) for card in CARDS]
CARD_OF: list[Card | None] = [None] * CALL
for _card in CARDS:
    CARD_OF[encode(_card)] = _card
TEXT = [str(card) if card else "" for card in CARD_OF]
POINTS = [CARD_POINTS.get(card.rank, 0) if card else 0 for card in CARD_OF]

_KING_STRENGTH, _QUEEN_STRENGTH = 10, 9  # strength() of a king (13) and a queen (12)
#: The KQ state digit of a king or queen (3 ** place), 0 for every other card.
KQ_DIGIT = [0] * CALL
#: The other card of a king-queen pair (the queen of a king, the king of a queen), -1 for
#: every other card.
PARTNER = [-1] * CALL
for _suit in range(4):
    _king, _queen = _suit << 4 | _KING_STRENGTH, _suit << 4 | _QUEEN_STRENGTH
    KQ_DIGIT[_king], KQ_DIGIT[_queen] = 3 ** (2 * _suit), 3 ** (2 * _suit + 1)
    PARTNER[_king], PARTNER[_queen] = _queen, _king

def beats(card: int, best: int, trump: int) -> bool:
    """Whether `card`, played after `best` (the card winning the trick so far), takes the lead
    (PP-5): of one suit the stronger, or the later of two identical cards; of two suits only a
    trump."""
    return card >= best if (card ^ best) < 16 else card >> 4 == trump


def trick_winner(trick: Sequence[int], trump: int) -> int:
    """The place in play order of the card that wins `trick` (trick[0] was led)."""
    best = 0
    for place in range(1, len(trick)):
        if beats(trick[place], trick[best], trump):
            best = place
    return best


def _calls_table() -> list[tuple[int, ...]]:
    """CALLS[kq_state << 2 | trump]: the call codes, in the contract's order (suit by suit, the
    single before the double; none in trump)."""
    # A seat's calls depend only on trump and its pairs in each suit: 0, 1 or 2, the fewer of
    # its free kings and queens.
    by_pairs = {
        pairs: [
            tuple(code for suit in range(4) if suit != trump
                  for code, needed in ((CALL + suit, 1), (DOUBLE + suit, 2))
                  if pairs[suit] >= needed)
            for trump in range(4)
        ]
        for pairs in itertools.product(range(3), repeat=4)
    }
    table: list[tuple[int, ...]] = []
    # product() counts with its last place fastest: digits[7 - place] is the state's digit at
    # 3 ** place, and the king and queen of a suit are places 2 * suit and 2 * suit + 1.
    for digits in itertools.product(range(3), repeat=8):
        table += by_pairs[min(digits[7], digits[6]), min(digits[5], digits[4]),
                          min(digits[3], digits[2]), min(digits[1], digits[0])]
    return table


CALLS = _calls_table()
#: Sorted seats for every bit set of seats (to_act() is one of these).
SEATS_OF = [tuple(seat for seat in range(8) if bits >> seat & 1) for bits in range(256)]
#: The bit of a seat; the last entry (turn == -1, the game over) is no bit.
BIT = [1 << seat for seat in range(8)] + [0]


class PipPipSimulation:
    __slots__ = (
        "dealer", "doubled", "drawing", "face_up", "hands", "journal", "kq", "leader", "mask",
        "next_trump", "pile", "players", "points", "rng", "rng_owned", "round", "rounds_total",
        "set_aside", "suited", "totals", "trick", "trump", "trump_set_by_call", "turn", "won",
    )

    players: int
    rounds_total: int
    round: int
    dealer: int
    rng: random.Random
    rng_owned: bool  # False while the generator is shared with a clone: copy it before use
    totals: list[int]  # each seat's score
    hands: list[list[int]]
    pile: list[int]  # the top of the pile is the end of the list
    set_aside: list[int]  # the pile, once drawing stopped
    trick: list[int]  # the cards played to this trick; the leader played the first
    kq: list[int]  # each seat's KQ state: its free kings and queens
    # Each seat's face-up cards (called, still in hand) in the order its calls laid them down.
    face_up: list[list[int]]
    doubled: list[int]  # each seat's cards held twice: its legal plays need a copy left out
    suited: list[list[int]]  # [seat << 2 | suit]: the seat's cards of that suit, in hand order
    mask: int  # a bit for every seat that can call now
    trump: int
    next_trump: int  # -1: no call has chosen the next trick's trump
    # True once a call has decided the trump of the current (or about to be led) trick, so
    # that a later call in the same window scores but does not move trump again.
    trump_set_by_call: bool
    drawing: bool
    leader: int
    turn: int  # -1 once the game is over
    points: list[tuple[int, int]]
    won: list[int] | None
    journal: list[Entry] | None

    # ---- the constructors -----------------------------------------------------------------

    @classmethod
    def new(cls, players: int, options: dict[str, Any], seed: int) -> PipPipSimulation:
        return cls.dealt(players, options, random.Random(seed))

    @classmethod
    def dealt(cls, players: int, options: dict[str, Any], rng: random.Random,
              journal: list[Entry] | None = None) -> PipPipSimulation:
        """A new game, the deal cut for and the first round dealt, drawing from `rng`; what
        that did goes into `journal` if given."""
        sim = cls.__new__(cls)
        sim.players = players
        sim.rounds_total = rounds_for(players, options.get("rounds", "all"))
        sim.round = 0
        sim.rng, sim.rng_owned = rng, True
        sim.totals = [0] * players
        sim.points = []
        sim.won = None
        sim.journal = journal
        sim.dealer = sim._cut_for_deal()
        sim._start_round()
        sim.journal = None
        return sim

    @classmethod
    def from_game(cls, game: Any) -> PipPipSimulation:
        """The contract game's own core, as an independent copy."""
        return game.core.clone()

    def clone(self) -> PipPipSimulation:
        twin = PipPipSimulation.__new__(PipPipSimulation)
        twin.players, twin.rounds_total, twin.round = self.players, self.rounds_total, self.round
        twin.dealer = self.dealer
        # Both share the generator until one of them deals: that one copies it first.
        twin.rng = self.rng
        twin.rng_owned = self.rng_owned = False
        twin.totals = self.totals[:]
        twin.hands = [hand[:] for hand in self.hands]
        twin.pile, twin.set_aside, twin.trick = self.pile[:], self.set_aside[:], self.trick[:]
        twin.kq, twin.mask = self.kq[:], self.mask
        twin.face_up = [cards[:] for cards in self.face_up]
        twin.doubled = self.doubled[:]
        twin.suited = [cards[:] for cards in self.suited]
        twin.trump, twin.next_trump = self.trump, self.next_trump
        twin.trump_set_by_call, twin.drawing = self.trump_set_by_call, self.drawing
        twin.leader, twin.turn = self.leader, self.turn
        twin.points = self.points[:]
        twin.won = None if self.won is None else self.won[:]
        twin.journal = None
        return twin

    def own_rng(self) -> random.Random:
        """The generator, made this state's own first if a clone shares it."""
        if not self.rng_owned:
            self.rng, self.rng_owned = copy_of(self.rng), True
        return self.rng

    def recount(self) -> None:
        """Work out, from the hands and the face-up cards, each seat's cards by suit, its cards
        held twice, its free kings and queens and who may call: after a deal, or after the
        hands were changed other than by play (a determinized deal, a test's chosen hands)."""
        hands = self.hands
        self.suited = [[card for card in hand if card >> 4 == suit]
                       for hand in hands for suit in range(4)]
        self.doubled = [len(hand) - len(set(hand)) for hand in hands]
        self.kq = [sum(KQ_DIGIT[card] for card in hand) - sum(KQ_DIGIT[card] for card in shown)
                   for hand, shown in zip(hands, self.face_up, strict=True)]
        if self.won is None:
            self._find_callers()

    # ---- the protocol ---------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        return SEATS_OF[self.mask | BIT[self.turn]]

    def legal(self, seat: int) -> list[int] | tuple[int, ...]:
        if seat != self.turn:
            return CALLS[self.kq[seat] << 2 | self.trump]
        trick = self.trick
        # Sorted as the view sorts the hand, so buttons and lists show the cards in its order.
        if trick:
            plays = sorted(self.suited[seat << 2 | trick[0] >> 4] or self.hands[seat])
        else:
            plays = sorted(self.hands[seat])
        if self.doubled[seat]:
            plays = list(dict.fromkeys(plays))
        if self.mask >> seat & 1:
            plays += CALLS[self.kq[seat] << 2 | self.trump]
        return plays

    def scores(self) -> list[int]:
        return self.totals[:]

    def winners(self) -> list[int] | None:
        return None if self.won is None else self.won[:]

    def play(self, seat: int, code: int) -> None:
        if code >= CALL:
            self._call(seat, code)
            return
        self.points = []
        hand = self.hands[seat]
        hand.remove(code)
        suited = self.suited
        suited[seat << 2 | code >> 4].remove(code)
        if self.doubled[seat] and code in hand:
            self.doubled[seat] -= 1
        trick = self.trick
        trick.append(code)
        if self.drawing:
            drawn = self.pile.pop()
            if self.journal is not None:
                self.journal.append((DREW, seat, drawn))
            if drawn in hand:
                self.doubled[seat] += 1
            hand.append(drawn)
            suited[seat << 2 | drawn >> 4].append(drawn)
            if KQ_DIGIT[code] or KQ_DIGIT[drawn]:
                self._kings_and_queens_moved(seat, code, KQ_DIGIT[drawn])
        elif KQ_DIGIT[code]:
            self._kings_and_queens_moved(seat, code, 0)
        players = self.players
        if len(trick) < players:
            self.turn = seat + 1 if seat + 1 < players else 0
        else:
            self._finish_trick()

    def _kings_and_queens_moved(self, seat: int, played: int, drawn: int) -> None:
        """Update a seat's KQ state after it played `played` and drew a card of KQ digit
        `drawn` (0 for none or another card), and whether it can call."""
        kq = self.kq[seat] + drawn
        digit = KQ_DIGIT[played]
        if digit:
            # Of a face-up and a hidden copy the face-up one (the earliest laid down) is
            # played: the hidden one stays free for a later call.
            shown = self.face_up[seat]
            if played in shown:
                shown.remove(played)
            else:
                kq -= digit
        self.kq[seat] = kq
        if CALLS[kq << 2 | self.trump]:
            self.mask |= 1 << seat
        else:
            self.mask &= ~(1 << seat)

    def action(self, seat: int, code: int) -> Action:
        if code < CALL:
            return {"type": "play", "card": TEXT[code]}
        action: Action = {"type": "call", "suit": SUITS[code & 3]}
        if code >= DOUBLE:
            action["double"] = True
        return action

    def code(self, seat: int, action: Action) -> int:
        if action["type"] == "play":
            return encode(parse_card(action["card"]))
        return (DOUBLE if action.get("double") else CALL) + SUITS.index(action["suit"])

    # ---- the flow of a round --------------------------------------------------------------

    def _cut_for_deal(self) -> int:
        """Everyone cuts, the lowest card (3 low, 2 high) deals, the tied lowest cut again;
        returns the seat before the first dealer (it "dealt" round 0)."""
        cutting = list(range(self.players))
        rng = self.own_rng()
        while True:
            deck = PACK[:]
            shuffle(deck, rng)
            if self.journal is not None:
                self.journal.append((CUT, list(zip(cutting, deck, strict=False))))
            low = min(card & 15 for card in deck[:len(cutting)])
            cutting = [seat for seat, card in zip(cutting, deck, strict=False)
                       if card & 15 == low]
            if len(cutting) == 1:
                return (cutting[0] - 1) % self.players

    def _start_round(self) -> None:
        players = self.players
        rng = self.own_rng()
        self.round += 1
        self.dealer = (self.dealer + 1) % players
        deck = PACK[:]
        shuffle(deck, rng)
        cut = deck[rng.randrange(len(deck))]
        self.trump = cut >> 4
        shuffle(deck, rng)  # the cut card goes back and the pack is shuffled
        dealt = len(deck) - HAND_SIZE * players
        # Dealt one at a time from the top (the end of the list), starting left of the dealer.
        top = deck[dealt:][::-1]
        self.hands = [top[(seat - self.dealer - 1) % players::players] for seat in range(players)]
        self.pile = deck[:dealt]
        self.set_aside = []
        self.face_up = [[] for _ in range(players)]
        self.recount()
        self.trick = []
        self.next_trump, self.trump_set_by_call, self.drawing = -1, False, True
        self.leader = self.turn = (self.dealer + 1) % players
        if self.journal is not None:
            self.journal.append((DEALT, cut))

    def _find_callers(self) -> None:
        trump = self.trump
        self.mask = sum(1 << seat for seat, kq in enumerate(self.kq) if CALLS[kq << 2 | trump])

    def _finish_trick(self) -> None:
        trick, trump = self.trick, self.trump
        winner = (self.leader + trick_winner(trick, trump)) % self.players
        gained = sum(map(POINTS.__getitem__, trick))
        if gained:
            self.totals[winner] += gained
            self.points.append((winner, gained))
        if self.journal is not None:
            self.journal.append((WON, winner, gained, trick, self.leader, trump))
        self.trick = []
        if self.next_trump >= 0:
            self.trump, self.next_trump, self.trump_set_by_call = self.next_trump, -1, True
            self._find_callers()
        else:
            self.trump_set_by_call = False
        if not any(self.hands):
            self._end_round()
            return
        self.leader = self.turn = winner
        if self.drawing and len(self.pile) < self.players:
            # Too few cards left for everyone to draw one: the pile is set aside and the hands
            # are played out.
            self.drawing = False
            self.set_aside, self.pile = self.pile, []
            if self.journal is not None:
                self.journal.append((STOPPED, len(self.set_aside)))

    def _end_round(self) -> None:
        if self.journal is not None:
            self.journal.append((ROUND_END, self.round))
        if self.round < self.rounds_total:
            self._start_round()
            return
        best = max(self.totals)
        self.won = [seat for seat, score in enumerate(self.totals) if score == best]
        # No seat to play and none that may call: to_act() and legal() are empty.
        self.turn, self.mask = -1, 0
        self.kq = [0] * self.players

    # ---- Pip Pip calls --------------------------------------------------------------------

    def _call(self, seat: int, code: int) -> None:
        suit = code & 3
        pairs = 2 if code >= DOUBLE else 1
        king, queen = suit << 4 | _KING_STRENGTH, suit << 4 | _QUEEN_STRENGTH
        self.kq[seat] -= pairs * (KQ_DIGIT[king] + KQ_DIGIT[queen])
        self.face_up[seat] += [king, queen] * pairs
        gained = CALL_POINTS * pairs
        self.totals[seat] += gained
        self.points = [(seat, gained)]
        if not self.trick and not self.trump_set_by_call:
            # Before a lead the call is in time for the trick about to be led.
            self.trump, self.trump_set_by_call = suit, True
            effect = TRUMP_NOW
        elif self.trick and self.next_trump < 0:
            self.next_trump = suit
            effect = TRUMP_NEXT
        else:
            effect = TRUMP_KEPT
        if self.journal is not None:
            self.journal.append((CALLED, seat, code, gained, effect))
        self._find_callers()
