"""Pip Pip's simulation (engine/sim.py): the rules of engine/pip_pip/game.py on small integers.

A card is ``suit << 4 | strength`` (suit by its place in SUITS, strength 0 for a 3 up to 12 for
a 2), so two cards of one suit compare by strength and ``card >> 4`` is its suit. An action code
is the card played, or CALL + suit for a Pip Pip, DOUBLE + suit for a double one.

Calls are the costly part of to_act(): any seat may call, on or off turn. Each seat keeps its
free kings and queens (in hand, not yet used in a call) as one base-3 number, KQ state, one
digit per card (two packs: at most two of each). A play, draw or call moves it by a table
entry, and the seat's calls are a table lookup by KQ state and trump; `mask` holds a bit for
every seat that can call, so to_act() is one lookup too.

For legal plays each seat also keeps its cards by suit (in hand order: following suit is a
copy of one list) and how many cards it holds twice (only then are copies left out).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from engine.cards import SUITS, Card, parse_card
from engine.contract import Action
from engine.pip_pip.game import PipPipGame, rounds_for
from engine.pip_pip.ranking import CARD_POINTS, HAND_SIZE, KING, QUEEN, pack, strength
from engine.sim import shuffle

CALL, DOUBLE = 64, 68
#: Points for each king-queen pair a call lays down.
CALL_POINTS = 50


def encode(card: Card) -> int:
    return SUITS.index(card.suit or "S") << 4 | strength(card)


#: The contract's pack, card by card: shuffled with the same calls, it deals the same cards.
PACK = [encode(card) for card in pack()]
CARD_OF: list[Card | None] = [None] * CALL
for _card in pack():
    CARD_OF[encode(_card)] = _card
TEXT = [str(card) if card else "" for card in CARD_OF]
POINTS = [CARD_POINTS.get(card.rank, 0) if card else 0 for card in CARD_OF]

_KING_STRENGTH, _QUEEN_STRENGTH = (KING - 3) % 13, (QUEEN - 3) % 13
#: The KQ state digit of a king or queen (3 ** place), 0 for every other card.
KQ_DIGIT = [0] * CALL
for _suit in range(4):
    KQ_DIGIT[_suit << 4 | _KING_STRENGTH] = 3 ** (2 * _suit)
    KQ_DIGIT[_suit << 4 | _QUEEN_STRENGTH] = 3 ** (2 * _suit + 1)
#: What one king-queen pair of a suit weighs in the KQ state.
PAIR_DIGITS = [3 ** (2 * suit) + 3 ** (2 * suit + 1) for suit in range(4)]


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
        "dealer",
        "declared",
        "doubled",
        "drawing",
        "hands",
        "kq",
        "leader",
        "mask",
        "next_trump",
        "pile",
        "players",
        "points",
        "rng",
        "round",
        "rounds_total",
        "suited",
        "totals",
        "trick",
        "trump",
        "trump_set_by_call",
        "turn",
        "won",
    )

    players: int
    rounds_total: int
    round: int
    dealer: int
    rng: random.Random
    totals: list[int]  # each seat's score
    hands: list[list[int]]
    pile: list[int]
    trick: list[int]  # the cards played to this trick; the leader played the first
    kq: list[int]  # each seat's KQ state: its free kings and queens
    declared: list[int]  # [seat << 6 | card]: face-up copies of that card (kings, queens)
    doubled: list[int]  # each seat's cards held twice: its legal plays need a copy left out
    suited: list[list[int]]  # [seat << 2 | suit]: the seat's cards of that suit, in hand order
    mask: int  # a bit for every seat that can call now
    trump: int
    next_trump: int  # -1: no call has chosen the next trick's trump
    trump_set_by_call: bool
    drawing: bool
    leader: int
    turn: int  # -1 once the game is over
    points: list[tuple[int, int]]
    won: list[int] | None

    # ---- the two constructors -------------------------------------------------------------

    @classmethod
    def new(cls, players: int, options: dict[str, Any], seed: int) -> PipPipSimulation:
        sim = cls.__new__(cls)
        sim.players = players
        sim.rounds_total = rounds_for(players, options.get("rounds", "all"))
        sim.round = 0
        sim.rng = random.Random(seed)
        sim.totals = [0] * players
        sim.points = []
        sim.won = None
        sim.dealer = sim._cut_for_deal()
        sim._start_round()
        return sim

    @classmethod
    def from_game(cls, game: PipPipGame) -> PipPipSimulation:
        sim = cls.__new__(cls)
        players = sim.players = game.players
        sim.rounds_total, sim.round, sim.dealer = game.rounds_total, game.round, game.dealer
        sim.rng = random.Random()
        sim.rng.setstate(game.rng.getstate())
        sim.totals = list(game.scores)
        sim.hands = [[encode(card) for card in hand] for hand in game.hands]
        sim.pile = [encode(card) for card in game.pile]
        sim.trick = [encode(card) for _, card in game.trick]
        sim._index_hands()
        sim.declared = [0] * (players << 6)
        for seat, declared in enumerate(game.declared):
            for card in declared:
                code = encode(card)
                sim.declared[seat << 6 | code] += 1
                sim.kq[seat] -= KQ_DIGIT[code]
        sim.trump = SUITS.index(game.trump)
        sim.next_trump = -1 if game.next_trump is None else SUITS.index(game.next_trump)
        sim.trump_set_by_call, sim.drawing = game.trump_set_by_call, game.drawing
        sim.leader, sim.turn = game.leader, game.turn
        sim.points = []
        sim.won = None
        if game.outcome is None:
            sim._find_callers()
        else:
            sim._end_game(list(game.outcome["winners"]))
        return sim

    def clone(self) -> PipPipSimulation:
        twin = PipPipSimulation.__new__(PipPipSimulation)
        twin.players, twin.rounds_total, twin.round = self.players, self.rounds_total, self.round
        twin.dealer = self.dealer
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.totals = self.totals[:]
        twin.hands = [hand[:] for hand in self.hands]
        twin.pile, twin.trick = self.pile[:], self.trick[:]
        twin.kq, twin.declared, twin.mask = self.kq[:], self.declared[:], self.mask
        twin.doubled = self.doubled[:]
        twin.suited = [cards[:] for cards in self.suited]
        twin.trump, twin.next_trump = self.trump, self.next_trump
        twin.trump_set_by_call, twin.drawing = self.trump_set_by_call, self.drawing
        twin.leader, twin.turn = self.leader, self.turn
        twin.points = self.points[:]
        twin.won = None if self.won is None else self.won[:]
        return twin

    # ---- the protocol ---------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        return SEATS_OF[self.mask | BIT[self.turn]]

    def legal(self, seat: int) -> list[int] | tuple[int, ...]:
        if seat != self.turn:
            return CALLS[self.kq[seat] << 2 | self.trump]
        trick = self.trick
        if trick:
            plays = self.suited[seat << 2 | trick[0] >> 4][:] or self.hands[seat][:]
        else:
            plays = self.hands[seat][:]
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
            # Of a face-up and a hidden copy the face-up one is played: the hidden one stays
            # free for a later call.
            place = seat << 6 | played
            if self.declared[place]:
                self.declared[place] -= 1
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
        """Everyone cuts, the tied lowest again; returns the seat before the first dealer."""
        cutting = list(range(self.players))
        while True:
            deck = PACK[:]
            shuffle(deck, self.rng)
            low = min(card & 15 for card in deck[:len(cutting)])
            cutting = [seat for seat, card in zip(cutting, deck, strict=False)
                       if card & 15 == low]
            if len(cutting) == 1:
                return (cutting[0] - 1) % self.players

    def _start_round(self) -> None:
        players = self.players
        rng = self.rng
        self.round += 1
        self.dealer = (self.dealer + 1) % players
        deck = PACK[:]
        shuffle(deck, rng)
        self.trump = deck[rng.randrange(len(deck))] >> 4
        shuffle(deck, rng)  # the cut card goes back and the pack is shuffled
        dealt = len(deck) - HAND_SIZE * players
        # Dealt one at a time from the top (the end of the list), starting left of the dealer.
        top = deck[dealt:]
        top.reverse()
        self.hands = [[] for _ in range(players)]
        for offset in range(players):
            self.hands[(self.dealer + 1 + offset) % players] = top[offset::players]
        self.pile = deck[:dealt]
        self.declared = [0] * (players << 6)
        self._index_hands()
        self.trick = []
        self.next_trump, self.trump_set_by_call, self.drawing = -1, False, True
        self.leader = self.turn = (self.dealer + 1) % players
        self._find_callers()
        if len(self.pile) < players:
            self._stop_drawing()

    def _index_hands(self) -> None:
        """Each seat's cards by suit, its cards held twice and its kings and queens (before
        any call) from its hand."""
        self.suited = [[card for card in hand if card >> 4 == suit]
                       for hand in self.hands for suit in range(4)]
        self.doubled = [len(hand) - len(set(hand)) for hand in self.hands]
        self.kq = [sum(KQ_DIGIT[card] for card in hand) for hand in self.hands]

    def _stop_drawing(self) -> None:
        """At a trick's start, too few cards left for everyone to draw one: the pile is set
        aside and the hands are played out."""
        self.drawing = False
        self.pile = []

    def _find_callers(self) -> None:
        trump = self.trump
        mask = 0
        for seat, kq in enumerate(self.kq):
            if CALLS[kq << 2 | trump]:
                mask |= 1 << seat
        self.mask = mask

    def _finish_trick(self) -> None:
        trick, trump = self.trick, self.trump
        best = trick[0]
        index = 0
        for place in range(1, len(trick)):
            card = trick[place]
            # Of one suit the stronger (or the later of two equal cards) wins; of two suits
            # only a trump beats the card winning so far.
            if card >= best if (card ^ best) < 16 else card >> 4 == trump:
                best, index = card, place
        winner = (self.leader + index) % self.players
        gained = sum(map(POINTS.__getitem__, trick))
        if gained:
            self.totals[winner] += gained
            self.points.append((winner, gained))
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
            self._stop_drawing()

    def _end_round(self) -> None:
        if self.round < self.rounds_total:
            self._start_round()
            return
        best = max(self.totals)
        self._end_game([seat for seat, score in enumerate(self.totals) if score == best])

    def _end_game(self, winners: list[int]) -> None:
        self.won = winners
        # No seat to play and none that may call: to_act() and legal() are empty.
        self.turn, self.mask = -1, 0
        self.kq = [0] * self.players

    # ---- Pip Pip calls --------------------------------------------------------------------

    def _call(self, seat: int, code: int) -> None:
        suit = code & 3
        pairs = 2 if code >= DOUBLE else 1
        self.kq[seat] -= pairs * PAIR_DIGITS[suit]
        self.declared[seat << 6 | suit << 4 | _KING_STRENGTH] += pairs
        self.declared[seat << 6 | suit << 4 | _QUEEN_STRENGTH] += pairs
        gained = CALL_POINTS * pairs
        self.totals[seat] += gained
        self.points = [(seat, gained)]
        if not self.trick and not self.trump_set_by_call:
            # Before a lead the call is in time for the trick about to be led.
            self.trump, self.trump_set_by_call = suit, True
        elif self.trick and self.next_trump < 0:
            self.next_trump = suit
        self._find_callers()
